"""The one place component interactions enter: each is parsed strictly
(:mod:`bot.render.custom_ids`), handed to its handler here and nowhere else, and
answered exactly once, whatever it carries."""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.i18n import language_of, speak
from bot.interactions.controller import Controller
from bot.render import custom_ids as ids

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
        component = ids.parse(dict(interaction.data or {})) \
            if interaction.type is discord.InteractionType.component else None
        match component:
            case ids.TableButton(table_id, "join"):
                await controller.in_lobby(interaction, table_id, "join", controller.join)
            case ids.TableButton(table_id, "leave"):
                await controller.in_lobby(interaction, table_id, "leave", controller.leave)
            case ids.TableButton(table_id, "addbot"):
                await controller.in_lobby(interaction, table_id, "addbot", controller.add_bots)
            case ids.TableButton(table_id, "deal"):
                await controller.in_lobby(interaction, table_id, "deal", controller.deal)
            case ids.TableButton(table_id, "cancel"):
                await controller.in_lobby(interaction, table_id, "cancel", controller.end)
            case ids.TableButton(table_id, "hand"):
                await controller.hand_button(interaction, table_id)
            case ids.PanelButton(table_id, _, True):
                await controller.hint_button(interaction, table_id)
            case ids.PanelButton(table_id, _):
                await controller.panel_button(interaction, table_id)
            case ids.AgainButton(table_id):
                await controller.play_again(interaction, table_id)
            case ids.HistoryButton(page, game, member):
                await controller.history(interaction, game, member, page, update=True)
            case ids.ReplayButton(game_id, hand, trick):
                await controller.replay(interaction, game_id, hand, trick, update=True)
            case ids.ActionButton(table_id, version, payload, values):
                await controller.action_button(interaction, table_id, version, payload, values)
            case _:
                await controller.unknown(interaction)
    except Exception:
        log.exception("handling a component interaction failed")
        await controller.failed(interaction)
