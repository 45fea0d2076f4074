"""Horseplay Rustling end to end: the real bot, the real discord.py client, the Discord emulator.

Players choose a piece on the board (a button each, or one "Choose a piece…" menu when there
are more than seven), then its target among buttons only they see. Moves are decided from
the match state by a simple policy (a Stable run first, then
the longest capture, then the last move in the menu); the game has no dice, so it is the same
game every time.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import games
from fakediscord import FakeDiscord
from games.horseplay import HorseplayState, Move, square_name
from games.horseplay.state import stable_owner
from games.rng import SeededRng
from ranchtest.harness import (
    FINAL_BUTTONS,
    assert_played,
    board,
    boards,
    expect_board,
    open_match,
    running,
)
from tests.conftest import World
from tests.e2e.test_answers import forged

RULES = games.get("horseplay")
PIECE_MENU = "Choose a piece…"


# A player reading the picture ---------------------------------------------------------------


def takes_a_stable(state: HorseplayState, move: Move) -> bool:
    owner = stable_owner(state, move.end)
    return (
        owner is not None
        and state.side(owner) != state.side(state.to_move)
        and owner in state.live()
    )


def choose(state: HorseplayState, seat: int, *, pass_up_captures: bool = False) -> int:
    """Index into ``legal_actions``: a Stable run, then the longest capture (or, to be huffed,
    the shortest), then the last move in the menu."""
    actions = RULES.legal_actions(state, seat)

    def worth(n: int) -> tuple[bool, int, int]:
        move = actions[n]
        taken = -len(move.taken) if pass_up_captures else len(move.taken)
        return takes_a_stable(state, move), taken, n

    return max(range(len(actions)), key=worth)


def expected_events(state: HorseplayState, seat: int, move: Move) -> list[str]:
    """What the move's message must say (the game has no chance: the rng is never asked)."""
    step = RULES.apply(state, seat, move, rng=SeededRng(0, 0))
    return [RULES.narrator.event(e, state.names) for e in step.events if not e.minor]


# Driving Discord ----------------------------------------------------------------------------


def movable(state: HorseplayState, seat: int) -> list[str]:
    """The squares of the pieces that can move."""
    legal = RULES.legal_actions(state, seat)
    return list(dict.fromkeys(square_name(m.start, state.size) for m in legal))


def capturing(state: HorseplayState, seat: int, square: str) -> bool:
    return any(
        m.is_capture and square_name(m.start, state.size) == square
        for m in RULES.legal_actions(state, seat)
    )


async def open_piece(fake: FakeDiscord, user: Any, current: Any, piece: str) -> Any:
    """Choose a piece on the board (its button, or the "Choose a piece…" menu when there are
    more pieces than buttons); returns the private message of its targets."""
    button = next((b for b in current.buttons() if b.label.split(" · ")[0] == piece), None)
    if button is not None:
        rec = await fake.click(user, current, custom_id=button.custom_id)
    else:
        menu = next(s for s in current.selects() if s.placeholder == PIECE_MENU)
        option = next(o for o in menu.options if o.label == piece)
        rec = await fake.select(user, current, [option.value], custom_id=menu.custom_id)
    private = rec.response
    assert rec.ephemeral and private is not None, "the piece's targets open privately"
    assert private.ephemeral_for == user.id
    assert piece in private.content
    return private


async def play_menu_move(
    fake: FakeDiscord, runner: Any, channel: Any, users: dict[int, Any], index: int
) -> str:
    """The acting player chooses the piece, then its target, as a player would.

    Returns which way it went: "button" (a piece's button), "menu" (the "Choose a piece…"
    menu) or "direct" (a single piece: its moves are buttons on the board)."""
    match = await runner.match_in(channel.id)
    seat = match.to_act()[0]
    user = users[seat]
    state = match.state
    move = RULES.legal_actions(state, seat)[index]
    notation = RULES.format_action(state, move)
    piece = square_name(move.start, state.size)
    current = board(fake, channel)
    buttons = current.buttons()
    assert len(buttons) <= 10, "at most ten buttons"
    assert [b.label for b in buttons][-3:] == ["Type a move", "Text board", "Moves"]
    pieces = movable(state, seat)
    if len(pieces) == 1:
        button = next(b for b in buttons if b.custom_id.endswith(f":{seat}:{index}"))
        assert button.label.startswith(notation)
        rec = await expect_board(
            fake, channel, fake.click(user, current, custom_id=button.custom_id)
        )
        assert not rec.ephemeral
        return "direct"
    shown = [b.label.split(" · ")[0] for b in buttons[:-3]]
    if not shown:
        (menu,) = current.selects()
        shown = [o.label for o in menu.options]
    assert sorted(shown) == sorted(pieces), "every movable piece once"
    captures = [sq for sq in pieces if capturing(state, seat, sq)]
    assert set(shown[: len(captures)]) == set(captures), "captures first"
    private = await open_piece(fake, user, current, piece)
    labels = [b.label for b in private.buttons()]
    mine = [
        RULES.format_action(state, m)
        for m in RULES.legal_actions(state, seat)
        if m.start == move.start
    ]
    assert sorted(label.split(" ")[0] for label in labels) == sorted(mine), "its targets"
    button = next(b for b in private.buttons() if b.custom_id.endswith(f":{seat}:{index}"))
    assert button.label.startswith(notation)
    await click_private_move(fake, channel, user, private, button.custom_id)
    return "button" if buttons[:-3] else "menu"


async def click_private_move(
    fake: FakeDiscord, channel: Any, user: Any, private: Any, custom_id: str
) -> None:
    """Click a move in a private menu and wait for the public board it posts; the click is
    acknowledged by updating the private menu itself (no new private reply)."""
    rec = await expect_board(fake, channel, fake.click(user, private, custom_id=custom_id))
    assert rec.callback_type in (6, 7)


async def arranged(
    fake: FakeDiscord, world: World, runner: Any, match: Any, pieces: dict[str, Any], **more: Any
) -> Any:
    """The match with only ``pieces`` on the board (and ``more`` of its stored state), and the
    board alice asks for then."""
    dump = RULES.dump(match.state)
    dump["pieces"] = pieces
    dump.update(more)
    await runner.set_state(match.id, dump)
    await expect_board(
        fake, world.channel, fake.slash(world.alice, world.channel, "horseplay board")
    )
    return board(fake, world.channel)


def check_board(
    fake: FakeDiscord,
    channel: Any,
    match: Any,
    users: dict[int, Any],
    notation: str,
    said: list[str],
) -> Any:
    """The newest board shows the move, what happened in words, the picture and who is next."""
    posted = boards(fake, channel)
    newest = posted[-1]
    # the move is told once: by what it did, else by its notation
    assert said or f"`{notation}`" in newest.content
    for text in said:
        assert text in newest.content, (text, newest.content)
    assert len(newest.attachments) == 1
    assert newest.attachments[0].content_type == "image/png"
    assert newest.attachments[0].size < 200_000
    assert not posted[-2].buttons() and not posted[-2].selects(), "older boards lose their menus"
    if match.status == "active":
        (seat,) = match.to_act()
        assert users[seat].mention in newest.content.splitlines()[-1], "who acts next is pinged"
    return newest


# Tests --------------------------------------------------------------------------------------


async def test_two_player_game_from_new_to_the_end(
    fake: FakeDiscord, world: World, database: Path
) -> None:
    async with running(fake, database) as runner:
        first = await open_match(fake, "horseplay", world.channel, world.alice, world.bob, size=9)
        assert world.alice.mention in first.content.splitlines()[-1], "Green moves first"
        users = {0: world.alice, 1: world.bob}
        ways: list[str] = []
        typed = huffs = bobs_chances = 0
        said_all: list[str] = []
        for _ in range(60):
            match = await runner.match_in(world.channel.id)
            if match.status == "finished":
                break
            state = match.state
            (seat,) = match.to_act()
            actions = RULES.legal_actions(state, seat)
            # bob passes up his second chance to capture, and is huffed for it
            can_take = any(m.is_capture for m in actions)
            bobs_chances += seat == 1 and can_take
            pass_up = seat == 1 and can_take and bobs_chances == 2
            index = choose(state, seat, pass_up_captures=pass_up)
            move = actions[index]
            notation = RULES.format_action(state, move)
            said = expected_events(state, seat, move)
            before = len(boards(fake, world.channel))
            if not typed and len(move.taken) >= 2:
                # a whole jumping chain, typed as a command
                rec = await expect_board(
                    fake,
                    world.channel,
                    fake.slash(users[seat], world.channel, "horseplay move", action=notation),
                )
                assert_played(rec)
                typed += 1
            else:
                ways.append(await play_menu_move(fake, runner, world.channel, users, index))
            assert len(boards(fake, world.channel)) == before + 1, "every move posts one board"
            match = await runner.match_in(world.channel.id)
            newest = check_board(fake, world.channel, match, users, notation, said)
            if pass_up:
                assert "could have taken" in newest.content and "is huffed (-10)" in newest.content
                huffs += 1
            said_all.extend(said)
        else:
            raise AssertionError("the game should have ended")
        assert typed == 1, "one move was typed as /horseplay move"
        assert "button" in ways, "pieces were chosen by their buttons"
        assert huffs == 1
        assert any(" took " in t and " with " in t for t in said_all), "captures are told"
        final = board(fake, world.channel)
        assert "took Blue's Stable on i9" in final.content
        assert "Blue pieces leave the board" in final.content
        assert "bob (Blue) has no pieces left and is out." in final.content
        outcome = match.outcome()
        assert outcome is not None and outcome.winners == (0,)
        assert "Game over" in final.content and world.alice.mention in final.content
        assert [b.label for b in final.buttons()] == FINAL_BUTTONS and not final.selects(), (
            "a finished game offers only a rematch"
        )
        assert runner.bot is not None
        assert await runner.bot.service.replay(match.id) == match.state
        # a finished match takes no more moves
        rec = await fake.slash(world.bob, world.channel, "horseplay move", action="c7-d6")
        assert rec.ephemeral


async def test_choose_a_piece_then_its_destination(
    fake: FakeDiscord, world: World, database: Path
) -> None:
    async with running(fake, database) as runner:
        first = await open_match(fake, "horseplay", world.channel, world.alice, world.bob)
        # five Green pieces can move at the start, eight moves in all: a button per piece
        assert not first.selects()
        labels = [b.label for b in first.buttons()]
        assert sorted(labels[:-3]) == [
            "a3 · 1 move",
            "c3 · 2 moves",
            "e3 · 2 moves",
            "g3 · 2 moves",
            "i3 · 1 move",
        ]
        count = len(fake.messages(world.channel))
        c3 = next(b for b in first.buttons() if b.label.startswith("c3"))
        # someone who is not playing, and the player whose turn it is not, are refused
        for intruder, expected in ((world.carol, "not playing"), (world.bob, "not your turn")):
            rec = await fake.click(intruder, first, custom_id=c3.custom_id)
            assert rec.ephemeral and expected in rec.response.content.lower()
            assert rec.response.ephemeral_for == intruder.id
            assert not rec.response.buttons(), "no targets for them"
        private = await open_piece(fake, world.alice, first, "c3")
        assert sorted(b.label for b in private.buttons()) == ["c3-b4", "c3-d4"]
        assert len(fake.messages(world.channel)) == count, "the targets are not public"
        e3 = await open_piece(fake, world.alice, first, "e3")
        d4 = next(b for b in private.buttons() if b.label == "c3-d4")
        await click_private_move(fake, world.channel, world.alice, private, d4.custom_id)
        moved = board(fake, world.channel)
        assert "alice (Green) moved c3-d4." in moved.content
        assert "`c3-d4`" not in moved.content, "the move is told once"
        assert world.bob.mention in moved.content.splitlines()[-1]
        # the board used lost its buttons at once
        used = fake.get_message(first.id)
        assert used is not None and not used.buttons() and not used.selects()
        match = await runner.match_in(world.channel.id)
        assert match.ply == 1
        # a target chosen before the position changed is refused, and changes nothing
        count = len(fake.messages(world.channel))
        stale = next(b for b in e3.buttons() if b.label == "e3-f4")
        rec = await fake.click(world.alice, e3, custom_id=stale.custom_id)
        refusal = rec.response if rec.callback_type == 4 else rec.followups[-1]
        assert refusal.ephemeral and "out of date" in refusal.content
        after = await runner.match_in(world.channel.id)
        assert after.ply == match.ply and after.state == match.state
        assert len(fake.messages(world.channel)) == count
        # few pieces left: the piece that can capture comes first
        shown = await arranged(
            fake,
            world,
            runner,
            match,
            {
                "c3": {"colour": "green", "crown": False},
                "f6": {"colour": "green", "crown": True},
                "e7": {"colour": "blue", "crown": False},
                "h8": {"colour": "blue", "crown": False},
            },
            to_move="green",
        )
        assert [b.label for b in shown.buttons()] == [
            "f6 · 4 moves",
            "c3 · 2 moves",
            "Type a move",
            "Text board",
            "Moves",
        ]
        assert shown.buttons()[0].style == 1, "a piece that can capture stands out"
        crown = await open_piece(fake, world.alice, shown, "f6")
        assert {b.label for b in crown.buttons()} == {
            "f6xd8 (takes 1)",
            "f6-e5",
            "f6-g5",
            "f6-g7",
        }
        assert "this piece could take: it will be huffed" in crown.content
        take = next(b for b in crown.buttons() if b.label.startswith("f6xd8"))
        await click_private_move(fake, world.channel, world.alice, crown, take.custom_id)
        taken = board(fake, world.channel)
        assert "alice (Green) took a Blue man on e7 with f6xd8 (+10)." in taken.content


async def test_forged_and_stale_piece_buttons_are_refused_and_change_nothing(
    fake: FakeDiscord, world: World, database: Path
) -> None:
    async with running(fake, database) as runner:
        first = await open_match(fake, "horseplay", world.channel, world.alice, world.bob)
        match = await runner.match_in(world.channel.id)
        m, p = match.id, match.ply
        count = len(fake.messages(world.channel))
        cases = [
            (f"rh:q:{m}:{p}:0:٣", "not valid here"),  # other scripts' digits
            (f"rh:q:{m}:{p}:0:01", "not valid here"),  # not as the bot writes numbers
            (f"rh:q:{m}:{p}:0:99", "no longer available"),  # no such piece on that board
            (f"rh:q:{m}:{p + 1}:0:0", "out of date"),  # a board that never was
            (f"rh:q:{m}:{p}:1:0", "for bob"),  # bob's seat, clicked by alice
        ]
        for custom_id, expected in cases:
            rec = await forged(fake, world.alice, world.channel, first, custom_id)
            assert rec.ephemeral and rec.response.ephemeral_for == world.alice.id
            assert expected in rec.response.content, (custom_id, rec.response.content)
            assert not rec.response.buttons(), "no targets"
        after = await runner.match_in(world.channel.id)
        assert after.ply == match.ply and after.state == match.state
        assert len(fake.messages(world.channel)) == count, "refusals post nothing publicly"


async def test_more_pieces_than_buttons_are_one_menu(
    fake: FakeDiscord, world: World, database: Path
) -> None:
    async with running(fake, database) as runner:
        await open_match(fake, "horseplay", world.channel, world.alice, world.bob)
        match = await runner.match_in(world.channel.id)
        crowns = ("a3", "c3", "e3", "g3", "i3", "b6", "d6", "f6", "h6")
        pieces = {sq: {"colour": "green", "crown": True} for sq in crowns}
        pieces["h8"] = {"colour": "blue", "crown": False}
        shown = await arranged(fake, world, runner, match, pieces)
        assert [b.label for b in shown.buttons()] == ["Type a move", "Text board", "Moves"]
        (menu,) = shown.selects()
        assert menu.placeholder == PIECE_MENU
        assert sorted(o.label for o in menu.options) == sorted(crowns)
        now = (await runner.match_in(world.channel.id)).state
        legal = RULES.legal_actions(now, 0)
        index = next(n for n, m in enumerate(legal) if square_name(m.start, 9) == "d6")
        assert await play_menu_move(fake, runner, world.channel, {0: world.alice}, index) == "menu"
        assert "alice (Green) moved d6-" in board(fake, world.channel).content


async def test_a_huff_is_announced_in_words(
    fake: FakeDiscord, world: World, database: Path
) -> None:
    async with running(fake, database) as runner:
        await open_match(fake, "horseplay", world.channel, world.alice, world.bob)
        match = await runner.match_in(world.channel.id)
        shown = await arranged(
            fake,
            world,
            runner,
            match,
            {
                "c3": {"colour": "green", "crown": False},
                "g3": {"colour": "green", "crown": False},
                "d4": {"colour": "blue", "crown": False},
                "c7": {"colour": "blue", "crown": False},
                "h8": {"colour": "blue", "crown": False},
            },
        )
        other = await open_piece(fake, world.alice, shown, "g3")
        # the targets warn before anyone is huffed
        assert "you could take: your piece on c3 will be huffed" in other.content
        button = next(b for b in other.buttons() if b.label == "g3-h4")
        await click_private_move(fake, world.channel, world.alice, other, button.custom_id)
        huffed = board(fake, world.channel)
        assert "alice (Green) moved g3-h4." in huffed.content
        assert (
            "alice (Green) could have taken: the Green man on c3 is huffed (-10)." in huffed.content
        )
        after = await runner.match_in(world.channel.id)
        assert "c3" not in RULES.dump(after.state)["pieces"]
        assert after.state.scores[0] == -10
        assert world.bob.mention in huffed.content.splitlines()[-1]


async def test_every_move_losing_the_stable_is_said_once(
    fake: FakeDiscord, world: World, database: Path
) -> None:
    async with running(fake, database) as runner:
        await open_match(fake, "horseplay", world.channel, world.alice, world.bob)
        match = await runner.match_in(world.channel.id)
        # Blue's man on b2 reaches Green's Stable a1 whatever Green plays
        shown = await arranged(
            fake,
            world,
            runner,
            match,
            {
                "e3": {"colour": "green", "crown": False},
                "g3": {"colour": "green", "crown": False},
                "b2": {"colour": "blue", "crown": False},
                "h8": {"colour": "blue", "crown": False},
            },
        )
        assert shown.content.count("Stable a1") == 1, shown.content
        assert "Every move leaves your Stable a1 open." in shown.content
        piece = await open_piece(fake, world.alice, shown, "e3")
        assert "a1" not in piece.content, "not again on each move"


async def test_four_players_play_rounds_with_captures_and_a_stable(
    fake: FakeDiscord, world: World, database: Path
) -> None:
    players = (world.alice, world.bob, world.carol, world.mod)
    async with running(fake, database) as runner:
        await open_match(fake, "horseplay", world.channel, *players)
        users = dict(enumerate(players))
        said_all: list[str] = []
        for _ in range(16):  # four rounds of four colours
            match = await runner.match_in(world.channel.id)
            assert match.status == "active"
            state = match.state
            (seat,) = match.to_act()
            index = choose(state, seat)
            move = RULES.legal_actions(state, seat)[index]
            said = expected_events(state, seat, move)
            await play_menu_move(fake, runner, world.channel, users, index)
            after = await runner.match_in(world.channel.id)
            check_board(fake, world.channel, after, users, RULES.format_action(state, move), said)
            said_all.extend(said)
        assert any(" took " in t and " with " in t for t in said_all), "a capture was played"
        assert "carol (Blue) has no pieces left and is out." in said_all
        assert any("took Red's Stable on a9" in t for t in said_all)
        assert "bob (Red) has no pieces left and is out." in said_all
        # the colours that are out no longer get a turn; their players are refused
        match = await runner.match_in(world.channel.id)
        assert match.status == "active" and match.state.live() == (0, 3)
        rec = await fake.slash(world.bob, world.channel, "horseplay move", action="a3-b4")
        assert rec.ephemeral and "not your turn" in rec.response.content.lower()


async def test_three_players_one_commands_green_and_blue(
    fake: FakeDiscord, world: World, database: Path
) -> None:
    async with running(fake, database) as runner:
        first = await open_match(
            fake, "horseplay", world.channel, world.alice, world.bob, world.carol
        )
        users = {0: world.alice, 1: world.bob, 2: world.carol}
        assert world.alice.mention in first.content.splitlines()[-1]
        turns = []
        for colour_name in ("Green", "Red", "Blue", "Black", "Green"):
            match = await runner.match_in(world.channel.id)
            (seat,) = match.to_act()
            turns.append(seat)
            if colour_name == "Blue":
                # it is Blue's turn, commanded by alice: carol cannot take it
                rec = await fake.slash(world.carol, world.channel, "horseplay move", action="d8-c7")
                assert rec.ephemeral and "waiting on alice" in rec.response.content
                rec = await fake.slash(world.carol, world.channel, "game status")
                assert "alice (Blue) to move" in str(rec.response.embeds[0])
            index = choose(match.state, seat)
            move = RULES.legal_actions(match.state, seat)[index]
            notation = RULES.format_action(match.state, move)
            said = expected_events(match.state, seat, move)
            await play_menu_move(fake, runner, world.channel, users, index)
            after = await runner.match_in(world.channel.id)
            newest = check_board(fake, world.channel, after, users, notation, said)
            assert f"{after.name_of(seat)} ({colour_name})" in newest.content
        assert turns == [0, 1, 0, 2, 0], "alice moves for Green and again for Blue"


async def test_wrong_player_is_refused_privately(
    fake: FakeDiscord, world: World, database: Path
) -> None:
    async with running(fake, database) as runner:
        first = await open_match(fake, "horseplay", world.channel, world.alice, world.bob)
        match = await runner.match_in(world.channel.id)
        count = len(fake.messages(world.channel))
        piece = first.buttons()[0]
        for intruder, expected in ((world.bob, "not your turn"), (world.carol, "not playing")):
            rec = await fake.click(intruder, first, custom_id=piece.custom_id)
            assert rec.ephemeral and expected in rec.response.content.lower()
            assert rec.response.ephemeral_for == intruder.id
            assert not rec.response.buttons(), "no menu of moves for them"
            rec = await fake.slash(intruder, world.channel, "horseplay move", action="c3-d4")
            assert rec.ephemeral and expected in rec.response.content.lower()
        rec = await fake.slash(world.bob, world.channel, "horseplay move", action="c7-d6")
        assert rec.ephemeral and "waiting on alice" in rec.response.content
        # a typed move that is not legal is refused, saying what that piece can do
        rec = await fake.slash(world.alice, world.channel, "horseplay move", action="c3-c4")
        assert rec.ephemeral
        rec = await fake.slash(world.alice, world.channel, "horseplay move", action="c3-e5")
        assert rec.ephemeral and "c3-b4, c3-d4" in rec.response.content
        after = await runner.match_in(world.channel.id)
        assert after.ply == match.ply and after.state == match.state
        assert len(fake.messages(world.channel)) == count, "refusals post nothing publicly"


async def test_move_autocomplete_lists_legal_moves_in_notation(
    fake: FakeDiscord, world: World, database: Path
) -> None:
    async with running(fake, database) as runner:
        await open_match(fake, "horseplay", world.channel, world.alice, world.bob)
        match = await runner.match_in(world.channel.id)
        legal = [RULES.format_action(match.state, m) for m in RULES.legal_actions(match.state, 0)]

        async def values(user: Any, typed: str) -> list[str]:
            found = await fake.autocomplete(
                user, world.channel, "horseplay move", focused="action", action=typed
            )
            return [c["value"] for c in found]

        assert await values(world.alice, "") == legal
        assert await values(world.alice, "c3") == ["c3-b4", "c3-d4"]
        assert await values(world.alice, "C3-D") == ["c3-d4"]
        assert await values(world.bob, "") == [], "nothing to suggest out of turn"
        assert await values(world.carol, "") == [], "nor to a spectator"
        dump = RULES.dump(match.state)
        dump["pieces"] = {
            "c3": {"colour": "green", "crown": False},
            "g3": {"colour": "green", "crown": False},
            "d4": {"colour": "blue", "crown": False},
            "f6": {"colour": "blue", "crown": False},
            "b8": {"colour": "blue", "crown": False},
        }
        await runner.set_state(match.id, dump)
        found = await fake.autocomplete(
            world.alice, world.channel, "horseplay move", focused="action", action="x"
        )
        assert [c["value"] for c in found] == ["c3xe5xg7"]
        assert "takes 2" in found[0]["name"]
        found = await fake.autocomplete(
            world.alice, world.channel, "horseplay move", focused="action", action="g3"
        )
        assert [c["value"] for c in found] == ["g3-f4", "g3-h4"]
        assert all("will be huffed" in c["name"] for c in found), "the warning shows as you type"
        await expect_board(
            fake,
            world.channel,
            fake.slash(world.alice, world.channel, "horseplay move", action="c3xe5xg7"),
        )
        assert (
            "took a Blue man on d4 and a Blue man on f6 with c3xe5xg7 (+20)"
            in board(fake, world.channel).content
        )
