"""The post-game report's message: each player's two figures (a computer's luck alone), the
biggest moments told as their boards told them, the chart attached with its alt text; worded
in the language it is made in."""

from __future__ import annotations

import json

import games
import words
from bot.model import Match, Seat
from bot.report_message import points, progress_text, report_message
from bot.store.rows import LoggedAction
from games.analysis import Decision, Luck, Moment, Report
from games.rng import SeededRng

RULES = games.get("farm")


def finished_match() -> tuple[Match, list[dict]]:
    state = RULES.new_game(["Ann", "Computer 1 (strong)"], {}, rng=SeededRng(3, 0))
    seat = RULES.to_act(state)[0]
    action = RULES.legal_actions(state, seat)[0]
    step = RULES.apply(state, seat, action, rng=SeededRng(3, 1))
    row = LoggedAction(
        ply=1,
        seat=seat,
        user_id=None,
        notation=RULES.format_action(state, action),
        events=json.dumps([e.to_dict() for e in step.events]),
    )
    seats = [Seat(0, 11, "Ann"), Seat(1, -1, "Computer 1 (strong)", computer="strong")]
    match = Match(
        id=7, game="farm", guild_id=1, channel_id=2, parent_id=None, status="finished",
        host_id=11, seed=3, ply=1, options={}, seats=seats, created_at=0.0, updated_at=0.0,
        state=step.state,
    )  # fmt: skip
    return match, [row]


def report(notation: str) -> Report:
    return Report(
        game="farm",
        names=("Ann", "Computer 1 (strong)"),
        curve=((0.5, 0.5), (0.25, 0.75), (0.0, 1.0)),
        decisions=(Decision(1, 0, notation, (0.5, 0.5), (0.25, 0.75), "trade x", 0.6),),
        chances=(Luck(2, 1, "roll", (0.25, 0.75), (0.0, 1.0)),),
        moments=(
            Moment(1, "decision", 0, -25.0, notation),
            Moment(2, "chance", 0, -25.0, "roll"),
        ),
        rollouts=64,
        cpu_seconds=1.234,
    )


def test_the_report_names_the_figures_and_the_moments_in_english_and_polish() -> None:
    match, rows = finished_match()
    made = report(rows[0].notation).to_dict()
    with words.use("en"):
        message = report_message(match, made, rows, (b"\x89PNG...", "Chance of winning..."))
        text = message["embed"].description
        assert "**Ann**: decisions −25.0, luck −25.0" in text
        assert "**Computer 1 (strong)** (a computer player): luck +25.0" in text
        assert "1. Move 1, Ann's decision: −25.0 points" in text
        assert "would have played `trade x`" in text
        assert "\n> Ann rolled" in text, "the move told as its board told it"
        assert "2. Move 2, luck: −25.0 points for Ann" in text
        assert message["embed"].image.url == "attachment://analysis-farm-7.png"
        (chart,) = message["attachments"]
        assert chart.description == "Chance of winning..."
        assert progress_text(match, 0.4).endswith("(40%)…")
    with words.use("pl"):
        polish = report_message(match, made, rows, None)
        text = polish["embed"].description
        assert "**Ann**: decyzje −25,0, szczęście −25,0" in text, "a Polish decimal comma"
        assert "1,2 s" in polish["embed"].footer.text
        assert "Najważniejsze chwile" in text and polish["attachments"] == []
        assert polish["embed"].title.startswith("Szczęście i decyzje")


def test_points_are_signed_to_one_decimal() -> None:
    assert [points(v) for v in (12.345, -0.04, 0.0)] == ["+12.3", "−0.0", "+0.0"]
    with words.use("pl"):
        assert [points(v) for v in (12.345, -1250.5)] == ["+12,3", "−1\xa0250,5"]
