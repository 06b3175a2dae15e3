"""The handlers behind every command and button, one class over their jobs: the lobby
(:mod:`bot.interactions.lobby`), the servers' settings (:mod:`bot.interactions.settings`)
and seasons (:mod:`bot.interactions.seasons`), the game nights
(:mod:`bot.interactions.nights`),
the channel check (:mod:`bot.interactions.channel_checks`), the members' panels and
moves (:mod:`bot.interactions.panels`) and the recorded games
(:mod:`bot.interactions.records`). Each finds the table, asks the table service, and
answers exactly once (:mod:`bot.interactions.handling`)."""

from __future__ import annotations

from bot.interactions.channel_checks import ChannelCheckHandlers
from bot.interactions.lobby import LobbyHandlers
from bot.interactions.nights import NightHandlers
from bot.interactions.panels import PanelHandlers
from bot.interactions.records import RecordHandlers
from bot.interactions.seasons import SeasonHandlers
from bot.interactions.settings import SettingsHandlers


class Controller(
    LobbyHandlers, SettingsHandlers, SeasonHandlers, NightHandlers, ChannelCheckHandlers,
    PanelHandlers, RecordHandlers,
):
    """The shared handlers behind every command and button."""
