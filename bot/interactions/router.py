"""The one place component interactions enter: each is parsed strictly by its kind
(:mod:`bot.render.components`), handed to that kind's handler from here and nowhere
else, and answered exactly once, whatever it carries."""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.i18n import language_of, speak
from bot.interactions.controller import Controller
from bot.render.components import parse

log = logging.getLogger(__name__)

ROUTED = (discord.InteractionType.component, discord.InteractionType.modal_submit)
"""The interactions answered here (slash commands go through the command tree)."""


async def route(controller: Controller, interaction: discord.Interaction[Any]) -> None:
    """Answer a component or modal interaction by its custom_id alone (nothing is held
    in memory, so buttons on messages from before a restart work the same). Unknown,
    malformed or foreign ids get "no longer in use"; an unexpected error gets the
    generic answer and a logged traceback. The answer is in the member's language."""
    speak(language_of(interaction.locale))
    try:
        component = parse(dict(interaction.data or {})) \
            if interaction.type is discord.InteractionType.component else None
        if component is None:
            await controller.unknown(interaction)
        else:
            await component.handle(controller, interaction)
    except Exception:
        log.exception("handling a component interaction failed")
        await controller.failed(interaction)
