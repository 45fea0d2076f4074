"""Turn-clock values: per-match settings, notification preferences and the arithmetic of when
reminders and deadlines fall due. Pure values (no Discord, no SQL), so tests need no clock.

A turn's clock starts when the seat to act changes (``turn_started_at``). Reminder ``n``
(1..3) is due ``n * reminder_hours`` later; the deadline ``deadline_hours`` later. A pause
stops the clock: on resume the turn's start moves on by the paused time.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from games.base import GameError, word_errors
from words import domain

_, ngettext, N_ = domain("bot").functions()

HOUR = 3600.0
DAY = 24 * HOUR
#: reminders per turn (the last one says what the deadline will do)
REMINDERS = 3
#: vacation: each player may pause a match for this long in total
PAUSE_ALLOWANCE = 7 * DAY
ON_DEADLINE = ("skip", "forfeit", "none")
#: what each consequence means, for settings listings and help texts
#: (marked texts: worded where shown)
CONSEQUENCES = {
    "skip": N_("the bot plays the easy computer player's move for the late player"),
    "forfeit": N_("the late player leaves the game; it goes on while two remain"),
    "none": N_("nothing happens automatically; players are told the deadline passed"),
}
MAX_REMINDER_HOURS = 168
MAX_DEADLINE_HOURS = 720
MAX_LOBBY_HOURS = 168


class SettingsError(GameError):
    """A clock setting out of range (codes ``clock.*``); its words say what is allowed."""


def _clock_words(err: GameError) -> str:
    code, data = err.code, err.data
    if code == "clock.reminders":
        return _("Reminders come every 1-{most} hours (0: none).").format(**data)
    if code == "clock.deadline":
        return _("A deadline is 1-{most} hours (0: none).").format(**data)
    if code == "clock.on_deadline":
        return _("At the deadline: skip, forfeit or none.")
    if code == "clock.lobby":
        return _("A lobby stays open 1-{most} hours.").format(**data)
    if code == "clock.quiet_format":
        return _("Give quiet hours as a UTC range like `22-07` (22:00 to 07:00 UTC), or `off`.")
    if code == "clock.quiet_range":
        return _("Quiet hours run from one hour (0-23) to a different one, e.g. `22-07`.")
    return code


word_errors("clock", _clock_words)


@dataclass(frozen=True)
class ClockSettings:
    """How a match's turn clock runs: ``reminder_hours`` 0 and ``deadline_hours`` None are off."""

    reminder_hours: int = 24
    deadline_hours: int | None = 72
    on_deadline: str = "skip"
    lobby_hours: int = 24

    def __post_init__(self) -> None:
        if not 0 <= self.reminder_hours <= MAX_REMINDER_HOURS:
            raise SettingsError("clock.reminders", most=MAX_REMINDER_HOURS)
        if self.deadline_hours is not None and not 1 <= self.deadline_hours <= MAX_DEADLINE_HOURS:
            raise SettingsError("clock.deadline", most=MAX_DEADLINE_HOURS)
        if self.on_deadline not in ON_DEADLINE:
            raise SettingsError("clock.on_deadline")
        if not 1 <= self.lobby_hours <= MAX_LOBBY_HOURS:
            raise SettingsError("clock.lobby", most=MAX_LOBBY_HOURS)

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any]) -> ClockSettings:
        """Stored guild defaults (unknown keys ignored; 0 hours of deadline is off)."""
        return cls().with_changes(**{k: v for k, v in data.items() if k in _FIELDS})

    def with_changes(self, **changes: Any) -> ClockSettings:
        """These settings with the given values (``None`` keeps a value; deadline 0 is off)."""
        values = {k: v for k, v in changes.items() if v is not None}
        if values.get("deadline_hours") == 0:
            values["deadline_hours"] = None
        return replace(self, **values) if values else self

    def to_mapping(self) -> dict[str, Any]:
        return {
            "reminder_hours": self.reminder_hours,
            "deadline_hours": self.deadline_hours or 0,
            "on_deadline": self.on_deadline,
            "lobby_hours": self.lobby_hours,
        }

    def describe(self) -> str:
        """One line for boards and lobbies: 'Reminders every 24 h · deadline 72 h: skip'."""
        if not self.deadline_hours:
            if not self.reminder_hours:
                return _("No reminders · no deadline")
            return _("Reminders every {hours} h · no deadline").format(hours=self.reminder_hours)
        consequence = on_deadline_name(self.on_deadline)
        if not self.reminder_hours:
            return _("No reminders · deadline {deadline} h: {consequence}").format(
                deadline=self.deadline_hours, consequence=consequence
            )
        return _("Reminders every {hours} h · deadline {deadline} h: {consequence}").format(
            hours=self.reminder_hours, deadline=self.deadline_hours, consequence=consequence
        )


def on_deadline_name(value: str) -> str:
    """A deadline consequence's name as players read it (the option's value is the same word
    in English)."""
    pgettext = domain("bot").pgettext
    if value == "skip":
        return pgettext("deadline consequence", "skip")
    if value == "forfeit":
        return pgettext("deadline consequence", "forfeit")
    return pgettext("deadline consequence", "none")


_FIELDS = ("reminder_hours", "deadline_hours", "on_deadline", "lobby_hours")


def reminder_due(turn_started_at: float, settings: ClockSettings, n: int) -> float | None:
    """When reminder ``n`` (1-based) of a turn falls due, or None without reminders."""
    if not settings.reminder_hours or not 1 <= n <= REMINDERS:
        return None
    return turn_started_at + n * settings.reminder_hours * HOUR


def reminders_due(turn_started_at: float, settings: ClockSettings, now: float) -> int:
    """How many of the turn's reminders have fallen due by ``now`` (0..3)."""
    if not settings.reminder_hours or now < turn_started_at:
        return 0
    return min(REMINDERS, int((now - turn_started_at) // (settings.reminder_hours * HOUR)))


def deadline_due(turn_started_at: float, settings: ClockSettings) -> float | None:
    if not settings.deadline_hours:
        return None
    return turn_started_at + settings.deadline_hours * HOUR


def resumed_turn_start(turn_started_at: float, paused_at: float, resumed_at: float) -> float:
    """The turn's start after a pause: only time before the pause (or since a turn that began
    during it) has run on the clock."""
    stopped_from = max(paused_at, turn_started_at)
    return turn_started_at + max(0.0, resumed_at - stopped_from)


# Notification preferences ----------------------------------------------------------------------


@dataclass(frozen=True)
class NotifyPrefs:
    """A user's choices: a DM as well as the channel mention; quiet hours (UTC) when reminders
    wait. ``quiet`` is (from hour, to hour), e.g. (22, 7) for 22:00-07:00 UTC."""

    dm: bool = False
    quiet: tuple[int, int] | None = None

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any]) -> NotifyPrefs:
        quiet = data.get("quiet")
        return cls(
            dm=bool(data.get("dm", False)),
            quiet=None if not quiet else (int(quiet[0]) % 24, int(quiet[1]) % 24),
        )

    def to_mapping(self) -> dict[str, Any]:
        return {"dm": self.dm, "quiet": list(self.quiet) if self.quiet else None}

    def is_quiet(self, at: float) -> bool:
        if self.quiet is None:
            return False
        start, end = self.quiet
        hour = int(at // HOUR) % 24
        return start <= hour < end if start < end else hour >= start or hour < end

    def quiet_until(self, at: float) -> float:
        """When the quiet hours around ``at`` end (``at`` itself outside them)."""
        if not self.is_quiet(at):
            return at
        assert self.quiet is not None
        end = self.quiet[1]
        top = (at // HOUR) * HOUR
        hours = (end - int(at // HOUR) % 24) % 24 or 24
        return top + hours * HOUR

    def describe(self) -> str:
        if self.quiet is None:
            if self.dm:
                return _("a DM as well as the channel mention; no quiet hours")
            return _("a mention in the match channel; no quiet hours")
        hours = {"start": f"{self.quiet[0]:02d}", "end": f"{self.quiet[1]:02d}"}
        if self.dm:
            return _(
                "a DM as well as the channel mention; quiet hours {start}:00-{end}:00 UTC"
            ).format(**hours)
        return _("a mention in the match channel; quiet hours {start}:00-{end}:00 UTC").format(
            **hours
        )


#: ASCII digits only (``\d`` alone would take other scripts' digits, which ``int`` reads)
_QUIET = re.compile(
    r"\s*(\d{1,2})(?::00)?\s*(?:-|–|to)\s*(\d{1,2})(?::00)?\s*(?:utc)?\s*", re.I | re.ASCII
)


def parse_quiet(text: str) -> tuple[int, int] | None:
    """'22-07', '22:00-07:00', '22 to 7' -> (22, 7); 'off' or 'none' -> None."""
    if text.strip().lower() in ("off", "none", "no", ""):
        return None
    found = _QUIET.fullmatch(text)
    if not found:
        raise SettingsError("clock.quiet_format")
    start, end = int(found[1]), int(found[2])
    if not (0 <= start <= 23 and 0 <= end <= 24) or start == end % 24:
        raise SettingsError("clock.quiet_range")
    return start, end % 24


def hours_text(seconds: float) -> str:
    """A waiting time in words a player reads at a glance: '50 min', '72 h', '5 days'."""
    if seconds < HOUR:
        return _("{count} min").format(count=max(1, round(seconds / 60)))
    if seconds < 4 * DAY:
        return _("{count} h").format(count=round(seconds / HOUR))
    whole, tenths = divmod(round(seconds / DAY * 10), 10)
    if tenths:
        # (a fraction of a day: one form in every language we know)
        return _("{whole}.{tenths} days").format(whole=whole, tenths=tenths)
    return ngettext("{count} day", "{count} days", whole).format(count=whole)


def next_check(
    status: str,
    *,
    created_at: float,
    lobby_hours: int,
    turn_started_at: float | None,
    settings: ClockSettings,
    paused_until: float | None = None,
    reminders_sent: int = 0,
    deadline_done: bool = False,
) -> float | None:
    """When the turn clock must next look at a match (None: never again, as things stand).

    A lobby closes ``lobby_hours`` after it opened; a paused match resumes at ``paused_until``;
    a running turn has its next reminder or its deadline. The clock stores this with the match
    so that finding due work reads an index instead of every live match."""
    if status == "lobby":
        return created_at + lobby_hours * HOUR
    if status != "active" or turn_started_at is None:
        return None
    if paused_until is not None:
        return paused_until
    times = []
    reminder = reminder_due(turn_started_at, settings, reminders_sent + 1)
    if reminder is not None:
        times.append(reminder)
    deadline = deadline_due(turn_started_at, settings)
    if deadline is not None and not deadline_done:
        times.append(deadline)
    return min(times) if times else None
