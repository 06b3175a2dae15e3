"""The gettext catalogs (``bot/locales/<locale>/LC_MESSAGES/messages.po``), read with
Babel at start (compiled in memory: no build step), and the extraction of the marked
texts (:mod:`bot.i18n`) from ``bot/``, ``cogs/`` and ``engine/``.

Commands (README "Languages")::

    python -m bot.i18n update      # extract messages.pot, merge it into every .po
    python -m bot.i18n init <xx>   # a new language's catalog (a Discord locale: ja, es-ES)
"""

from __future__ import annotations

import functools
import io
import sys
from collections.abc import Iterable
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
KEYWORDS = {**DEFAULT_KEYWORDS, "_": None, "N_": None, "L_": None, "_n": (1, 2),
            "Nn_": (1, 2), "NP_": ((1, "c"), 2)}
"""The marking functions: ``_``, ``N_``, the plural ``_n(singular, plural, count)`` and
``Nn_(singular, plural)``, the
command texts' ``L_`` (:mod:`bot.i18n.commands`) and ``NP_(context, msgid)``."""
WIDTH = 100


def po_path(babel_code: str) -> Path:
    return LOCALES / babel_code / "LC_MESSAGES" / "messages.po"


def catalog_locales() -> list[str]:
    """The Babel codes of the languages with a catalog (``pt_BR``, ``ko``, ``hi``)."""
    return sorted(p.parent.parent.name for p in LOCALES.glob("*/LC_MESSAGES/messages.po"))


def read(babel_code: str) -> Catalog:
    with po_path(babel_code).open("rb") as f:
        return read_po(f, locale=babel_code)


@functools.cache
def translations(babel_code: str) -> GNUTranslations:
    """A language's translations (fuzzy entries left out, so they fall back to English)."""
    buffer = io.BytesIO()
    write_mo(buffer, read(babel_code))
    buffer.seek(0)
    return GNUTranslations(buffer)


def extract(root: Path = ROOT) -> Catalog:
    """Every marked text in the sources, as a template catalog."""
    template = Catalog(project="cardnight", fuzzy=False)
    for package in SOURCES:
        found = extract_from_dir(root / package, [("**.py", "python")], keywords=KEYWORDS,
                                 comment_tags=("TRANSLATORS:",), strip_comment_tags=True)
        for filename, lineno, message, comments, context in found:
            template.add(message, None, [(f"{package}/{filename}", lineno)],
                         auto_comments=comments, context=context)
    return template


def _write(path: Path, catalog: Catalog) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as f:
        write_po(f, catalog, width=WIDTH, sort_output=True, omit_header=False)


def update(locales: Iterable[str] | None = None) -> None:
    """Write the template and merge it into each catalog (new texts untranslated,
    changed ones fuzzy: both fall back to English until translated)."""
    template = extract()
    _write(TEMPLATE, template)
    for code in locales or catalog_locales():
        catalog = read(code)
        catalog.update(template, update_header_comment=False)
        _write(po_path(code), catalog)


def init(code: str) -> None:
    """Start a new language's catalog from the template (``code``: a Discord locale)."""
    babel_code = str(Locale.parse(code, sep="-"))
    template = extract()
    _write(TEMPLATE, template)
    catalog = Catalog(locale=babel_code, project="cardnight", fuzzy=False)
    catalog.update(template)
    _write(po_path(babel_code), catalog)


def main(argv: list[str]) -> int:
    if argv[:1] == ["update"]:
        update()
    elif len(argv) == 2 and argv[0] == "init":
        init(argv[1])
    else:
        print(__doc__, file=sys.stderr)
        return 2
    return 0
