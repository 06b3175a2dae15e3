"""Whist's own command (PRODUCT "Commands"): ``/whist play``, beside the table commands
every game has."""

from __future__ import annotations

from bot.games.commands import Command, Moves, Plays, play_command


def whist_commands(adapter: Plays, moves: Moves) -> list[Command]:
    """``play`` (W4; its card autocompleted from the member's legal cards)."""
    return [play_command(adapter, moves)]
