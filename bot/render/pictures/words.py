"""The human words the pictures draw or write in their alt text, in one place: those
of the shared pictures here, each game's own with its scene
(:class:`~bot.games.scene.SceneWords`, read with :meth:`Words.own`).

A :class:`Words` is one language: :data:`ENGLISH` is the default, :func:`words_for`
gives any language the bot speaks (the fields' English templates are catalog msgids in
the context ``picture``, apart from the same words in the texts). Each field is a
``str.format`` template (placeholders in braces).
Card notation (``A♠ 10♥ JK``) and suit symbols are not words and are never translated.
Most words are drawn in small spaces: translations stay short (they are cut with an
ellipsis to fit).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from functools import cache

from bot.games.scene import W
from bot.i18n import NP_, Lang, language_of

CONTEXT = "picture"
"""The catalogs' context of the pictures' words."""


@dataclass(frozen=True, slots=True)
class Words:
    """The words of one language (placeholders in braces)."""

    code: str = "en"
    """The language's code: a game's own words are read in it (:meth:`own`)."""
    hand_of: str = NP_("picture", "Hand {number}/{count}")
    trump: str = NP_("picture", "Trump")
    no_trump: str = NP_("picture", "No trump")
    trump_open: str = NP_("picture", "Trump not set")
    turned: str = NP_("picture", "turned {card}")
    dealer_chip: str = NP_("picture", "D")
    winner: str = NP_("picture", "Winner")
    notrump_short: str = NP_("picture", "NT")
    declarer: str = NP_("picture", "Declarer")
    friend: str = NP_("picture", "Friend")
    last_trick: str = NP_("picture", "Last trick")
    won_by: str = NP_("picture", "won by {name}")
    seat: str = NP_("picture", "Seat {number}")
    you: str = NP_("picture", "You")
    playable: str = NP_("picture", "Playable now")
    kitty: str = NP_("picture", "Kitty")
    no_cards: str = NP_("picture", "No cards in hand")
    score_title: str = NP_("picture", "Running totals")
    hand_axis: str = NP_("picture", "hand")
    rating_title: str = NP_("picture", "{name} · {game} rating (μ − 3σ)")
    game_axis: str = NP_("picture", "game")
    rating_band: str = NP_("picture", "range μ ± 3σ")
    night_title: str = NP_("picture", "Game night: {title}")
    round_axis: str = NP_("picture", "round")
    night_more: str = NP_("picture", "+{count} more")
    spades: str = NP_("picture", "spades")
    hearts: str = NP_("picture", "hearts")
    diamonds: str = NP_("picture", "diamonds")
    clubs: str = NP_("picture", "clubs")
    # Alt text (the attachment's description).
    alt_table: str = NP_("picture", "Card table: {title}.")
    alt_trump: str = NP_("picture", "Trump: {trump}.")
    alt_seat: str = NP_("picture", "{name}: {details}.")
    alt_dealer: str = NP_("picture", "dealer")
    alt_to_act: str = NP_("picture", "to act")
    alt_total: str = NP_("picture", "total {total}")
    alt_trick: str = NP_("picture", "Current trick: {cards}.")
    alt_last: str = NP_("picture", "Last trick: {cards}, won by {name}.")
    alt_played: str = NP_("picture", "{name} {card}")
    alt_hand: str = NP_("picture", "Your cards: {cards}.")
    alt_hand_trumps: str = NP_("picture", "Trumps: {cards}.")
    alt_hand_playable: str = NP_("picture", "Playable now: {cards}.")
    alt_hand_kitty: str = NP_("picture", "From the kitty: {cards}.")
    alt_unseen: str = NP_(
        "picture", "Your {count} cards, face down: you have not looked at them yet."
    )
    alt_forehead: str = NP_("picture", "Your own card is hidden. The others hold: {cards}.")
    alt_scores: str = NP_("picture", "Chart of running totals over {hands} hands. {lines}")
    alt_score_line: str = NP_("picture", "{name} {total}")
    alt_winners: str = NP_("picture", "Winner: {names}.")
    alt_night: str = NP_(
        "picture",
        "Chart of the night's points after each round (rounds played: {rounds}). {lines}"
    )
    alt_rating: str = NP_(
        "picture",
        "Chart of {name}'s {game} rating (μ − 3σ) over {games} games: "
        "from {first} to {last}, best {best}."
    )

    def suit(self, label: str) -> str:
        """A suit's name from its JSON label (``"spades"``)."""
        names = {"spades": self.spades, "hearts": self.hearts,
                 "diamonds": self.diamonds, "clubs": self.clubs}
        return names.get(label, self.no_trump)

    def own(self, english: W) -> W:
        """A game's own words (``english``) in this language."""
        found: W = _own(english, self.code)
        return found


ENGLISH = Words()
"""The English words (the default)."""


def words_for(lang: Lang) -> Words:
    """The words of ``lang`` (English where its catalog lacks a translation)."""
    return _words(lang.code)


@cache
def _words(code: str) -> Words:
    catalog = language_of(code).catalog
    english = dataclasses.asdict(ENGLISH)
    del english["code"]
    return Words(code=code, **{name: catalog.pgettext(CONTEXT, text)
                               for name, text in english.items()})


@cache
def _own(english: W, code: str) -> W:
    catalog = language_of(code).catalog
    return dataclasses.replace(english, **{
        f.name: catalog.pgettext(english.CONTEXTS.get(f.name, CONTEXT), getattr(english, f.name))
        for f in dataclasses.fields(english)})
