"""Which legal action goes where: buttons, one flat menu, group menus or a private follow-up.

Pure layout over ``Match``; ``bot.ui.components`` turns a ``Plan`` into Discord components.
Discord's limits: 5 rows; 5 buttons a row; one select a row; 25 options a select.

The ladder, per board:
1. every move an ungrouped choice and all fit: buttons (and "Type a move", "Text board");
2. otherwise the game's ungrouped choices stay buttons and everything else goes into ONE select
   per acting seat, ordered by rank, when each seat's rest fits 25 options;
3. only bigger sets use a select per group (split by 25), and when even those do not fit, one
   "More moves…" menu lists the groups and opens the chosen one privately.

A game whose groups are pieces (``Ruleset.piece_then_target``) skips the ladder: the board
offers its pieces (those with a capture first), as buttons while at most ``MAX_BUTTONS`` fit,
else in one "Choose a piece…" menu (a "More moves…" menu of pieces), and the chosen piece's
moves open privately, as buttons: choose a piece, then its target. A single piece's moves are
buttons on the board at once.

Notes reach the player wherever a choice appears: a select option's description, or for a
button, a line of text shown with it (``notes_text`` for a board, ``group_text`` for a private
menu). Buttons whose notes would make that text too long go into the select instead.
"""

from __future__ import annotations

import math
import re
from collections import OrderedDict
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar

import discord

import words
from bot.matches import Match
from games.base import MOVE_BUTTONS
from words import domain

_, ngettext, N_ = domain("bot").functions()

MAX_ROWS = 5
ROW_BUTTONS = 5
SELECT_OPTIONS = 25
#: the buttons every board carries beside its moves: "Type a move", "Text board" and "Moves"
FIXED_BUTTONS = 3
#: the most buttons a board carries, the fixed ones included (a phone shows ten without
#: scrolling past the picture): the games' ``MOVE_BUTTONS`` move buttons beside the fixed ones;
#: more moves go in menus
MAX_BUTTONS = FIXED_BUTTONS + MOVE_BUTTONS
BUTTON_LABEL = 80
OPTION_TEXT = 100
PLACEHOLDER = 150
#: the most text the notes of a board's buttons may add to the board message
BOARD_NOTES = 800
#: the same for a private menu's message (its content may hold 2000 characters)
PRIVATE_NOTES = 1500
#: the group that holds buttons which do not fit beside the menus
MORE = N_("More moves")

T = TypeVar("T")


@dataclass(frozen=True)
class Entry:
    seat: int
    index: int
    label: str
    group: str | None
    note: str
    primary: bool
    emoji: str | None
    rank: int = 0


@dataclass(frozen=True)
class Listing:
    """One select of moves on a board: its seat, placeholder, and (entry, option label)."""

    seat: int
    title: str
    options: list[tuple[Entry, str]]


@dataclass
class Plan:
    buttons: list[Entry]
    selects: list[Listing] = field(default_factory=list)
    #: the groups that get a select each, or (too many) a "More moves…" entry each
    groups: OrderedDict[tuple[int, str], list[Entry]] = field(default_factory=OrderedDict)
    #: True: the groups are listed in "More moves…" menus that open privately
    menus: bool = False
    #: True (with ``menus``): the groups are buttons on the board, not a menu
    steps: bool = False


def cut(text: str, limit: int) -> str:
    """``text`` within ``limit`` characters: a longer one loses its end at a word's end (mid-
    word only when a single word would take most of it), marked with "…"."""
    if len(text) <= limit:
        return text
    head = text[: limit - 1]
    space = head.rfind(" ")
    if space > limit // 2:
        head = head[:space]
    return head.rstrip(" ,;:·—-") + "…"


def escape(text: str) -> str:
    return discord.utils.escape_mentions(discord.utils.escape_markdown(text))


def people_acting(match: Match) -> tuple[int, ...]:
    """The seats that may act now and take their moves from the board: the people (a
    computer's turn plays itself)."""
    return tuple(s for s in match.to_act() if match.seats[s].computer is None)


def menu(match: Match) -> list[Entry]:
    """Every legal action of every person that may act now: seat by seat, higher rank first
    (ties keep the ``legal_actions`` order)."""
    rules = match.rules
    state = match.state
    acting = people_acting(match)
    several = len(acting) > 1
    entries = []
    for seat in acting:
        mine = []
        for index, action in enumerate(match.legal_actions(seat)):
            choice = rules.describe_action(state, seat, action)
            group = choice.group
            if group is not None and several:
                group = f"{match.name_of(seat)}: {group}"
            label = choice.label
            if several and group is None:
                label = f"{match.name_of(seat)}: {label}"
            mine.append(
                Entry(
                    seat,
                    index,
                    label,
                    group,
                    choice.note,
                    choice.primary,
                    choice.emoji,
                    choice.rank,
                )
            )
        mine.sort(key=lambda e: -e.rank)  # stable: ties keep the rules' order
        entries.extend(mine)
    return _split_large_groups(entries)


def _split_large_groups(entries: list[Entry]) -> list[Entry]:
    """A group must fit one private message of selects; larger ones become numbered parts."""
    limit = MAX_ROWS * SELECT_OPTIONS
    sizes: dict[tuple[int, str | None], int] = {}
    for e in entries:
        sizes[(e.seat, e.group)] = sizes.get((e.seat, e.group), 0) + 1
    seen: dict[tuple[int, str | None], int] = {}
    out = []
    for e in entries:
        key = (e.seat, e.group)
        if e.group is not None and sizes[key] > limit:
            n = seen.get(key, 0)
            seen[key] = n + 1
            parts = math.ceil(sizes[key] / limit)
            e = replace(e, group=f"{e.group} ({n // limit + 1}/{parts})")
        out.append(e)
    return out


def _grouped(entries: list[Entry]) -> OrderedDict[tuple[int, str], list[Entry]]:
    """Grouped entries by (seat, group), groups in order of their first (best) entry."""
    groups: OrderedDict[tuple[int, str], list[Entry]] = OrderedDict()
    for e in entries:
        if e.group is not None:
            groups.setdefault((e.seat, e.group), []).append(e)
    return groups


def chunks(items: list[T], size: int) -> list[list[T]]:
    return [items[i : i + size] for i in range(0, len(items), size)]


def note_lines(entries: list[Entry]) -> list[str]:
    """The text shown beside buttons: a line per note, naming the buttons it is about (a note
    several buttons share, like a warning that any plain move is penalised, is said once)."""
    by_note: OrderedDict[str, list[str]] = OrderedDict()
    for e in entries:
        if e.note:
            by_note.setdefault(e.note, []).append(f"**{escape(e.label)}**")
    return [f"▸ {', '.join(labels)}: {escape(note)}" for note, labels in by_note.items()]


def _notes_fit(entries: list[Entry], budget: int) -> bool:
    return len("\n".join(note_lines(entries))) <= budget


# The board --------------------------------------------------------------------------------


#: the plans of the boards laid out last, by the very state object, game, status and seats: a
#: board's text (``notes_text``) and its components (``build_view``) share one
KEPT_PLANS = 64
_plans: OrderedDict[tuple[Any, ...], tuple[Any, Plan]] = OrderedDict()


def plan(match: Match) -> Plan:
    """Where each of the acting seats' moves goes on the board (shared: never changed by
    its users), in the active language: a label's length decides what fits where."""
    key = (id(match.state), match.game, match.status, tuple(match.seats), words.current())
    hit = _plans.get(key)
    if hit is not None and hit[0] is match.state:
        _plans.move_to_end(key)
        return hit[1]
    made = _plan(match)
    _plans[key] = (match.state, made)  # the state kept alive: its id is not reused meanwhile
    if len(_plans) > KEPT_PLANS:
        _plans.popitem(last=False)
    return made


def _plan(match: Match) -> Plan:
    entries = menu(match)
    if match.rules.piece_then_target:
        made = _piece_then_target(entries)
        if made is not None:
            return made
    loose = [e for e in entries if e.group is None]
    if not _notes_fit(loose, BOARD_NOTES):
        loose = [e for e in loose if not e.note]  # their notes show in a select instead
    if len(loose) == len(entries) and len(loose) <= MOVE_BUTTONS:
        return Plan(buttons=loose)
    return _flat(match, entries, loose) or _by_group(match, entries, loose)


def _piece_then_target(entries: list[Entry]) -> Plan | None:
    """The pieces (groups) on the board and their moves one step later; None when even one
    menu of them would not fit (the ladder then decides)."""
    loose = [e for e in entries if e.group is None]
    found = _grouped(entries)
    room = MAX_BUTTONS - FIXED_BUTTONS - len(loose)
    if not found or room < 1:
        return None
    # pieces that can capture first (stable: otherwise by their best move's rank)
    groups = OrderedDict(sorted(found.items(), key=lambda kv: not _captures(kv[1])))
    if len(groups) == 1:
        (items,) = groups.values()
        if len(items) <= room and _notes_fit(loose + items, BOARD_NOTES):
            return Plan(buttons=loose + items)
    if len(groups) <= room:
        return Plan(buttons=loose, groups=groups, menus=True, steps=True)
    free_rows = MAX_ROWS - math.ceil((len(loose) + FIXED_BUTTONS) / ROW_BUTTONS)
    if len(groups) <= free_rows * SELECT_OPTIONS:
        return Plan(buttons=loose, groups=groups, menus=True)
    return None


def _captures(items: list[Entry]) -> bool:
    """Whether a piece has a capture (shown as a primary choice)."""
    return any(e.primary for e in items)


def _key(e: Entry) -> tuple[int, int]:
    return (e.seat, e.index)


def _flat(match: Match, entries: list[Entry], loose: list[Entry]) -> Plan | None:
    """Buttons, and one select per seat for the rest, if each seat's rest fits 25."""
    rows = 1
    while rows < MAX_ROWS:
        buttons = loose[: min((MAX_ROWS - rows) * ROW_BUTTONS - FIXED_BUTTONS, MOVE_BUTTONS)]
        kept = {_key(e) for e in buttons}
        by_seat: OrderedDict[int, list[Entry]] = OrderedDict()
        for e in entries:
            if _key(e) not in kept:
                by_seat.setdefault(e.seat, []).append(e)
        if len(by_seat) <= rows:
            if any(len(items) > SELECT_OPTIONS for items in by_seat.values()):
                return None
            several = len(people_acting(match)) > 1
            selects = [_listing(match, seat, items, several) for seat, items in by_seat.items()]
            return Plan(buttons=buttons, selects=selects)
        rows = len(by_seat)
    return None


def _listing(match: Match, seat: int, items: list[Entry], several: bool) -> Listing:
    groups = {e.group for e in items}
    if len(groups) == 1 and None not in groups:
        title = items[0].group or ""
        options = [(e, e.label) for e in items]
    else:
        title = (
            _("{name}: choose a move…").format(name=match.name_of(seat))
            if several
            else _("Choose a move…")
        )
        options = [(e, _with_group(e)) for e in items]
    return Listing(seat, title, options)


_LINK_WORDS = frozenset(
    ("a", "an", "the", "on", "of", "to", "in", "it", "its", "your", "with", "and", "or", "for")
)


def _names(label: str, group: str) -> bool:
    """Whether a label already says its group: a word of the group's name (not a linking
    word like "the") appears in it, e.g. "c3" of "Piece c3" in "c3xe5"."""
    text = label.lower()
    words = set(re.findall(r"\w{2,}", group.lower())) - _LINK_WORDS
    return any(w in text for w in words)


def _with_group(e: Entry) -> str:
    """An option in a list of several groups says which group it is from ("Offer to bob:
    6 rabbits → 1 sheep"), unless its label already names it ("c3xe5" in "Piece c3")."""
    if e.group is None or _names(e.label, e.group):
        return e.label
    return f"{e.group}: {e.label}"


def _by_group(match: Match, entries: list[Entry], loose: list[Entry]) -> Plan:
    """A big set: a select per group in the rows the buttons leave (fewer buttons if that is
    what it takes), else a "More moves…" menu of the groups, which open privately."""
    caps = sorted(
        {min(rows * ROW_BUTTONS - FIXED_BUTTONS, MOVE_BUTTONS) for rows in range(1, MAX_ROWS)},
        reverse=True,
    )  # 7, 2
    tries = [_groups_beside(match, entries, loose[:cap]) for cap in caps]
    for buttons, groups, free_rows in tries:
        parts = [part for items in groups.values() for part in chunks(items, SELECT_OPTIONS)]
        if len(parts) <= free_rows:
            selects = []
            for (seat, group), items in groups.items():
                split = chunks(items, SELECT_OPTIONS)
                for n, part in enumerate(split):
                    title = group if len(split) == 1 else f"{group} ({n + 1}/{len(split)})"
                    selects.append(Listing(seat, title, [(e, e.label) for e in part]))
            return Plan(buttons=buttons, selects=selects, groups=groups)
    fits = [t for t in tries if len(t[1]) <= t[2] * SELECT_OPTIONS]
    buttons, groups, __ = fits[0] if fits else tries[-1]
    return Plan(buttons=buttons, groups=groups, menus=True)


def _groups_beside(
    match: Match, entries: list[Entry], buttons: list[Entry]
) -> tuple[list[Entry], OrderedDict[tuple[int, str], list[Entry]], int]:
    """The groups of every move that is not one of ``buttons`` (loose ones join "More
    moves"), and how many rows the buttons leave."""
    kept = {_key(e) for e in buttons}
    several = len(people_acting(match)) > 1
    rest = []
    for e in entries:
        if _key(e) in kept:
            continue
        if e.group is None:
            more = (
                _("{name}: More moves").format(name=match.name_of(e.seat)) if several else _(MORE)
            )
            e = replace(e, group=more)
        rest.append(e)
    free_rows = MAX_ROWS - math.ceil((len(buttons) + FIXED_BUTTONS) / ROW_BUTTONS)
    return buttons, _grouped(_split_large_groups(rest)), free_rows


def notes_text(match: Match) -> str:
    """The notes of the board's buttons, one line each ("" when none): the board message
    shows it with the buttons (select options carry their notes themselves)."""
    if match.status != "active" or not people_acting(match):
        return ""
    return "\n".join([*advice_lines(match), *note_lines(plan(match).buttons)])


def advice_lines(match: Match) -> list[str]:
    """A line for each acting seat the game warns about whatever it plays (``advice``)."""
    acting = people_acting(match)
    lines = []
    for seat in acting:
        said = match.rules.advice(match.state, seat)
        if said and len(acting) > 1:
            said = f"{match.name_of(seat)}: {said}"
        if said:
            lines.append(f"⚠️ {escape(said)}")
    return lines


def group_label(group: str, items: list[Entry]) -> str:
    """A piece's button: its name and how many moves it has."""
    return ngettext("{group} · {count} move", "{group} · {count} moves", len(items)).format(
        group=group, count=len(items)
    )


def groups_of(match: Match, seat: int) -> list[str]:
    """The seat's groups as numbered in the "More moves…" menu's values."""
    return [g for (s, g) in plan(match).groups if s == seat]


# A group's private menu -------------------------------------------------------------------


def group_entries(match: Match, seat: int, group: str) -> list[Entry]:
    return plan(match).groups.get((seat, group), [])


def private_buttons(items: list[Entry]) -> bool:
    """A private menu shows buttons (notes as text) when they fit; else selects."""
    return (
        len(items) <= ROW_BUTTONS * MAX_ROWS
        and all(len(e.label) <= BUTTON_LABEL for e in items)
        and _notes_fit(items, PRIVATE_NOTES)
    )


def group_text(match: Match, seat: int, group: str) -> str:
    """The private menu's message: the group's name, and the notes of its buttons."""
    items = group_entries(match, seat, group)
    lines = [_("**{group}**: pick one.").format(group=escape(group))]

    if private_buttons(items):
        lines.extend(note_lines(items))
    return "\n".join(lines)
