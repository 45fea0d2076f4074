"""Cattle Baron: roll your stud, grab, rustle and raid cattle dice; the biggest haul wins.

Rules: ``docs/rules/cattle.md``. The pieces and their storage are in ``games.cattle.model``, the
action menu and the notation parsing in ``games.cattle.menu``. The rules speak in data: events
(``grab``, ``round``, ``result``...), coded errors (``cattle.not_in_herd``) and outcome reasons
(``haul``, ``last_player``); the talk modules word them (``talk``: events, outcome and the
narrator; ``talk_errors``; ``talk_choices``: labels, notes, groups, the status line;
``talk_picture``; ``talk_board``: the position for whoever cannot see the picture, its alt
text and the text board; ``talk_dice``: a die in the case its sentence needs; ``talk_moves``:
typed moves in a language's own words; ``texts``: the title, summary, quick start and options'
help). The notation is written by ``menu.notation`` and read by ``parse_action``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from games.base import (
    Choice,
    Event,
    GameOver,
    IllegalAction,
    InvalidAction,
    InvalidOptions,
    InvalidState,
    Outcome,
    Ruleset,
    Step,
)
from games.cattle.menu import (
    best_action,
    menu,
    notation,
    parse_colour,
    parse_dice,
    parse_die,
    parse_player,
    pass_reason,
    passing,
)
from games.cattle.model import (
    COLOURS,
    LETTERS,
    CattleAction,
    CattleOptions,
    CattleState,
    Die,
    Grab,
    Pass,
    Pasture,
    Pile,
    Raid,
    Rustle,
    Swiss,
    Switch,
    check_seniority,
    colours_for,
    dice_out,
    die_key,
    die_out,
    dump_state,
    load_state,
    pile,
    problems,
    roll_order,
    take,
    total,
)
from games.cattle.talk import NARRATOR
from games.cattle.talk_choices import describe, status_words
from games.cattle.talk_moves import canonical_text
from games.cattle.texts import QUICK_START, SUMMARY, TITLE
from games.rng import Rng

#: the words the board uses for a move, typed instead of the notation's verb
VERBS = {"take": "grab"}


class CattleRules(Ruleset[CattleState, CattleAction]):
    key = "cattle"
    title = TITLE
    min_players = 2
    max_players = 8
    options_type = CattleOptions
    #: the quick start of docs/rules/cattle.md (kept equal by a test)
    quick_start = QUICK_START
    summary = SUMMARY
    narrator = NARRATOR
    #: examples, in the board's words (``take`` is read as the notation's ``grab``)
    notation = (
        "take red 5",
        "take red 5 red 3",
        "rustle bob",
        "swiss blue",
        "switch stock red 1",
        "switch herd blue 2",
        "raid green 6",
        "pasture yellow 4",
        "pass",
    )

    # Setup ---------------------------------------------------------------------------------

    def new_game(
        self,
        players: Sequence[str],
        options: Mapping[str, Any] | None = None,
        *,
        rng: Rng,
        seniority: Sequence[int] | None = None,
    ) -> CattleState:
        """Roll out the herd, hand out studs and roll the first round.

        ``seniority`` orders ages (larger = younger, e.g. Discord user ids); without it a later
        seat counts as younger. The first round's announcements are ``opening_events``.
        """
        opts = CattleOptions.parse(options)
        assert isinstance(opts, CattleOptions)
        names = tuple(str(p) for p in players)
        n = len(names)
        if not self.min_players <= n <= self.max_players:
            raise IllegalAction("cattle.players", low=self.min_players, high=self.max_players)
        if len({name.lower() for name in names}) != n:
            raise IllegalAction("cattle.same_names")
        opts = replace(opts, colours=colours_for(n, opts.colours))
        if opts.colours < n:
            raise InvalidOptions("cattle.few_colours", players=n)
        try:
            if opts.ties == "seat" or seniority is None:
                # earlier seats count as younger, so they go first on equal rolls
                ages = tuple(range(n - 1, -1, -1)) if opts.ties == "seat" else tuple(range(n))
            else:
                ages = check_seniority(seniority, n)
        except InvalidState as err:
            raise IllegalAction(err.code, **err.data) from None
        herd = [
            Die(c, rng.roll(6))
            for c in COLOURS[: opts.colours]
            for _ in range(opts.dice_per_colour)
        ]
        studs = []
        for seat in range(n):
            stud = min((d for d in herd if d.colour == COLOURS[seat]), key=lambda d: d.face)
            herd.remove(stud)
            studs.append(stud)
        state = CattleState(
            names=names,
            seniority=ages,
            options=opts,
            herd=pile(herd),
            studs=tuple(studs),
            stocks=((),) * n,
            swiss=((),) * n,
            rolls=(0,) * n,
            order=tuple(range(n)),
            round=0,
        )
        return self._open_round(state, rng)

    def players(self, state: CattleState) -> tuple[str, ...]:
        return state.names

    def options(self, state: CattleState) -> CattleOptions:
        return state.options

    def _open_round(self, state: CattleState, rng: Rng) -> CattleState:
        studs = tuple(None if s is None else Die(s.colour, rng.roll(6)) for s in state.studs)
        # a seat that left keeps its last roll on record; it no longer acts
        rolls = tuple(state.rolls[seat] if s is None else s.face for seat, s in enumerate(studs))
        state = replace(
            state,
            studs=studs,
            rolls=rolls,
            order=roll_order(rolls, state.seniority, state.out),
            pos=0,
            kept=tuple(s is not None for s in studs),
            round=state.round + 1,
            passes=0,
        )
        # the first seats whose roll allows nothing pass one after the other, the herd
        # unchanged: the round's announcement tells them together
        return replace(state, passes=passing(state, 0))

    def seat_extras(self, user_ids: Sequence[int]) -> dict[str, Any]:
        """Ties go to the younger player: Discord ids grow with account creation time."""
        return {"seniority": list(user_ids)}

    def opening_events(self, state: CattleState) -> tuple[Event, ...]:
        """The round's announcement, one ``round`` event: every roll in this round's order,
        whether a tie decided it, who shouts THREE! and which seats the round opens with whose
        roll allows nothing (their ``forced_pass`` is then minor). The same in detail is
        minor, for ``/game history``: the ``order``, each ``tie`` (who is younger) and the
        ``three`` with what a 3 allows."""
        rolls = state.rolls
        by = state.options.ties  # "younger" or "seat"
        ties: list[Event] = []
        for face in range(1, 7):
            tied = [s for s in state.order if rolls[s] == face]
            if len(tied) >= 2:
                data = {"face": face, "seats": sorted(tied), "order": tied, "by": by}
                ties.append(Event("tie", data, True))
        threes = [s for s in state.order if rolls[s] == 3]
        tie_rule = by if ties else None
        passes = [[s, pass_reason(state, s), state.brand(s)] for s in state.order[: state.passes]]
        events = [
            Event(
                "round",
                {
                    "round": state.round,
                    "rolls": [[s, rolls[s]] for s in state.order],
                    "in_order": True,
                    "tie_rule": tie_rule,
                    "threes": threes,
                    "passes": passes,
                },
            ),
            Event("order", {"order": list(state.order), "tie_rule": tie_rule}, True),
        ]
        if threes:
            events.append(Event("three", {"seats": threes}, True))
        return (*events, *ties)

    # Whose move ----------------------------------------------------------------------------

    def to_act(self, state: CattleState) -> tuple[int, ...]:
        return () if state.finished else (state.order[state.pos],)

    def legal_actions(self, state: CattleState, seat: int) -> list[CattleAction]:
        if state.finished or seat != state.order[state.pos]:
            return []
        return list(menu(state, seat))

    def describe_action(self, state: CattleState, seat: int, action: CattleAction) -> Choice:
        return describe(state, seat, action)

    def turn_key(self, state: CattleState) -> Any:
        """Every action is a turn of its own: each seat acts once a round."""
        return (state.round, state.pos, self.to_act(state))

    def default_action(self, state: CattleState, seat: int) -> CattleAction:
        """A seat whose clock runs out takes the most useful move that gains, else passes."""
        self.check_turn(state, seat)
        return best_action(state, seat)

    def forced_action(self, state: CattleState, seat: int) -> CattleAction | None:
        """A roll that allows nothing but a pass passes by itself (its event says why)."""
        if state.finished or seat not in self.to_act(state):
            return None
        return Pass() if menu(state, seat) == (Pass(),) else None

    # Moves ---------------------------------------------------------------------------------

    def apply(
        self, state: CattleState, seat: int, action: CattleAction, *, rng: Rng
    ) -> Step[CattleState]:
        self.check_turn(state, seat)
        self._check(state, seat, action)
        herd, stocks, swiss = state.herd, list(state.stocks), list(state.swiss)
        studs, kept = list(state.studs), list(state.kept)
        stud = studs[seat]
        assert stud is not None
        move: dict[str, Any] = {"seat": seat, "roll": state.rolls[seat]}
        match action:
            case Grab(dice):
                for die in dice:
                    herd = take(herd, die)
                stocks[seat] = pile(stocks[seat] + dice)
                event = Event("grab", {**move, "dice": dice_out(dice)})
            case Rustle(target):
                stocks[seat], stocks[target] = stocks[target], stocks[seat]
                worth = {"mine": total(stocks[seat]), "theirs": total(stocks[target])}
                event = Event("rustle", {**move, "target": target, **worth})
            case Swiss(colour):
                moved = tuple(d for d in stocks[seat] if d.colour == colour)
                stocks[seat] = tuple(d for d in stocks[seat] if d.colour != colour)
                swiss[seat] = pile(swiss[seat] + moved)
                safe = {"colour": colour, "dice": dice_out(moved), "safe": total(moved)}
                event = Event("swiss", {**move, **safe})
            case Switch(source, die):
                if source == "stock":
                    stocks[seat] = pile((*take(stocks[seat], die), stud))
                else:
                    herd = pile((*take(herd, die), stud))
                studs[seat], kept[seat] = die, False
                swap = {"source": source, "stud": die_out(stud), "die": die_out(die)}
                event = Event("switch", {**move, **swap, "gain": stud.face - die.face})
            case Raid(die):
                herd = take(herd, die)
                stocks[seat] = pile((*stocks[seat], die))
                event = Event("raid", {**move, "die": die_out(die)})
            case Pasture(die):
                herd = take(herd, die)
                stocks[seat] = pile((*stocks[seat], stud))
                studs[seat], kept[seat] = die, False
                event = Event("pasture", {**move, "stud": die_out(stud), "die": die_out(die)})
            case Pass():
                if menu(state, seat) == (Pass(),):
                    why = {"why": pass_reason(state, seat), "brand": state.brand(seat)}
                    # (told with the round when it opened with this seat's pass)
                    event = Event("forced_pass", {**move, **why}, state.pos < state.passes)
                else:
                    event = Event("pass", move)
            case _:
                raise TypeError(action)
        events = [event]
        state = replace(
            state,
            herd=herd,
            stocks=tuple(stocks),
            swiss=tuple(swiss),
            studs=tuple(studs),
            kept=tuple(kept),
        )
        if not state.herd:
            state = self._end(state, rng, events)
        elif state.pos + 1 < len(state.order):
            state = replace(state, pos=state.pos + 1)
            if state.pos >= state.passes:  # the passes that follow at once, told with the move
                end = passing(state, state.pos)
                then = [
                    [s, pass_reason(state, s), state.brand(s)] for s in state.order[state.pos : end]
                ]
                if then:
                    events[0] = Event(event.kind, {**event.data, "then": then}, event.minor)
                    state = replace(state, passes=end)
        else:
            state = self._open_round(state, rng)
            events.extend(self.opening_events(state))
        return Step(state, tuple(events))

    def _end(self, state: CattleState, rng: Rng, events: list[Event]) -> CattleState:
        """The herd is empty: kept 6s go to stock, every other stud is rolled once more."""
        stocks, fates = list(state.stocks), []
        finals: list[int | None] = []
        for seat, stud in enumerate(state.studs):
            if stud is None:  # the seat left the game
                finals.append(None)
                continue
            kept = state.rolls[seat] == 6 and state.kept[seat]
            if kept:
                finals.append(None)
            else:
                stud = Die(stud.colour, rng.roll(6))
                finals.append(stud.face)
            fates.append(
                Event("last_stud", {"seat": seat, "die": die_out(stud), "kept": kept}, True)
            )
            stocks[seat] = pile((*stocks[seat], stud))
        state = replace(
            state,
            stocks=tuple(stocks),
            studs=(None,) * len(stocks),
            final_rolls=tuple(finals),
        )
        outcome = self.outcome(state)
        assert outcome is not None
        hauls = [[s, state.score(s)] for s in state.active()]
        result = {"winners": list(outcome.winners), "best": outcome.data["best"], "hauls": hauls}
        events.extend([Event("herd_empty"), *fates, Event("result", result)])
        return state

    def _check(self, state: CattleState, seat: int, action: CattleAction) -> None:
        """Raise IllegalAction, saying what would be right, unless ``action`` is on the menu."""
        if action in menu(state, seat):
            return
        roll, brand = state.rolls[seat], state.brand(seat)
        hint = {"roll": roll, "brand": brand}
        kinds: dict[int, type | tuple[type, ...]] = {
            1: Grab,
            2: Grab,
            3: (Rustle, Swiss),
            4: Switch,
            5: Raid,
            6: Pasture,
        }
        kind = kinds[roll]
        if not isinstance(action, kind):
            raise IllegalAction("cattle.roll_allows", **hint)
        wanted: tuple[Die, ...] = ()
        if isinstance(action, Grab):
            if any(d.colour != brand for d in action.dice):
                raise IllegalAction("cattle.not_your_brand", **hint)
            if not 1 <= len(action.dice) <= roll:
                raise IllegalAction("cattle.roll_allows", **hint)
            wanted = action.dice
        elif isinstance(action, Raid | Pasture):
            wanted = (action.die,)
        elif isinstance(action, Switch):
            if action.die == state.studs[seat]:
                raise IllegalAction("cattle.same_stud", die=die_out(action.die))
            if action.source == "stock" and action.die not in state.stocks[seat]:
                raise IllegalAction("cattle.not_in_stock", die=die_out(action.die))
            wanted = (action.die,) if action.source == "herd" else ()
        elif isinstance(action, Swiss):
            raise IllegalAction("cattle.no_colour_to_swiss", colour=action.colour)
        elif isinstance(action, Rustle) and action.target == seat:
            raise IllegalAction("cattle.rustle_yourself")
        elif isinstance(action, Rustle) and action.target in state.out:
            raise IllegalAction("cattle.player_left", player=state.names[action.target])
        have = Counter(state.herd)
        for die, k in Counter(wanted).items():
            if have[die] < k:
                if not have[die]:
                    raise IllegalAction("cattle.not_in_herd", die=die_out(die))
                raise IllegalAction("cattle.too_few_in_herd", die=die_out(die), count=have[die])
        raise IllegalAction("cattle.roll_allows", **hint)

    def outcome(self, state: CattleState) -> Outcome | None:
        if not state.finished:
            return None
        scores = tuple(state.score(s) for s in range(len(state.names)))
        active = state.active()
        if state.herd:  # ended early: everyone else left
            return Outcome(winners=active, reason="last_player", scores=scores)
        best = max(scores[s] for s in active)
        return Outcome(
            winners=tuple(s for s in active if scores[s] == best),
            reason="haul",
            scores=scores,
            data={"best": best},
        )

    def resign(self, state: CattleState, seat: int, *, rng: Rng) -> Step[CattleState]:
        """The seat's stud, stock and Swiss stock go back to the herd and it no longer acts;
        with one player left, that player wins."""
        if state.finished:
            raise GameOver("rules.game_over")
        if not 0 <= seat < len(state.names) or seat in state.out:
            raise IllegalAction("cattle.not_playing")
        stud = state.studs[seat]
        returned = (*((stud,) if stud is not None else ()), *state.stocks[seat], *state.swiss[seat])
        studs, stocks, swiss, kept = (
            list(state.studs),
            list(state.stocks),
            list(state.swiss),
            list(state.kept),
        )
        studs[seat], stocks[seat], swiss[seat], kept[seat] = None, (), (), False
        at = state.order.index(seat)
        state = replace(
            state,
            herd=pile(state.herd + returned),
            studs=tuple(studs),
            stocks=tuple(stocks),
            swiss=tuple(swiss),
            kept=tuple(kept),
            order=tuple(s for s in state.order if s != seat),
            pos=state.pos - 1 if at < state.pos else state.pos,
            passes=state.passes - 1 if at < state.passes else state.passes,
            out=tuple(sorted({*state.out, seat})),
        )
        events = [Event("leave", {"seat": seat, "returned": len(returned)})]
        if state.finished:
            events.append(Event("last_player", {"seat": state.active()[0]}))
            return Step(replace(state, pos=0), tuple(events))
        if state.pos >= len(state.order):  # the last to act this round left: next round
            state = self._open_round(state, rng)
            events.extend(self.opening_events(state))
        return Step(state, tuple(events))

    def invariants(self, state: CattleState) -> list[str]:
        return problems(state)

    def status_line(self, state: CattleState) -> str:
        return status_words(state, self.outcome(state))

    # Notation ------------------------------------------------------------------------------

    def format_action(self, state: CattleState, action: CattleAction) -> str:
        return notation(state, action)

    def parse_action(self, state: CattleState, seat: int, text: str) -> CattleAction:
        """The canonical notation; failing that, the same move in a shipped language's words
        (``weź czerwoną 5``, read through ``typed_aliases``), which never changes what a
        canonical text means."""
        try:
            action = self._parse(state, text)
        except InvalidAction:
            translated = canonical_text(text)
            if translated is None:
                raise
            try:
                action = self._parse(state, translated)
            except InvalidAction:
                raise InvalidAction(
                    "cattle.unknown_move", text=text.strip()[:60], moves=list(self.notation)
                ) from None
        self.check_turn(state, seat)
        self._check(state, seat, action)
        return action

    def _parse(self, state: CattleState, text: str) -> CattleAction:
        words = text.strip().lower().replace(",", " ").replace("+", " ").split()
        if not words:
            raise InvalidAction("cattle.empty_move")
        verb, rest = VERBS.get(words[0], words[0]), [w for w in words[1:] if w != "and"]
        colours = COLOURS[: state.options.colours]
        if verb == "pass" and not rest:
            return Pass()
        if verb == "grab":
            dice = parse_dice(rest, colours)
            if len(dice) > 2:
                raise InvalidAction("cattle.grab_how_many")
            return Grab(tuple(sorted(dice, key=die_key)))
        if verb == "rustle":
            return Rustle(parse_player(state, " ".join(text.split()[1:])))
        if verb == "swiss" and len(rest) == 1:
            return Swiss(parse_colour(rest[0], colours))
        if verb == "switch" and rest and rest[0] in ("stock", "herd"):
            return Switch(rest[0], parse_die(rest[1:], colours, "switch stock red 1"))
        if verb in ("raid", "pasture"):
            die = parse_die(rest, colours, f"{verb} green 6")
            return Raid(die) if verb == "raid" else Pasture(die)
        raise InvalidAction(
            "cattle.unknown_move", text=text.strip()[:60], moves=list(self.notation)
        )

    # Storage -------------------------------------------------------------------------------

    def dump(self, state: CattleState) -> dict[str, Any]:
        return {"format": self.format_version, "game": self.key, **dump_state(state)}

    def load(self, data: Mapping[str, Any]) -> CattleState:
        self.check_version(data)
        return load_state(data, (self.min_players, self.max_players))


RULES = CattleRules()

__all__ = [
    "COLOURS",
    "LETTERS",
    "RULES",
    "CattleAction",
    "CattleOptions",
    "CattleRules",
    "CattleState",
    "Die",
    "Grab",
    "Pass",
    "Pasture",
    "Pile",
    "Raid",
    "Rustle",
    "Swiss",
    "Switch",
    "pile",
    "total",
]
