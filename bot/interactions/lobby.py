"""What the lobby's and the table's commands and buttons do: open a table (and play
again), take or give up a seat, seat AI players, deal, end, remove a player, post the
table again, the rules card. Each answers the member privately."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

import discord

from bot.games.adapter import GameAdapter
from bot.games.registry import game_named
from bot.i18n import N_, _, language_of, speaking
from bot.interactions.answers import Reply
from bot.interactions.handling import NO_GUILD, NO_LONGER_IN_USE, Interaction
from bot.interactions.table_lookup import TableLookup
from bot.tables.channel_access import check_opening, opening_note
from bot.tables.lobby import TableExists
from bot.tables.table import Refusal, Table
from engine.ai.levels import DEFAULT_LEVEL

log = logging.getLogger(__name__)

TABLE_EXISTS = N_("This channel already has an open table{where} Join it, or its host ends it "
                  "with `end` before a new one can start.")
OPENED = N_("Your {game} table is open. Players join with the **Join** button or "
            "`/{command} join`; you deal when the seats are right.")
AGAIN_OPEN = N_("A new {game} lobby is open with the same seats and options. Anyone who is "
                "out presses **Leave**; the host, {host}, deals.")
AGAIN_NOT_CLOSED = N_("This game is still open, so there is nothing to play again yet.")
AGAIN_NOT_SEATED = N_("Only the members seated at the end of that game can press Play again.")
AGAIN_AT_NIGHT = N_("This table was part of the game night: its host seats the next round "
                    "with `/night seat`.")
KICKED = N_("The host removed you from the {game} game you were playing; an AI player took "
            "your seat, and the game's record lists you as having left.")

LobbyOp = Callable[[Interaction, Table], Awaitable[None]]
"""What a lobby button does with its table."""


async def _tell(user: discord.User | discord.Member, text: str) -> None:
    """A direct message to ``user``, when they accept one (a failure is only logged)."""
    try:
        await user.send(text, allowed_mentions=discord.AllowedMentions.none())
    except discord.HTTPException as exc:
        log.info("could not send a direct message: %s", exc)


def _table_exists(exc: TableExists) -> Refusal:
    url = exc.table.publisher.jump_url if exc.table.publisher else None
    where = ": " + url if url else "."
    return Refusal(_(TABLE_EXISTS, where=where), "table_exists")


async def _in_server(guild: discord.Guild | None, user_id: int) -> bool:
    """Whether ``user_id`` is still a member of ``guild`` (asked of Discord: the member
    list is not cached)."""
    if guild is None:
        return False
    try:
        await guild.fetch_member(user_id)
    except discord.NotFound:
        return False
    except discord.HTTPException as exc:
        log.info("could not check a member: %s", exc)
    return True


def _lobby_closed(table: Table, what: str) -> str:
    name = table.adapter.name
    if what == "leave":
        return _("The game has started, so the lobby's buttons are closed: `/{game} leave` "
                 "hands your seat to an AI player.", game=name)
    if what == "cancel":
        return _("The game has started, so the lobby's buttons are closed: the host ends "
                 "it with `/{game} end`.", game=name)
    return _("The game has started, so the lobby's buttons are closed: seats can change "
             "again at the next table.")


class LobbyHandlers(TableLookup):
    """The lobby's handlers."""

    async def start(
        self, interaction: Interaction, adapter: GameAdapter, given: Mapping[str, Any],
        built_in: Mapping[str, Any],
    ) -> None:
        """Open a table with the options ``given``, the rest from the server's saved
        defaults, else ``built_in`` (docs/playing.md "House rules"), in the language the
        ``language`` option gives, else the server's saved language, else the server's
        Discord language, else English (docs/languages.md)."""
        async def work(reply: Reply) -> None:
            if interaction.guild_id is None or interaction.channel_id is None:
                raise Refusal(_(NO_GUILD), "no_guild")
            check_opening(interaction.app_permissions)
            saved = await self.service.settings.defaults(interaction.guild_id, adapter)
            language = given.get("language") \
                or await self.service.settings.language(interaction.guild_id) \
                or language_of(interaction.guild_locale).code
            settings = {**built_in, **saved, **given, "language": language}
            try:
                table = await self.service.open(
                    adapter, guild_id=interaction.guild_id, channel_id=interaction.channel_id,
                    host_id=interaction.user.id, host_name=interaction.user.display_name,
                    settings=settings,
                )
            except TableExists as exc:
                raise _table_exists(exc) from None
            note = opening_note(table, interaction.app_permissions)
            opened = _(OPENED, game=adapter.title, command=adapter.name)
            await reply.send(opened if note is None else f"{opened}\n{note}")

        await self._run(interaction, work)

    async def in_lobby(
        self, interaction: Interaction, table_id: int, what: str, op: LobbyOp,
    ) -> None:
        """A lobby button (``t:<table>:<what>``): ``op`` acts only while the table is in
        the lobby, so an old lobby's Leave or Cancel never touches the game dealt since."""
        async def lobby(table: Table) -> None:
            if table.rec.status != "lobby":
                await self.refuse(interaction, _lobby_closed(table, what))
                return
            await op(interaction, table)

        await self.with_table_id(interaction, table_id, lobby)

    async def join(self, interaction: Interaction, table: Table) -> None:
        await self._simple(interaction, lambda: self.service.join(
            table, interaction.user.id, interaction.user.display_name))

    async def leave(self, interaction: Interaction, table: Table) -> None:
        await self._simple(interaction, lambda: self.service.leave(table, interaction.user.id))

    async def add_bots(
        self, interaction: Interaction, table: Table, count: int = 1, level: str = DEFAULT_LEVEL,
    ) -> None:
        await self._simple(interaction, lambda: self.service.add_bots(
            table, interaction.user.id, count, level))

    async def deal(self, interaction: Interaction, table: Table) -> None:
        await self._simple(interaction, lambda: self.service.deal(table, interaction.user.id))

    async def end(self, interaction: Interaction, table: Table) -> None:
        perms = interaction.permissions
        await self._simple(interaction, lambda: self.service.end(
            table, interaction.user.id, bool(perms and perms.manage_messages)))

    async def kick(
        self, interaction: Interaction, table: Table, member: discord.User | discord.Member,
    ) -> None:
        """Remove ``member``'s seat (host or Manage Messages); a kicked player of a
        running game is told privately (a direct message, when they accept one)."""
        perms = interaction.permissions
        running = table.rec.status == "running"

        async def op() -> str:
            text = await self.service.kick(table, interaction.user.id,
                                           bool(perms and perms.manage_messages), member.id)
            if running:
                with speaking(table.language):  # not the host's language: the table's
                    await _tell(member, _(KICKED, game=table.adapter.title))
            return text

        await self._simple(interaction, op)

    async def repost(self, interaction: Interaction, table: Table) -> None:
        await self._simple(interaction, lambda: self.service.repost(table))

    async def rules(self, interaction: Interaction, adapter: GameAdapter) -> None:
        async def card() -> str:
            return adapter.rules_card()

        await self._simple(interaction, card)

    async def play_again(self, interaction: Interaction, table_id: int) -> None:
        """A closed table's Play again (``g:<table>:again``): a new lobby in the channel
        with the same seats, options and host (the presser when the host has left the
        server). Pressed twice, or by two members at once, it opens one lobby."""
        async def work(reply: Reply) -> None:
            old = await self.service.storage.table(table_id)
            if old is None or old.guild_id != interaction.guild_id \
                    or old.channel_id != interaction.channel_id:
                raise Refusal(_(NO_LONGER_IN_USE), "stale")
            adapter = game_named(old.game)
            if adapter is None:
                raise Refusal(_(NO_LONGER_IN_USE), "stale")
            if old.status in ("lobby", "running"):
                raise Refusal(_(AGAIN_NOT_CLOSED), "open")
            if self.service.nights.of_table(table_id) is not None:
                raise Refusal(_(AGAIN_AT_NIGHT), "night_table")
            presser = interaction.user.id
            if presser not in {s.user_id for s in old.seats}:
                raise Refusal(_(AGAIN_NOT_SEATED), "not_a_player")
            host = old.host_id
            if host != presser and not await _in_server(interaction.guild, host):
                host = presser
            try:
                await self.service.open_again(adapter, old, host)
            except TableExists as exc:
                raise _table_exists(exc) from None
            await reply.send(_(AGAIN_OPEN, game=adapter.title, host=f"<@{host}>"))

        await self._run(interaction, work)
