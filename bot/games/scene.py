"""What the pictures (:mod:`bot.render.pictures`) draw for one game, declared on its adapter
(``GameAdapter.scene``): its name in pictures, its word for trump and what it adds to
the table picture, all read from the view the picture is drawn from (the public view
for the table). A game's own picture words are a :class:`SceneWords`, read in the
picture's language with :meth:`PictureWords.own` (the pictures' ``Words`` is one).

The base :class:`GameScene`, a game's default, adds nothing to what the shared picture
shows of the public view, so a game that declares no scene shows no hidden card; a
:class:`WordedScene` draws with words of its own.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, Protocol, TypeVar


class SceneWords:
    """Base of a game's own picture words: a frozen dataclass whose every field is an
    English template, marked as a catalog msgid in the context ``picture`` unless
    :attr:`CONTEXTS` names another for it."""

    __slots__ = ()
    __dataclass_fields__: ClassVar[dict[str, Any]]
    CONTEXTS: ClassVar[Mapping[str, str]] = {}
    """The catalog context of a field that is not ``picture``, by field name."""
    title: str
    """The game's name in pictures (a field of every game's words)."""


W = TypeVar("W", bound=SceneWords)


class PictureWords(Protocol):
    """What a scene reads of the words of the picture it is drawn for, in one language
    (:class:`bot.render.pictures.words.Words`)."""

    @property
    def trump(self) -> str: ...

    @property
    def notrump_short(self) -> str: ...

    @property
    def turned(self) -> str:
        """``turned {card}``: the card turned for trump."""

    def own(self, english: W) -> W:
        """A game's own words (``english``) in this language."""


@dataclass(frozen=True, slots=True)
class TableLines:
    """What a game adds to the table picture (placeholders filled, in the picture's
    language)."""

    caption: str
    """Under the trump in the middle (``Trump``; Mighty: the contract's points)."""
    details: tuple[str, ...] = ()
    """A line under each seat's name, by seat (none past the end)."""
    subtitle: str = ""
    corner: tuple[str, ...] = ()
    """Lines in the top-right corner (Mighty: the bid or contract, the friend)."""
    note: str = ""
    """A line below the trump (Mighty: the lead asked, the joker's asks)."""
    roles: Mapping[int, str] = field(default_factory=dict)
    """A role badge by seat: ``declarer`` or ``friend``."""


class GameScene:
    """One game's part of the pictures; this base adds nothing (the default)."""

    def title(self, words: PictureWords) -> str | None:
        """The game's name in pictures, in the language of ``words``; None: its
        adapter's ``title``."""
        return None

    def trump_word(self, words: PictureWords) -> str:
        """The game's word for trump, in the hand picture's legend."""
        return words.trump

    def table(
        self, view: Mapping[str, Any], names: Sequence[str], words: PictureWords,
    ) -> TableLines:
        """What the table picture of the public ``view`` adds (``names`` by seat)."""
        return TableLines(caption=words.trump)


PLAIN: GameScene = GameScene()
"""The scene of a game that declares none."""


class WordedScene(GameScene, Generic[W]):
    """A scene with words of its own (``words``, in English): its title is theirs, and
    :meth:`lines` gets them in the picture's language."""

    def __init__(self, words: W) -> None:
        self.words = words

    def title(self, words: PictureWords) -> str:
        return words.own(self.words).title

    def table(
        self, view: Mapping[str, Any], names: Sequence[str], words: PictureWords,
    ) -> TableLines:
        return self.lines(view, names, words, words.own(self.words))

    def lines(
        self, view: Mapping[str, Any], names: Sequence[str], words: PictureWords, own: W,
    ) -> TableLines:
        """What the table picture of the public ``view`` adds, ``own`` being the game's
        words in the picture's language; by default nothing."""
        return TableLines(caption=words.trump)


def subtitle(view: Mapping[str, Any], words: PictureWords, *parts: str) -> str:
    """A table picture's line under its title: ``parts``, then the card turned for
    trump while the view shows one."""
    turned = view.get("turned")
    shown = parts if turned is None else (*parts, words.turned.format(card=turned))
    return " · ".join(shown)
