"""Telling English in what the bot shows a member who does not speak it: any run of three
words of one of the catalog template's English texts, or a common English word, once
placeholders, mentions, cards, numbers and emoji are taken out (docs/languages.md)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from babel.messages.pofile import read_po

from testkit.double import StoredMessage
from testkit.double.limits import walk_components

POT = Path(__file__).resolve().parents[2] / "bot" / "locales" / "messages.pot"
_COMMON_WORDS = """
    the your you yours trick tricks bid bids bidding hand hands turn play played plays card
    cards trump dealer score scores round friend declarer seat seats table player players
    game games won wins lost points pass passed with and of is are not this that from
    was were has have will must can cannot only here there who what when which next last
    waiting joined left host nobody shown show hint refresh back
    spades hearts diamonds clubs notrump
"""
COMMON = frozenset(_COMMON_WORDS.split())
"""Common English words, caught as whole words (never written in the other languages)."""

NAMES = frozenset({"kachuful", "mighty", "ai", "ok", "id", "jk", "png"})
"""Words every language writes the same way (the games, AI, card notation)."""

_BREAK = re.compile(
    r"\{[^{}]*\}"  # placeholders
    r"|<[@#&!:a-z0-9]*\d+>"  # mentions, channel links, custom emoji
    r"|(?<![0-9A-Za-z])(?:10|[2-9AKQJ])[♠♥♦♣]|JK"  # C2 cards
    r"|`[^`]*`"  # commands and code, written the same in every language
    r"|https?://\S+|--[\w-]+"  # links, command-line options
    r"|[A-Za-z]+(?:[._][A-Za-z]+)+"  # identifiers (config.players, first_dealer)
    r"|[^\w'’\s]|\d+|_",  # punctuation, symbols, emoji, numbers
)
_WORD = re.compile(r"[A-Za-z][A-Za-z'’]*")


def _pieces(text: str) -> Iterator[list[str]]:
    """The runs of Latin words between breaks, lowercased."""
    for piece in _BREAK.split(text):
        words = [w.lower().replace("’", "'") for w in piece.split()]
        run: list[str] = []
        for word in words:
            if _WORD.fullmatch(word):
                run.append(word)
            else:
                if run:
                    yield run
                run = []
        if run:
            yield run


def _triples(text: str) -> Iterator[tuple[str, str, str]]:
    for run in _pieces(text):
        for i in range(len(run) - 2):
            yield run[i], run[i + 1], run[i + 2]


def _english_texts() -> list[str]:
    with POT.open("rb") as f:
        catalog = read_po(f)
    out: list[str] = []
    for message in catalog:
        if message.id:
            out.extend([message.id] if isinstance(message.id, str) else message.id)
    return out


TEMPLATE = _english_texts()
PHRASES = frozenset(t for text in TEMPLATE for t in _triples(text)
                    if not set(t) <= NAMES and max(map(len, t)) > 1)
"""Every run of three words of an English text of the catalog template (but runs of
letters alone: card input, ``A K Q``, ``s h d``)."""


def english_in(text: str) -> list[str]:
    """The English the text carries: template phrases and common words."""
    found = [" ".join(t) for t in _triples(text) if t in PHRASES]
    found += [w for run in _pieces(text) for w in run if w in COMMON]
    return found


def message_texts(message: StoredMessage) -> list[str]:
    """Every text a reader sees in any version of a message: its content, its embeds,
    its buttons' labels, its menus' placeholders and options (not custom ids or values,
    which nobody reads)."""
    out: list[str] = []
    for version in message.versions:
        out.append(version.content)
        for embed in version.embeds:
            out.extend(str(embed.get(key) or "") for key in ("title", "description"))
            for item in embed.get("fields") or []:
                out.extend(str(item.get(key, "")) for key in ("name", "value"))
            for key, sub in (("footer", "text"), ("author", "name")):
                out.append(str((embed.get(key) or {}).get(sub) or ""))
            image = embed.get("image") or {}
            out.append(str(image.get("description") or ""))
        out.extend(_component_texts(version.components))
        out.extend(str(a.get("description") or "") for a in version.attachments)
    return [t for t in out if t]


def _component_texts(components: list[dict[str, Any]]) -> Iterable[str]:
    for _, component in walk_components(components):
        for key in ("label", "placeholder", "content"):
            if component.get(key):
                yield str(component[key])
        for option in component.get("options") or []:
            yield from (str(option[k]) for k in ("label", "description") if option.get(k))


def english_of(messages: Iterable[StoredMessage]) -> list[tuple[str, str]]:
    """(the English, the text it is in) for every English text of ``messages``."""
    return [(", ".join(found), text) for message in messages
            for text in message_texts(message) if (found := english_in(text))]
