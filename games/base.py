"""The rules contract every game implements.

A ruleset is a pure, deterministic state machine: states are immutable values, chance comes
only from the ``rng`` argument, and illegal input raises a ``GameError`` whose message can be
shown to a player as it is.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, Self, TypeVar

from games.rng import Rng

S = TypeVar("S")
A = TypeVar("A")


class GameError(Exception):
    """Root of every rules error: a ``code`` (``"farm.no_pair"``) and the fields its words
    need, worded by the game's narrator when shown (``refusal_words``), in the reader's locale.

    ``str(err)`` is its English wording. A code no narrator words (a message written before
    errors were data, or a text from outside the games) is shown as it is.
    """

    def __init__(self, code: str, /, **data: Any) -> None:
        super().__init__(code)
        self.code = code
        self.data = data

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild_error, (type(self), self.code, self.data))

    def __str__(self) -> str:
        import words

        with words.use(words.ENGLISH):
            return refusal_words(self)


def _rebuild_error(kind: type[GameError], code: str, data: dict[str, Any]) -> GameError:
    return kind(code, **data)


#: narrators' wording of errors, by the code's first part (``"farm"`` for ``"farm.no_pair"``)
_ERROR_WORDS: dict[str, Callable[[GameError], str]] = {}


def word_errors(prefix: str, words_of: Callable[[GameError], str]) -> None:
    """Let ``words_of`` word every error whose code starts with ``prefix.``."""
    _ERROR_WORDS[prefix] = words_of


def refusal_words(err: GameError) -> str:
    """``err`` worded in the active locale (its code as it is when no narrator words it)."""
    words_of = _ERROR_WORDS.get(err.code.split(".", 1)[0])
    return err.code if words_of is None else words_of(err)


class InvalidAction(GameError):
    """The text of a move does not parse."""


class IllegalAction(GameError):
    """The move parses but the rules do not allow it now."""


class NotYourTurn(GameError):
    """The seat may not act at the moment."""


class GameOver(GameError):
    """The game has finished; no more moves."""


class InvalidOptions(GameError):
    """An unknown option name or a value out of range."""


class InvalidState(GameError):
    """A dump that cannot be loaded."""


#: the kind of an event stored before events were data: its words, shown as they are
SAID = "said"


@dataclass(frozen=True)
class Event:
    """Something that happened during a move, as data: a ``kind`` (``"roll"``, ``"trade"``)
    and JSON-able fields (seats, dice, animals, squares, counts). The game's narrator words it
    (``Narrator.event``) in the reader's language; events are stored as data (``to_dict``).

    ``minor`` events are detail (each token's path, a wobble that changed nothing): the move's
    message leaves them out; ``/game history`` keeps them.
    """

    kind: str
    data: Mapping[str, Any] = field(default_factory=dict)
    minor: bool = False

    @classmethod
    def said(cls, text: str, *, minor: bool = False) -> Event:
        """An event known only by its words: a row stored before events were data, read
        back (``from_dict``, ``bot.model.stored_events``); nothing new is made this way."""
        return cls(SAID, {"text": text}, minor)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "data": dict(self.data)}
        if self.minor:
            out["minor"] = True
        return out

    @classmethod
    def from_dict(cls, stored: Mapping[str, Any]) -> Event:
        """An event as stored: data (``kind``, ``data``), or the words of an older row
        (``text``)."""
        minor = bool(stored.get("minor", False))
        if "kind" not in stored:
            return cls.said(str(stored.get("text", "")), minor=minor)
        return cls(str(stored["kind"]), dict(stored.get("data") or {}), minor)


@dataclass(frozen=True)
class Step(Generic[S]):
    """What ``apply`` returns: the new state and what happened, in order."""

    state: S
    events: tuple[Event, ...] = ()


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended. ``winners`` are seats; ties share the win. ``reason`` is
    machine-readable (``"herd"``, ``"stables"``, ``"forfeit"``), with the fields its words
    need in ``data``; the narrator words it (``Narrator.outcome``)."""

    winners: tuple[int, ...]
    reason: str
    scores: tuple[int, ...] | None = None
    data: Mapping[str, Any] = field(default_factory=dict, compare=False)


@dataclass(frozen=True)
class Choice:
    """How the generic action UI shows one legal action.

    ``group`` collects related actions into one select menu (``None``: a button of its own);
    ``note`` is a short explanation shown wherever the choice appears (e.g. a warning before
    confirming); ``rank`` orders choices by usefulness (higher first: captures, sixes, the trade
    that completes a set), ties keeping the ``legal_actions`` order.
    """

    label: str
    group: str | None = None
    note: str = ""
    primary: bool = False
    emoji: str | None = None
    rank: int = 0


#: the choices a board shows as buttons of their own, one tap each (beside the three every
#: board carries: "Type a move", "Text board", "Moves"); the rest go into menus. A game that
#: decides which of its choices are grouped (``Choice.group``) counts with it, and the board's
#: layout (``bot.ui.layout``) holds to it.
MOVE_BUTTONS = 7


def option(default: Any, help: str, *, design: bool = False, **limits: Any) -> Any:
    """A game option field: ``choices=(...)`` or ``min=``/``max=`` bound its values.

    ``design`` marks our own rulings (as opposed to the rules text): they are listed as such in
    the game's rules page and its ``rules`` command.
    """
    return field(default=default, metadata={"help": help, "design": design, **limits})


@dataclass(frozen=True)
class Options:
    """Base for a game's options: a frozen dataclass with ``option(...)`` fields."""

    @classmethod
    def specs(cls) -> list[OptionSpec]:
        return list(_specs(cls))

    @classmethod
    def parse(cls, values: Mapping[str, Any] | None) -> Self:
        """Build options from a mapping, refusing unknown names and out-of-range values."""
        if values is None:
            return cls()
        if isinstance(values, cls):
            return values
        specs = {s.name: s for s in cls.specs()}
        unknown = sorted(set(values) - set(specs))
        if unknown:
            raise InvalidOptions("rules.unknown_option", names=unknown, known=list(specs))
        clean = {name: specs[name].check(value) for name, value in values.items()}
        return cls(**clean)

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


_SPECS: dict[type[Options], tuple[OptionSpec, ...]] = {}


def _specs(cls: type[Options]) -> tuple[OptionSpec, ...]:
    """A game's option fields, worked out once per class (every stored match's options are
    parsed again when it is read)."""
    known = _SPECS.get(cls)
    if known is None:
        known = _SPECS[cls] = _read_specs(cls)
    return known


def _read_specs(cls: type[Options]) -> tuple[OptionSpec, ...]:
    hints = typing.get_type_hints(cls)
    out = []
    for f in dataclasses.fields(cls):
        kind = hints[f.name]
        # ``Optional[int]``'s class is private to ``typing``, so its stubs do not name it
        if isinstance(kind, types.UnionType | typing._UnionGenericAlias):  # type: ignore[attr-defined]
            raise TypeError(f"option {f.name} must have a plain type")
        out.append(
            OptionSpec(
                name=f.name,
                kind=kind,
                default=f.default,
                help=f.metadata.get("help", ""),
                design=f.metadata.get("design", False),
                choices=tuple(f.metadata.get("choices", ())),
                min=f.metadata.get("min"),
                max=f.metadata.get("max"),
            )
        )
    return tuple(out)


@dataclass(frozen=True)
class OptionSpec:
    name: str
    kind: type
    default: Any
    help: str
    design: bool = False
    choices: tuple[Any, ...] = ()
    min: int | None = None
    max: int | None = None

    def check(self, value: Any) -> Any:
        name = self.name
        if self.kind is bool:
            if isinstance(value, str) and value.lower() in {"true", "on", "yes", "1"}:
                return True
            if isinstance(value, str) and value.lower() in {"false", "off", "no", "0"}:
                return False
            if not isinstance(value, bool):
                raise InvalidOptions("rules.option_on_off", name=name)
            return value
        if self.kind is int:
            if isinstance(value, str) and value.strip().lstrip("-").isdigit():
                value = int(value)
            if isinstance(value, bool) or not isinstance(value, int):
                raise InvalidOptions("rules.option_number", name=name)
        elif self.kind is str:
            if not isinstance(value, str):
                raise InvalidOptions("rules.option_text", name=name)
            value = value.strip().lower()
        if self.choices and value not in self.choices:
            raise InvalidOptions(
                "rules.option_choice", name=name, choices=[str(c) for c in self.choices]
            )
        if self.min is not None and value < self.min:
            raise InvalidOptions("rules.option_min", name=name, min=self.min)
        if self.max is not None and value > self.max:
            raise InvalidOptions("rules.option_max", name=name, max=self.max)
        return value


class Narrator:
    """How a game is told. A game's narrator (``games/<game>/talk.py``) is, beside the bot's
    own texts, the only code that turns the game's data into words: its events, refusals,
    choices' labels and notes, its outcome and the texts of its picture, in the active locale
    (``words.use``), worded when asked. This base words nothing of its own."""

    #: the game's catalogue domain (``words.DOMAINS``)
    domain: ClassVar[str] = "bot"

    def event(self, event: Event, names: Sequence[str]) -> str:
        """One event in words (``names``: the players' names in seat order); an event stored
        before events were data keeps its words."""
        if event.kind == SAID:
            return str(event.data.get("text", ""))
        return self.tell(event, names)

    def tell(self, event: Event, names: Sequence[str]) -> str:
        """A game's own event kinds in words."""
        raise KeyError(f"no words for event {event.kind!r}")

    def lines(self, events: Sequence[Event], names: Sequence[str]) -> list[str]:
        """The events of one move as a message's lines: one each (``event``; an empty text
        is left out) unless the game joins events that belong together into one line."""
        return [text for text in (self.event(e, names) for e in events) if text]

    def refusal(self, error: GameError) -> str:
        """Why a move or an option was refused, in the active locale."""
        return refusal_words(error)

    def outcome(self, outcome: Outcome, names: Sequence[str]) -> str:
        """How the game ended, one short clause (a reason no narrator words is shown as it
        is)."""
        return outcome.reason

    def describe(self, state: Any, names: Sequence[str]) -> str:
        """The position in a sentence or two, for a picture's alt text (a screen reader reads
        it aloud instead of "image"): whose turn it is and what they can do, and each
        player's standing (herds; pieces per colour and any threatened Stable; tower heights
        and scores; studs and stocks; steers, fences and where each cowboy is). Short: the
        bot puts the game's title and the last move before it, all within Discord's 1,024
        characters. In the active locale."""
        raise NotImplementedError(f"{type(self).__name__} does not describe positions")

    def text_board(self, state: Any, names: Sequence[str], viewer: int | None) -> str:
        """The whole position as text a screen reader reads well, for the board's "Text
        board" button: Markdown headings, one line per player, no table art, no meaning
        carried by emoji alone, every number the picture shows; for grid games every piece
        listed by square, and the legal moves of the seat to act (``viewer``'s first, when
        it may act) in the notation, so a player can play from text alone. In the active
        locale, at most 4,000 characters (an embed's description)."""
        raise NotImplementedError(f"{type(self).__name__} has no text board")

    def text(self, message: str) -> str:
        """A text the game marked for its catalogue (``N_``: its title, summary, quick start,
        an option's help) in the active locale."""
        import words

        return words.domain(self.domain).gettext(message)


@dataclass(frozen=True)
class StandingOrder:
    """A move a player may ask to have played for them, at once, whenever it applies: off
    until the player turns it on (the bot keeps each player's orders, per game).

    ``name`` and ``help`` are texts the game marked for its catalogue (``N_``), worded by its
    narrator: ``name`` labels the order (a button, a command's choice), ``help`` says exactly
    when it plays. ``play(state, seat)`` is pure: the action to play for ``seat`` now, or None
    when the order does not apply (the player is asked as usual)."""

    key: str
    name: str
    help: str
    play: Callable[[Any, int], Any | None]


class Ruleset(ABC, Generic[S, A]):
    """A game: pure functions over immutable states. See ``docs/rules/<key>.md``."""

    key: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options_type: ClassVar[type[Options]] = Options
    #: one paragraph for the ``rules`` command; the full text is docs/rules/<key>.md
    summary: ClassVar[str] = ""
    #: the rules page's quick start (markdown, a line per paragraph or "- " item), shown first
    #: by the ``rules`` command
    quick_start: ClassVar[str] = ""
    #: the notation, one example per line, for the ``rules`` command and the move prompt
    notation: ClassVar[tuple[str, ...]] = ()
    #: dump format version; ``load`` refuses newer ones
    format_version: ClassVar[int] = 1
    #: the game's words (events, refusals, choices, outcome, picture texts)
    narrator: Narrator = Narrator()
    #: the groups of ``describe_action`` are pieces: the board offers the pieces, and a
    #: piece's moves open privately once it is chosen (choose a piece, then its target)
    piece_then_target: ClassVar[bool] = False
    #: the standing orders a player may give (``StandingOrder``), keys unique; none by default
    standing_orders: tuple[StandingOrder, ...] = ()

    @abstractmethod
    def new_game(
        self, players: Sequence[str], options: Mapping[str, Any] | None = None, *, rng: Rng
    ) -> S: ...

    @abstractmethod
    def to_act(self, state: S) -> tuple[int, ...]:
        """Seats that may act now, in the order they should be mentioned; () once finished."""

    @abstractmethod
    def legal_actions(self, state: S, seat: int) -> list[A]:
        """The menu of actions for ``seat``, in a deterministic order ([] if it may not act)."""

    @abstractmethod
    def apply(self, state: S, seat: int, action: A, *, rng: Rng) -> Step[S]: ...

    @abstractmethod
    def parse_action(self, state: S, seat: int, text: str) -> A:
        """Parse typed notation into an action that is legal now, or raise a GameError."""

    @abstractmethod
    def format_action(self, state: S, action: A) -> str: ...

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None: ...

    @abstractmethod
    def dump(self, state: S) -> dict[str, Any]: ...

    @abstractmethod
    def load(self, data: Mapping[str, Any]) -> S: ...

    @abstractmethod
    def players(self, state: S) -> tuple[str, ...]:
        """Player names in seat order."""

    @abstractmethod
    def options(self, state: S) -> Options: ...

    # Optional hooks with sensible defaults -------------------------------------------------

    def describe_action(self, state: S, seat: int, action: A) -> Choice:
        """How the action UI shows ``action``; override to group actions into menus."""
        return Choice(label=self.format_action(state, action))

    def advice(self, state: S, seat: int) -> str:
        """A warning true of every move the seat can make now, said once on the board instead
        of as a note on each move ("" when there is none)."""
        return ""

    def seat_extras(self, user_ids: Sequence[int]) -> dict[str, Any]:
        """Extra ``new_game`` keywords drawn from the players' accounts (ids in seat order).

        Discord ids grow with account creation time, so a game that breaks ties by age can
        read them here; most games need nothing.
        """
        return {}

    def seat_role(self, state: S, seat: int) -> str | None:
        """What ``seat`` is acting as now, when a name alone would not say (e.g. a colour)."""
        return None

    def opening_events(self, state: S) -> tuple[Event, ...]:
        """What players are told when the game starts (e.g. the first round's rolls)."""
        return ()

    def turn_key(self, state: S) -> Any:
        """Changes exactly when a new turn begins (the turn clock restarts), even when the
        same seat acts again (a new round); stays while a turn is several moves long."""
        return self.to_act(state)

    def default_action(self, state: S, seat: int) -> A:
        """What a seat does when its turn clock runs out (the least eventful legal action)."""
        actions = self.legal_actions(state, seat)
        if not actions:
            raise NotYourTurn("rules.nothing_to_do")
        return actions[0]

    def forced_action(self, state: S, seat: int) -> A | None:
        """The action to play at once for ``seat``, without asking: only when it is the seat's
        single legal action and the game declares such a move no decision worth a click (a lone
        pass, a forced placement). The match service applies it with its events, like any move;
        nobody is pinged or reminded for it. None: ask the player."""
        return None

    def standing_action(
        self, state: S, seat: int, keys: frozenset[str] | set[str]
    ) -> tuple[StandingOrder, A] | None:
        """The first of this game's standing orders among ``keys`` (those ``seat`` gave) that
        applies now, with its action; None when none does."""
        for order in self.standing_orders:
            if order.key in keys:
                action = order.play(state, seat)
                if action is not None:
                    return order, action
        return None

    def resign(self, state: S, seat: int, *, rng: Rng) -> Step[S]:
        """``seat`` leaves the game for good (a forfeit): its pieces leave as the rules
        suggest, ``to_act`` and ``legal_actions`` never offer it again, and the game goes on
        while two players remain, else it ends with ``outcome`` naming whoever is left."""
        raise IllegalAction("rules.no_leaving", game=self.key)

    def renamed(self, state: S, names: Sequence[str]) -> S:
        """``state`` with the players' names replaced (a forgotten player's stand-in): every
        game keeps them as its state's ``names``."""
        # every game's state is a frozen dataclass with ``names``, which ``S`` cannot say
        return dataclasses.replace(state, names=tuple(names))  # type: ignore[type-var]

    def invariants(self, state: S) -> list[str]:
        """Broken invariants of ``state`` (conserved pieces, no negative counts), for tests."""
        return []

    def status_line(self, state: S) -> str:
        """One plain line for status listings (whose turn, scores)."""
        acting = self.to_act(state)
        names = self.players(state)
        if not acting:
            return "finished"
        return "waiting on " + ", ".join(names[s] for s in acting)

    def check_turn(self, state: S, seat: int) -> None:
        """Raise ``GameOver`` or ``NotYourTurn`` unless ``seat`` may act."""
        if self.outcome(state) is not None:
            raise GameOver("rules.game_over")
        if seat not in self.to_act(state):
            names = self.players(state)
            raise NotYourTurn("rules.not_your_turn", waiting=[names[s] for s in self.to_act(state)])

    def check_version(self, data: Mapping[str, Any]) -> None:
        version = data.get("format", self.format_version)
        if not isinstance(version, int) or version > self.format_version:
            raise InvalidState("rules.unknown_format", game=self.key, version=repr(version))
