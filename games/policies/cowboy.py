"""Super Cowboy Rope Steer Adventure computer players.

Both levels follow a plan: pick a rectangle of range to fence (the one needing fewest new
fences, closest by, holding steers already), walk its sides fencing one segment a turn, cut
wood when short, then ride to roaming steers and rope them into the field; rustle a
neighbour's steer when standing next to one. Choices that come up on the way go the player's
way (a reroll of a failed rustle, the Bag o' Bills before paying, the leader loses a turn,
Indians and twisters placed far from its field, steers near it).
Strong plans better: it counts the steers a rectangle would pen as it closes, goes rustling
from the leader when no steer roams, fights Indians that come near its field, and places the
tokens an event gives it against the leader (Indians and twisters near him, steers far).
"""

from __future__ import annotations

from collections import deque
from functools import lru_cache
from typing import Any

from games.cowboy.board import STEPS, board_for
from games.cowboy.fields import free_field_squares, herds, owner_map, steer_at, steer_squares
from games.cowboy.state import (
    BANDIT,
    WIN,
    Claim,
    Cut,
    Discard,
    End,
    Fence,
    Fight,
    Give,
    Keep,
    Pay,
    Place,
    Remove,
    Reroll,
    Ride,
    Rope,
    Rustle,
    Step,
    StepThen,
    Target,
    UseBills,
)
from games.cowboy.turn import bandit_zone, looked_ahead, ride_path
from games.policies.base import Policy
from games.rng import Rng

#: rectangles tried as fields: (width, height) in squares
SHAPES = ((2, 3), (3, 2), (3, 3), (2, 4), (4, 2), (2, 2))
#: how much an item is worth keeping (the lowest is discarded)
ITEM_VALUE = {"lariat": 3, "bills": 3, "axe": 2, "sixshooter": 2, "brander": 1}


def rect_edges(board: Any, x0: int, y0: int, w: int, h: int) -> list[int]:
    out = [board.hedge(i, y0) for i in range(x0, x0 + w)]
    out += [board.hedge(i, y0 + h) for i in range(x0, x0 + w)]
    out += [board.vedge(x0, j) for j in range(y0, y0 + h)]
    out += [board.vedge(x0 + w, j) for j in range(y0, y0 + h)]
    return out


@lru_cache(maxsize=8)
def rectangles(
    tiles: tuple[tuple[str, int], ...],
) -> list[tuple[frozenset[int], tuple[int, ...], tuple[tuple[int, int], ...]]]:
    """Every rectangle of a planned shape holding no homestead: its squares, its side edges
    and the corners and points along its sides (as grid coordinates)."""
    board = board_for(tiles)
    out = []
    for w, h in SHAPES:
        for y0 in range(board.size - h + 1):
            for x0 in range(board.size - w + 1):
                squares = frozenset(
                    board.sq(x, y) for y in range(y0, y0 + h) for x in range(x0, x0 + w)
                )
                if squares & board.homesteads:
                    continue
                edges = tuple(rect_edges(board, x0, y0, w, h))
                points = tuple(
                    dict.fromkeys(board.ij(p) for e in edges for p in board.edge_points(e))
                )
                out.append((squares, edges, points))
    return out


def bits(items: Any) -> int:
    """A set of squares or edges as one number, bit ``k`` set for item ``k``."""
    out = 0
    for k in items:
        out |= 1 << k
    return out


@lru_cache(maxsize=8)
def rectangle_bits(
    tiles: tuple[tuple[str, int], ...],
) -> list[tuple[int, int, tuple[tuple[int, int], ...], int]]:
    """``rectangles`` as bit sets: squares, side edges, the points along the sides and how
    many squares."""
    return [(bits(sq), bits(edges), pts, len(sq)) for sq, edges, pts in rectangles(tiles)]


@lru_cache(maxsize=8)
def wall_bits(tiles: tuple[tuple[str, int], ...]) -> int:
    """The edges that can never take a fence (streams, homestead sides), as a bit set."""
    return bits(board_for(tiles).walls)


def blocked_points(state: Any, seat: int) -> set[int]:
    """Intersections this cowboy may not step onto."""
    out = {p for s, p in enumerate(state.cowboys) if s != seat and s not in state.out}
    out |= bandit_zone(state)
    out |= {p for p, _ in state.pilgrims}
    return out


def distances(
    state: Any, seat: int, goals: set[int] | frozenset[int] = frozenset()
) -> dict[int, tuple[int, str]]:
    """Steps from the cowboy to every reachable intersection, with the first step's direction;
    given ``goals``, only as far as the nearest of them (every goal as near is found, and
    every intersection nearer)."""
    board = state.board
    blocked = blocked_points(state, seat)
    start = state.cowboys[seat]
    seen: dict[int, tuple[int, str]] = {start: (0, "")}
    queue = deque([start])
    names = tuple(STEPS)
    nearest = 0 if start in goals else None
    while queue:
        p = queue.popleft()
        d, first = seen[p]
        if nearest is not None and d >= nearest:
            break
        for name, q in zip(names, board.steps_from(p), strict=True):
            if q is None or q in seen or q in blocked:
                continue
            seen[q] = (d + 1, first or name)
            queue.append(q)
            if nearest is None and q in goals:
                nearest = d + 1
    return seen


def distances_to(board: Any, targets: set[int], blocked: set[int]) -> dict[int, int]:
    """Steps from every intersection to the nearest of ``targets``, around ``blocked``."""
    dist = {p: 0 for p in targets if p not in blocked}
    queue = deque(dist)
    while queue:
        p = queue.popleft()
        for q in board.steps_from(p):
            if q is not None and q not in dist and q not in blocked:
                dist[q] = dist[p] + 1
                queue.append(q)
    return dist


class Plan:
    """What the cowboy is after this turn: edges to fence and points to reach."""

    def __init__(self, edges: set[int], goals: set[int], rope: bool) -> None:
        self.edges = edges
        self.goals = goals
        self.rope = rope


class Easy(Policy):
    key = "cowboy"
    level = "easy"
    #: plan weights: a new fence needed, a step to the site, a steer penned when it closes
    FENCE_COST = 3.0
    WALK_COST = 1.0
    STEER_BONUS = 0.0
    HUNT_RUSTLE = False
    FIGHT_NEAR = 0
    #: how much a token's placement is weighed by the rivals' side (steers far from them,
    #: Indians and twisters near them)
    MEAN = 0.0

    def pick(self, state: Any, seat: int, actions: list[Any], rng: Rng) -> Any:
        if state.pending is not None:
            return self.answer(state, seat, actions)
        return self.turn(state, seat, actions)

    # The turn ------------------------------------------------------------------------------

    def turn(self, state: Any, seat: int, actions: list[Any]) -> Any:
        kinds = {type(a): a for a in actions}
        ropes = [a for a in actions if isinstance(a, Rope)]
        if ropes:
            return ropes[0]
        rustles = [a for a in actions if isinstance(a, Rustle)]
        if rustles:
            return rustles[0]
        plan = self.plan(state, seat)
        if Fence in kinds and state.moved in plan.edges:
            return kinds[Fence]
        fights = [a for a in actions if isinstance(a, Fight) and self.threatens(state, seat, a)]
        if fights:
            return fights[0]
        if Cut in kinds and state.fences_left[seat] < len(plan.edges) + 1 and not plan.rope:
            return kinds[Cut]
        step = self.step(state, seat, actions, plan)
        if isinstance(step, Step) and state.phase == "start":
            return self.step_then(state, seat, step.dir, actions)
        if step is not None:
            return step
        if Cut in kinds and state.fences_left[seat] < 10:
            return kinds[Cut]
        return kinds.get(End, actions[-1])

    def step_then(self, state: Any, seat: int, d: str, actions: list[Any]) -> Any:
        """A step from the start of the turn with what the cowboy does where it leads, as the
        move offered for both: the step and the end of the turn, or its fence, or the plain
        step when more is to be done there."""
        ahead = looked_ahead(state, seat, d)
        then = None if ahead is None else self.turn(ahead[0], seat, ahead[1])
        if isinstance(then, Fence) and StepThen(d, "fence") in actions:
            return StepThen(d, "fence")
        if isinstance(then, End) or Step(d) not in actions:
            return StepThen(d, "end")
        return Step(d)

    def step(self, state: Any, seat: int, actions: list[Any], plan: Plan) -> Any:
        """The step towards the plan: along an edge to fence, else nearer a goal (a plain step:
        ``turn`` says what follows it)."""
        steps = {a.dir: Step(a.dir) for a in actions if isinstance(a, Step | StepThen)}
        if not steps:
            return None
        board = state.board
        here = state.cowboys[seat]
        if state.phase == "start" and state.fences_left[seat] > 0:
            for d, a in steps.items():
                if board.walk_edge(here, *STEPS[d]) in plan.edges:
                    return a
        if not plan.goals or here in plan.goals:
            return None
        dist = distances(state, seat, plan.goals)
        reachable = [(dist[g][0], g) for g in plan.goals if g in dist]
        if not reachable:
            return None
        far, goal = min(reachable)
        rides = [a for a in actions if isinstance(a, Ride)]
        if far >= 2 and rides:
            return self.ride(state, seat, rides, plan) or steps.get(dist[goal][1])
        return steps.get(dist[goal][1])

    def ride(self, state: Any, seat: int, rides: list[Ride], plan: Plan) -> Ride | None:
        """The two-step ride that ends two steps nearer a goal (by the grid, around whoever
        blocks) and passes no goal or planned fence on the way; None if there is none."""
        board = state.board
        goals = plan.goals
        away = distances_to(board, goals, blocked_points(state, seat))
        here = away.get(state.cowboys[seat])
        best: tuple[int, Ride] | None = None
        for a in rides:
            path = ride_path(state, seat, a)
            first = board.walk_edge(state.cowboys[seat], *STEPS[a.first])
            if path is None or path[0] in goals or first in plan.edges:
                continue
            if path[1] in away and (best is None or away[path[1]] < best[0]):
                best = (away[path[1]], a)
        if best is None or (here is not None and best[0] > here - 2):
            return None
        return best[1]

    def threatens(self, state: Any, seat: int, fight: Fight) -> bool:
        if not self.FIGHT_NEAR:
            return False
        board = state.board
        mine = [s for f in state.fields if f.owner == seat for s in f.squares]
        fx, fy = board.xy(fight.square)
        return any(
            abs(board.xy(s)[0] - fx) + abs(board.xy(s)[1] - fy) <= self.FIGHT_NEAR for s in mine
        )

    # Planning ------------------------------------------------------------------------------

    def plan(self, state: Any, seat: int) -> Plan:
        board = state.board
        if free_field_squares(state, seat):
            goals = self.rope_goals(state, seat)
            if goals:
                return Plan(set(), goals, True)
        if state.fences_left[seat] == 0:
            return Plan(set(), self.tree_points(state), False)
        return self.field_plan(state, seat, board)

    def rope_goals(self, state: Any, seat: int) -> set[int]:
        """Points next to a roaming steer (or, for strong, a rival's steer to rustle)."""
        board = state.board
        owned = owner_map(state.fields)
        targets = [s for s in state.steers if s not in owned]
        if not targets and self.HUNT_RUSTLE:
            leader = max(
                (o for o in range(len(state.names)) if o != seat and o not in state.out),
                key=lambda o: herds(state)[o],
            )
            targets = [s for s in steer_squares(state) if owned.get(s) == leader]
        goals = set()
        for s in targets:
            x, y = board.xy(s)
            goals |= {board.pt(x + dx, y + dy) for dx in (0, 1) for dy in (0, 1)}
        return goals

    def tree_points(self, state: Any) -> set[int]:
        board = state.board
        goals = set()
        for s in board.trees:
            x, y = board.xy(s)
            goals |= {board.pt(x + dx, y + dy) for dx in (0, 1) for dy in (0, 1)}
        return goals

    def field_plan(self, state: Any, seat: int, board: Any) -> Plan:
        """The rectangle to fence: fewest new fences, closest, largest (and for a player that
        weighs them, holding steers). Rectangles and fences are compared as bit sets, and a
        rectangle whose fences alone cost more than the best so far is not walked to."""
        fenced = bits(e for e, _ in state.fences) | wall_bits(state.tiles)
        theirs = bits(s for s, o in owner_map(state.fields).items() if o != seat)
        here_i, here_j = board.ij(state.cowboys[seat])
        steers = bits(steer_squares(state))
        best: tuple[float, int] | None = None
        best_edges = 0
        budget = state.fences_left[seat]
        bound = self.STEER_BONUS <= 0 and self.WALK_COST >= 0
        for n, (squares, edges, points, size) in enumerate(rectangle_bits(state.tiles)):
            if theirs & squares:
                continue
            missing = edges & ~fenced
            fences = missing.bit_count()
            if not fences or fences > budget:
                continue
            if bound and best is not None and self.FENCE_COST * fences - 0.5 * size > best[0]:
                continue
            walk = min(abs(i - here_i) + abs(j - here_j) for i, j in points)
            inside = (squares & steers).bit_count()
            cost = (
                self.FENCE_COST * fences
                + self.WALK_COST * walk
                - self.STEER_BONUS * inside
                - 0.5 * size
            )
            if best is None or (cost, n) < best:
                best, best_edges = (cost, n), missing
        if best is None:
            return Plan(set(), self.tree_points(state), False)
        chosen = {e for e in rectangles(state.tiles)[best[1]][1] if best_edges >> e & 1}
        goals = {p for e in chosen for p in board.edge_points(e)}
        return Plan(chosen, goals, False)

    # Choices on the way --------------------------------------------------------------------

    def answer(self, state: Any, seat: int, actions: list[Any]) -> Any:
        p = state.pending
        board = state.board
        mine = [s for f in state.fields if f.owner == seat for s in f.squares]
        here = board.ij(state.cowboys[seat])

        def near_me(s: int) -> float:
            x, y = board.xy(s)
            spots = [board.xy(m) for m in mine] or [here]
            return min(abs(x - a) + abs(y - b) for a, b in spots)

        others = [o for o in range(len(state.names)) if o != seat and o not in state.out]
        leader = max(others, key=lambda o: herds(state)[o])
        rivals = [s for f in state.fields if f.owner == leader for s in f.squares]
        rivals.append(board.around(state.cowboys[leader])[0])

        def near_rivals(s: int) -> float:
            """How far ``s`` is from the leading rival's fields and cowboy."""
            x, y = board.xy(s)
            return min((abs(x - a) + abs(y - b) for a, b in map(board.xy, rivals)), default=0)

        def score(a: Any) -> float:
            match a:
                case Reroll() | UseBills():
                    return 1.0
                case Keep() | Pay():
                    return 0.0
                case Give(s):
                    return -s
                case Place(s) if p.kind == "place" and p.token == "steer":
                    return -near_me(s) + self.MEAN * near_rivals(s)
                case Place(s) if p.kind == "place":
                    return near_me(s) - self.MEAN * near_rivals(s)
                case Place(s):
                    return -s
                case Claim(s):
                    part = next((q for q in p.parts if s in q), ())
                    return len(part) + 10 * sum(1 for q in part if steer_at(state, q))
                case Discard(card):
                    return -ITEM_VALUE.get(card, 0)
                case Target(t):
                    return herds(state)[t] + 0.01 * (len(state.names) - t)
                case Remove(what):
                    if what == BANDIT:
                        return 100.0 - near_me(board.around(state.bandit)[0])
                    return 100.0 - near_me(what)
            return -1000.0

        best, best_score = 0, float("-inf")
        for i, a in enumerate(actions):
            s = score(a)
            if s > best_score:
                best, best_score = i, s
        return best


class Strong(Easy):
    level = "strong"
    STEER_BONUS = 6.0
    HUNT_RUSTLE = True
    FIGHT_NEAR = 2
    MEAN = 3.0
    #: turns further than this count as never (a token's placement)
    FAR = 5
    #: a roaming steer inside a rectangle counts this much less per fence still missing
    #: (it may wander off before the field closes); a printed steer counts in full
    DECAY = 0.5
    #: cost of a missing fence that cannot be built now (the Bandit or a cowboy stands at an
    #: end), and of each steer the field would lack room for
    BLOCKED_COST = 2.0
    SHORT_COST = 3.0

    def field_plan(self, state: Any, seat: int, board: Any) -> Plan:
        """The rectangle to fence: fewest new fences, closest, holding steers (printed ones in
        full, roaming ones less the more fences are missing), with room for the steers still
        needed; only fences whose line can be ridden now are goals."""
        fenced = {e for e, _ in state.fences} | board.walls
        owned = owner_map(state.fields)
        theirs = {s for s, o in owned.items() if o != seat}
        here = state.cowboys[seat]
        blocked = blocked_points(state, seat)
        steers = steer_squares(state)
        printed = {s for s in board.printed if s not in state.stolen}
        taken = steers | set(state.indians) | set(state.twisters)
        need = WIN - herds(state)[seat]
        room = len(free_field_squares(state, seat))
        budget = state.fences_left[seat]
        best: tuple[float, int] | None = None
        plan = Plan(set(), self.tree_points(state), False)
        for n, (squares, edges, _) in enumerate(rectangles(state.tiles)):
            if not theirs.isdisjoint(squares):
                continue
            missing = [e for e in edges if e not in fenced]
            if not missing or len(missing) > budget:
                continue
            starts = {e: rideable(board, e, here, blocked) for e in missing}
            goals = {p for s in starts.values() for p in s}
            if not goals:
                continue
            walk = min(manhattan(board, here, p) for p in goals)
            inside = sum(1 for s in squares if s in steers)
            sure = sum(1 for s in squares if s in printed)
            free = sum(1 for s in squares if s not in taken)
            short = max(0, need - inside - free - room)
            cost = (
                self.FENCE_COST * len(missing)
                + self.BLOCKED_COST * sum(1 for s in starts.values() if not s)
                + self.WALK_COST * walk
                - self.STEER_BONUS * (sure + (inside - sure) * self.DECAY ** (len(missing) - 1))
                - 0.5 * len(squares)
                + self.SHORT_COST * short
            )
            if best is None or (cost, n) < best:
                best = (cost, n)
                plan = Plan({e for e, s in starts.items() if s}, goals, False)
        return plan

    def answer(self, state: Any, seat: int, actions: list[Any]) -> Any:
        p = state.pending
        if p.kind != "place" or p.token not in ("steer", "indian", "twister"):
            return super().answer(state, seat, actions)
        others = [o for o in range(len(state.names)) if o != seat and o not in state.out]
        if p.token == "steer":
            score = self.steer_spot(state, seat, others)
        else:
            score = self.raider_spot(state, seat, others, p.token)
        best, best_score = 0, float("-inf")
        for i, a in enumerate(actions):
            s = score(a.square)
            if s > best_score:
                best, best_score = i, s
        return best

    def steer_spot(self, state: Any, seat: int, others: list[int]) -> Any:
        """A steer goes where this cowboy ropes it before any rival can: turns to reach it
        (rivals move first), counted only for cowboys with room in a field."""
        owned = owner_map(state.fields)
        board = state.board
        reach = {o: distances(state, o) for o in [seat, *others]}
        room = {o: bool(free_field_squares(state, o)) for o in [seat, *others]}

        def turns(o: int, s: int) -> float:
            if not room[o]:
                return self.FAR
            x, y = board.xy(s)
            d = min(
                (reach[o][q][0] for q in corners(board, x, y) if q in reach[o]),
                default=99,
            )
            return min(self.FAR, 1 + max(0, d - 1) / 2)

        def score(s: int) -> float:
            if s in owned:
                return 100.0 if owned[s] == seat else -100.0
            mine = turns(seat, s)
            theirs = min((turns(o, s) for o in others), default=self.FAR)
            return theirs - mine + (1.0 if mine < theirs else 0.0)

        return score

    def raider_spot(self, state: Any, seat: int, others: list[int], token: str) -> Any:
        """Indians (who eat steers) go near rivals' steers, twisters (who tear down fences)
        near rivals' fields; both far from this player's."""
        board = state.board
        steers = steer_squares(state)
        mine: list[int] = []
        theirs: list[int] = []
        for f in state.fields:
            squares = (
                [s for s in f.squares if s in steers] if token == "indian" else list(f.squares)
            )
            (mine if f.owner == seat else theirs if f.owner in others else []).extend(squares)

        def near(s: int, targets: list[int]) -> int:
            x, y = board.xy(s)
            return min((max(abs(x - a), abs(y - b)) for a, b in map(board.xy, targets)), default=8)

        return lambda s: min(near(s, mine), 8) - min(near(s, theirs), 8)


def manhattan(board: Any, p: int, q: int) -> int:
    (a, b), (c, d) = board.ij(p), board.ij(q)
    return abs(a - c) + abs(b - d)


def rideable(board: Any, e: int, here: int, blocked: set[int]) -> list[int]:
    """The ends of edge ``e`` a cowboy may ride it from: the other end must be free to step
    onto, and this end free to reach (or where he stands)."""
    a, b = board.edge_points(e)
    return [p for p, q in ((a, b), (b, a)) if q not in blocked and (p == here or p not in blocked)]


def corners(board: Any, x: int, y: int) -> list[int]:
    """The four intersections around square (x, y)."""
    return [board.pt(x + dx, y + dy) for dx in (0, 1) for dy in (0, 1)]
