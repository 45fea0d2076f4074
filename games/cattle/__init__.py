"""Cattle Baron: roll your stud, grab, rustle and raid cattle dice; the biggest haul wins.

Rules: ``docs/rules/cattle.md``. The pieces and their storage are in ``games.cattle.model``, the
action menu and the notation parsing in ``games.cattle.menu``.
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
    describe,
    menu,
    parse_colour,
    parse_dice,
    parse_die,
    parse_player,
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
    dice_text,
    die_key,
    dump_state,
    join_names,
    load_state,
    pile,
    plural,
    problems,
    roll_order,
    take,
    total,
)
from games.cattle.talk import final_events, forced_pass, opening_events
from games.rng import Rng


class CattleRules(Ruleset[CattleState, CattleAction]):
    key = "cattle"
    title = "Cattle Baron"
    min_players = 2
    max_players = 8
    options_type = CattleOptions
    #: the quick start of docs/rules/cattle.md (kept equal by a test)
    quick_start = (
        "`/cattle new`, friends press **Join**, the host presses **Start** (2-8 players). "
        "Goal: the biggest haul when the herd is empty (the sum of the faces in your stock "
        "and Swiss stock). Each round every stud is rolled; players act once each, lowest "
        "roll first (equal rolls: the newer Discord account first). Your roll decides your "
        "one move: 1-2 take cows of your brand (your stud's colour), 3 shout THREE! and "
        "rustle a whole stock or swiss a colour safe, 4 switch your stud, 5 raid any cow, 6 "
        "put your stud in stock and take a new one. Press a button or pick from a menu (the "
        "most useful choices come first); `/cattle move raid red 6` types it. A roll that "
        "allows nothing passes by itself, saying why. Every die shows its letter and face, "
        "e.g. **R6** = red 6."
    )
    summary = (
        "Every die is a cow in the herd. Each round everyone rolls their stud and acts once, "
        "lowest roll first; on equal rolls the younger player (the newer Discord account) goes "
        "first. 1: take a cow of your brand (your stud's colour). 2: take one or two of your "
        "brand. 3: shout THREE! to warn the table, then rustle (swap your whole stock with "
        "another player's) or swiss (lock every cow of one colour in your stock away for ever). "
        "4: switch your stud with a cow in your stock or the herd. 5: raid any cow from the "
        "herd. 6: put your stud into stock and take a new one from the herd. You may always "
        "pass; a roll that allows nothing passes by itself. When the herd is empty the game "
        "ends; the highest total of faces in stock and Swiss stock wins."
    )
    notation = (
        "grab red 5",
        "grab red 5 red 3",
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
            raise IllegalAction(
                f"{self.title} needs {self.min_players}-{self.max_players} players."
            )
        if len({name.lower() for name in names}) != n:
            raise IllegalAction("Every player needs a different name.")
        opts = replace(opts, colours=colours_for(n, opts.colours))
        if opts.colours < n:
            raise InvalidOptions(f"Option colours must be at least the number of players ({n}).")
        try:
            if opts.ties == "seat" or seniority is None:
                # earlier seats count as younger, so they go first on equal rolls
                ages = tuple(range(n - 1, -1, -1)) if opts.ties == "seat" else tuple(range(n))
            else:
                ages = check_seniority(seniority, n)
        except InvalidState as err:
            raise IllegalAction(str(err)) from None
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
        return replace(
            state,
            studs=studs,
            rolls=rolls,
            order=roll_order(rolls, state.seniority, state.out),
            pos=0,
            kept=tuple(s is not None for s in studs),
            round=state.round + 1,
        )

    def seat_extras(self, user_ids: Sequence[int]) -> dict[str, Any]:
        """Ties go to the younger player: Discord ids grow with account creation time."""
        return {"seniority": list(user_ids)}

    def opening_events(self, state: CattleState) -> tuple[Event, ...]:
        """The round's announcements: every roll, the order and how ties went, any THREE!."""
        return opening_events(state)

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
        name = state.names[seat]
        herd, stocks, swiss = state.herd, list(state.stocks), list(state.swiss)
        studs, kept = list(state.studs), list(state.kept)
        stud = studs[seat]
        assert stud is not None
        match action:
            case Grab(dice):
                for die in dice:
                    herd = take(herd, die)
                stocks[seat] = pile(stocks[seat] + dice)
                text = f"{name} grabbed {dice_text(dice)} from the herd."
            case Rustle(target):
                stocks[seat], stocks[target] = stocks[target], stocks[seat]
                other = state.names[target]
                text = (
                    f"{name} rustled {other}: {name}'s stock is now worth {total(stocks[seat])}, "
                    f"{other}'s {total(stocks[target])}."
                )
            case Swiss(colour):
                moved = tuple(d for d in stocks[seat] if d.colour == colour)
                stocks[seat] = tuple(d for d in stocks[seat] if d.colour != colour)
                swiss[seat] = pile(swiss[seat] + moved)
                safe = total(moved)
                text = (
                    f"{name} swissed {plural(len(moved), 'die')} ({dice_text(moved)}): "
                    f"{safe} safe for ever."
                )
            case Switch(source, die):
                if source == "stock":
                    stocks[seat] = pile((*take(stocks[seat], die), stud))
                    where = f"stock ({stud.face - die.face:+d} to stock)"
                else:
                    herd = pile((*take(herd, die), stud))
                    where = "the herd"
                studs[seat], kept[seat] = die, False
                text = (
                    f"{name} switched stud {stud} with {die} from {where}; {die} is the new stud."
                )
            case Raid(die):
                herd = take(herd, die)
                stocks[seat] = pile((*stocks[seat], die))
                text = f"{name} raided {die} from the herd."
            case Pasture(die):
                herd = take(herd, die)
                stocks[seat] = pile((*stocks[seat], stud))
                studs[seat], kept[seat] = die, False
                text = f"{name} put stud {stud} out to pasture in stock and took {die} as new stud."
            case Pass():
                forced = menu(state, seat) == (Pass(),)
                text = forced_pass(state, seat) if forced else f"{name} passed."
            case _:
                raise TypeError(action)
        events = [Event.said(text)]
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
        else:
            state = self._open_round(state, rng)
            events.extend(self.opening_events(state))
        return Step(state, tuple(events))

    def _end(self, state: CattleState, rng: Rng, events: list[Event]) -> CattleState:
        """The herd is empty: kept 6s go to stock, every other stud is rolled once more."""
        stocks, finals, fates = list(state.stocks), [], []
        for seat, stud in enumerate(state.studs):
            if stud is None:  # the seat left the game
                finals.append(None)
                continue
            name = state.names[seat]
            if state.rolls[seat] == 6 and state.kept[seat]:
                finals.append(None)
                text = f"{name} rolled a 6 this round: stud {stud} goes into stock."
            else:
                stud = Die(stud.colour, rng.roll(6))
                finals.append(stud.face)
                text = f"{name} rolls the stud one last time: {stud}, into stock."
            fates.append(Event.said(text, minor=True))
            stocks[seat] = pile((*stocks[seat], stud))
        state = replace(
            state,
            stocks=tuple(stocks),
            studs=(None,) * len(stocks),
            final_rolls=tuple(finals),
        )
        outcome = self.outcome(state)
        assert outcome is not None
        events.extend(final_events(state, outcome.winners, fates))
        return state

    def _check(self, state: CattleState, seat: int, action: CattleAction) -> None:
        """Raise IllegalAction, saying what would be right, unless ``action`` is on the menu."""
        if action in menu(state, seat):
            return
        roll = state.rolls[seat]
        allowed = {
            1: f"grab one {state.brand(seat)} die from the herd",
            2: f"grab one or two {state.brand(seat)} dice from the herd",
            3: "rustle another player or swiss a colour from your stock",
            4: "switch your stud with a die in your stock or the herd",
            5: "raid any die from the herd",
            6: "put your stud into stock and take a new stud from the herd",
        }[roll]
        hint = f"You rolled {roll}: you may {allowed}, or pass."
        kind = {1: Grab, 2: Grab, 3: (Rustle, Swiss), 4: Switch, 5: Raid, 6: Pasture}[roll]
        if not isinstance(action, kind):
            raise IllegalAction(hint)
        brand = state.brand(seat)
        wanted: tuple[Die, ...] = ()
        if isinstance(action, Grab):
            if any(d.colour != brand for d in action.dice):
                raise IllegalAction(f"Your brand is {brand}. {hint}")
            if not 1 <= len(action.dice) <= roll:
                raise IllegalAction(hint)
            wanted = action.dice
        elif isinstance(action, Raid | Pasture):
            wanted = (action.die,)
        elif isinstance(action, Switch):
            if action.die == state.studs[seat]:
                raise IllegalAction(
                    f"Your stud is already {action.die}; that would change nothing."
                )
            if action.source == "stock" and action.die not in state.stocks[seat]:
                raise IllegalAction(f"You have no {action.die} in your stock.")
            wanted = (action.die,) if action.source == "herd" else ()
        elif isinstance(action, Swiss):
            raise IllegalAction(f"You have no {action.colour} dice in your stock to swiss.")
        elif isinstance(action, Rustle) and action.target == seat:
            raise IllegalAction("Rustle another player's stock, not your own.")
        elif isinstance(action, Rustle) and action.target in state.out:
            raise IllegalAction(f"{state.names[action.target]} has left the game.")
        have = Counter(state.herd)
        for die, k in Counter(wanted).items():
            if have[die] < k:
                raise IllegalAction(
                    f"The herd has no {die} to take."
                    if not have[die]
                    else f"The herd has only {have[die]} {die}."
                )
        raise IllegalAction(hint)

    def outcome(self, state: CattleState) -> Outcome | None:
        if not state.finished:
            return None
        scores = tuple(state.score(s) for s in range(len(state.names)))
        active = state.active()
        if state.herd:  # ended early: everyone else left
            return Outcome(winners=active, reason="the last player left", scores=scores)
        best = max(scores[s] for s in active)
        return Outcome(
            winners=tuple(s for s in active if scores[s] == best),
            reason=f"the biggest haul ({best})",
            scores=scores,
        )

    def resign(self, state: CattleState, seat: int, *, rng: Rng) -> Step[CattleState]:
        """The seat's stud, stock and Swiss stock go back to the herd and it no longer acts;
        with one player left, that player wins."""
        if state.finished:
            raise GameOver("The game is over.")
        if not 0 <= seat < len(state.names) or seat in state.out:
            raise IllegalAction("That player is not in the game.")
        name = state.names[seat]
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
            out=tuple(sorted({*state.out, seat})),
        )
        n = len(returned)
        go = "goes" if n == 1 else "go"
        events = [Event.said(f"{name} leaves the game; {plural(n, 'die')} {go} back to the herd.")]
        if state.finished:
            last = state.active()[0]
            events.append(Event.said(f"{state.names[last]} is the last player left and wins!"))
            return Step(replace(state, pos=0), tuple(events))
        if state.pos >= len(state.order):  # the last to act this round left: next round
            state = self._open_round(state, rng)
            events.extend(self.opening_events(state))
        return Step(state, tuple(events))

    def invariants(self, state: CattleState) -> list[str]:
        return problems(state)

    def status_line(self, state: CattleState) -> str:
        outcome = self.outcome(state)
        if outcome is not None:
            best = max(outcome.scores or (0,))
            return f"won by {join_names([state.names[s] for s in outcome.winners])} ({best})"
        seat = state.order[state.pos]
        return (
            f"round {state.round}: {state.names[seat]} to act (rolled {state.rolls[seat]}); "
            f"{len(state.herd)} dice in the herd"
        )

    # Notation ------------------------------------------------------------------------------

    def format_action(self, state: CattleState, action: CattleAction) -> str:
        match action:
            case Grab(dice):
                return "grab " + " ".join(str(d) for d in dice)
            case Rustle(target):
                return f"rustle {state.names[target]}"
            case Swiss(colour):
                return f"swiss {colour}"
            case Switch(source, die):
                return f"switch {source} {die}"
            case Raid(die):
                return f"raid {die}"
            case Pasture(die):
                return f"pasture {die}"
            case Pass():
                return "pass"
        raise TypeError(action)

    def parse_action(self, state: CattleState, seat: int, text: str) -> CattleAction:
        words = text.strip().lower().replace(",", " ").replace("+", " ").split()
        if not words:
            raise InvalidAction("Type a move, e.g. `raid green 6` or `pass`.")
        verb, rest = words[0], [w for w in words[1:] if w != "and"]
        colours = COLOURS[: state.options.colours]
        action: CattleAction
        if verb == "pass" and not rest:
            action = Pass()
        elif verb == "grab":
            dice = parse_dice(rest, colours)
            if len(dice) > 2:
                raise InvalidAction("Grab one or two dice: `grab red 5` or `grab red 5 red 3`.")
            action = Grab(tuple(sorted(dice, key=die_key)))
        elif verb == "rustle":
            action = Rustle(parse_player(state, " ".join(text.split()[1:])))
        elif verb == "swiss" and len(rest) == 1:
            action = Swiss(parse_colour(rest[0], colours))
        elif verb == "switch" and rest and rest[0] in ("stock", "herd"):
            action = Switch(rest[0], parse_die(rest[1:], colours, "switch stock red 1"))
        elif verb in ("raid", "pasture"):
            die = parse_die(rest, colours, f"{verb} green 6")
            action = Raid(die) if verb == "raid" else Pasture(die)
        else:
            raise InvalidAction(
                f"I don't know the move `{text.strip()[:60]}`. Moves: " + "; ".join(self.notation)
            )
        self.check_turn(state, seat)
        self._check(state, seat, action)
        return action

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
