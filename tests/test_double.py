"""The Discord double, exercised end to end by a tiny discord.py bot."""

from __future__ import annotations

import asyncio
import io
from typing import Any

import aiohttp
import discord
import pytest
from discord import app_commands
from discord.ext import commands

from testkit.double import CommandUseError, Double, FakeUser, InteractionResult
from testkit.double.harness import RunBot
from testkit.double.limits import component_errors, embed_errors, message_errors
from testkit.double.ratelimits import RateLimits

pytest_plugins = ["testkit.double.fixtures"]

EDIT_ROUTE = "PATCH /channels/{channel_id}/messages/{message_id}"


class TableView(discord.ui.View):
    """A persistent view: survives a restart through `add_view`."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="Hit", custom_id="table:hit")
    async def hit(self, interaction: discord.Interaction, button: discord.ui.Button[Any]) -> None:
        await interaction.response.edit_message(content=f"hit by {interaction.user.name}")

    @discord.ui.select(
        custom_id="table:suit",
        options=[discord.SelectOption(label=s, value=s) for s in ("clubs", "hearts")],
    )
    async def suit(self, interaction: discord.Interaction, select: discord.ui.Select[Any]) -> None:
        await interaction.response.defer()
        await interaction.edit_original_response(content=f"suit {select.values[0]}")


class NameModal(discord.ui.Modal, title="Rename"):
    name: discord.ui.TextInput[Any] = discord.ui.TextInput(label="Name", custom_id="rename:name")

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"renamed to {self.name.value}", ephemeral=True)


class Probe:
    """What the tiny bot saw: errors from the double, interactions kept for later."""

    def __init__(self, double: Double) -> None:
        self.double = double
        self.errors: list[discord.HTTPException] = []
        self.kept: list[discord.Interaction] = []


def make_bot(probe: Probe) -> commands.Bot:
    bot = commands.Bot(command_prefix="!", intents=discord.Intents.default())
    game = app_commands.Group(name="game", description="A card game")

    async def attempt(action: Any) -> None:
        try:
            await action
        except discord.HTTPException as error:
            probe.errors.append(error)

    @game.command(name="bid", description="Place a bid")
    async def bid(interaction: discord.Interaction, amount: app_commands.Range[int, 0, 13]) -> None:
        await interaction.response.send_message(f"you bid {amount}", ephemeral=True)

    @game.command(name="table", description="Show the table")
    async def table(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("table", view=TableView())

    @game.command(name="slow", description="Think, then answer")
    async def slow(interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)
        await interaction.followup.send("thought about it")
        probe.kept.append(interaction)

    @game.command(name="twice", description="Answer twice (a bug)")
    async def twice(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("one")
        interaction.response._response_type = None  # forget the first answer, as a buggy bot might
        await attempt(interaction.response.send_message("two"))

    @game.command(name="late", description="Answer after the deadline")
    async def late(interaction: discord.Interaction) -> None:
        probe.double.clock.advance(4)
        await attempt(interaction.response.send_message("too late"))

    @game.command(name="huge", description="An oversized embed")
    async def huge(interaction: discord.Interaction) -> None:
        embed = discord.Embed(title="t" * 257)
        await attempt(interaction.response.send_message(embed=embed))

    @game.command(name="post", description="Post and edit a channel message")
    async def post(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("posting", ephemeral=True)
        assert isinstance(interaction.channel, discord.TextChannel)
        message = await interaction.channel.send("v1")
        await message.edit(content="v2")

    @game.command(name="silent", description="Never answers (a bug)")
    async def silent(interaction: discord.Interaction) -> None:
        return None

    @game.command(name="pick", description="Pick a card")
    async def pick(interaction: discord.Interaction, card: str) -> None:
        await interaction.response.send_message(f"picked {card}", ephemeral=True)

    @pick.autocomplete("card")
    async def pick_card(
        interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        cards = ["AS", "KS", "QS", "AH"]
        return [app_commands.Choice(name=c, value=c) for c in cards if c.startswith(current)]

    @game.command(name="rename", description="Opens a modal")
    async def rename(interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(NameModal())

    @game.command(name="stats", description="Private stats")
    async def stats(interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"stats of {interaction.user.name}")

    @game.command(name="upload", description="Posts a file, edits and deletes follow-ups")
    async def upload(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("uploading", ephemeral=True)
        note = await interaction.followup.send("first", ephemeral=True, wait=True)
        await note.edit(content="first, edited")
        extra = await interaction.followup.send("second", wait=True)
        await extra.delete()
        assert isinstance(interaction.channel, discord.TextChannel)
        await interaction.channel.send("scores", file=discord.File(io.BytesIO(b"a,b"), "s.csv"))

    @game.command(name="images", description="Posts embed pictures, edits and replaces them")
    async def images(interaction: discord.Interaction) -> None:
        def png(name: str, size: int = 16) -> discord.File:
            data = b"\x89PNG\r\n\x1a\n" + bytes(size)
            return discord.File(io.BytesIO(data), name, description=f"alt {name}")

        await interaction.response.send_message(
            "panel", ephemeral=True, file=png("hand.png"),
            embed=discord.Embed(title="hand").set_image(url="attachment://hand.png"))
        assert isinstance(interaction.channel, discord.TextChannel)
        embed = discord.Embed(title="table").set_image(url="attachment://a.png")
        message = await interaction.channel.send(embed=embed, file=png("a.png"))
        await message.edit(embed=discord.Embed(title="kept").set_image(url="attachment://a.png"))
        await message.edit(embed=discord.Embed(title="new").set_image(url="attachment://b.png"),
                           attachments=[png("b.png")])
        await attempt(message.edit(
            embed=discord.Embed(title="dangling").set_image(url="attachment://c.png")))
        await attempt(interaction.channel.send(files=[png(f"{n}.png") for n in range(11)]))
        await attempt(interaction.channel.send(file=png("big.png", 10 * 1024 * 1024 + 1)))
        await attempt(interaction.channel.send(
            file=discord.File(io.BytesIO(b"x"), "x.png", description="d" * 1025)))

    @game.command(name="wrong", description="Answers a command with a component update")
    async def wrong(interaction: discord.Interaction) -> None:
        # discord.py refuses this locally, so post the callback by hand
        url = (
            f"{discord.http.Route.BASE}/interactions/{interaction.id}/{interaction.token}/callback"
        )
        async with aiohttp.ClientSession() as session:
            await session.post(url, json={"type": 7, "data": {"content": "no message to edit"}})

    bot.tree.add_command(game)

    @bot.tree.command(name="reset", description="Hosts only")
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.guild_only()
    async def reset(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("reset", ephemeral=True)

    async def setup_hook() -> None:
        bot.add_view(TableView())

    bot.setup_hook = setup_hook  # type: ignore[method-assign]
    return bot


@pytest.fixture
async def probe(double: Double) -> Probe:
    return Probe(double)


@pytest.fixture
async def bot(double: Double, run_bot: RunBot, probe: Probe) -> commands.Bot:
    client = make_bot(probe)
    await run_bot(client)
    await client.tree.sync()
    return client


@pytest.fixture
async def alice(double: Double) -> FakeUser:
    return double.add_user("alice")


def codes(double: Double) -> list[int]:
    return [violation.code for violation in double.take_violations()]


async def test_sync_stores_commands_with_ids(double: Double, bot: commands.Bot) -> None:
    game = double.commands.find(None, "game")
    assert game["name"] == "game" and int(game["id"]) > 0
    assert {o["name"] for o in game["options"]} >= {"bid", "table", "slow"}
    assert double.calls["GET /users/@me"] == 1
    assert double.calls["PUT /applications/{application_id}/commands"] == 1


async def test_slash_gets_an_ephemeral_reply(
    double: Double, bot: commands.Bot, alice: FakeUser
) -> None:
    result = await double.slash(alice, double.channel, "game", "bid", amount=3)
    assert result.response_type == 4 and result.ephemeral
    assert result.content == "you bid 3"
    assert double.ephemeral_payloads(alice) == ["you bid 3"]
    assert not any("you bid" in text for text in double.public_payloads())
    assert result.latency is not None and result.latency > 0


async def test_button_click_updates_the_message(
    double: Double, bot: commands.Bot, alice: FakeUser
) -> None:
    table = await double.slash(alice, double.channel, "game", "table")
    assert table.message is not None and table.message.custom_ids() == ["table:hit", "table:suit"]
    click = await double.click(alice, table, "table:hit")
    assert click.response_type == 7
    assert click.message is table.message
    assert [v.content for v in table.message.versions] == ["table", "hit by alice"]
    assert click.payload["message"]["id"] == str(table.message.id)


async def test_select_defers_then_edits_the_message(
    double: Double, bot: commands.Bot, alice: FakeUser
) -> None:
    table = await double.slash(alice, double.channel, "game", "table")
    chosen = await double.select(alice, table, "table:suit", ["hearts"])
    assert chosen.response_type == 6
    assert table.content == "suit hearts"


async def test_defer_then_follow_up(double: Double, bot: commands.Bot, alice: FakeUser) -> None:
    result = await double.slash(alice, double.channel, "game", "slow")
    assert result.response_type == 5
    original = await result.wait_original()
    assert original.content == "thought about it"
    assert [v.flags & 128 for v in original.versions] == [128, 0]


async def test_autocomplete_returns_choices(
    double: Double, bot: commands.Bot, alice: FakeUser
) -> None:
    result = await double.autocomplete(
        alice, double.channel, "game", "pick", focused="card", card="A"
    )
    assert result.response_type == 8
    assert [c["value"] for c in result.choices] == ["AS", "AH"]


async def test_channel_message_edit_keeps_history(
    double: Double, bot: commands.Bot, alice: FakeUser
) -> None:
    await double.slash(alice, double.channel, "game", "post")
    message = double.last_message()
    assert [v.content for v in message.versions] == ["v1", "v2"]
    assert "v1" in double.public_payloads() and "v2" in double.public_payloads()


async def test_second_initial_response_is_refused(
    double: Double, bot: commands.Bot, alice: FakeUser, probe: Probe
) -> None:
    result = await double.slash(alice, double.channel, "game", "twice")
    assert result.content == "one"
    assert [e.code for e in probe.errors] == [40060]
    assert codes(double) == [40060]


async def test_late_response_is_refused(
    double: Double, bot: commands.Bot, alice: FakeUser, probe: Probe
) -> None:
    result = await double.slash(alice, double.channel, "game", "late")
    assert not result.answered and result.refused_codes == [10062]
    assert [e.code for e in probe.errors] == [10062]
    assert 10062 in codes(double)


async def test_oversized_embed_is_refused(
    double: Double, bot: commands.Bot, alice: FakeUser, probe: Probe
) -> None:
    result = await double.slash(alice, double.channel, "game", "huge")
    assert result.refused_codes == [50035]
    assert probe.errors[0].status == 400
    (refusal, _unanswered) = double.take_violations()
    assert refusal.errors[0][0] == ("data", "embeds", 0, "title")


async def test_rate_limited_edit_is_waited_out(
    double: Double, bot: commands.Bot, alice: FakeUser
) -> None:
    double.rate_limits.inject(EDIT_ROUTE, retry_after=0.05)
    await double.slash(alice, double.channel, "game", "post")
    assert double.rate_limits.hits[EDIT_ROUTE] == 1
    assert double.calls[EDIT_ROUTE] == 2
    assert double.last_message().content == "v2"


async def test_unanswered_interaction_is_reported(
    double: Double, bot: commands.Bot, alice: FakeUser
) -> None:
    double.response_wait = 0.1
    result = await double.slash(alice, double.channel, "game", "silent")
    assert not result.answered
    with pytest.raises(AssertionError, match="never answered"):
        double.assert_clean()
    assert codes(double) == [0]


async def test_expired_token_refuses_follow_up(
    double: Double, bot: commands.Bot, alice: FakeUser, probe: Probe
) -> None:
    await double.slash(alice, double.channel, "game", "slow")
    double.clock.advance(16 * 60)
    with pytest.raises(discord.HTTPException) as refused:
        await probe.kept[0].followup.send("much later")
    assert refused.value.code == 50027
    assert codes(double) == [50027]


async def test_old_message_edits_are_capped(double: Double, bot: commands.Bot) -> None:
    channel = bot.get_channel(double.channel.id)
    assert isinstance(channel, discord.TextChannel)
    message = await channel.send("table")
    double.clock.advance(2 * 3600)
    double.old_message_edit_cap = 2
    for number in range(2):
        await message.edit(content=f"edit {number}")
    with pytest.raises(discord.HTTPException) as refused:
        await message.edit(content="one too many")
    assert refused.value.code == 30046
    assert codes(double) == [30046]


async def test_resume_replays_events_missed_while_disconnected(
    double: Double, bot: commands.Bot, alice: FakeUser
) -> None:
    await double.gateway.drop()
    result = await double.slash(alice, double.channel, "game", "bid", amount=1)
    assert result.content == "you bid 1"
    assert double.gateway.resumes == 1 and double.gateway.identifies == 1


async def test_restarted_bot_serves_the_old_message(
    double: Double, run_bot: RunBot, probe: Probe, alice: FakeUser
) -> None:
    first = await run_bot(make_bot(probe))
    await first.tree.sync()
    table: InteractionResult = await double.slash(alice, double.channel, "game", "table")
    await first.close()
    second = await run_bot(make_bot(probe))
    click = await double.click(alice, table, "table:hit")
    assert click.response_type == 7 and table.content == "hit by alice"
    assert double.gateway.identifies == 2 and second.is_ready()


async def test_two_users_click_at_once(double: Double, bot: commands.Bot, alice: FakeUser) -> None:
    bob = double.add_user("bob")
    table = await double.slash(alice, double.channel, "game", "table")
    clicks = await asyncio.gather(
        double.click(alice, table, "table:hit"), double.click(bob, table, "table:hit")
    )
    assert [c.response_type for c in clicks] == [7, 7]
    assert table.message is not None
    assert sorted(v.content for v in table.message.versions[1:]) == ["hit by alice", "hit by bob"]


async def test_modal_round_trip(double: Double, bot: commands.Bot, alice: FakeUser) -> None:
    shown = await double.slash(alice, double.channel, "game", "rename")
    assert shown.response_type == 9 and shown.modal is not None
    submitted = await double.submit_modal(alice, shown, {"rename:name": "Zed"})
    assert submitted.content == "renamed to Zed" and submitted.ephemeral


async def test_slash_in_direct_messages(double: Double, bot: commands.Bot, alice: FakeUser) -> None:
    result = await double.slash(alice, None, "game", "stats")
    assert result.content == "stats of alice"
    assert double.dm_payloads(alice) == ["stats of alice"]
    assert "stats of alice" not in double.public_payloads()


async def test_follow_ups_edits_deletes_and_files(
    double: Double, bot: commands.Bot, alice: FakeUser
) -> None:
    result = await double.slash(alice, double.channel, "game", "upload")
    first, second = result.followups
    assert first.ephemeral and [v.content for v in first.versions] == ["first", "first, edited"]
    assert second.deleted and not second.ephemeral
    posted = double.last_message()
    assert posted.content == "scores" and posted.current.attachments[0]["filename"] == "s.csv"
    assert double.ephemeral_payloads(alice) == ["uploading", "first", "first, edited"]


async def test_attachments_upload_keep_replace_and_limits(
    double: Double, bot: commands.Bot, alice: FakeUser, probe: Probe
) -> None:
    result = await double.slash(alice, double.channel, "game", "images")
    assert result.ephemeral and result.message is not None
    [hand] = result.message.current.attachments
    assert hand["filename"] == "hand.png" and hand["description"] == "alt hand.png"
    assert hand["content_type"] == "image/png"
    table = next(m for m in double.messages() if m.embeds)
    files = [[a["filename"] for a in v.attachments] for v in table.versions]
    assert files == [["a.png"], ["a.png"], ["b.png"]]
    assert table.current.attachments[0]["description"] == "alt b.png"
    assert [e.code for e in probe.errors] == [50035, 50035, 40005, 50035]
    assert codes(double) == [50035, 50035, 40005, 50035]


async def test_wrong_response_type_is_refused(
    double: Double, bot: commands.Bot, alice: FakeUser, probe: Probe
) -> None:
    result = await double.slash(alice, double.channel, "game", "wrong")
    assert result.refused_codes == [50035]
    assert codes(double) == [50035, 0]


async def test_user_mistakes_raise(double: Double, bot: commands.Bot, alice: FakeUser) -> None:
    bob = double.add_user("bob")
    with pytest.raises(CommandUseError, match="not registered"):
        await double.slash(alice, double.channel, "nope")
    with pytest.raises(CommandUseError, match="> max 13"):
        await double.slash(alice, double.channel, "game", "bid", amount=14)
    with pytest.raises(CommandUseError, match="missing required"):
        await double.slash(alice, double.channel, "game", "bid")
    private = await double.slash(alice, double.channel, "game", "bid", amount=1)
    table = await double.slash(alice, double.channel, "game", "table")
    with pytest.raises(KeyError):
        await double.click(alice, table, "missing")
    with pytest.raises(CommandUseError, match="not options"):
        await double.select(alice, table, "table:suit", ["spades"])
    with pytest.raises(CommandUseError, match="ephemeral"):
        await double.click(bob, private, "anything")


async def test_wire_format(double: Double, bot: commands.Bot) -> None:
    assert double.gateway.compressions == ["zlib-stream"]
    headers = {"Authorization": f"Bot {double.token}"}
    double.rate_limits.inject("GET /users/@me", retry_after=0.5)
    async with aiohttp.ClientSession() as session:
        async with session.get(f"{double.api_url}/users/@me", headers=headers) as limited:
            assert limited.status == 429
            assert limited.headers["Via"] and limited.headers["X-RateLimit-Scope"] == "user"
            assert (await limited.json())["retry_after"] == 0.5
        async with session.get(f"{double.api_url}/users/@me", headers=headers) as ok:
            assert ok.headers["Content-Type"] == "application/json"
            assert ok.headers["X-RateLimit-Remaining"]
        async with session.get(f"{double.api_url}/nowhere", headers=headers) as missing:
            assert missing.status == 404
    assert [v.status for v in double.take_violations()] == [404]


async def test_refusal_body_has_discord_error_tree(double: Double, bot: commands.Bot) -> None:
    url = f"{double.api_url}/channels/{double.channel.id}/messages"
    headers = {"Authorization": f"Bot {double.token}"}
    async with (
        aiohttp.ClientSession() as session,
        session.post(url, json={"content": "x" * 2001}, headers=headers) as refused,
    ):
        body = await refused.json()
    assert refused.status == 400 and body["code"] == 50035
    assert body["errors"]["content"]["_errors"][0]["code"] == "BASE_TYPE_MAX_LENGTH"
    assert codes(double) == [50035]


async def test_settle_waits_while_a_busy_check_holds(double: Double) -> None:
    busy = [True]
    double.busy_checks.append(lambda: busy[0])
    asyncio.get_running_loop().call_later(0.05, busy.__setitem__, 0, False)
    await double.settle()
    assert not busy[0]


def test_configured_bucket_counts_per_channel() -> None:
    limits = RateLimits()
    limits.configure(EDIT_ROUTE, limit=2, window=60)
    first, second, third = (limits.check(EDIT_ROUTE, "1") for _ in range(3))
    assert [first.headers["X-RateLimit-Remaining"], second.headers["X-RateLimit-Remaining"]] == [
        "1",
        "0",
    ]
    assert first.retry_after is None and third.retry_after is not None
    assert limits.check(EDIT_ROUTE, "2").retry_after is None
    assert limits.hits[EDIT_ROUTE] == 1


async def test_members_intent_chunks_without_delay(double: Double, run_bot: RunBot) -> None:
    double.add_user("carol")
    client = discord.Client(intents=discord.Intents.all())
    await run_bot(client)
    guild = client.get_guild(double.guild.id)
    assert guild is not None and guild.chunked
    assert {m.name for m in guild.members} >= {"carol", "owner"}


async def test_user_message_reaches_a_bot_with_the_messages_intent(
    double: Double, run_bot: RunBot, alice: FakeUser
) -> None:
    client = discord.Client(intents=discord.Intents.all())
    seen: asyncio.Queue[discord.Message] = asyncio.Queue()

    async def on_message(message: discord.Message) -> None:
        await seen.put(message)

    client.event(on_message)
    await run_bot(client)
    await double.say(alice, double.channel, "hello bot")
    message = await asyncio.wait_for(seen.get(), 5)
    assert message.content == "hello bot" and message.author.id == alice.id


async def test_command_visibility_follows_permissions_and_contexts(
    double: Double, bot: commands.Bot, alice: FakeUser
) -> None:
    with pytest.raises(CommandUseError, match="lacks the permissions"):
        await double.slash(alice, double.channel, "reset")
    with pytest.raises(CommandUseError, match="not available in DMs"):
        await double.slash(double.owner, None, "reset")
    result = await double.slash(double.owner, double.channel, "reset")
    assert result.content == "reset"


async def test_world_changes_reach_the_bot(double: Double, bot: commands.Bot) -> None:
    channel = double.add_channel("table-2")
    await double.sync()
    assert isinstance(bot.get_channel(channel.id), discord.TextChannel)


async def test_reconnect_request_resumes(
    double: Double, bot: commands.Bot, alice: FakeUser
) -> None:
    await double.gateway.request_reconnect()
    result = await double.slash(alice, double.channel, "game", "bid", amount=2)
    assert result.content == "you bid 2" and double.gateway.resumes == 1


# -- limits, checked without a bot -------------------------------------------------------------


def button(custom_id: str, label: str = "b") -> dict[str, Any]:
    return {"type": 2, "style": 1, "custom_id": custom_id, "label": label}


def row(*items: dict[str, Any]) -> dict[str, Any]:
    return {"type": 1, "components": list(items)}


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"content": "x" * 2001}, "BASE_TYPE_MAX_LENGTH"),
        ({"embeds": [{"title": "t"}] * 11}, "BASE_TYPE_MAX_LENGTH"),
        ({"embeds": [{"description": "d" * 4097}]}, "BASE_TYPE_MAX_LENGTH"),
        ({"embeds": [{"fields": [{"name": "n", "value": "v"}] * 26}]}, "BASE_TYPE_MAX_LENGTH"),
        ({"embeds": [{"fields": [{"name": "n", "value": "v" * 1025}]}]}, "BASE_TYPE_MAX_LENGTH"),
        ({"embeds": [{"footer": {"text": "f" * 2049}}]}, "BASE_TYPE_MAX_LENGTH"),
        ({"embeds": [{"author": {"name": "a" * 257}}]}, "BASE_TYPE_MAX_LENGTH"),
        (
            {"embeds": [{"description": "d" * 4000}, {"description": "d" * 2001}]},
            "MAX_EMBED_SIZE_EXCEEDED",
        ),
        ({"components": [row(button(f"b{i}")) for i in range(6)]}, "BASE_TYPE_MAX_LENGTH"),
        ({"components": [row(*(button(f"b{i}") for i in range(6)))]}, "BASE_TYPE_BAD_LENGTH"),
        ({"components": [row(button("same"), button("same"))]}, "COMPONENT_CUSTOM_ID_DUPLICATED"),
        ({"components": [row(button("x" * 101))]}, "BASE_TYPE_BAD_LENGTH"),
        ({"components": [row(button("ok", "l" * 81))]}, "BASE_TYPE_MAX_LENGTH"),
        (
            {
                "components": [
                    row(
                        {
                            "type": 3,
                            "custom_id": "s",
                            "options": [{"label": str(i), "value": str(i)} for i in range(26)],
                        }
                    )
                ]
            },
            "BASE_TYPE_BAD_LENGTH",
        ),
        (
            {
                "components": [
                    row(
                        {
                            "type": 3,
                            "custom_id": "s",
                            "options": [{"label": "l" * 101, "value": "v"}],
                        }
                    )
                ]
            },
            "BASE_TYPE_BAD_LENGTH",
        ),
        ({}, "MESSAGE_EMPTY"),
    ],
)
def test_message_limits(body: dict[str, Any], code: str) -> None:
    assert code in [error[1] for error in message_errors(body, creating=True)]


def test_limits_accept_the_maximum() -> None:
    embed = {
        "title": "t" * 256,
        "description": "d" * 1744,
        "fields": [{"name": "n" * 100, "value": "v" * 100}] * 20,
    }
    assert embed_errors([embed]) == []
    rows = [row(*(button(f"b{r}{i}", "l" * 80) for i in range(5))) for r in range(5)]
    assert component_errors(rows, v2=False) == []
    assert message_errors({"content": "x" * 2000}, creating=True) == []
