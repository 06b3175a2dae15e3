"""Every marked text is translated in every catalog, not fuzzy, with the same
placeholders, and no catalog keeps texts the code no longer has (docs/languages.md)."""

from __future__ import annotations

import re
import string

import pytest
from babel.messages.catalog import Catalog

from bot.i18n import LANGS, language_of
from bot.i18n.catalogs import catalog_locales, extract, game_catalogs, game_sources, read

SOURCE = extract()
GAME_SOURCES = {game: extract(game=game) for game in game_catalogs()}
CATALOGS = [(code, game) for game in (None, *game_catalogs()) for code in catalog_locales()]
"""Each language's shared catalog, then each game package's catalog of it."""
FORMATTER = string.Formatter()


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in FORMATTER.parse(text) if name is not None}


def test_the_languages_are_english_and_the_catalogs() -> None:
    assert [lang.code for lang in LANGS] == ["en", "hi", "ko", "pt-BR"]
    assert [lang.native for lang in LANGS] == ["English", "हिन्दी", "한국어", "Português (Brasil)"]


def test_something_is_marked() -> None:
    assert len(SOURCE) > 100


@pytest.mark.parametrize(("code", "game"), CATALOGS)
def test_every_text_is_translated_with_its_placeholders(code: str, game: str | None) -> None:
    catalog: Catalog = read(code, game)
    source = SOURCE if game is None else GAME_SOURCES[game]
    problems = []
    for message in source:
        if not message.id:
            continue
        key = message.id if isinstance(message.id, str) else message.id[0]
        found = catalog.get(message.id, context=message.context)
        if found is None:
            problems.append(f"missing: {key!r}")
            continue
        if found.fuzzy:
            problems.append(f"fuzzy: {key!r}")
        ids = (message.id,) if isinstance(message.id, str) else message.id
        forms = (found.string,) if isinstance(found.string, str) else found.string
        if not all(forms) or len(forms) != (1 if isinstance(message.id, str)
                                            else catalog.num_plurals):
            problems.append(f"untranslated: {key!r}")
            continue
        wanted = set().union(*(fields(i) for i in ids))
        if isinstance(message.id, str):
            bad = fields(forms[0]) != wanted
        else:  # a singular form may leave the count out ("one card")
            got = set().union(*(fields(f) for f in forms))
            bad = not got <= wanted or wanted - {"count"} - got
        if bad:
            problems.append(f"placeholders differ: {key!r}")
    stale = [m.id for m in catalog if m.id and source.get(m.id, context=m.context) is None]
    assert not problems and not stale, (problems, stale)


@pytest.mark.parametrize("game", game_catalogs())
def test_a_game_s_texts_are_in_its_own_catalogs_only(game: str) -> None:
    folders = tuple(f"{folder}/" for folder in game_sources(game))
    assert all(not path.startswith(folders) for m in SOURCE for path, _ in m.locations)
    assert all(path.startswith(folders) for m in GAME_SOURCES[game] for path, _ in m.locations)


@pytest.mark.parametrize("game", game_catalogs())
def test_a_game_s_translations_are_spoken(game: str) -> None:
    for code in catalog_locales():
        lang = language_of(code.replace("_", "-"))
        for message in read(code, game):
            if message.id and isinstance(message.id, str) and not message.context:
                assert lang.catalog.gettext(message.id) == message.string


MARKED = re.compile(r"\{mark\} ?\{\w+\}")
"""The turn mark beside the player it marks (``▶ @ana``): what the panel driver and
the players' eyes look for, so no translation may part them."""


@pytest.mark.parametrize(("code", "game"), CATALOGS)
def test_the_turn_mark_stays_beside_its_player(code: str, game: str | None) -> None:
    parted = []
    for message in read(code, game):
        ids = (message.id,) if isinstance(message.id, str) else message.id
        forms = (message.string,) if isinstance(message.string, str) else message.string
        for pair in MARKED.findall(ids[0] if ids else ""):
            parted += [form for form in forms if pair not in form]
    assert not parted


def test_plurals_follow_each_language_s_rule() -> None:
    added = ("Added {count} AI player ({level}).", "Added {count} AI players ({level}).")
    pt, ko, hi = (language_of(code) for code in ("pt-BR", "ko", "hi"))
    assert pt.n(*added, 1, level="x") == "1 jogador de IA adicionado (x)."
    assert pt.n(*added, 2, level="x") == "2 jogadores de IA adicionados (x)."
    assert ko.n(*added, 1, level="x") == "AI 플레이어 1명을 앉혔습니다 (x)."
    assert pt.n(*added, 1_000_000, level="x").startswith("1000000 jogadores")
    assert hi.n(*added, 0, level="x").endswith("जोड़ा गया (x)।")  # Hindi: 0 and 1 are "one"
    assert hi.n(*added, 2, level="x").endswith("जोड़े गए (x)।")


def test_numbers_and_dates_are_written_the_language_s_way() -> None:
    import datetime as dt

    assert language_of("pt-BR").number(1234.5) == "1.234,5"
    assert language_of("en-US").number(1234.5) == "1,234.5"
    assert language_of("hi").number(1234567) == "12,34,567"
    assert "2026" in language_of("ko").date(dt.date(2026, 3, 1))


@pytest.mark.parametrize("locale", ["fr", "en-GB", "en-US", "es-419", "", None, "zz"])
def test_an_unsupported_locale_is_english(locale: str | None) -> None:
    assert language_of(locale).code == "en"
