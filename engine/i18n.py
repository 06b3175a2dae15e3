"""Marking words for translation without translating them here: the engine stays
pure and English (its refusals, :class:`engine.game.IllegalAction`, carry an English
template marked with :func:`N_` and its parameters); the bot translates them at the
edge (:mod:`bot.i18n`)."""

from __future__ import annotations


def N_(msgid: str) -> str:
    """Mark ``msgid`` for the catalogs and return it unchanged."""
    return msgid
