"""What a member's request does, whether it came as a slash command or a button.

Each method finds the table, asks the registry, and answers exactly once: refusals
and private cards as ephemeral messages, panel clicks as an update of that panel.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

import discord

from bot import history_render, permission_check, replays
from bot import table_pictures as pictures
from bot.answers import Reply
from bot.channel_access import check_opening, opening_note
from bot.custom_ids import LOBBY_WHATS, custom_ids_of, panel_button
from bot.games.adapter import ActionFor, Draft, GameAdapter, Panel
from bot.games.registry import GAMES, game_named
from bot.i18n import N_, _, language_of, speaking
from bot.service import TableExists, TableService
from bot.table import Accepted, LivePanel, Refusal, Table
from bot.views import Rows, panel_view
from engine.ai.levels import DEFAULT_LEVEL
from engine.game import Action, IllegalAction

log = logging.getLogger(__name__)

Interaction = discord.Interaction[Any]
SOMETHING_WRONG = N_("Something went wrong on our side and nothing changed. Please try again.")
NO_GUILD = N_("Tables live in server text channels; use this command there.")
DEFAULTS_SAVED = N_("This server's {game} defaults (a table's start options override them): "
                    "{options}")
DEFAULTS_NONE = N_("This server has no saved {game} defaults, so tables start with: {options}")
DEFAULTS_SET = N_("Saved. New {game} tables on this server start with: {options} "
                  "A table's start options still override these.")
DEFAULTS_MANAGE = N_("Only members with Manage Server can change this server's defaults. "
                     "Without options, this command shows them.")
TABLE_EXISTS = N_("This channel already has an open table{where} Join it, or its host ends it "
                  "with `end` before a new one can start.")
OPENED = N_("Your {game} table is open. Players join with the **Join** button or "
            "`/{command} join`; you deal when the seats are right.")
LANGUAGE_SAVED = N_("New tables on this server speak {language} (a table's `language` option "
                    "overrides it).")
LANGUAGE_NONE = N_("This server has no saved language, so new tables speak {language}: the "
                   "server's Discord language when the bot speaks it, else English.")
LANGUAGE_SET = N_("Saved. New tables on this server speak {language}.")
LANGUAGE_MANAGE = N_("Only members with Manage Server can change this server's language. "
                     "Without a value, this command shows it.")
AGAIN_OPEN = N_("A new {game} lobby is open with the same seats and options. Anyone who is "
                "out presses **Leave**; the host, {host}, deals.")
AGAIN_NOT_CLOSED = N_("This game is still open, so there is nothing to play again yet.")
AGAIN_NOT_SEATED = N_("Only the members seated at the end of that game can press Play again.")
KICKED = N_("The host removed you from the {game} game you were playing; an AI player took "
            "your seat, and the game's record lists you as having left.")
PANEL_TOKEN_LIFE = 14 * 60.0
"""Seconds an old panel is still deleted through its interaction's token (Discord keeps
a token 15 minutes)."""
OUT_OF_DATE = N_("This panel is out of date: your newer panel is below. The table's "
                 "**My hand** button opens a fresh one.")
# TRANSLATORS: {action} is the game's phrase for the member's own action ("played K♥").
DONE = N_("Done: you {action}.")
DONE_LAST = N_("Done: you {action}. That was the last card!")
NO_LONGER_IN_USE = N_("This button is no longer in use, so nothing changed. The table's "
                      "**My hand** button shows your cards as they are now.")
CLOSED = N_("This table is closed. Open a new one with `start`.")


def own_panel(interaction: Interaction, table: Table) -> bool:
    """Whether the clicked message is the member's own private panel of ``table``: only
    such a message may be redrawn as a panel (anything else gets a new private one)."""
    message = interaction.message
    seat = table.seat_of(interaction.user.id)
    return (message is not None and seat is not None and message.flags.ephemeral
            and panel_button(table.id, seat) in custom_ids_of(message.components))


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


def _is_replay(interaction: Interaction) -> bool:
    """Whether the clicked message is a replay viewer (else a history page: a Replay
    button there opens a new viewer, with its file)."""
    message = interaction.message
    return message is not None and any(
        e.colour == history_render.REPLAY_COLOUR for e in message.embeds)


class Controller:
    """The shared handlers behind every command and button."""

    def __init__(self, service: TableService) -> None:
        self.service = service
        self.registry = service.registry

    async def _run(
        self, interaction: Interaction, work: Callable[[Reply], Awaitable[None]], *,
        update: bool = False,
    ) -> None:
        reply = Reply(interaction, update=update)
        try:
            await work(reply)
        except Refusal as exc:
            await self._refuse(reply, exc.message)
        except Exception:
            log.exception("handling an interaction failed")
            await self._refuse(reply, _(SOMETHING_WRONG))
        finally:
            reply.close()

    @staticmethod
    async def _refuse(reply: Reply, message: str) -> None:
        try:
            await reply.send(message)
        except discord.HTTPException as exc:
            log.warning("could not send a refusal: %s", exc)

    # --- finding the table -------------------------------------------------------------

    def table_here(self, interaction: Interaction, adapter: GameAdapter) -> Table:
        """The open table of this channel, for this game."""
        table = None if interaction.channel_id is None else self.registry.in_channel(
            interaction.channel_id)
        if table is None:
            raise Refusal(_("There is no open table in this channel. Open one with "
                            "`/{command} start`.", command=adapter.name), "no_table")
        if table.adapter is not adapter:
            raise Refusal(_("This channel's table is {game}: use the `/{command}` commands "
                            "here.", game=table.adapter.title, command=table.adapter.name),
                          "other_game")
        return table

    async def with_table(
        self, interaction: Interaction, adapter: GameAdapter,
        op: Callable[[Table], Awaitable[None]],
    ) -> None:
        """Run ``op`` on this channel's table, or refuse when there is none."""
        try:
            table = self.table_here(interaction, adapter)
        except Refusal as exc:
            await self._run(interaction, self._refusal(exc.message))
            return
        await op(table)

    # --- lobby ---------------------------------------------------------------------------

    async def start(
        self, interaction: Interaction, adapter: GameAdapter, given: Mapping[str, Any],
        built_in: Mapping[str, Any],
    ) -> None:
        """Open a table with the options ``given``, the rest from the server's saved
        defaults, else ``built_in`` (README "House rules"), in the language the
        ``language`` option gives, else the server's saved language, else the server's
        Discord language, else English (README "Languages")."""
        async def work(reply: Reply) -> None:
            if interaction.guild_id is None or interaction.channel_id is None:
                raise Refusal(_(NO_GUILD), "no_guild")
            check_opening(interaction.app_permissions)
            saved = await self.service.defaults(interaction.guild_id, adapter)
            language = given.get("language") \
                or await self.service.server_language(interaction.guild_id) \
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

    async def defaults(
        self, interaction: Interaction, adapter: GameAdapter, given: Mapping[str, Any],
        built_in: Mapping[str, Any],
    ) -> None:
        """``/<game> defaults``: with options, save them as the server's defaults
        (Manage Server); without, show what is saved."""
        async def op() -> str:
            guild_id = interaction.guild_id
            if guild_id is None:
                raise Refusal(_(NO_GUILD), "no_guild")
            if not given:
                saved = await self.service.defaults(guild_id, adapter)
                shown = adapter.describe_settings({**built_in, **saved})
                return _(DEFAULTS_SAVED if saved else DEFAULTS_NONE, game=adapter.title,
                         options=shown)
            perms = interaction.permissions
            if not (perms and perms.manage_guild):
                raise Refusal(_(DEFAULTS_MANAGE), "not_manager")
            saved = await self.service.save_defaults(guild_id, adapter, dict(given), built_in)
            return _(DEFAULTS_SET, game=adapter.title,
                     options=adapter.describe_settings({**built_in, **saved}))

        await self._simple(interaction, op)

    async def server_language(self, interaction: Interaction, code: str | None) -> None:
        """``/settings language``: with a language, save it as the server's table
        language (Manage Server); without, show the one new tables take."""
        async def op() -> str:
            guild_id = interaction.guild_id
            if guild_id is None:
                raise Refusal(_(NO_GUILD), "no_guild")
            if code is None:
                saved = await self.service.server_language(guild_id)
                shown = language_of(saved or interaction.guild_locale)
                return _(LANGUAGE_SAVED if saved else LANGUAGE_NONE, language=shown.native)
            perms = interaction.permissions
            if not (perms and perms.manage_guild):
                raise Refusal(_(LANGUAGE_MANAGE), "not_manager")
            chosen = language_of(code)
            await self.service.save_server_language(guild_id, chosen.code)
            return _(LANGUAGE_SET, language=chosen.native)

        await self._simple(interaction, op)

    async def check_channels(self, interaction: Interaction) -> None:
        """``/cardnight check``: what the bot can do in each channel with an open table of
        this server and in this one (Manage Server)."""
        async def work(reply: Reply) -> None:
            guild_id, perms = interaction.guild_id, interaction.permissions
            if guild_id is None or interaction.channel_id is None:
                raise Refusal(_(NO_GUILD), "no_guild")
            if not perms.manage_guild:
                raise Refusal(_(permission_check.MANAGERS_ONLY), "not_manager")
            here = permission_check.ChannelCheck(interaction.channel_id, None,
                                                 interaction.app_permissions)
            tables = [t for t in self.registry.tables() if t.rec.guild_id == guild_id]
            found = permission_check.checks(interaction.client, tables, here)
            await reply.send(embed=permission_check.report(interaction.client, found))

        await self._run(interaction, work)

    async def join(self, interaction: Interaction, table: Table) -> None:
        await self._simple(interaction, lambda: self.service.join(
            table, interaction.user.id, interaction.user.display_name))

    async def leave(self, interaction: Interaction, table: Table) -> None:
        await self._simple(interaction, lambda: self.service.leave(table, interaction.user.id))

    async def add_bots(
        self, interaction: Interaction, table: Table, count: int, level: str = DEFAULT_LEVEL,
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
        async def post() -> str:
            if table.publisher is None:
                raise Refusal(_("This table has no message to post."), "closed")
            table.publisher.schedule(repost=True)
            return _("The table is posted again at the bottom of the channel.")

        await self._simple(interaction, post)

    async def _simple(self, interaction: Interaction, op: Callable[[], Awaitable[str]]) -> None:
        async def work(reply: Reply) -> None:
            await reply.send(await op())

        await self._run(interaction, work)

    # --- cards and actions ---------------------------------------------------------------

    async def hand(
        self, interaction: Interaction, table: Table, *, update: bool = False,
        draft: str | None = None,
    ) -> None:
        """The member's private panel: a new ephemeral message, or (``update``: from that
        member's own panel, see :func:`own_panel`) an update of it."""

        async def work(reply: Reply) -> None:
            if update and self._stale(table, interaction):
                await self._out_of_date(reply, interaction)
                return
            panel, version = await self.service.panel(table, interaction.user.id, draft)
            await self._show(reply, interaction, table, panel, version, update=update)

        await self._run(interaction, work, update=update)

    async def act(
        self, interaction: Interaction, table: Table, action: Action | ActionFor,
        *, stamp: int | None = None, update: bool = False,
    ) -> None:
        """Apply a member's action. From a panel button (``stamp`` given) the member sees
        their panel again: an update of it when clicked on their own panel (``update``),
        else a new ephemeral one; from a command, an ephemeral confirmation."""

        async def work(reply: Reply) -> None:
            if update and self._stale(table, interaction):
                await self._out_of_date(reply, interaction)
                return
            accepted = await self.service.act(table, interaction.user.id, action, stamp)
            if stamp is None:
                await reply.send(self._confirmation(accepted))
                return
            panel, version = await self.service.panel(table, interaction.user.id)
            await self._show(reply, interaction, table, panel, version, update=update,
                             content=self._confirmation(accepted))

        await self._run(interaction, work, update=update)

    # --- one live panel per member ----------------------------------------------------

    async def _show(
        self, reply: Reply, interaction: Interaction, table: Table, panel: Panel,
        version: int, *, update: bool, content: str | None = None,
    ) -> None:
        """Answer with the panel (and its hand picture) and make it the member's live
        panel: an update in place, or a new message at the bottom of the member's view
        that replaces (deletes) the previous panel while its token allows."""
        seat = table.seat_of(interaction.user.id)
        assert seat is not None  # the registry drew the panel for this member's seat
        game = table.game
        hint = bool(table.rec.settings.get("hints", True)) and table.rec.status == "running" \
            and game is not None and bool(game.legal_actions(seat))
        view = panel_view(table.id, seat, version, panel, hint=hint)
        picture = await pictures.draw(table, panel.picture, waited_for=True)
        pictures.show(panel.embed, picture)
        key = None if picture is None else picture.key
        user_id = interaction.user.id
        live = table.panels.get(user_id)
        now = self.registry.clock()
        if update and interaction.message is not None:
            message_id = interaction.message.id
            unchanged = live is not None and live.message_id == message_id \
                and live.picture_key == key
            files = None if unchanged else [pictures.attachment(picture)] if picture else []
            if self._stale(table, interaction):  # a newer panel opened meanwhile stays live
                lines = [content, _(OUT_OF_DATE)] if content else [_(OUT_OF_DATE)]
                await reply.edit("\n".join(lines), embed=panel.embed, view=view.disabled(),
                                 attachments=files)
                return
            await reply.edit(content, embed=panel.embed, view=view, attachments=files)
            table.panels[user_id] = LivePanel(interaction, message_id, now, key)
            return
        sent = await reply.send(content, embed=panel.embed, view=view,
                                file=pictures.attachment(picture) if picture else None)
        if sent is None:
            return
        table.panels[user_id] = LivePanel(interaction, sent, now, key)
        if live is not None and live.message_id != sent:
            await self._retire(live, now)

    @staticmethod
    async def _retire(live: LivePanel, now: float) -> None:
        """Delete a replaced panel while its interaction token lives; one that cannot be
        deleted is stale and says so when next touched (:meth:`_stale`)."""
        if now - live.opened >= PANEL_TOKEN_LIFE:
            return
        try:
            await live.interaction.delete_original_response()
        except discord.HTTPException as exc:
            log.debug("could not delete an old panel: %s", exc)

    @staticmethod
    def _stale(table: Table, interaction: Interaction) -> bool:
        """Whether the clicked panel was replaced by a newer one of the member's."""
        live = table.panels.get(interaction.user.id)
        message = interaction.message
        return live is not None and message is not None and live.message_id != message.id

    @staticmethod
    async def _out_of_date(reply: Reply, interaction: Interaction) -> None:
        """Redraw a replaced panel as out of date, its buttons and menus disabled."""
        message = interaction.message
        assert message is not None
        rows: list[dict[str, Any]] = [
            {"type": 1, "components": [{**item.to_dict(), "disabled": True}
                                       for item in row.children]}
            for row in message.components if isinstance(row, discord.ActionRow)]
        embed = message.embeds[0] if message.embeds else None
        if embed is None:
            await reply.send(_(OUT_OF_DATE))
            return
        await reply.edit(_(OUT_OF_DATE), embed=embed, view=Rows(rows))

    @staticmethod
    def _confirmation(accepted: Accepted) -> str:
        return _(DONE_LAST if accepted.finished else DONE, action=accepted.own or accepted.text)

    async def rules(self, interaction: Interaction, adapter: GameAdapter) -> None:
        await self._simple(interaction, self._text(adapter.rules_card()))

    @staticmethod
    def _text(text: str) -> Callable[[], Awaitable[str]]:
        async def give() -> str:
            return text

        return give

    # --- buttons -------------------------------------------------------------------------

    async def table_button(self, interaction: Interaction, table_id: int, what: str) -> None:
        """A lobby or table button (``t:<table>:<what>``). Lobby buttons act only while
        the table is in the lobby: an old lobby's Leave or Cancel never touches the game
        dealt since."""
        table = self.registry.get(table_id)
        if table is None:
            await self._run(interaction, self._closed)
            return
        if what in LOBBY_WHATS and table.rec.status != "lobby":
            await self.refuse(interaction, self._lobby_closed(table, what))
        elif what == "join":
            await self.join(interaction, table)
        elif what == "leave":
            await self.leave(interaction, table)
        elif what == "addbot":
            await self.add_bots(interaction, table, 1)
        elif what == "deal":
            await self.deal(interaction, table)
        elif what == "cancel":
            await self.end(interaction, table)
        else:
            await self.hand(interaction, table)

    @staticmethod
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

    # --- history and replays (README "History", "Replays") -------------------------

    async def history(
        self, interaction: Interaction, game: str | None, member: int | None, page: int = 0,
        *, update: bool = False,
    ) -> None:
        """A page of this server's recorded games, newest first: a new private message
        from the command, the same message updated from its Prev/Next."""
        async def work(reply: Reply) -> None:
            guild_id = interaction.guild_id
            if guild_id is None:
                raise Refusal(_(history_render.NOT_IN_SERVER), "no_guild")
            if game is not None and game_named(game) is None:
                raise Refusal(_(NO_LONGER_IN_USE), "stale")
            per = history_render.PER_PAGE
            games, total = await self.service.storage.history(guild_id, game, member,
                                                             page * per, per)
            titles = {g.name: g.title for g in GAMES}
            embed, view = history_render.history_page(games, total, page, game, member, titles)
            if update:
                await reply.edit(embed=embed, view=view)
            else:
                await reply.send(embed=embed, view=view)

        await self._run(interaction, work, update=update)

    async def replay(
        self, interaction: Interaction, game_id: int, hand: int = 0, trick: int = 0,
        *, update: bool = False,
    ) -> None:
        """The replay viewer of one of this server's games at ``hand`` and ``trick``:
        from the command or a history's Replay button, a new private message with the
        replay file attached; from the viewer's buttons, the viewer updated."""
        update = update and _is_replay(interaction)

        async def work(reply: Reply) -> None:
            guild_id = interaction.guild_id
            if guild_id is None:
                raise Refusal(_(history_render.NOT_IN_SERVER), "no_guild")
            recorded = await self.service.storage.recorded_game(guild_id, game_id)
            adapter = None if recorded is None else game_named(recorded.game)
            if recorded is None or adapter is None:
                raise Refusal(_(history_render.NOT_HERE), "not_here")
            if recorded.state is None:
                raise Refusal(_(history_render.NO_STATE), "no_state")
            state = recorded.state
            book = await asyncio.to_thread(
                lambda: replays.build(adapter.load(state), adapter.engine))
            if not book.hands:
                raise Refusal(_(history_render.NO_HANDS), "no_hands")
            embed, view = history_render.replay_page(adapter, recorded, book, hand, trick,
                                                     interaction.user.id)
            if update:
                await reply.edit(embed=embed, view=view)
                return
            file = discord.File(io.BytesIO(book.file_text().encode()),
                                filename=f"{recorded.game}-{recorded.game_id}.json")
            await reply.send(_(history_render.ATTACHED, id=game_id), embed=embed,
                             view=view, file=file)

        await self._run(interaction, work, update=update)

    async def panel_button(self, interaction: Interaction, table_id: int, seat: int) -> None:
        """A panel's Refresh (``p:<table>:<seat>``): the panel drawn again, in place when
        clicked on the member's own panel, else as a new private message."""
        table = self.registry.get(table_id)
        if table is None:
            await self._run(interaction, self._closed)
            return
        await self.hand(interaction, table, update=own_panel(interaction, table))

    async def hint_button(self, interaction: Interaction, table_id: int) -> None:
        """A panel's Hint (``p:<table>:<seat>:hint``): the hint as a new private message;
        the panel stays as it was."""
        table = self.registry.get(table_id)
        if table is None:
            await self._run(interaction, self._closed)
            return
        await self._simple(interaction, lambda: self.service.hint(table, interaction.user.id))

    async def action_button(
        self, interaction: Interaction, table_id: int, version: int, payload: str,
        values: tuple[str, ...] | None = None,
    ) -> None:
        """A panel's game button or select menu (``a:<table>:<version>:<payload>``, with
        the picked ``values`` for a menu)."""
        table = self.registry.get(table_id)
        if table is None:
            await self._run(interaction, self._closed)
            return
        action: Action | ActionFor | Draft
        try:
            if values is None:
                action = table.adapter.decode_button(payload)
            else:
                action = table.adapter.decode_select(payload, values)
        except IllegalAction as exc:
            await self.refuse(interaction, table.adapter.refusal(exc))
            return
        update = own_panel(interaction, table)
        if isinstance(action, Draft):
            await self.hand(interaction, table, update=update, draft=action.text)
            return
        await self.act(interaction, table, action, stamp=version, update=update)

    async def unknown(self, interaction: Interaction) -> None:
        """A component that is not (or no longer) one of ours."""
        log.debug("unknown component %r", dict(interaction.data or {}).get("custom_id"))
        await self.refuse(interaction, _(NO_LONGER_IN_USE))

    async def failed(self, interaction: Interaction) -> None:
        """The answer when handling failed unexpectedly (the traceback is logged)."""
        if not interaction.response.is_done():
            await self.refuse(interaction, _(SOMETHING_WRONG))

    async def refuse(self, interaction: Interaction, message: str) -> None:
        """Answer with a refusal only (bad input caught before reaching a table)."""
        await self._run(interaction, self._refusal(message))

    @staticmethod
    async def _closed(reply: Reply) -> None:
        raise Refusal(_(CLOSED), "stale")

    @staticmethod
    def _refusal(message: str) -> Callable[[Reply], Awaitable[None]]:
        async def refuse(reply: Reply) -> None:
            raise Refusal(message)

        return refuse
