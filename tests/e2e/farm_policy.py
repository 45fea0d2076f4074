"""A simple greedy Super Farmer player, used to drive whole games through Discord."""

from __future__ import annotations

from typing import Any

from games.farm import NEEDED, VALUE, FarmState, Roll, Trade, worth


def choose(rules: Any, state: FarmState, seat: int) -> int:
    """Index into ``legal_actions``: the best stock trade towards a missing animal, else roll."""
    actions = rules.legal_actions(state, seat)
    herd = state.herds[seat]
    missing = [i for i in NEEDED if herd[i] == 0]
    best, best_score = None, 0
    for n, action in enumerate(actions):
        if not isinstance(action, Trade) or action.anyway:
            continue
        if sum(1 for n in action.give if n) > 1 or sum(1 for n in action.get if n) > 1:
            continue  # one kind for one kind: the games these drive stay as they were
        gets = [i for i in range(7) if action.get[i]]
        gives = [i for i in range(7) if action.give[i]]
        if not any(i in missing for i in gets):
            continue
        # never give away the last animal of a kind still needed
        if any(i in NEEDED and herd[i] - action.give[i] < 1 for i in gives):
            continue
        score = max(VALUE[i] for i in gets if i in missing) - worth(action.give) / 1000
        if score > best_score:
            best, best_score = n, score
    if best is not None:
        return best
    return next(n for n, a in enumerate(actions) if isinstance(a, Roll))
