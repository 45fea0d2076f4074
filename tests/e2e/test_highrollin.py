"""High Rollin' end to end: the real bot, the real discord.py client, the Discord emulator.

The tests read what players see (the board message's text, buttons and menus) and decide their
moves from the match state, as a player reads the picture.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import games
from fakediscord import FakeDiscord
from games.highrollin import Again, HighRollinState, Lift, Place, Rest, Roll, Stop, suggest
from games.highrollin.model import (
    COLOURS,
    knock_chance,
    roll_choices,
    topple_chance,
)
from games.rng import SeededRng
from ranchtest.harness import (
    FINAL_BUTTONS,
    BotRunner,
    assert_played,
    board,
    boards,
    check_turn_board,
    expect_board,
    open_match,
    running,
)
from tests.conftest import World

RULES = games.get("highrollin")
#: with this seed the policy below wins a two-player game in 50 moves over several rounds, and on
#: the way meets every kind of fall (a topple, a knocked tower, a slipped penalty stack), a
#: penalty with a choice of towers, rolling again, stopping and a pile with one roll left
WHOLE_GAME_SEED = 261
AGAIN_LABEL = re.compile(r"Roll the (?:1 die|\d+ dice) again \(\d+% fit\)")
STOP_LABEL = "Stop (no score; dice back to your pile)"


# A simple player ---------------------------------------------------------------------------


def choose(state: HighRollinState, seat: int) -> int:
    """Index into ``legal_actions``: roll the colours held most, stack the highest face offered
    alone where it wobbles least (else the rest as suggested), roll again while a roll cannot
    knock a tower, and stop otherwise."""
    actions = RULES.legal_actions(state, seat)
    indexes = range(len(actions))
    match state.phase:
        case "roll":
            pile = state.piles[seat]

            def spread(i: int) -> tuple[int, int]:
                left = [p - n for p, n in zip(pile, actions[i].counts, strict=True)]
                return (-min(left), i)

            return min(indexes, key=spread)
        case "place":

            def value(i: int) -> tuple[int, float, int]:
                if isinstance(actions[i], Rest):
                    return (0, 0.0, i)
                die, tower = actions[i].die, actions[i].tower
                height = len(state.towers[tower]) + 1
                return (-state.hand[die].face, topple_chance(height), i)

            return min(indexes, key=value)
        case "decide":
            tallest = max(len(t) for t in state.towers)
            wanted = Again if knock_chance(tallest) == 0 else Stop
            return next(i for i in indexes if isinstance(actions[i], wanted))
    return 0


# What players see --------------------------------------------------------------------------


def action_labels(message: Any) -> list[str]:
    """Every move offered on a board, by its label: buttons and menu options alike."""
    labels = [b.label for b in message.buttons() if (b.custom_id or "").startswith("rh:a:")]
    for select in message.selects():
        if select.custom_id.startswith("rh:s:"):
            labels.extend(o.label for o in select.options)
    return labels


def placement_label(state: HighRollinState, place: Place) -> str:
    die = state.hand[place.die]
    return f"Stack {COLOURS[die.colour]} {die.face} on tower {place.tower + 1}"


def check_menu(message: Any, state: HighRollinState, seat: int) -> None:
    """The board offers exactly the moves the rules allow now, each shown the right way."""
    buttons = [b for b in message.buttons() if (b.custom_id or "").startswith("rh:a:")]
    selects = [s for s in message.selects() if s.custom_id.startswith("rh:s:")]
    labels = action_labels(message)
    assert all(b.custom_id.split(":")[4] == str(seat) for b in buttons), "buttons for the mover"
    decide = [x for x in labels if AGAIN_LABEL.fullmatch(x) or x == STOP_LABEL]
    if state.phase == "decide":
        again = f"Roll the {_dice(len(state.hand))} again ("
        assert len(labels) == 2 and STOP_LABEL in labels
        assert any(x.startswith(again) and AGAIN_LABEL.fullmatch(x) for x in labels), labels
        assert not selects
    else:
        assert not decide, f"Roll again / Stop offered while not allowed: {labels}"
    assert len(message.buttons()) <= 10, "at most ten buttons a board"
    if state.phase == "place":
        # the rest as suggested first; each die it leaves in hand on its best tower (a lone
        # placement plays by itself)
        steps, n = suggest.plan(state), len(state.hand)
        assert labels[0] == f"Stack the {_dice(len(steps))} as suggested" and not selects
        assert "▸" not in message.content  # no notes: the picture shows the plan
        assert len(labels) == 1 if len(steps) == n else len(labels) <= 1 + n
        for label in labels[1:]:
            assert re.fullmatch(r"Stack [a-z]+ \d on tower \d( \(.*% it topples\))?", label)
    elif state.phase == "roll":
        choices = roll_choices(state.piles[seat])
        if len(choices) > 1:
            # a few buttons, the suggested roll first: "Suggested: 2 red + 3 blue", "5 green"
            assert buttons and not selects and len(buttons) <= 6
            assert "suggested" in buttons[0].label
            mix = r"Roll \d (red|blue|green|yellow)( \+ \d [a-z]+)* \((suggested, |even pile, )?"
            for label in labels:
                assert re.fullmatch(mix + r"\d+% fit\)", label), label
        else:
            assert len(buttons) == 1 and not selects
            assert buttons[0].label.startswith(f"Roll your {_dice(sum(choices[0]))}")
    elif state.phase == "lift":
        assert not selects
        assert sorted(labels) == sorted(
            f"Lift {_dice(min(state.penalty or 0, len(state.towers[t]) - 1))} off tower {t + 1}"
            for t in state.tallest()
        )


def check_story(content: str, before: HighRollinState, after: HighRollinState, action: Any) -> None:
    """What happened is told, without the chances behind it; every score is told."""
    names = before.names
    assert "chance" not in content and "drew" not in content, content
    assert "wobbled but stood" not in content and "but it stood" not in content  # history only
    if isinstance(action, Place):
        die = before.hand[action.die]
        # the fifth die is told by the score line ("stacked all five dice"); the rest by name
        told = f"stacked {COLOURS[die.colour]} {die.face} on tower {action.tower + 1}"
        assert told in content or "stacked all five dice" in content
    if isinstance(action, Rest):
        # told in one line: each die and its tower, or the five-dice score, or the fall
        steps = suggest.plan(before)
        die, tower = steps[0]
        told = f"{names[before.turn]} stacked {COLOURS[die.colour]} {die.face} on {tower + 1}"
        whole = f"{names[before.turn]} stacked all five dice and scores"
        assert told in content or whole in content or after.fall is not None, content
    if isinstance(action, Roll | Again):
        knocked = f"{names[before.turn]}'s roll knocked over"
        assert f"{names[before.turn]} rolled " in content or knocked in content
    if "a penalty of" in content:
        assert "None of" in content and "can be stacked" in content
    if isinstance(action, Lift) or ("a penalty of" in content and "lifted" in content):
        assert re.search(r"lifted (\d+) (?:die|dice) off tower", content), content
    if after.fall is not None:
        fall = after.fall
        told = {"topple": "toppled", "knock": "knocked over", "drop": "slipped"}[fall.kind]
        assert told in content
        assert "for the fallen dice: " in content
    for seat, (old, new) in enumerate(zip(before.scores, after.scores, strict=True)):
        if new != old and after.game == before.game:
            told = (
                f"{names[seat]} {new}" in content
                or ("went out" in content and f"(score {new})" in content)
                or (f"{names[seat]} stacked all five" in content and f"(now {new})" in content)
            )
            assert told, (names[seat], new, content)
    if after.round != before.round and not after.winners:
        bases = ", ".join(f"{COLOURS[t[0].colour]} {t[0].face}" for t in after.towers)
        assert f"Round {after.round}: the towers start on {bases}." in content


def _dice(n: int) -> str:
    return "1 die" if n == 1 else f"{n} dice"


# Driving the game ---------------------------------------------------------------------------


async def pick(
    fake: FakeDiscord, channel: Any, message: Any, user: Any, seat: int, index: int
) -> Any:
    """Press the button or choose the menu entry for move ``index``, as a player would."""
    for button in message.buttons():
        parts = (button.custom_id or "").split(":")
        if parts[:2] == ["rh", "a"] and parts[4:] == [str(seat), str(index)]:
            return await expect_board(
                fake, channel, fake.click(user, message, custom_id=button.custom_id)
            )
    for select in message.selects():
        if select.custom_id.startswith("rh:s:") and any(
            o.value == str(index) for o in select.options
        ):
            choose_it = fake.select(user, message, [str(index)], custom_id=select.custom_id)
            return await expect_board(fake, channel, choose_it)
    raise AssertionError(f"move {index} is on no button or menu of the board")


async def test_whole_two_player_game_through_discord(
    fake: FakeDiscord, world: World, database: Path
) -> None:
    async with running(fake, database, seed=WHOLE_GAME_SEED) as runner:
        first = await open_match(fake, "highrollin", world.channel, world.alice, world.bob)
        match = await runner.match_in(world.channel.id)
        state: HighRollinState = match.state
        seat_user = {0: world.alice, 1: world.bob}
        # the start is told in words: the tower bases, everyone's roll-off die, who starts
        bases = ", ".join(f"{COLOURS[t[0].colour]} {t[0].face}" for t in state.towers)
        assert f"Round 1: the towers start on {bases}." in first.content
        throw = state.rolloff[0]
        assert f"Roll for first player: alice {throw[0]}, bob {throw[1]};" in first.content
        assert f"{state.names[state.turn]} rolled lowest and starts." in first.content
        assert seat_user[state.turn].mention in first.content
        assert first.attachments[0].content_type == "image/png"
        seen: set[str] = set()
        typed = False
        moves = 0
        while match.status != "finished":
            assert moves < 120, "the game should have ended"
            state = match.state
            seat = match.to_act()[0]
            current = board(fake, world.channel)
            check_menu(current, state, seat)
            index = choose(state, seat)
            action = RULES.legal_actions(state, seat)[index]
            seen.add(type(action).__name__)
            if isinstance(action, Roll) and len(roll_choices(state.piles[seat])) == 1:
                seen.add("one roll left")
            before = len(boards(fake, world.channel))
            ply = match.ply
            if not typed and isinstance(action, Place) and moves >= 3:
                # typed the way a player reads the picture: colour and face, then the tower
                die = state.hand[action.die]
                text = f"place {COLOURS[die.colour]} {die.face} on {action.tower + 1}"
                move = fake.slash(seat_user[seat], world.channel, "highrollin move", action=text)
                rec = await expect_board(fake, world.channel, move)
                typed = True
            else:
                rec = await pick(fake, world.channel, current, seat_user[seat], seat, index)
            assert_played(rec)
            moves += 1
            match = await runner.match_in(world.channel.id)
            newest = check_turn_board(fake, world.channel, before, RULES, state, match)
            assert len(newest.attachments) == 1 and newest.attachments[0].size < 200_000
            # the move is told once: by what it did (checked below), else by its notation
            notation = RULES.format_action(state, action)
            assert f"`{notation}`" in newest.content or "`" not in newest.content.splitlines()[0]
            # what this action did (forced moves may follow it in the same message)
            own = RULES.apply(state, seat, action, rng=SeededRng(match.seed, ply + 1)).state
            check_story(newest.content, state, own, action)
            if own.fall is not None:
                seen.add(own.fall.kind)
            if match.state.round > state.round:
                seen.add("new round")
            if match.status == "active":
                nxt = match.to_act()[0]
                assert newest.content.rstrip().endswith(f"{seat_user[nxt].mention}, your move.")
        assert typed, "one move was typed as a command"
        # (a single possible roll plays by itself, so it is never clicked)
        assert {"Roll", "Place", "Rest", "Again", "Stop", "Lift"} <= seen
        assert {"topple", "knock", "drop", "new round"} <= seen
        final = board(fake, world.channel)
        outcome = match.outcome()
        assert outcome is not None and len(outcome.winners) == 1
        winner = outcome.winners[0]
        scores = match.state.scores
        assert scores[winner] > 100 and scores[winner] == max(scores)
        table = ", ".join(f"{n} {s}" for n, s in zip(match.state.names, scores, strict=True))
        assert f"{match.state.names[winner]} wins ({table})" in final.content
        assert "Game over" in final.content and seat_user[winner].mention in final.content
        assert [b.label for b in final.buttons()] == FINAL_BUTTONS and not final.selects(), (
            "a finished game offers only a rematch"
        )
        assert runner.bot is not None
        assert await runner.bot.service.replay(match.id) == match.state


async def test_wrong_player_spectator_and_bad_typed_moves_are_refused_privately(
    fake: FakeDiscord, world: World, database: Path
) -> None:
    async with running(fake, database) as runner:
        current = await open_match(fake, "highrollin", world.channel, world.alice, world.bob)
        match = await runner.match_in(world.channel.id)
        seat_user = {0: world.alice, 1: world.bob}
        mover = seat_user[match.to_act()[0]]
        waiting = seat_user[1 - match.to_act()[0]]
        check_menu(current, match.state, match.to_act()[0])
        roll_button = next(b for b in current.buttons() if "suggested" in b.label)
        count = len(fake.messages(world.channel))
        for intruder, expected in ((waiting, "not your turn"), (world.carol, "not playing")):
            rec = await fake.click(intruder, current, custom_id=roll_button.custom_id)
            assert rec.ephemeral and expected in rec.response.content.lower()
            assert rec.response.ephemeral_for == intruder.id
            rec = await fake.slash(
                intruder, world.channel, "highrollin move", action="roll red red blue green green"
            )
            assert rec.ephemeral and expected in rec.response.content.lower()
        for text, hint in (
            ("dance", "don't know the move"),
            ("roll red red purple blue green", "unknown colour"),
            ("roll red red red red red", "only 4 red"),
            ("roll red blue", "exactly 5 dice"),
            ("place 1 on 2", "first choose the dice to roll"),
            ("again", "first choose the dice to roll"),
        ):
            rec = await fake.slash(mover, world.channel, "highrollin move", action=text)
            assert rec.ephemeral, text
            assert hint in rec.response.content.lower(), (text, rec.response.content)
        after = await runner.match_in(world.channel.id)
        assert after.ply == match.ply and after.state == match.state
        assert len(fake.messages(world.channel)) == count, "refusals post nothing publicly"
        # typing is helped: the mover gets the offered rolls, the others nothing
        choices = await fake.autocomplete(
            mover, world.channel, "highrollin move", focused="action", action="roll"
        )
        values = [c["value"] for c in choices]
        offered = RULES.legal_actions(match.state, match.to_act()[0])
        assert values == [RULES.format_action(match.state, a) for a in offered]
        assert (
            await fake.autocomplete(
                waiting, world.channel, "highrollin move", focused="action", action=""
            )
            == []
        )
        # the spectator can read the rules, with the house ruling on wobbly towers
        rec = await fake.slash(world.carol, world.channel, "highrollin rules")
        assert rec.ephemeral and rec.response.embeds
        text = str(rec.response.embeds[0])
        assert "towers" in text and "wobbly" in text and "place 3 on 2" in text


def twenty_placements(dump: dict[str, Any]) -> dict[str, Any]:
    """Alice to stack five green dice, each fitting every tower: 20 legal placements."""
    die = lambda colour, face: {"colour": colour, "face": face}  # noqa: E731
    dump["towers"] = [
        [die("red", 3), die("blue", 1)],
        [die("blue", 4), die("red", 1)],
        [die("green", 6), die("red", 1)],
        [die("yellow", 2), die("red", 1)],
    ]
    dump["turn"] = {
        "player": 0,
        "began": 5,
        "dice": [die("green", f) for f in range(2, 7)],
        "penalty": None,
    }
    dump["piles"] = [
        {"red": 1, "blue": 3, "green": 0, "yellow": 4},
        {"red": 4, "blue": 4, "green": 3, "yellow": 4},
    ]
    dump["removed"] = {"red": 0, "blue": 0, "green": 0, "yellow": 0}
    dump["fall"] = None
    return dump


async def start_with_twenty_placements(
    fake: FakeDiscord, world: World, runner: BotRunner
) -> tuple[Any, Any]:
    await open_match(fake, "highrollin", world.channel, world.alice, world.bob)
    match = await runner.match_in(world.channel.id)
    await runner.set_state(match.id, twenty_placements(RULES.dump(match.state)))
    show = fake.slash(world.bob, world.channel, "highrollin board")
    await expect_board(fake, world.channel, show)
    return await runner.match_in(world.channel.id), board(fake, world.channel)


async def test_twenty_placements_are_one_stack_button_and_any_may_be_typed(
    fake: FakeDiscord, world: World, database: Path
) -> None:
    async with running(fake, database) as runner:
        match, current = await start_with_twenty_placements(fake, world, runner)
        state = match.state
        # four 1s on top, five greens: at most four can be stacked, and the suggestion says
        # which four (the highest faces) and where; the one it leaves is offered on its own
        actions = RULES.legal_actions(state, 0)
        assert actions == [Rest(), Place(0, 0)]
        buttons = [b for b in current.buttons() if (b.custom_id or "").startswith("rh:a:")]
        assert buttons[0].label == "Stack the 4 dice as suggested"
        assert not current.selects() and len(current.buttons()) <= 10
        plan = " · ".join(f"G{d.face}→{t + 1}" for d, t in suggest.plan(state))
        assert plan == "G3→1 · G4→2 · G5→3 · G6→4"
        text = RULES.narrator.text_board(state, state.names, 0)
        assert "Suggested: 1 die fits nowhere · 6% risk of a fall: green 3 on tower 1" in text
        assert world.alice.mention in current.content
        # bob may not press alice's buttons; he is told so privately
        rec = await fake.click(world.bob, current, custom_id=buttons[0].custom_id)
        assert rec.ephemeral and "not your turn" in rec.response.content.lower()
        assert rec.response.ephemeral_for == world.bob.id
        # any other placement may still be typed
        typed = "place green 6 on 3"
        move = fake.slash(world.alice, world.channel, "highrollin move", action=typed)
        await expect_board(fake, world.channel, move)
        after = await runner.match_in(world.channel.id)
        newest = board(fake, world.channel)
        check_story(newest.content, state, after.state, Place(4, 2))
        check_menu(newest, after.state, 0)
        # one press stacks three more, told in one line with what is left to do
        button = next(b for b in newest.buttons() if b.label.startswith("Stack the 3 dice"))
        await expect_board(
            fake, world.channel, fake.click(world.alice, newest, custom_id=button.custom_id)
        )
        done = await runner.match_in(world.channel.id)
        last = board(fake, world.channel)
        check_story(last.content, after.state, done.state, Rest())
        assert "1 die fits nowhere: roll it again or stop." in last.content
        assert done.state.phase == "decide" and len(done.state.hand) == 1


async def test_restart_mid_turn_keeps_the_match_and_old_buttons_work(
    fake: FakeDiscord, world: World, database: Path
) -> None:
    runner = BotRunner(fake, database, seed=WHOLE_GAME_SEED)
    await runner.start()
    try:
        await open_match(fake, "highrollin", world.channel, world.alice, world.bob)
        seat_user = {0: world.alice, 1: world.bob}
        for _ in range(3):
            match = await runner.match_in(world.channel.id)
            seat = match.to_act()[0]
            index = choose(match.state, seat)
            current = board(fake, world.channel)
            await pick(fake, world.channel, current, seat_user[seat], seat, index)
        before = await runner.match_in(world.channel.id)
        assert before.state.phase == "place", "the restart comes in the middle of a turn"
        old_board = board(fake, world.channel)
        await runner.stop()
        await runner.start()
        after = await runner.match_in(world.channel.id)
        assert (after.ply, after.state, after.seats) == (before.ply, before.state, before.seats)
        seat = after.to_act()[0]
        rec = await pick(
            fake, world.channel, old_board, seat_user[seat], seat, choose(after.state, seat)
        )
        assert_played(rec)
        moved = await runner.match_in(world.channel.id)
        assert moved.ply >= before.ply + 1  # (forced placements may follow it)
        newest = board(fake, world.channel)
        if RULES.turn_key(moved.state) == RULES.turn_key(before.state):
            # the same turn goes on: its board (the old one) is updated in place
            assert newest.id == old_board.id and (newest.buttons() or newest.selects())
        else:
            assert newest.id != old_board.id
    finally:
        await runner.stop()


async def test_typed_move_suggestions_put_the_most_useful_first(
    fake: FakeDiscord, world: World, database: Path
) -> None:
    async with running(fake, database) as runner:
        match, _ = await start_with_twenty_placements(fake, world, runner)
        choices = await fake.autocomplete(
            world.alice, world.channel, "highrollin move", focused="action", action=""
        )
        values = [c["value"] for c in choices]
        state = match.state
        offered = RULES.legal_actions(state, 0)
        assert sorted(values) == sorted(RULES.format_action(state, a) for a in offered)
        assert values == ["stack rest", "place 1 on 1"], "stacking as suggested comes first"
        assert "Stack the 4 dice as suggested" in choices[0]["name"]
        choices = await fake.autocomplete(
            world.alice, world.channel, "highrollin move", focused="action", action="stack"
        )
        assert [c["value"] for c in choices] == ["stack rest"]
