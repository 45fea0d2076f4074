"""Super Farmer's saved form: a JSON-safe dump and a checked load (edited dumps welcome)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.base import (
    InvalidOptions,
    InvalidState,
    Ruleset,
)
from games.farm.model import (
    ANIMALS,
    FOX_DIE,
    WOLF_DIE,
    Counts,
    FarmAction,
    FarmOptions,
    FarmState,
    PendingOffer,
    as_counts,
)


class FarmStorage(Ruleset[FarmState, FarmAction]):
    """``dump``/``load``, for the ruleset built on it."""

    def dump(self, state: FarmState) -> dict[str, Any]:
        def counts(c: Counts) -> dict[str, int]:
            return dict(zip(ANIMALS, c, strict=True))

        offer = state.offer
        return {
            "format": self.format_version,
            "game": self.key,
            "options": state.options.to_dict(),
            "stock": counts(state.stock),
            "players": [
                {"name": n, "herd": counts(h)}
                for n, h in zip(state.names, state.herds, strict=True)
            ],
            "turn": state.turn,
            "traded": state.traded,
            "offer": None
            if offer is None
            else {
                "by": offer.by,
                "to": offer.to,
                "give": counts(offer.give),
                "get": counts(offer.get),
            },
            "last_roll": list(state.last_roll) if state.last_roll else None,
            "last_roller": state.last_roller,
            "winners": list(state.winners),
            "rolls": state.rolls,
            "out": list(state.out),
        }

    def load(self, data: Mapping[str, Any]) -> FarmState:
        self.check_version(data)
        try:
            players = data["players"]
            if not isinstance(players, list) or not (
                self.min_players <= len(players) <= self.max_players
            ):
                raise InvalidState("farm.players", min=self.min_players, max=self.max_players)
            names = tuple(str(p["name"]) for p in players)
            herds = tuple(_counts(p.get("herd", {})) for p in players)
            stock = _counts(data["stock"])
            n = len(names)
            turn = _seat(data.get("turn", 0), n, "turn")
            out = tuple(sorted({_seat(s, n, "out") for s in data.get("out", ())}))
            winners = tuple(_seat(s, n, "winners") for s in data.get("winners", ()))
            if any(any(herds[s]) for s in out) or (turn in out and not winners):
                raise InvalidState("farm.left_keeps_nothing")
            offer_data = data.get("offer")
            offer = None
            if offer_data:
                offer = PendingOffer(
                    _seat(offer_data["by"], n, "offer.by"),
                    _seat(offer_data["to"], n, "offer.to"),
                    _counts(offer_data["give"]),
                    _counts(offer_data["get"]),
                )
                # an offer that could not be accepted would drive a herd negative
                if offer.by != turn or offer.to == offer.by:
                    raise InvalidState("farm.offer_not_on_turn")
                if offer.to in out:
                    raise InvalidState("farm.offer_to_left")
                if any(g > h for g, h in zip(offer.give, herds[offer.by], strict=True)) or any(
                    g > h for g, h in zip(offer.get, herds[offer.to], strict=True)
                ):
                    raise InvalidState("farm.offer_lacks")
            last = data.get("last_roll")
            if last is not None and (
                len(last) != 2 or last[0] not in FOX_DIE or last[1] not in WOLF_DIE
            ):
                raise InvalidState("farm.bad_roll", roll=repr(last))
            last_roller = data.get("last_roller")
            return FarmState(
                names=names,
                herds=herds,
                stock=stock,
                options=FarmOptions.parse(data.get("options")),
                turn=turn,
                traded=bool(data.get("traded", False)),
                offer=offer,
                last_roll=tuple(last) if last else None,
                last_roller=None if last_roller is None else _seat(last_roller, n, "last_roller"),
                winners=winners,
                rolls=int(data.get("rolls", 0)),
                out=out,
            )
        except InvalidOptions as err:
            raise InvalidState("farm.cannot_load", cause=err.code, cause_data=err.data) from err
        except (KeyError, TypeError, ValueError, AttributeError) as err:
            raise InvalidState("farm.cannot_load", detail=repr(err)) from err


def _counts(data: Mapping[str, Any]) -> Counts:
    unknown = set(data) - set(ANIMALS)
    if unknown:
        raise InvalidState("farm.unknown_animals", names=sorted(unknown))
    out = []
    for a in ANIMALS:
        n = data.get(a, 0)
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise InvalidState("farm.bad_count", animal=a, value=repr(n))
        out.append(n)
    return as_counts(out)


def _seat(value: Any, n: int, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < n:
        raise InvalidState("farm.bad_seat", what=what, value=repr(value))
    return value
