"""What the pictures draw for Whist (:class:`~bot.games.scene.GameScene`), from the
view alone: under each seat its partnership's tricks this deal, and under the title
the tricks of both partnerships and the turned card while the dealer holds it (W3)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from bot.games.scene import PictureWords, SceneWords, TableLines, WordedScene, subtitle
from bot.i18n import NP_
from engine.whist.rules import partnership


@dataclass(frozen=True, slots=True)
class WhistWords(SceneWords):
    """Whist's own words in pictures."""

    title: str = NP_("picture", "Whist")
    won: str = NP_("picture", "won {won} · side {side}")
    sides: str = NP_("picture", "tricks {first}–{second}")


class WhistScene(WordedScene[WhistWords]):
    """Whist's tricks by seat and by partnership in the table picture."""

    def lines(
        self, view: Mapping[str, Any], names: Sequence[str], words: PictureWords,
        own: WhistWords,
    ) -> TableLines:
        won, sides = view["tricks_won"], view["partnership_tricks"]
        details = tuple(own.won.format(won=won[s], side=sides[partnership(s)])
                        for s in range(int(view["players"])))
        sides_now = own.sides.format(first=sides[0], second=sides[1])
        return TableLines(caption=words.trump, details=details,
                          subtitle=subtitle(view, words, sides_now))


SCENE: Final = WhistScene(WhistWords())
"""Whist's pictures (``GameAdapter.scene``)."""
