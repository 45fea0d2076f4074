"""Super Cowboy Rope Steer Adventure end to end: the real bot, discord.py and the emulator.

A turn is a step (one button per legal direction), then an action (buttons for what is legal
where the cowboy stands, select menus for targets: the steer to rope and the field square to pen
it on, the square for an event's token, the item to discard, the opponent who loses a turn),
then the event card, told in words with what it did. Moves are decided from the match state by
a steer-hungry player (``cowboy_policy``): fence the cheapest field in reach, then rope every
steer near it.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from PIL import Image

import games
from fakediscord import FakeDiscord
from games.cowboy.board import STEP_WORDS, STEPS
from games.cowboy.data import CARDS
from games.cowboy.fields import free_field_squares
from games.cowboy.state import CowboyState, Rope, Step, StepThen
from games.rng import SeededRng
from ranchtest.harness import (
    FINAL_BUTTONS,
    assert_played,
    board,
    boards,
    check_turn_board,
    expect_board,
    open_match,
    running,
)
from tests.conftest import World
from tests.e2e.cowboy_policy import choose

RULES = games.get("cowboy")
#: with this seed the steer-hungry players (``cowboy_policy``) finish a two-player game in 46
#: moves: bob fences six squares round a steer and ropes the rest; his Fire Water costs alice a
#: turn
SHORT_GAME_SEED = 1224
GROUP_MENU = "More moves…"
ARROWS = {"Ride north": "n", "Ride east": "e", "Ride south": "s", "Ride west": "w"}


# What players see ----------------------------------------------------------------------------


def action_buttons(message: Any) -> dict[tuple[int, int], Any]:
    """The action buttons under a board by (seat, index into legal_actions); custom ids
    look like ``rh:a:<match>:<ply>:<seat>:<index>``."""
    out = {}
    for b in message.buttons():
        if b.custom_id.startswith("rh:a:"):
            *_, seat, index = b.custom_id.split(":")
            out[(int(seat), int(index))] = b
    return out


def step_buttons(message: Any) -> dict[str, str]:
    """The direction buttons under a board: label -> custom id."""
    return {b.label: b.custom_id for b in message.buttons() if b.label in ARROWS}


def check_menu(message: Any, state: CowboyState, seat: int) -> set[str]:
    """Buttons are exactly the legal actions that are not targets; one per legal direction.

    Returns the directions missing (not legal here)."""
    actions = RULES.legal_actions(state, seat)
    buttons = action_buttons(message)
    assert all(s == seat for s, _ in buttons), "buttons only for the seat that acts"
    on_buttons = [actions[index] for _, index in buttons]
    # "Ride north": the step that ends the turn (or, after riding on, the last step)
    legal_steps = {
        a.dir
        for a in actions
        if (isinstance(a, StepThen) and a.then == "end")
        or (isinstance(a, Step) and state.phase != "start")
    }
    offered = {ARROWS[label] for label in step_buttons(message)}
    assert offered == legal_steps, (offered, legal_steps)
    for label, d in ARROWS.items():
        if d not in legal_steps:
            assert label not in [b.label for b in message.buttons()]
    for action in on_buttons:
        assert RULES.describe_action(state, seat, action).group is None
    ungrouped = [a for a in actions if RULES.describe_action(state, seat, a).group is None]
    # buttons come most useful first (the game's rank), ties in the menu's order
    ranked = sorted(ungrouped, key=lambda a: -RULES.describe_action(state, seat, a).rank)
    assert on_buttons == ranked, "every action that is not a target has its button"
    return set(STEPS) - legal_steps


def events_of(state: CowboyState, seat: int, action: Any, seed: int, ply: int) -> list[str]:
    """What the move's message must say (the bot draws chance from the match seed and ply);
    detail (each token's path) may be left out."""
    step = RULES.apply(state, seat, action, rng=SeededRng(seed, ply))
    return [RULES.narrator.event(e, state.names) for e in step.events if not e.minor]


def check_event_card(content: str, before: CowboyState, after: CowboyState) -> str | None:
    """When a turn's events phase ran, the card and its effect are told in words."""
    if after.deck == before.deck or after.last_card is None or after.last_drawer is None:
        return None
    card = CARDS[after.last_card]
    told = f"{after.names[after.last_drawer]} draws {card.name} — "
    if after.last_card not in ("moove", "stampede"):  # these say what moved instead
        told += card.text
    assert told in content, (told, content)
    return after.last_card


async def pick(fake: FakeDiscord, channel: Any, user: Any, seat: int, index: int) -> str:
    """Choose menu entry ``index`` on the newest board as a player would: its button, its
    select menu. Returns which (the select menu's placeholder)."""
    current = board(fake, channel)
    button = action_buttons(current).get((seat, index))
    if button is not None:
        await expect_board(fake, channel, fake.click(user, current, custom_id=button.custom_id))
        return "button"
    for select in current.selects():
        if select.placeholder != GROUP_MENU and any(o.value == str(index) for o in select.options):
            chosen = fake.select(user, current, [str(index)], custom_id=select.custom_id)
            await expect_board(fake, channel, chosen)
            return select.placeholder
    raise AssertionError(f"move {index} is on no button or menu of the board")


# Tests ---------------------------------------------------------------------------------------


async def test_two_player_game_from_new_to_five_steers(
    fake: FakeDiscord, world: World, database: Path
) -> None:
    async with running(fake, database, seed=SHORT_GAME_SEED) as runner:
        first = await open_match(
            fake, "cowboy", world.channel, world.alice, world.bob, max_rounds=40
        )
        assert "Options: max_rounds 40" in fake.messages(world.channel)[0].content
        users = {0: world.alice, 1: world.bob}
        match = await runner.match_in(world.channel.id)
        assert users[match.to_act()[0]].mention in first.content.splitlines()[-1]
        assert first.attachments[0].content_type == "image/png"
        missing_directions = 0
        cards: list[str] = []
        ways: list[str] = []
        typed = refusals = roped = placed = 0
        for _ in range(120):
            match = await runner.match_in(world.channel.id)
            if match.status == "finished":
                break
            state = match.state
            (seat,) = match.to_act()
            user, other = users[seat], users[1 - seat]
            current = board(fake, world.channel)
            missing = check_menu(current, state, seat)
            missing_directions += 0 < len(missing) < len(STEPS)
            index = choose(state, seat)
            action = RULES.legal_actions(state, seat)[index]
            notation = RULES.format_action(state, action)
            said = events_of(state, seat, action, match.seed, match.ply + 1)
            if isinstance(action, Rope):
                # which steer is the menu; which square of the field its options
                steer = state.board.square_name(action.src)
                group = f"Rope the steer on {steer}"
                pens = [state.board.square_name(s) for s in free_field_squares(state, seat)]
                options = [o.label for m in current.selects() for o in m.options]
                if any(m.placeholder == group for m in current.selects()):
                    menu = next(m for m in current.selects() if m.placeholder == group)
                    assert [o.label for o in menu.options] == [f"Pen it on {s}" for s in pens]
                elif options:  # one menu of several groups: each option says its group
                    assert {f"{group}: Pen it on {s}" for s in pens} <= set(options)
                else:  # a turn whose every move fits the buttons: each names its steer
                    assert {f"{group} into {s}" for s in pens} <= set(labels(current))
                roped += 1
            if state.pending is not None:
                # a choice falls to one player: they are mentioned, and only they may choose
                assert user.mention in current.content.splitlines()[-1]
                # a few options are buttons (one tap), more a menu
                select = next((s for s in current.selects() if s.placeholder != GROUP_MENU), None)
                if select is not None:
                    shown = [o.label for o in select.options]
                    rec = await fake.select(
                        other, current, [select.options[0].value], custom_id=select.custom_id
                    )
                else:
                    chosen = action_buttons(current)
                    shown = [chosen[k].label for k in sorted(chosen)]
                    rec = await fake.click(other, current, custom_id=chosen[min(chosen)].custom_id)
                assert rec.ephemeral and rec.response.ephemeral_for == other.id
                assert f"waiting on {match.name_of(seat)}" in rec.response.content
                refusals += 1
                if state.pending.kind == "place":
                    placed += 1
                    # which square of the tile's edge: the options name them in board order
                    them = "them" if state.pending.token == "indian" else "it"
                    squares = [state.board.square_name(s) for s in state.pending.choices]
                    assert shown == [f"Put {them} on {s}" for s in squares]
            before = len(boards(fake, world.channel))
            if not typed and notation == "fence":
                command = fake.slash(user, world.channel, "cowboy move", action="FENCE")
                rec = await expect_board(fake, world.channel, command)
                assert_played(rec)
                typed += 1
            else:
                ways.append(await pick(fake, world.channel, user, seat, index))
            after = await runner.match_in(world.channel.id)
            newest = check_turn_board(fake, world.channel, before, RULES, state, after)
            # the move is told once: by what it did, else by its notation
            assert said or f"played `{notation}`." in newest.content
            # the story is told up to a few lines; the rest is in /game history
            shown = said if "`/game history`" not in newest.content else said[:3]
            for text in shown:
                assert text in newest.content, (text, newest.content)
            assert len(newest.attachments) == 1 and newest.attachments[0].size < 200_000
            card = check_event_card(newest.content, state, after.state)
            if card:
                cards.append(card)
            if after.status == "active":
                (next_seat,) = after.to_act()
                assert users[next_seat].mention in newest.content.splitlines()[-1]
        else:
            raise AssertionError("the game should have ended")
        assert typed == 1, "one move was typed as /cowboy move"
        assert missing_directions > 0, "directions off the board or blocked were not offered"
        assert "button" in ways and roped > 0
        assert placed > 0, "a token's square chosen by the drawer"
        assert refusals > 0
        assert len(cards) >= 15 and {"moove", "steer", "stampede", "firewater"} <= set(cards)
        outcome = match.outcome()
        assert outcome is not None and outcome.reason == "five"
        names = [s.name for s in match.seats]
        assert RULES.narrator.outcome(outcome, names) == "five steers in their fields"
        winner = users[outcome.winners[0]]
        final = board(fake, world.channel)
        assert f"{match.name_of(outcome.winners[0])} has five steers and wins!" in final.content
        assert "Game over" in final.content and winner.mention in final.content
        assert [b.label for b in final.buttons()] == FINAL_BUTTONS and not final.selects(), (
            "a finished game offers only a rematch"
        )
        assert runner.bot is not None
        assert await runner.bot.service.replay(match.id) == match.state
        rec = await fake.slash(world.bob, world.channel, "cowboy move", action="end")
        assert rec.ephemeral


async def set_up(runner: Any, fake: FakeDiscord, world: World, edit: Any) -> Any:
    """Edit the running match's position as its saved game allows, then show the board."""
    match = await runner.match_in(world.channel.id)
    dump = RULES.dump(match.state)
    edit(dump)
    await runner.set_state(match.id, dump)
    host = world.alice
    await expect_board(fake, world.channel, fake.slash(host, world.channel, "cowboy board"))
    return board(fake, world.channel)


def deal(dump: dict[str, Any], top: list[str], hands: dict[int, list[str]] | None = None) -> None:
    """Put ``top`` on top of the event deck and ``hands`` in the players' hands."""
    deck = list(dump["deck"])
    for seat, hand in (hands or {}).items():
        for card in hand:
            deck.remove(card)
        dump["players"][seat]["hand"] = hand
    for card in top:
        deck.remove(card)
    dump["deck"] = top + deck


def _south_or_west(dump: dict[str, Any]) -> None:
    """alice to play at G5: bob stands north of her, the Bandit two steps east, so she may
    only go south or west."""
    dump["players"][0]["cowboy"] = "G5"
    dump["players"][1]["cowboy"] = "G6"
    dump["bandit"] = "I5"
    dump["supply"]["bandit"] = 0
    dump["turn"] = 0


async def test_only_legal_directions_are_offered_and_typed_mistakes_are_explained(
    fake: FakeDiscord, world: World, database: Path
) -> None:
    async with running(fake, database) as runner:
        await open_match(fake, "cowboy", world.channel, world.alice, world.bob)

        shown = await set_up(runner, fake, world, _south_or_west)
        match = await runner.match_in(world.channel.id)
        assert check_menu(shown, match.state, 0) == {"n", "e"}
        assert set(step_buttons(shown)) == {"Ride south", "Ride west"}
        assert world.alice.mention in shown.content.splitlines()[-1]
        count = len(fake.messages(world.channel))
        for text, why in (
            ("move n", "bob's cowboy stands to your north (the SW corner of g6)."),
            (
                "move e",
                "The corner to your east (the SW corner of h5) is next to the Bandit; he'd shoot "
                "you.",
            ),
            ("fence", "A fence goes on the line you just moved along: move first."),
            ("rope a1 to b1", "The steer must stand in one of the four squares around your"),
            ("dance", "I don't know the move"),
        ):
            rec = await fake.slash(world.alice, world.channel, "cowboy move", action=text)
            assert rec.ephemeral and why in rec.response.content, (text, rec.response.content)
        for intruder, why in ((world.bob, "waiting on alice"), (world.carol, "not playing")):
            rec = await fake.click(intruder, shown, label="Ride west")
            assert rec.ephemeral and why in rec.response.content
            assert rec.response.ephemeral_for == intruder.id
        assert len(fake.messages(world.channel)) == count, "refusals post nothing publicly"
        assert (await runner.match_in(world.channel.id)).state == match.state
        # one tap rides west and fences the line ridden; the plain step, typed, leaves the
        # fence to choose after it
        assert "Ride west and fence" in [b.label for b in shown.buttons()]
        typed = fake.slash(world.alice, world.channel, "cowboy move", action="move w")
        await expect_board(fake, world.channel, typed)
        moved = board(fake, world.channel)
        assert "alice rides west to the SW corner of f5." in moved.content
        match = await runner.match_in(world.channel.id)
        assert check_menu(moved, match.state, 0) == set(STEPS)
        labels = [b.label for b in moved.buttons()]
        assert "Build a fence between f4 and f5" in labels
        # riding on was offered whole before the step ("Ride two steps"); typed, it still works
        assert "Ride on (one more step)" not in labels
        assert labels[-4:] == ["End the turn", "Type a move", "Text board", "Moves"]
        # riding on from F5, nothing is in the way: all four directions
        await expect_board(
            fake,
            world.channel,
            fake.slash(world.alice, world.channel, "cowboy move", action="again"),
        )
        again = board(fake, world.channel)
        match = await runner.match_in(world.channel.id)
        assert check_menu(again, match.state, 0) == set()
        assert set(step_buttons(again)) == {f"Ride {w}" for w in STEP_WORDS.values()}


async def test_one_tap_rides_a_step_and_fences_the_line_ridden(
    fake: FakeDiscord, world: World, database: Path
) -> None:
    async with running(fake, database) as runner:
        await open_match(fake, "cowboy", world.channel, world.alice, world.bob)

        shown = await set_up(runner, fake, world, _south_or_west)
        before = await runner.match_in(world.channel.id)
        pressed = fake.click(world.alice, shown, label="Ride west and fence")
        await expect_board(fake, world.channel, pressed)
        after = board(fake, world.channel)
        match = await runner.match_in(world.channel.id)
        # one move, one board: the step and the fence told together, bob to play
        assert match.ply == before.ply + 1
        lines = after.content.splitlines()
        assert lines[0] == "alice rides west and builds a fence between f4 and f5 (9 left)."
        assert match.state.fences_left[0] == before.state.fences_left[0] - 1
        assert match.state.turn == 1 or match.state.pending is not None
        assert runner.bot is not None
        logged = await runner.bot.service.store.matches.actions(match.id, last=1)
        assert [a.notation for a in logged] == ["move w fence"]


async def test_an_item_discard_is_chosen_by_the_drawer_alone(
    fake: FakeDiscord, world: World, database: Path
) -> None:
    async with running(fake, database) as runner:
        await open_match(fake, "cowboy", world.channel, world.alice, world.bob)

        def edit(dump: dict[str, Any]) -> None:
            deal(dump, ["sixshooter", "moove"], {0: ["lariat", "axe"]})
            dump["turn"] = 0

        shown = await set_up(runner, fake, world, edit)
        await expect_board(
            fake, world.channel, fake.click(world.alice, shown, label="End the turn")
        )
        drawn = board(fake, world.channel)
        assert (
            "alice draws Six Shooter — When fighting Indians, you win on a 3 or more."
            in drawn.content
        )
        assert "alice holds three items" not in drawn.content  # the buttons ask it
        assert world.alice.mention in drawn.content.splitlines()[-1], "the chooser is mentioned"
        assert not step_buttons(drawn), "no steps while a choice waits"
        # three items: three buttons, one tap
        assert not drawn.selects()
        assert {"Discard Lucky Lariat", "Discard Axe", "Discard Six Shooter"} <= set(labels(drawn))
        for intruder, why in ((world.bob, "waiting on alice"), (world.carol, "not playing")):
            rec = await fake.click(intruder, drawn, label="Discard Axe")
            assert rec.ephemeral and why in rec.response.content
            assert rec.response.ephemeral_for == intruder.id
            rec = await fake.slash(intruder, world.channel, "cowboy move", action="discard axe")
            assert rec.ephemeral and why in rec.response.content
        await expect_board(fake, world.channel, fake.click(world.alice, drawn, label="Discard Axe"))
        done = board(fake, world.channel)
        assert "alice discards Axe." in done.content
        assert "`discard axe`" not in done.content, "the move is told once"
        assert world.bob.mention in done.content.splitlines()[-1]
        match = await runner.match_in(world.channel.id)
        assert match.state.hands[0] == ("lariat", "sixshooter")


async def test_lost_turns_are_dealt_by_the_drawer_in_a_three_player_game(
    fake: FakeDiscord, world: World, database: Path
) -> None:
    async with running(fake, database) as runner:
        await open_match(fake, "cowboy", world.channel, world.alice, world.bob, world.carol)

        def edit(dump: dict[str, Any]) -> None:
            deal(dump, ["firewater", "noname", "moove"])
            dump["turn"], dump["first"] = 2, 0

        shown = await set_up(runner, fake, world, edit)
        assert world.carol.mention in shown.content.splitlines()[-1]
        await expect_board(
            fake, world.channel, fake.click(world.carol, shown, label="End the turn")
        )
        drawn = board(fake, world.channel)
        assert (
            "carol draws Fire Water — You choose an opponent at once: they get drunk and lose "
            "a turn." in drawn.content
        )
        assert world.carol.mention in drawn.content.splitlines()[-1]
        # two opponents: two buttons, one tap
        assert not drawn.selects()
        assert {"alice loses a turn", "bob loses a turn"} <= set(labels(drawn))
        for intruder in (world.alice, world.bob):
            rec = await fake.click(intruder, drawn, label="bob loses a turn")
            assert rec.ephemeral and "waiting on carol" in rec.response.content
            assert rec.response.ephemeral_for == intruder.id
        await expect_board(
            fake, world.channel, fake.click(world.carol, drawn, label="bob loses a turn")
        )
        hit = board(fake, world.channel)
        assert "bob loses a turn: they drink the Fire Water." in hit.content
        assert world.alice.mention in hit.content.splitlines()[-1]
        await expect_board(fake, world.channel, fake.click(world.alice, hit, label="End the turn"))
        drawn = board(fake, world.channel)
        assert "alice draws The Man With No Name — You choose an opponent" in drawn.content
        assert {"bob loses a turn", "carol loses a turn"} <= set(labels(drawn))
        rec = await fake.click(world.carol, drawn, label="carol loses a turn")
        assert rec.ephemeral and "waiting on alice" in rec.response.content
        rec = await fake.slash(world.carol, world.channel, "cowboy move", action="target bob")
        assert rec.ephemeral and "waiting on alice" in rec.response.content
        await expect_board(
            fake, world.channel, fake.click(world.alice, drawn, label="carol loses a turn")
        )
        skipped = board(fake, world.channel)
        assert "carol loses a turn: the Man With No Name glares at them." in skipped.content
        assert "bob loses this turn." in skipped.content
        assert "carol loses this turn." in skipped.content
        assert world.alice.mention in skipped.content.splitlines()[-1], "alice plays again"
        match = await runner.match_in(world.channel.id)
        assert match.to_act() == (0,) and match.state.lost == (0, 0, 0)


def labels(message: Any) -> list[str]:
    """The labels of a message's buttons."""
    return [b.label for b in message.buttons()]


def crowd(dump: dict[str, Any], state: CowboyState) -> None:
    """Everything a range can hold at once: a field with a penned steer for every player,
    Indians, twisters, the Bandit, Pilgrims, items, a lost turn, the last event card."""
    board = state.board
    name = board.square_name
    pens: list[int] = []
    for s in sorted(state.steers):
        near = {board.neighbour(s, dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)}
        if len(pens) < len(state.names) and not near & set(pens):
            pens.append(s)
    edges = {e for s in pens for e in board.square_edges(s) if e not in board.walls}
    dump["fences"] = [
        {"edge": board.edge_name(e), "owner": seat}
        for seat, s in enumerate(pens)
        for e in sorted(edges & set(board.square_edges(s)))
    ]
    dump["fields"] = [{"owner": seat, "squares": [name(s)]} for seat, s in enumerate(pens)]
    around = {t for s in pens for t in board.square_edges(s)}
    taken = set(state.steers) | set(board.printed) | board.homesteads
    free = [s for s in board.squares if s not in taken and not set(board.square_edges(s)) & around]
    dump["indians"] = [name(s) for s in free[:4]]
    dump["twisters"] = [name(s) for s in free[-2:]]
    dump["bandit"] = "E5"
    dump["pilgrims"] = [{"at": "M5", "heading": "N"}, {"at": "E13", "heading": "E"}]
    dump.pop("supply")  # worked out from what is on the board
    hands = [["lariat", "axe"], ["sixshooter", "bills"], ["brander", "lariat"], ["sixshooter"]]
    deal(dump, ["stampede"], dict(enumerate(hands)))
    dump["players"][1]["lost_turns"] = 1
    dump["last_card"], dump["last_drawer"] = "stampede", 0


async def test_a_four_player_board_fits_discord(
    fake: FakeDiscord, world: World, database: Path
) -> None:
    players = (world.alice, world.bob, world.carol, world.mod)
    async with running(fake, database) as runner:
        first = await open_match(fake, "cowboy", world.channel, *players)
        match = await runner.match_in(world.channel.id)
        assert len(match.state.tiles) == 16, "four players ride a 4x4 range"
        shown = await set_up(runner, fake, world, lambda dump: crowd(dump, match.state))
        match = await runner.match_in(world.channel.id)
        assert [len(f.squares) for f in match.state.fields] == [1, 1, 1, 1]
        assert len(match.state.indians) == 4 and match.state.bandit is not None
        for message in (first, shown):
            (picture,) = message.attachments
            assert picture.content_type == "image/png" and picture.filename.endswith(".png")
            assert picture.size < 200_000 and picture.size == len(picture.data)
            with Image.open(io.BytesIO(picture.data)) as image:
                assert image.format == "PNG" and 700 <= image.width <= 900  # phone-first
                assert image.width <= image.height <= 1.8 * image.width
            assert message.embeds[0]["image"]["url"] == picture.url, "the embed shows it"
            assert len(message.content) <= 2000
        (seat,) = match.to_act()
        check_menu(shown, match.state, seat)
        assert len(shown.components) <= 5
        assert players[seat].mention in shown.content.splitlines()[-1]
