"""What the pictures draw for Whist (:class:`~bot.games.scene.GameScene`), from the
view alone: under each seat its partnership's tricks this deal, and under the title
the tricks of both partnerships and the turned card while the dealer holds it (W3)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from bot.games.scene import GameScene, PictureWords, SceneWords, TableLines
from bot.i18n import NP_
from engine.whist.rules import partnership


@dataclass(frozen=True, slots=True)
class WhistWords(SceneWords):
    """Whist's own words in pictures."""

    title: str = NP_("picture", "Whist")
    won: str = NP_("picture", "won {won} · side {side}")
    sides: str = NP_("picture", "tricks {first}–{second}")
    turned: str = NP_("picture", "turned {card}")


WORDS: Final = WhistWords()


class WhistScene(GameScene):
    """Whist's tricks by seat and by partnership in the table picture."""

    def title(self, words: PictureWords) -> str:
        return words.own(WORDS).title

    def table(
        self, view: Mapping[str, Any], names: Sequence[str], words: PictureWords,
    ) -> TableLines:
        own = words.own(WORDS)
        won, sides = view["tricks_won"], view["partnership_tricks"]
        details = tuple(own.won.format(won=won[s], side=sides[partnership(s)])
                        for s in range(int(view["players"])))
        parts = [own.sides.format(first=sides[0], second=sides[1])]
        if view["turned"] is not None:
            parts.append(own.turned.format(card=view["turned"]))
        return TableLines(caption=words.trump, details=details, subtitle=" · ".join(parts))


SCENE: Final = WhistScene()
"""Whist's pictures (``GameAdapter.scene``)."""
