"""Play feel: what a person sees and does on each board, over random playouts of every game.

A playout is a match through the match service (``MatchService`` over a SQLite file in a
temporary directory), every seat a person whose action is chosen at random (seeded) among the
legal actions, by the board's own menu index. After every action the board goes out through
the bot's real delivery (``bot.delivery.Delivery``: which moves the board tells, whether it is
a new message or the turn's board edited in place); only Discord is left out: the message the
bot would post or edit is kept, without its picture. So the text is ``bot.texts.compose`` with
the story lines of the moves the board shows and the notes of its buttons, the embed is
``bot.texts.board_embed`` and the components are the board view of ``bot.ui``.

Counted on every board posted or edited for a person who must act next:

- one legal action: the share of boards whose acting people have a single legal action
  between them;
- message lines: the lines of the message's content, plus those of the embed's description and
  field values (the turn clock counts; title and footer do not): mean, p90 (nearest rank), max;
- buttons: every button on the board (the fixed "Type a move", "Text board" and "Moves" included;
  a select menu is one component, not a button): mean, max; "moves" is the move buttons only;
- label lengths: characters of the move buttons' labels and of the select options' labels;
- the longest list: the most options in one select menu of a board.

Counted on every action a person chose:

- taps: 1 for a button on the board; 2 for an option of a select menu (open, pick); 2 for a
  choice in two steps (a component of the board that is not itself a move, then the move);
  +1 for each extra level (a group picked from "More moves…", whose moves open privately);
- a turn: the consecutive actions of one seat until another seat must act or the match ends;
  taps per turn is the sum of its actions' taps, decisions per turn the number of its actions
  where the seat had more than one legal action.

Per game, at 2 players and at the largest table (``--players`` to choose), it prints the
playouts, actions per playout, then the figures above. Progress goes to stderr.

With ``--detail``, where the taps go, per table: each kind of action (its actions, taps per
action, how many took 1, 2, 3+ taps, its taps per turn), the commonest turn shapes (the kinds of
a turn's actions in order), the boards with room for another button while a move takes more
than one tap, and the taps per turn to expect over the same playouts if at most n moves of each
board were one tap (n: the board's move buttons, and up to ten): a floor no layout with that
many move buttons can beat, since the moves are chosen at random whatever the layout.

Run: ``python bench/playfeel.py`` (all five games, 20 playouts each);
``python bench/playfeel.py --game highrollin --playouts 30 --players 2 4``;
``python bench/playfeel.py --game cowboy --detail``.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import logging
import math
import random
import re
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import discord

import games
from bot import ui
from bot.delivery import Delivery
from bot.matches import Match, MatchService
from bot.pictures import Pictures
from bot.request import MoveRequest
from bot.store import open_store
from bot.trouble import ChannelTrouble
from bot.ui import layout
from games.base import Event

GUILD = 7
#: a playout longer than this many actions is stopped (and reported) rather than run forever
MAX_ACTIONS = 3000
#: the board's buttons that choose no move (their custom ids' kinds): "Type a move", "Text board",
#: "Moves" (the match viewer) and a standing order's toggle
FIXED = ("t", "v", "o", "n")


# A bot without Discord: the board messages it would send are kept -------------------------


@dataclass
class Sent:
    """One board message as the bot sent it (posted, or edited in place)."""

    content: str
    embed: discord.Embed | None
    view: discord.ui.View | None
    edit: bool


class _Message:
    def __init__(self, channel: _Channel, message_id: int) -> None:
        self.channel, self.id = channel, message_id

    async def edit(self, **kwargs: Any) -> _Message:
        self.channel.keep(kwargs, edit=True)
        return self


class _Channel:
    #: message ids, unique across channels as Discord's are
    ids = itertools.count(1000)

    def __init__(self, channel_id: int) -> None:
        self.id = channel_id
        self.sent: list[Sent] = []

    def keep(self, kwargs: dict[str, Any], *, edit: bool) -> None:
        view = kwargs.get("view")
        self.sent.append(Sent(kwargs.get("content") or "", kwargs.get("embed"), view, edit))

    async def send(self, **kwargs: Any) -> _Message:
        self.keep(kwargs, edit=False)
        return _Message(self, next(self.ids))

    def get_partial_message(self, message_id: int) -> _Message:
        return _Message(self, message_id)


class _Table:
    """The channels delivery posts in (``bot.channels.Channels``), as the table answers for them."""

    def __init__(self) -> None:
        self.channels: dict[int, _Channel] = {}

    async def postable(self, channel_id: int, *, edit: bool = False) -> _Channel:
        return self.channels.setdefault(channel_id, _Channel(channel_id))


class _Strips:
    """Old boards' buttons taken off (``bot.strips.Strips``): nothing to do here."""

    posted = None

    async def strip_buttons(self, channel_id: int, message_id: int, **how: Any) -> None:
        return None

    async def retire(self, match: Match, **how: Any) -> None:
        return None

    def note_stripped(self, message_id: int) -> None:
        return None


class TextBot:
    """The parts of the bot that delivery reaches: the services and the table."""

    def __init__(self, service: MatchService) -> None:
        self.service = service
        self.store = service.store
        self.table = _Table()
        #: (a refused board would pause no clock here: there is none)
        self.trouble = ChannelTrouble(lambda: service, _NoClock(), lambda guild_id: True)


class _NoClock:
    async def block(self, match: Match, reason: str, *, announce: bool = True) -> bool:
        return False


class _NoPictures(Pictures):
    """Boards without pictures (their drawing is not measured here)."""

    async def picture(
        self,
        match: Match,
        *,
        previous: object = None,
        last: object = None,
        events: Sequence[Event] = (),
    ) -> tuple[list[discord.File], str | None]:
        return [], None


class TextDelivery(Delivery):
    """The bot's delivery, its boards without pictures."""

    def __init__(self, bot: TextBot) -> None:
        super().__init__(bot, _Strips(), bot.trouble, bot.table)  # type: ignore[arg-type]
        self.pictures = _NoPictures(lambda: None)


# What one board shows ------------------------------------------------------------------------


def message_lines(sent: Sent) -> int:
    """The content's lines, plus the embed's description's and fields' values' lines."""
    lines = len(sent.content.split("\n")) if sent.content else 0
    if sent.embed is not None:
        data = sent.embed.to_dict()
        texts = [data.get("description") or ""]
        texts += [f.get("value") or "" for f in data.get("fields", [])]
        lines += sum(len(t.split("\n")) for t in texts if t)
    return lines


def components(view: discord.ui.View | None) -> list[dict[str, Any]]:
    if view is None:
        return []
    return [c for row in view.to_components() for c in row["components"]]


def kind(component: dict[str, Any]) -> str:
    """The kind letter of a bot custom id (``rh:<kind>:...``), "" for anything else."""
    parts = str(component.get("custom_id", "")).split(":")
    return parts[1] if len(parts) > 1 and parts[0] == "rh" else ""


def is_button(component: dict[str, Any]) -> bool:
    return component["type"] == discord.ComponentType.button.value


@dataclass
class Place:
    """Where the actions of a board are: taps per (seat, menu index)."""

    taps: dict[tuple[int, int], int] = field(default_factory=dict)
    #: the board has components for moves that are not themselves moves (a first step)
    steps: bool = False


#: a move's button (its seat and menu index), a select of moves (its seat; options valued by
#: menu index); any other component of the bot's but the fixed ones is a first step
MOVE_BUTTON = re.compile(r"rh:a:\d+:\d+:(\d+):(\d+)")
MOVE_SELECT = re.compile(r"rh:s:\d+:\d+:(\d+):\d+")


def places(match: Match, view: discord.ui.View | None) -> Place:
    found = Place()
    for c in components(view):
        custom_id = str(c.get("custom_id", ""))
        values = [str(o.get("value", "")) for o in c.get("options", [])]
        if button := MOVE_BUTTON.fullmatch(custom_id):
            found.taps[(int(button[1]), int(button[2]))] = 1
        elif (select := MOVE_SELECT.fullmatch(custom_id)) and all(v.isdigit() for v in values):
            for value in values:
                found.taps.setdefault((int(select[1]), int(value)), 2)
        elif kind(c) == "g":  # "More moves…": a group, then its private menu
            for (seat, group), entries in ui.plan(match).groups.items():
                inner = 1 if layout.private_buttons(layout.group_entries(match, seat, group)) else 2
                for e in entries:
                    found.taps.setdefault((seat, e.index), inner + 1)
        elif kind(c) not in FIXED:
            found.steps = True
    return found


def labels(view: discord.ui.View | None) -> list[int]:
    """Lengths of the move buttons' labels and of the select options' labels."""
    out = []
    for c in components(view):
        if is_button(c):
            if kind(c) not in FIXED:
                out.append(len(c.get("label") or ""))
        else:
            out.extend(len(o.get("label") or "") for o in c.get("options", []))
    return out


# The figures ---------------------------------------------------------------------------------


@dataclass
class Figures:
    playouts: int = 0
    stopped: int = 0
    actions: list[int] = field(default_factory=list)
    boards: int = 0
    one_legal: int = 0
    lines: list[int] = field(default_factory=list)
    buttons: list[int] = field(default_factory=list)
    move_buttons: list[int] = field(default_factory=list)
    labels: list[int] = field(default_factory=list)
    lists: list[int] = field(default_factory=list)
    taps: list[int] = field(default_factory=list)
    turn_taps: list[int] = field(default_factory=list)
    turn_decisions: list[int] = field(default_factory=list)
    unplaced: int = 0
    #: the turn under way: (seat, taps, decisions)
    turn: tuple[int, int, int] | None = None
    #: with ``--detail``: taps by action kind, and turns by shape (their kinds in order)
    kinds: dict[str, list[int]] = field(default_factory=dict)
    shapes: dict[str, list[int]] = field(default_factory=dict)
    shape: list[str] = field(default_factory=list)
    #: with ``--detail``: by a number of one-tap moves per board, the menu picks to expect over
    #: the same boards if that many of their moves, any of them, were buttons
    expected_menu: dict[int, float] = field(default_factory=dict)
    #: boards with room for another button while some of their moves take more than one tap
    idle: int = 0

    def board(self, match: Match, sent: Sent) -> None:
        self.boards += 1
        acting = layout.people_acting(match)
        if sum(len(match.legal_actions(s)) for s in acting) == 1:
            self.one_legal += 1
        self.lines.append(message_lines(sent))
        found = components(sent.view)
        self.buttons.append(sum(1 for c in found if is_button(c)))
        moves = sum(1 for c in found if is_button(c) and kind(c) not in FIXED)
        self.move_buttons.append(moves)
        offered = sum(len(match.legal_actions(s)) for s in acting)
        one_tap = sum(1 for taps in places(match, sent.view).taps.values() if taps == 1)
        if self.buttons[-1] < layout.MAX_BUTTONS and one_tap < offered:
            self.idle += 1
        self.labels.extend(labels(sent.view))
        self.lists.append(max((len(c.get("options", [])) for c in found), default=0))

    def action(self, match: Match, sent: Sent, seat: int, index: int) -> None:
        """A person chose move ``index`` on the board ``sent``."""
        place = places(match, sent.view)
        taps = place.taps.get((seat, index))
        if taps is None and place.steps:
            taps = 2  # a choice in two steps: its first step, then the move
        if taps is None:
            self.unplaced += 1  # only typed: not counted
            taps = 0
        else:
            self.taps.append(taps)
        if self.turn is not None and self.turn[0] != seat:
            self.turn_over()
        what = action_kind(match.legal_actions(seat)[index])
        offered = sum(len(match.legal_actions(s)) for s in layout.people_acting(match))
        for buttons in BUTTON_COUNTS:
            extra = max(0, offered - buttons) / offered
            self.expected_menu[buttons] = self.expected_menu.get(buttons, 0.0) + extra
        self.kinds.setdefault(what, []).append(taps)
        self.shape.append(what)
        seat, before, decided = self.turn or (seat, 0, 0)
        several = len(match.legal_actions(seat)) > 1
        self.turn = (seat, before + taps, decided + several)

    def turn_over(self) -> None:
        if self.turn is not None:
            self.turn_taps.append(self.turn[1])
            self.turn_decisions.append(self.turn[2])
            self.shapes.setdefault(" > ".join(self.shape), []).append(self.turn[1])
        self.turn = None
        self.shape = []


def action_kind(action: Any) -> str:
    """A name for the kind of an action: its class, or a typed move's first word."""
    if isinstance(action, str):
        return action.split()[0] if action.split() else action
    return type(action).__name__


def p90(values: list[int]) -> int:
    ordered = sorted(values)
    return ordered[max(0, math.ceil(0.9 * len(ordered)) - 1)]


def mean(values: list[int]) -> float:
    return statistics.fmean(values) if values else 0.0


# A playout -----------------------------------------------------------------------------------


async def playout(
    delivery: TextDelivery,
    key: str,
    players: int,
    seed: int,
    channel_id: int,
    figures: Figures,
    moves: Sequence[tuple[int, int]] | None = None,
) -> list[Sent]:
    """One match of ``players`` people with the match seed ``seed``: each move chosen at random
    (seeded by ``seed`` too), or ``moves`` (seat, menu index) played in order until they run
    out. Returns the board messages, as sent."""
    service = delivery.service
    service.seed_source = lambda: seed
    users = [100 + i for i in range(players)]
    match = await service.create(
        key, guild_id=GUILD, channel_id=channel_id, user_id=users[0], name="rider0"
    )
    for i, user in enumerate(users[1:], start=1):
        match = await service.join(channel_id, key, user_id=user, name=f"rider{i}")
    match = await service.start(channel_id, key, user_id=users[0])
    channel = await delivery.bot.table.postable(channel_id)
    await delivery.deliver(MoveRequest(match.id, match=match))
    pick = random.Random(seed)
    chosen = iter(moves) if moves is not None else None
    actions = 0
    while match.status == "active":
        sent = channel.sent[-1]
        figures.board(match, sent)
        if actions >= MAX_ACTIONS:
            figures.stopped += 1
            break
        if chosen is None:
            seat = pick.choice(layout.people_acting(match))
            index = pick.randrange(len(match.legal_actions(seat)))
        elif (move := next(chosen, None)) is not None:
            seat, index = move
        else:
            break
        figures.action(match, sent, seat, index)
        match = await _play(delivery, match, users[seat], seat, index)
        actions += 1
        if match.status != "active" or seat not in match.to_act():
            figures.turn_over()
    figures.turn_over()
    figures.playouts += 1
    figures.actions.append(actions)
    return channel.sent


async def _play(delivery: TextDelivery, match: Match, user: int, seat: int, index: int) -> Match:
    """The move through the match service, then its board through the bot's delivery."""
    result = await delivery.service.act(
        match.id, user, ply=match.ply, seat=seat, index=index, loaded=match
    )
    request = MoveRequest(result.match.id, owns_claim=True)
    request.took(result)
    await delivery.deliver(request)
    return result.match


async def measure(key: str, players: int, playouts: int, folder: Path) -> Figures:
    store = await open_store(folder / f"{key}-{players}.sqlite3")
    clock_at = 1_800_000_000.0
    service = MatchService(store, clock=lambda: clock_at)
    delivery = TextDelivery(TextBot(service))  # type: ignore[arg-type]
    figures = Figures()
    started = time.perf_counter()
    try:
        for n in range(playouts):
            await playout(delivery, key, players, 1000 * players + n, 5000 + n, figures)
            print(
                f"\r{key} {players}p: {n + 1}/{playouts} playouts, "
                f"{time.perf_counter() - started:.0f} s",
                end="",
                file=sys.stderr,
                flush=True,
            )
    finally:
        print(file=sys.stderr)
        await store.close()
    return figures


# Output --------------------------------------------------------------------------------------

HEAD = (
    f"{'game':11} {'table':>5} {'runs':>4} {'acts':>5} {'1-legal':>7} {'taps/move':>9} "
    f"{'taps/turn':>9} {'max':>3} {'dec/turn':>8} {'lines mean/p90/max':>18} "
    f"{'buttons mean/max':>16} {'moves max':>9} {'list max':>8} {'labels mean/max':>15}"
)


LEGEND = """\
acts: a playout's actions; 1-legal: boards whose acting people have one legal action;
taps/move, taps/turn (mean, max) and dec/turn (decisions) per person's action and turn;
lines, buttons (fixed ones included), moves (move buttons), list (options of one menu) and
labels (characters) per board."""


def row(key: str, players: int, f: Figures) -> str:
    share = 100 * f.one_legal / f.boards if f.boards else 0.0
    lines = f"{mean(f.lines):.1f} / {p90(f.lines)} / {max(f.lines)}"
    buttons = f"{mean(f.buttons):.1f} / {max(f.buttons)}"
    label = f"{mean(f.labels):.1f} / {max(f.labels, default=0)}"
    text = (
        f"{key:11} {players:>4}p {f.playouts:>4} {mean(f.actions):>5.0f} {share:>6.1f}% "
        f"{mean(f.taps):>9.2f} {mean(f.turn_taps):>9.2f} {max(f.turn_taps):>3} "
        f"{mean(f.turn_decisions):>8.2f} {lines:>18} {buttons:>16} {max(f.move_buttons):>9} "
        f"{max(f.lists):>8} {label:>15}"
    )
    notes = over_targets(f)
    if f.stopped:
        notes.append(f"{f.stopped} playouts stopped at {MAX_ACTIONS} actions")
    if f.unplaced:
        notes.append(f"{f.unplaced} actions not on their board, only typed (taps not counted)")
    return text + ("".join(f"\n    ({n})" for n in notes))


#: move buttons per board the detail gives the floor for: the board's own, and more
BUTTON_COUNTS = (
    layout.MOVE_BUTTONS,
    layout.MOVE_BUTTONS + 1,
    layout.MOVE_BUTTONS + 2,
    layout.MAX_BUTTONS,
)


def detail(f: Figures, shown: int = 12) -> str:
    """Where the taps go: per action kind, its share of the actions, its taps per action
    (mean) and how many actions took 1, 2, 3+ taps; then the commonest turn shapes with their
    share of turns and taps per turn, and each kind's and shape's part of the taps per turn."""
    turns = len(f.turn_taps) or 1
    out = [
        f"    {'action':18} {'acts':>6} {'taps':>5} {'1 tap':>6} {'2':>5} {'3+':>5} {'/turn':>6}"
    ]
    for what, taps in sorted(f.kinds.items(), key=lambda kv: -sum(kv[1])):
        ones, twos = taps.count(1), taps.count(2)
        more = len(taps) - ones - twos
        out.append(
            f"    {what:18} {len(taps):>6} {mean(taps):>5.2f} {ones:>6} {twos:>5} {more:>5} "
            f"{sum(taps) / turns:>6.3f}"
        )
    out.append(f"    {'turn shape':40} {'share':>6} {'taps':>5} {'/turn':>6}")
    ranked = sorted(f.shapes.items(), key=lambda kv: -sum(kv[1]))
    for what, taps in ranked[:shown]:
        share = 100 * len(taps) / turns
        out.append(
            f"    {what[:40]:40} {share:>5.1f}% {mean(taps):>5.2f} {sum(taps) / turns:>6.3f}"
        )
    actions = len(f.taps) / turns
    floors = ", ".join(
        f"{buttons}: {actions + f.expected_menu.get(buttons, 0.0) / turns:.2f}"
        for buttons in BUTTON_COUNTS
    )
    idle = 100 * f.idle / f.boards if f.boards else 0.0
    out.append(f"    boards with room for a button while a move takes 2+ taps: {idle:.1f}%")
    out.append(f"    actions per turn {actions:.2f}; taps per turn to expect with")
    out.append(f"    at most n one-tap moves per board (any layout, same playouts): {floors}")
    return "\n".join(out)


#: what a board may carry at most: lines at p90, lines, buttons
TARGETS = (6, 10, 10)


def over_targets(f: Figures) -> list[str]:
    """The figures past the targets (message lines p90 <= 6 and max <= 10, buttons <= 10)."""
    most_p90, most_lines, most_buttons = TARGETS
    over = []
    if p90(f.lines) > most_p90:
        over.append(f"lines p90 {p90(f.lines)} > {most_p90}")
    if max(f.lines) > most_lines:
        over.append(f"lines max {max(f.lines)} > {most_lines}")
    if max(f.buttons) > most_buttons:
        over.append(f"buttons max {max(f.buttons)} > {most_buttons}")
    return [f"over target: {', '.join(over)}"] if over else []


async def run(args: argparse.Namespace) -> None:
    keys = args.game or sorted(games.RULESETS)
    print(f"Play feel over {args.playouts} random playouts per game and table size.")
    print(LEGEND)
    print(HEAD)
    with tempfile.TemporaryDirectory(prefix="playfeel-") as tmp:
        for key in keys:
            rules = games.get(key)
            tables = args.players or sorted({2, rules.max_players})
            for players in tables:
                if not rules.min_players <= players <= rules.max_players:
                    print(f"{key}: no table of {players}", file=sys.stderr)
                    continue
                figures = await measure(key, players, args.playouts, Path(tmp))
                print(row(key, players, figures), flush=True)
                if args.detail:
                    print(detail(figures), flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", nargs="*", choices=sorted(games.RULESETS), help="games")
    parser.add_argument("--playouts", type=int, default=20, help="playouts per table")
    parser.add_argument(
        "--players", type=int, nargs="*", help="table sizes (default: 2 and the largest)"
    )
    parser.add_argument(
        "--detail", action="store_true", help="where the taps go, by action kind and turn shape"
    )
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING)
    asyncio.run(run(args))


if __name__ == "__main__":
    main()
