"""Super Farmer's notation: ``roll``, ``trade 6 rabbit for 1 sheep``, ``offer ... to bob``,
``accept``, ``decline``, ``withdraw`` (plurals and ``small dog``/``small_dog`` both accepted)."""

from __future__ import annotations

import re
from abc import abstractmethod

from games.base import (
    InvalidAction,
    Ruleset,
)
from games.farm import aliases
from games.farm.model import (
    ANIMAL_WORDS,
    ANIMALS,
    Accept,
    Counts,
    Decline,
    FarmAction,
    FarmState,
    Offer,
    Roll,
    Trade,
    Withdraw,
    as_counts,
    bundle_notation,
)

#: typed verbs: the notation's and their Polish aliases
_VERBS = aliases.with_plain(aliases.VERBS)
#: typed animals: the notation's words and the Polish ones, in every case
_ANIMAL_WORDS = {
    **aliases.with_plain(
        {word: ANIMALS.index(key) for key, forms in aliases.ANIMALS.items() for word in forms}
    ),
    **ANIMAL_WORDS,
}


class FarmNotation(Ruleset[FarmState, FarmAction]):
    """Formatting and parsing moves; the ruleset built on it checks legality."""

    @abstractmethod
    def _check(self, state: FarmState, seat: int, action: FarmAction) -> None:
        """Raise IllegalAction unless ``action`` is allowed for ``seat`` now."""

    def format_action(self, state: FarmState, action: FarmAction) -> str:
        match action:
            case Roll():
                return "roll"
            case Accept():
                return "accept"
            case Decline():
                return "decline"
            case Withdraw():
                return "withdraw"
            case Trade(give, get, anyway):
                text = f"trade {bundle_notation(give)} for {bundle_notation(get)}"
                return text + " anyway" if anyway else text
            case Offer(give, get, to):
                return (
                    f"offer {bundle_notation(give)} for {bundle_notation(get)} to {state.names[to]}"
                )
        raise TypeError(action)

    def parse_action(self, state: FarmState, seat: int, text: str) -> FarmAction:
        words = text.strip().lower().replace(",", " ").split()
        if not words:
            raise InvalidAction("farm.type_a_move")
        verb, rest = _VERBS.get(words[0], words[0]), words[1:]
        action: FarmAction
        simple: dict[str, FarmAction] = {
            "roll": Roll(),
            "accept": Accept(),
            "decline": Decline(),
            "withdraw": Withdraw(),
        }
        if verb in simple and not rest:
            action = simple[verb]
        elif verb == "trade":
            said = next((w for w in aliases.ANYWAY if tuple(rest[-len(w) :]) == w), ())
            give, get = self._parse_exchange(rest[: len(rest) - len(said)], "trade")
            action = Trade(give, get, bool(said))
        elif verb == "offer":
            if not any(w in aliases.TO for w in rest):
                raise InvalidAction("farm.offer_to")
            # a name may contain the word "to" itself: take the first "to" followed by a name
            cuts = [i for i, w in enumerate(rest) if w in aliases.TO]
            cut = next(
                (i for i in cuts if self._match_player(state, " ".join(rest[i + 1 :])) is not None),
                cuts[-1],
            )
            partner = self._parse_player(state, " ".join(rest[cut + 1 :]))
            give, get = self._parse_exchange(rest[:cut], "offer")
            action = Offer(give, get, partner)
        else:
            raise InvalidAction("farm.unknown_move", text=text.strip(), moves=list(self.notation))
        self.check_turn(state, seat)
        self._check(state, seat, action)
        return action

    def _parse_exchange(self, words: list[str], verb: str) -> tuple[Counts, Counts]:
        cut = next((i for i, w in enumerate(words) if w in aliases.FOR), None)
        if cut is None:
            raise InvalidAction("farm.give_and_get", verb=verb)
        return self._parse_bundle(words[:cut]), self._parse_bundle(words[cut + 1 :])

    def _parse_bundle(self, words: list[str]) -> Counts:
        counts = [0] * 7
        words = [w for w in words if w not in aliases.AND]
        i = 0
        if not words:
            raise InvalidAction("farm.name_animals")
        while i < len(words):
            if not re.fullmatch(r"\d{1,3}", words[i]):
                raise InvalidAction("farm.number_first", got=words[i])
            count = int(words[i])
            i += 1
            kind = None
            for width in (2, 1):
                key = " ".join(words[i : i + width])
                if i + width <= len(words) and key in _ANIMAL_WORDS:
                    kind, i = _ANIMAL_WORDS[key], i + width
                    break
            if kind is None:
                raise InvalidAction("farm.unknown_animal", got=words[i] if i < len(words) else None)
            if count == 0:
                raise InvalidAction("farm.zero")
            counts[kind] += count
        return as_counts(counts)

    @staticmethod
    def _match_player(state: FarmState, text: str) -> int | None:
        """The seat named by ``text``, compared as the move parser sees words (case, commas
        and runs of spaces ignored), so every formatted offer parses back; else a 1-based seat."""

        def words(name: str) -> str:
            return " ".join(name.lower().replace(",", " ").split())

        wanted = words(text).lstrip("@")
        for seat, name in enumerate(state.names):
            if words(name) == wanted:
                return seat
        if wanted.isdigit() and 1 <= int(wanted) <= len(state.names):
            return int(wanted) - 1
        return None

    @classmethod
    def _parse_player(cls, state: FarmState, text: str) -> int:
        seat = cls._match_player(state, text)
        if seat is not None:
            return seat
        raise InvalidAction("farm.no_player", text=text.strip(), players=list(state.names))
