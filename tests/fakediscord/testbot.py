"""A small real discord.py bot used to exercise the emulator (not the project's bot)."""

from __future__ import annotations

import asyncio
import contextlib
import io
import struct
import zlib
from collections.abc import AsyncIterator
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from fakediscord import FakeDiscord


def png(width: int = 3, height: int = 2) -> bytes:
    """A valid RGB PNG of the given size (no Pillow needed)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    rows = b"".join(b"\x00" + b"\x80\x40\x20" * width for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(rows))
        + chunk(b"IEND", b"")
    )


class Roll(discord.ui.DynamicItem[discord.ui.Button], template=r"roll:(?P<game>\w+):(?P<n>\d+)"):
    """A persistent button whose state lives in its custom id."""

    def __init__(self, game: str, n: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Roll", style=discord.ButtonStyle.primary, custom_id=f"roll:{game}:{n}"
            )
        )
        self.game, self.n = game, n

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: Any
    ) -> Roll:
        return cls(match["game"], int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(Roll(self.game, self.n + 1))
        await interaction.response.edit_message(
            content=f"{self.game} rolled {self.n + 1}", view=view
        )


def roll_view(game: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(Roll(game, 0))
    view.add_item(discord.ui.Button(label="Rules", url="https://example.com/rules"))
    view.add_item(discord.ui.Button(label="Closed", custom_id="closed", disabled=True))
    return view


class Pick(discord.ui.View):
    @discord.ui.select(
        placeholder="Pick animals",
        custom_id="pick",
        max_values=2,
        options=[
            discord.SelectOption(label="Rabbit", value="rabbit", description="small"),
            discord.SelectOption(label="Sheep", value="sheep"),
            discord.SelectOption(label="Cow", value="cow"),
        ],
    )
    async def pick(self, interaction: discord.Interaction, select: discord.ui.Select) -> None:
        await interaction.response.edit_message(
            content=f"picked {', '.join(select.values)}", view=None
        )


class NameModal(discord.ui.Modal, title="Name your farm"):
    farm = discord.ui.TextInput(label="Farm name", custom_id="farm_name", max_length=30)
    motto = discord.ui.TextInput(label="Motto", style=discord.TextStyle.paragraph, required=False)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"Welcome to {self.farm.value}! {self.motto.value}")


class SixRows(discord.ui.View):
    """Renders six action rows, which discord.py itself would never build."""

    def to_components(self) -> list[dict[str, Any]]:
        return [
            {
                "type": 1,
                "components": [{"type": 2, "style": 1, "label": str(i), "custom_id": f"row{i}"}],
            }
            for i in range(6)
        ]


class Farm(app_commands.Group, name="farm", description="Farm games"):
    @app_commands.command(description="Open a game")
    async def new(
        self,
        interaction: discord.Interaction,
        strict_trades: bool = False,
        players: app_commands.Range[int, 2, 6] = 2,
    ) -> None:
        await interaction.response.send_message(
            f"New game: strict={strict_trades} players={players}", view=roll_view("g1")
        )

    @app_commands.command(description="Make a move")
    async def move(self, interaction: discord.Interaction, action: str) -> None:
        await interaction.response.send_message(f"moved: {action}")

    @move.autocomplete("action")
    async def move_complete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        moves = ["roll", "trade 6 rabbit for 1 sheep", "trade 2 sheep for 1 pig"]
        return [app_commands.Choice(name=m, value=m) for m in moves if m.startswith(current)]

    @app_commands.command(name="name", description="Name the farm")
    async def name_farm(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(NameModal())

    @app_commands.command(description="Pick animals")
    async def pick(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("Pick some", view=Pick())


class Bad(app_commands.Group, name="bad", description="Requests Discord refuses"):
    @app_commands.command(description="custom id over 100 characters")
    async def longid(self, interaction: discord.Interaction) -> None:
        view = discord.ui.View()
        view.add_item(discord.ui.Button(label="x", custom_id="x" * 101))
        await interaction.response.send_message("long", view=view)

    @app_commands.command(description="six action rows")
    async def rows(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("rows", view=SixRows())

    @app_commands.command(description="26 select options")
    async def options(self, interaction: discord.Interaction) -> None:
        view = discord.ui.View()
        view.add_item(
            discord.ui.Select(
                custom_id="many", options=[discord.SelectOption(label=f"o{i}") for i in range(26)]
            )
        )
        await interaction.response.send_message("options", view=view)

    @app_commands.command(description="duplicate custom ids")
    async def dupids(self, interaction: discord.Interaction) -> None:
        view = discord.ui.View()
        view.add_item(discord.ui.Button(label="a", custom_id="same"))
        view.add_item(discord.ui.Button(label="b", custom_id="same"))
        await interaction.response.send_message("dup", view=view)

    @app_commands.command(description="embed image naming a file that was not sent")
    async def attachref(self, interaction: discord.Interaction) -> None:
        embed = discord.Embed(title="x").set_image(url="attachment://missing.png")
        await interaction.response.send_message(
            embed=embed, file=discord.File(io.BytesIO(png()), "board.png")
        )

    @app_commands.command(description="answers too late")
    async def slow(self, interaction: discord.Interaction) -> None:
        await asyncio.sleep(interaction.client.slow_delay)  # type: ignore[attr-defined]
        await interaction.response.send_message("late")

    @app_commands.command(description="edits its ephemeral reply via the channel route")
    async def editephemeral(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("secret", ephemeral=True)
        original = await interaction.original_response()
        await interaction.channel.get_partial_message(original.id).edit(content="changed")

    @app_commands.command(description="edits somebody else's message")
    async def editforeign(self, interaction: discord.Interaction, message_id: str) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await interaction.channel.get_partial_message(int(message_id)).edit(content="mine now")

    @app_commands.command(description="waits for the test to answer by hand")
    async def hold(self, interaction: discord.Interaction) -> None:
        interaction.client.held.set_result(interaction)  # type: ignore[attr-defined]


class SampleBot(commands.AutoShardedBot):
    """Records errors and interactions so tests can inspect the client side too."""

    def __init__(
        self, *, sync: bool = True, intents: discord.Intents | None = None, **options: Any
    ) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents or discord.Intents.default(),
            guild_ready_timeout=0.05,
            **options,
        )
        self.sync_on_start = sync
        self.errors: list[BaseException] = []
        self.interactions: list[discord.Interaction] = []
        self.seen_messages: list[discord.Message] = []
        self.slow_delay = 0.4
        self.burst_channels: list[int] = []
        self.held: asyncio.Future[discord.Interaction] = asyncio.Future()

    async def setup_hook(self) -> None:
        self.add_dynamic_items(Roll)
        self.tree.add_command(Farm())
        self.tree.add_command(Bad())
        self.tree.on_error = self.on_tree_error  # type: ignore[method-assign]

        @self.tree.command(description="An ephemeral reply with a button")
        async def secret(interaction: discord.Interaction) -> None:
            await interaction.response.send_message(
                "only you", ephemeral=True, view=roll_view("secret")
            )

        @self.tree.command(description="Defer, then a followup with a picture")
        async def render(interaction: discord.Interaction) -> None:
            await interaction.response.defer(thinking=True)
            await asyncio.sleep(0.05)
            embed = discord.Embed(title="Board").set_image(url="attachment://board.png")
            await interaction.followup.send(
                embed=embed, file=discord.File(io.BytesIO(png(4, 3)), "board.png")
            )
            second = await interaction.followup.send("and a second followup", ephemeral=True)
            await second.edit(content="second followup, edited")
            await interaction.edit_original_response(content="Board ready")

        @self.tree.command(description="Channel send and edit")
        async def announce(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("announcing", ephemeral=True)
            message = await interaction.channel.send("Hear ye")
            await message.edit(content="Hear ye, hear ye")

        @self.tree.command(description="Threads from a message and from a channel")
        async def spinoff(interaction: discord.Interaction) -> None:
            await interaction.response.defer(ephemeral=True, thinking=True)
            message = await interaction.channel.send("A match starts")
            from_message = await message.create_thread(name="match")
            await from_message.send("inside the match thread")
            side = await interaction.channel.create_thread(
                name="side", type=discord.ChannelType.public_thread
            )
            await side.send("inside the side thread")
            await interaction.followup.send(f"{from_message.id} {side.id}")

        @self.tree.command(description="Ask, then wait for a chat message")
        async def ask(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("Say something")
            reply = await self.wait_for(
                "message", check=lambda m: m.author.id == interaction.user.id, timeout=5
            )
            await interaction.followup.send(f"you said {reply.content}")

        @self.tree.command(description="Send a DM")
        async def dm(interaction: discord.Interaction) -> None:
            await interaction.user.send("psst")
            await interaction.response.send_message("sent", ephemeral=True)

        @self.tree.command(description="Four messages at once")
        async def burst(interaction: discord.Interaction) -> None:
            await interaction.response.defer(ephemeral=True, thinking=True)
            await asyncio.gather(
                *(
                    self.get_channel(c).send(f"burst {i}")  # type: ignore[union-attr]
                    for i, c in enumerate(self.burst_channels)
                )
            )
            await interaction.followup.send("done")

        @self.tree.command(description="Answer with a text in one of several ways")
        async def ping(interaction: discord.Interaction, text: str, how: str) -> None:
            respond, followup = interaction.response, interaction.followup
            if how == "reply":
                await respond.send_message(text)
            elif how == "ephemeral":
                await respond.send_message(text, ephemeral=True)
            elif how == "silent":
                await respond.send_message(text, silent=True)
            elif how == "edit":
                await respond.send_message("hold on")
                await interaction.edit_original_response(content=text)
            elif how == "defer_edit":
                await respond.defer(thinking=True)
                await interaction.edit_original_response(content=text)
            elif how == "defer_followup":
                await respond.defer(thinking=True)
                await followup.send(text)
            elif how == "second_followup":
                await respond.defer(thinking=True)
                await followup.send("working")
                await followup.send(text)
            elif how == "no_pings":
                await respond.send_message(text, allowed_mentions=discord.AllowedMentions.none())

        if self.sync_on_start:
            await self.tree.sync()

        @self.tree.command(description="Never synced")
        async def unsynced(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("?")

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """No 5 s pause before re-identifying: the emulator has no identify budget to protect."""

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        self.interactions.append(interaction)

    async def on_message(self, message: discord.Message) -> None:
        self.seen_messages.append(message)

    async def on_tree_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        self.errors.append(getattr(error, "original", error))
        with contextlib.suppress(discord.HTTPException):
            if interaction.response.is_done():
                await interaction.followup.send("something went wrong", ephemeral=True)
            else:
                await interaction.response.send_message("something went wrong", ephemeral=True)


@contextlib.asynccontextmanager
async def running_bot(fake: FakeDiscord, **options: Any) -> AsyncIterator[SampleBot]:
    bot = SampleBot(**options)
    task = asyncio.create_task(bot.start(fake.bot_token))
    ready = asyncio.create_task(bot.wait_until_ready())
    done, _ = await asyncio.wait({task, ready}, timeout=10, return_when=asyncio.FIRST_COMPLETED)
    if task in done:
        ready.cancel()
        task.result()
    assert ready in done, "bot did not become ready"
    await fake.settle()
    try:
        yield bot
    finally:
        await bot.close()
        with contextlib.suppress(asyncio.CancelledError):
            await task
