"""The languages the bot speaks (docs/languages.md): English, the source language and
the fallback, and one gettext catalog per other language in ``bot/locales``, merged
with the catalogs a game package keeps of its own (:mod:`bot.i18n.catalogs`); a
catalog file is all a language needs. It is the bottom
of the bot's layers: it imports nothing of the bot, only the engine's marking and
refusals.

Marking. Every text a member can see is English in the code, marked so that the
extraction (``python -m bot.i18n.catalogs update``) finds it:

- ``_("You joined the table (seat {seat}).", seat=3)``: translated now, into the
  language being spoken, then formatted with :meth:`str.format` (so every msgid is a
  format template: a literal brace is written ``{{``).
- ``_n("Added {count} AI player.", "Added {count} AI players.", count)``: a plural,
  chosen by the language's CLDR plural rule (``count`` is passed to the template).
- ``N_("...")``: marks a module-level constant without translating it; translate it
  where it is shown with ``_(CONSTANT, **params)``; ``Nn_(singular, plural)`` marks a
  plural pair, shown with ``_n(*PAIR, count)``. ``NP_(context, "...")`` marks one
  in a context (the same English words translated apart, e.g. the pictures' short
  words, :mod:`bot.render.pictures.words`); it is shown with the catalog's ``pgettext``.
- Engine refusals: ``IllegalAction("must_follow_suit", N_("you must follow {suit}"),
  suit="♠")`` (:func:`engine.i18n.N_`; cards and suits in C2 notation); the adapter's
  ``refusal`` shows :func:`reason` (``_(exc.template, **exc.params)``).
- Slash command texts: :func:`bot.i18n.commands.L_` (translated at sync).

Only literal strings are extracted: never an f-string or a variable inside ``_()``
(compute the parameters first), and a module that imports ``_`` never uses ``_`` as a
throwaway name. A sentence is one msgid, never glued from pieces, so that translators
can order its words.

Whose language. The language being spoken is a context variable. Every interaction
sets it to the member's client language (``interaction.locale``) where it enters: the
command tree's check (:class:`bot.i18n.commands.CardTree`) and the component router
(:func:`bot.interactions.router.route`). So private answers need nothing more. Public text (the
table message, pings, announcements, the table's notes) is in the table's language
(:attr:`bot.tables.table.Table.language`): build it inside ``with speaking(table.language):``.
Beware that an asyncio task copies the context at creation: a task started during a
member's interaction (the table-message update, the turn driver) speaks that member's
language unless told otherwise, so those tasks are created in the table's language
(:func:`in_language`).
"""

from __future__ import annotations

import contextlib
import contextvars
import datetime as dt
from collections.abc import Iterator
from dataclasses import dataclass
from gettext import NullTranslations

from babel import Locale
from babel.dates import format_date, format_datetime
from babel.numbers import format_decimal

from bot.i18n.catalogs import catalog_locales, translations
from engine.game import IllegalAction
from engine.i18n import N_

__all__ = [
    "ENGLISH",
    "LANGS",
    "NP_",
    "N_",
    "Lang",
    "Nn_",
    "_",
    "_n",
    "current",
    "in_language",
    "language_of",
    "reason",
    "speak",
    "speaking",
]


@dataclass(frozen=True, slots=True)
class Lang:
    """One language: its Discord locale ``code`` (``pt-BR``), its Babel locale
    (``pt_BR``), its own name (``Português (Brasil)``) and its translations."""

    code: str
    locale: Locale
    catalog: NullTranslations

    @property
    def native(self) -> str:
        """The language's name in itself, capitalised (the ``language`` choices)."""
        name = self.locale.get_display_name(self.locale) or self.code
        return name[:1].upper() + name[1:]

    def t(self, msgid: str, **params: object) -> str:
        """``msgid`` in this language, formatted with ``params``."""
        return self.catalog.gettext(msgid).format(**params)

    def n(self, singular: str, plural: str, count: int, **params: object) -> str:
        """The form of ``singular``/``plural`` this language uses for ``count`` (its
        CLDR plural rule), formatted with ``count`` and ``params``."""
        return self.catalog.ngettext(singular, plural, count).format(count=count, **params)

    def number(self, value: float) -> str:
        """``value`` written the way this language writes numbers."""
        return format_decimal(value, locale=self.locale)

    def date(self, when: dt.date | dt.datetime) -> str:
        """A date (or a moment) written the way this language writes it."""
        if isinstance(when, dt.datetime):
            return format_datetime(when, format="medium", locale=self.locale)
        return format_date(when, format="medium", locale=self.locale)


def _lang(babel_code: str) -> Lang:
    locale = Locale.parse(babel_code)
    code = str(locale).replace("_", "-")
    catalog = NullTranslations() if babel_code == "en" else translations(babel_code)
    return Lang(code, locale, catalog)


ENGLISH = _lang("en")
LANGS: tuple[Lang, ...] = (ENGLISH, *(_lang(c) for c in catalog_locales()))
"""English, then every language with a catalog (Discord locale codes: en, pt-BR, ko, hi)."""
_BY_CODE = {lang.code.lower(): lang for lang in LANGS}


def language_of(locale: object) -> Lang:
    """The language for a Discord locale (``discord.Locale`` or its string: ``pt-BR``,
    ``en-US``) or a language code; English when the bot does not speak it."""
    code = str(getattr(locale, "value", locale) or "").lower()
    return _BY_CODE.get(code) or _BY_CODE.get(code.split("-")[0]) or ENGLISH


_speaking: contextvars.ContextVar[Lang] = contextvars.ContextVar("speaking", default=ENGLISH)


def current() -> Lang:
    """The language being spoken (English unless set)."""
    return _speaking.get()


def speak(lang: Lang) -> None:
    """Speak ``lang`` for the rest of the current task (an interaction's, a table's)."""
    _speaking.set(lang)


def in_language(lang: Lang) -> contextvars.Context:
    """A copy of the current context speaking ``lang``: for the tasks that speak for a
    table (``asyncio.create_task(coro, context=in_language(table.language))``)."""
    context = contextvars.copy_context()
    context.run(speak, lang)
    return context


@contextlib.contextmanager
def speaking(lang: Lang) -> Iterator[Lang]:
    """Speak ``lang`` inside the block (public text built during an interaction)."""
    token = _speaking.set(lang)
    try:
        yield lang
    finally:
        _speaking.reset(token)


def NP_(context: str, msgid: str) -> str:
    """Mark ``msgid`` in ``context`` for the catalogs and return it unchanged."""
    return msgid


def Nn_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a plural pair for the catalogs; shown with ``_n(*pair, count)``."""
    return singular, plural


def _(msgid: str, **params: object) -> str:
    """``msgid`` in the language being spoken, formatted with ``params``."""
    return _speaking.get().t(msgid, **params)


def _n(singular: str, plural: str, count: int, **params: object) -> str:
    """The plural form for ``count`` in the language being spoken."""
    return _speaking.get().n(singular, plural, count, **params)


def reason(exc: IllegalAction) -> str:
    """An engine refusal's reason in the language being spoken."""
    return _(exc.template, **exc.params)
