"""Every human word the pictures draw or write in their alt text, in one place.

A :class:`Words` is one language; :data:`ENGLISH` is the default. Each field is a
``str.format`` template whose placeholders are named in its comment. Card notation
(``A♠ 10♥ JK``) and suit symbols are not words and are never translated.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Words:
    """The words of one language (placeholders in braces)."""

    kachuful: str = "Kachuful"
    mighty: str = "Mighty"
    hand_of: str = "Hand {number}/{count}"
    cards: str = "{size} cards"
    one_card: str = "1 card"
    trump: str = "Trump"
    no_trump: str = "No trump"
    trump_open: str = "Trump not set"
    turned: str = "turned {card}"
    dealer_chip: str = "D"
    winner: str = "Winner"
    bid: str = "bid {bid}"
    blind_bid: str = "bid {bid} blind"
    no_bid: str = "bid –"
    won: str = "won {won}"
    bids_total: str = "bids {total}/{size}"
    passed: str = "pass"
    no_call: str = "–"
    call: str = "{points} {trump}"
    notrump_short: str = "NT"
    captured: str = "{points} pts"
    captured_one: str = "1 pt"
    declarer: str = "Declarer"
    friend: str = "Friend"
    contract: str = "Contract {contract}"
    standing_bid: str = "Bid {contract}: {name}"
    friend_call: str = "Friend call: {call}"
    friend_first: str = "first trick"
    friend_none: str = "no friend"
    friend_is: str = "Friend: {name} ({call})"
    points: str = "Points: declarer side {declarer} · defenders {defenders}"
    joker_asks: str = "Joker asks {suit}"
    joker_called: str = "Joker called"
    lead_named: str = "Lead {suit} asked"
    last_trick: str = "Last trick"
    won_by: str = "won by {name}"
    seat: str = "Seat {number}"
    you: str = "You"
    playable: str = "Playable now"
    kitty: str = "Kitty"
    no_cards: str = "No cards in hand"
    score_title: str = "Running totals"
    hand_axis: str = "hand"
    rating_title: str = "{name} · {game} rating (μ − 3σ)"
    game_axis: str = "game"
    rating_band: str = "range μ ± 3σ"
    spades: str = "spades"
    hearts: str = "hearts"
    diamonds: str = "diamonds"
    clubs: str = "clubs"
    # Alt text (the attachment's description).
    alt_table: str = "Card table: {title}."
    alt_trump: str = "Trump: {trump}."
    alt_seat: str = "{name}: {details}."
    alt_dealer: str = "dealer"
    alt_to_act: str = "to act"
    alt_total: str = "total {total}"
    alt_trick: str = "Current trick: {cards}."
    alt_last: str = "Last trick: {cards}, won by {name}."
    alt_played: str = "{name} {card}"
    alt_hand: str = "Your cards: {cards}."
    alt_hand_trumps: str = "Trumps: {cards}."
    alt_hand_playable: str = "Playable now: {cards}."
    alt_hand_kitty: str = "From the kitty: {cards}."
    alt_unseen: str = "Your {count} cards, face down: you have not looked at them yet."
    alt_forehead: str = "Your own card is hidden. The others hold: {cards}."
    alt_scores: str = "Chart of running totals over {hands} hands. {lines}"
    alt_score_line: str = "{name} {total}"
    alt_winners: str = "Winner: {names}."
    alt_rating: str = (
        "Chart of {name}'s {game} rating (μ − 3σ) over {games} games: "
        "from {first} to {last}, best {best}."
    )

    def suit(self, label: str) -> str:
        """A suit's name from its JSON label (``"spades"``)."""
        names = {"spades": self.spades, "hearts": self.hearts,
                 "diamonds": self.diamonds, "clubs": self.clubs}
        return names.get(label, self.no_trump)

    def game(self, name: str) -> str:
        """A game's title from its engine name."""
        return self.mighty if name == "mighty" else self.kachuful


ENGLISH = Words()
"""The English words (the default)."""
