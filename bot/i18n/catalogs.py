"""The gettext catalogs (``bot/locales/<locale>/LC_MESSAGES/messages.po``), read with
Babel at start (compiled in memory: no build step), and the extraction of the marked
texts (:mod:`bot.i18n`) from ``bot/``, ``cogs/`` and ``engine/``.

A game package may keep its own catalogs, as a cog keeps its own in Red-DiscordBot:
``bot/games/<game>/locales/<locale>/LC_MESSAGES/messages.po`` then holds the texts of
``bot/games/<game>/`` and ``engine/<game>/``, which the shared catalogs leave out; a
language's translations are the shared catalog merged with every game's.

Commands (docs/languages.md)::

    python -m bot.i18n update      # extract each messages.pot, merge it into every .po
    python -m bot.i18n init <xx>   # a new language's catalogs (a Discord locale: ja, es-ES)
"""

from __future__ import annotations

import functools
import io
import sys
from collections.abc import Iterable, Iterator
from gettext import GNUTranslations
from pathlib import Path

from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[2]
LOCALES = Path(__file__).resolve().parents[1] / "locales"
TEMPLATE = LOCALES / "messages.pot"
SOURCES = ("bot", "cogs", "engine")
"""The packages whose marked texts are extracted."""
GAMES = Path(__file__).resolve().parents[1] / "games"
"""The game packages, each maybe with a ``locales`` folder of its own."""
KEYWORDS = {**DEFAULT_KEYWORDS, "_": None, "N_": None, "L_": None, "_n": (1, 2),
            "Nn_": (1, 2), "NP_": ((1, "c"), 2)}
"""The marking functions: ``_``, ``N_``, the plural ``_n(singular, plural, count)`` and
``Nn_(singular, plural)``, the
command texts' ``L_`` (:mod:`bot.i18n.commands`) and ``NP_(context, msgid)``."""
WIDTH = 100


def game_catalogs() -> list[str]:
    """The game packages with catalogs of their own (``bot/games/<game>/locales``)."""
    return sorted(p.parent.name for p in GAMES.glob("*/locales") if p.is_dir())


def locales_of(game: str | None) -> Path:
    """The ``locales`` folder of ``game``'s catalogs; the shared one for None."""
    return LOCALES if game is None else GAMES / game / "locales"


def game_sources(game: str) -> tuple[str, ...]:
    """The folders (from the project root) whose texts ``game``'s catalogs hold."""
    return f"bot/games/{game}", f"engine/{game}"


def po_path(babel_code: str, game: str | None = None) -> Path:
    return locales_of(game) / babel_code / "LC_MESSAGES" / "messages.po"


def catalog_locales() -> list[str]:
    """The Babel codes of the languages with a catalog (``pt_BR``, ``ko``, ``hi``)."""
    return sorted(p.parent.parent.name for p in LOCALES.glob("*/LC_MESSAGES/messages.po"))


def read(babel_code: str, game: str | None = None) -> Catalog:
    """A language's shared catalog, or ``game``'s (empty when the game has none for it)."""
    path = po_path(babel_code, game)
    if game is not None and not path.exists():
        return Catalog(locale=babel_code, project="cardnight", fuzzy=False)
    with path.open("rb") as f:
        return read_po(f, locale=babel_code)


def merged(babel_code: str) -> Catalog:
    """A language's shared catalog with every game's catalog of it merged in."""
    catalog = read(babel_code)
    for game in game_catalogs():
        for message in read(babel_code, game):
            if message.id:
                catalog[message.id] = message
    return catalog


@functools.cache
def translations(babel_code: str) -> GNUTranslations:
    """A language's translations (fuzzy entries left out, so they fall back to English)."""
    buffer = io.BytesIO()
    write_mo(buffer, merged(babel_code))
    buffer.seek(0)
    return GNUTranslations(buffer)


def extract(root: Path = ROOT, game: str | None = None) -> Catalog:
    """Every marked text of the shared catalogs' sources (none of a game with catalogs
    of its own), or of ``game``'s, as a template catalog."""
    template = Catalog(project="cardnight", fuzzy=False)
    folders: tuple[str, ...] = SOURCES
    if game is None:
        left_out = tuple(f"{s}/" for g in game_catalogs() for s in game_sources(g))
    else:
        folders = tuple(s for s in game_sources(game) if (root / s).is_dir())
        left_out = ()
    for folder in folders:
        found = extract_from_dir(root / folder, [("**.py", "python")], keywords=KEYWORDS,
                                 comment_tags=("TRANSLATORS:",), strip_comment_tags=True)
        for filename, lineno, message, comments, context in found:
            source = f"{folder}/{filename}"
            if not source.startswith(left_out):
                template.add(message, None, [(source, lineno)],
                             auto_comments=comments, context=context)
    return template


def _write(path: Path, catalog: Catalog) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as f:
        write_po(f, catalog, width=WIDTH, sort_output=True, omit_header=False)


def _templates() -> Iterator[tuple[str | None, Catalog]]:
    """Each template, the shared one then each game's, extracted and written."""
    for game in (None, *game_catalogs()):
        template = extract(game=game)
        _write(locales_of(game) / TEMPLATE.name, template)
        yield game, template


def update(locales: Iterable[str] | None = None) -> None:
    """Write each template (the shared one and each game's) and merge it into its
    catalogs (new texts untranslated, changed ones fuzzy: both fall back to English
    until translated)."""
    for game, template in _templates():
        for code in locales or catalog_locales():
            catalog = read(code, game)
            catalog.update(template, update_header_comment=False)
            _write(po_path(code, game), catalog)


def init(code: str) -> None:
    """Start a new language's catalogs from the templates (``code``: a Discord locale)."""
    babel_code = str(Locale.parse(code, sep="-"))
    for game, template in _templates():
        catalog = Catalog(locale=babel_code, project="cardnight", fuzzy=False)
        catalog.update(template)
        _write(po_path(babel_code, game), catalog)


def main(argv: list[str]) -> int:
    if argv[:1] == ["update"]:
        update()
    elif len(argv) == 2 and argv[0] == "init":
        init(argv[1])
    else:
        print(__doc__, file=sys.stderr)
        return 2
    return 0
