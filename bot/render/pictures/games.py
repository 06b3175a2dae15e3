"""The game a picture is drawn for, found by its name (a view's ``game``) among the
games the bot hosts (:mod:`bot.games.registry`): its scene
(:class:`~bot.games.scene.GameScene`) and its name in pictures."""

from __future__ import annotations

from bot.games.adapter import GameAdapter
from bot.games.registry import game_named
from bot.render.pictures.words import Words


def game_of(name: object) -> GameAdapter:
    """The game called ``name``; ``ValueError`` when the bot hosts none by that name."""
    adapter = game_named(name) if isinstance(name, str) else None
    if adapter is None:
        raise ValueError(f"no game called {name!r}")
    return adapter


def title_of(adapter: GameAdapter, words: Words) -> str:
    """The game's name in pictures, in the language of ``words``."""
    return adapter.scene.title(words) or adapter.title
