"""What tournaments say: the sign-up message, a round's pairings, a table's call to play, the
standings (as text, and as the rows, header and alt text of their picture) and the winner.
Every text is a public one, worded in the tournament's language by the caller."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.league import Kind, League, Round, Standing
from bot.table import escape
from bot.tournaments.record import Tournament
from words import domain, join_and

_, ngettext, N_ = domain("bot").functions()


def title(t: Tournament) -> str:
    rules = t.rules
    return rules.narrator.text(rules.title)


def format_line(t: Tournament) -> str:
    if t.kind is Kind.ROUND_ROBIN:
        text = _("round-robin, up to {rounds} rounds").format(rounds=t.rounds)
    else:
        text = ngettext("Swiss, {rounds} round", "Swiss, {rounds} rounds", t.rounds).format(
            rounds=t.rounds
        )
    if t.table_size > 2:
        text += " · " + _("tables of {size}").format(size=t.table_size)
    return text


def signup_text(t: Tournament, names: Sequence[str], organiser: str) -> str:
    head = _("🏆 **{game} tournament #{id}** ({format}), run by {organiser}.").format(
        game=title(t), id=t.id, format=format_line(t), organiser=escape(organiser)
    )
    clock = "⏱️ " + t.clock.describe()
    players = _("Players ({count}/{limit}): {names}").format(
        count=len(names), limit=t.limit, names=", ".join(escape(n) for n in names) or "—"
    )
    if t.status == "signup":
        when = _("Press Join to play; the organiser starts it with Start.")
        if t.starts_at is not None:
            when += " " + _("It starts by itself <t:{at}:R>.").format(at=int(t.starts_at))
    elif t.status == "cancelled":
        when = _("Called off: too few players signed up.")
    else:
        when = _("Sign-up is closed; the tournament has begun.")
    return "\n".join((head, clock, players, when))


def round_text(t: Tournament, rnd: Round, names: Mapping[int, str]) -> str:
    lines = [
        _("🏆 **{game} tournament #{id}: round {round}**").format(
            game=title(t), id=t.id, round=rnd.number
        )
    ]
    for table in rnd.tables:
        players = join_and([f"<@{p}>" for p in table.seats])
        lines.append(_("Table {table}: {players}").format(table=table.number, players=players))
    for player in rnd.byes:
        lines.append(_("{player} has a bye (counted as a win).").format(player=f"<@{player}>"))
    return "\n".join(lines)


def table_call(t: Tournament, round_number: int, table: int, seats: Sequence[int]) -> str:
    return _(
        "🏆 {players}: your match of round {round}, table {table} of **{game} tournament "
        "#{id}** is here. ⏱️ {clock}"
    ).format(
        players=join_and([f"<@{p}>" for p in seats]),
        round=round_number,
        table=table,
        game=title(t),
        id=t.id,
        clock=t.clock.describe(),
    )


def tiebreak_name(t: Tournament) -> str:
    return _("Sonneborn-Berger") if t.kind is Kind.ROUND_ROBIN else _("Buchholz")


def header(t: Tournament) -> list[str]:
    points = _("Placement points") if t.table_size > 2 else _("Points")
    return ["#", _("Player"), points, tiebreak_name(t), _("Played")]


def figure(value: float) -> str:
    return f"{value:g}"


def rows(lines: Sequence[Standing], names: Mapping[int, str]) -> list[list[str]]:
    return [
        [
            str(s.place),
            names.get(s.player, str(s.player)) + (" ✗" if s.withdrawn else ""),
            figure(s.points),
            figure(s.tiebreak),
            str(s.played),
        ]
        for s in lines
    ]


def standings_title(t: Tournament, league: League, *, final: bool) -> str:
    if final:
        return _("{game} tournament #{id}: final standings").format(game=title(t), id=t.id)
    return _("{game} tournament #{id}: standings after round {round}").format(
        game=title(t), id=t.id, round=len(league.rounds)
    )


def standings_text(t: Tournament, league: League, names: Mapping[int, str], *, final: bool) -> str:
    lines = [f"**{standings_title(t, league, final=final)}**"]
    tiebreak = tiebreak_name(t)
    for s in league.standings():
        line = _("{place}. {name}: {points} points · {tiebreak} {score} · played {played}").format(
            place=s.place,
            name=escape(names.get(s.player, str(s.player))),
            points=figure(s.points),
            tiebreak=tiebreak,
            score=figure(s.tiebreak),
            played=s.played,
        )
        if s.withdrawn:
            line += " " + _("(withdrew)")
        lines.append(line)
    if final:
        winners = join_and([f"<@{p}>" for p in league.winners()])
        lines.append(
            ngettext(
                "🥇 {winners} wins the tournament!",
                "🥇 {winners} share first place!",
                len(league.winners()),
            ).format(winners=winners)
        )
    return "\n".join(lines)


def alt_text(t: Tournament, league: League, names: Mapping[int, str], *, final: bool) -> str:
    """The picture's description: its title and every line, plainly."""
    parts = [standings_title(t, league, final=final)]
    for s in league.standings():
        parts.append(
            _("{place}. {name}, {points} points").format(
                place=s.place, name=names.get(s.player, str(s.player)), points=figure(s.points)
            )
        )
    return "; ".join(parts)
