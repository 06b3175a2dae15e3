"""The English detector the whole-game language tests rely on catches English and lets
the translations, names, cards and mentions through."""

from __future__ import annotations

import pytest
from babel.messages.pofile import read_po

from bot.i18n import language_of
from tests.i18n.english import PHRASES, POT, TEMPLATE, english_in


def test_the_template_gives_phrases() -> None:
    assert len(TEMPLATE) > 300 and len(PHRASES) > 1000
    assert ("you", "joined", "the") in PHRASES


@pytest.mark.parametrize("text", [
    "You joined the table (seat 3).",
    "🔔 <@123> it is your turn",
    "Sua mão — 3 cartas · trump ♠",
    "내 패: A♠ 10♥ — nobody",
    "Hook rule: as the dealer you cannot bid 2",
    "आपकी बारी — waiting for <@42>",
    "दौर 1/2 · Dealer <@1>",
])
def test_english_is_caught(text: str) -> None:
    assert english_in(text), text


@pytest.mark.parametrize("code", ["pt-BR", "ko", "hi"])
def test_the_translations_are_not_english(code: str) -> None:
    lang = language_of(code)
    caught = []
    for message in read_po(POT.open("rb")):
        if not message.id:
            continue
        if isinstance(message.id, str):
            texts = [lang.catalog.pgettext(message.context, message.id) if message.context
                     else lang.catalog.gettext(message.id)]
        else:
            texts = [lang.catalog.ngettext(*message.id, n) for n in (1, 2, 5)]
        caught.extend((message.id, text, english_in(text)) for text in texts
                      if english_in(text))
    assert not caught, caught


@pytest.mark.parametrize("text", [
    "Sua mesa de Kachuful está aberta.", "테이블에 참가했습니다 (2번 자리).",
    "<@123> saiu; 🤖 Ada (IA, normal) joga no lugar dele.", "A♠ 10♥ JK · 2♣",
    "दौर 1/2 · 2 पत्ते · ट्रंप ♠", "Mighty · Kachuful · AI", "",
])
def test_other_languages_pass(text: str) -> None:
    assert not english_in(text), english_in(text)
