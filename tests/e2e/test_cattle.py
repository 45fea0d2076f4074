"""Cattle Baron end to end: the real bot, the real discord.py client, the Discord emulator.

Players decide from what they see: the round-opening message (every roll, THREE!, the order),
the board picture (the state) and the buttons and select menus under it.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import Any

import games
from fakediscord import FakeDiscord
from games.cattle import CattleAction, CattleState, Grab, Pass, Pasture, Raid, Rustle, Swiss, Switch
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

RULES = games.get("cattle")
SMALL = {"colours": 3, "dice_per_colour": 4}
#: three players seated carol, alice, bob with the small herd: nine moves; round 1 has a tie
#: (carol and bob roll 2), carol swisses on a THREE! in round 2, alice rolls 3 and rustles bob
#: in round 3, and carol rolls a 1
SHORT_GAME_SEED = 2353
#: the biggest herd (8 colours of 8), seated alice, bob, carol: round 1 rolls are alice 5,
#: bob 4, carol 6
BIG_ROUND_SEED = 9
KINDS = {4: "Switch stud with the herd", 5: "Raid the herd", 6: "Pasture for a die of the herd"}

#: the round's one line: every roll in the order of play, before any word on how equal rolls
#: went ("Equal rolls: the newer Discord account first.")
ROUND = re.compile(r"^Round (\d+), in order: (.+?)\.(?: Equal rolls: .+)?$", re.M)
#: one player's roll in it: "bob 2", "carol 3 THREE!", "ann 1 (no red left: passes)"
ROLL = re.compile(r"(\w+) (\d)(?: THREE!| \([^)]*\))?(?:, |$)")
NEXT = re.compile(r"➡️ <@(\d+)>, your move\.$")


# What players see ----------------------------------------------------------------------------


def round_opening(text: str) -> tuple[int, dict[str, int], list[str]] | None:
    """The round, every player's roll and the acting order, as announced in a message."""
    found = ROUND.search(text)
    if found is None:
        return None
    parts = ROLL.findall(found[2])
    assert parts, f"the round's line lists the rolls in order:\n{text}"
    return int(found[1]), {name: int(roll) for name, roll in parts}, [n for n, _ in parts]


def next_user(message: Any) -> int:
    found = NEXT.search(message.content)
    assert found, f"the board mentions who acts next:\n{message.content}"
    return int(found[1])


def offered(message: Any) -> dict[int, tuple[str, str, Any]]:
    """The moves on a board: action index -> (label, "button" | "select", component)."""
    out: dict[int, tuple[str, str, Any]] = {}
    for button in message.buttons():
        if button.custom_id.startswith("rh:a:"):
            index = int(button.custom_id.rsplit(":", 1)[1])
            assert index not in out, "every move is offered once"
            out[index] = (button.label, "button", button)
    for select in message.selects():
        if select.custom_id.startswith("rh:s:"):
            for option in select.options:
                assert int(option.value) not in out, "every move is offered once"
                out[int(option.value)] = (option.label, "select", select)
    return out


def read_label(label: str) -> tuple[Any, ...]:
    """A menu label as the move it names (dice as "colour face" text)."""
    patterns = (
        (r"Take (\w+ \d)(?: \+ (\w+ \d))?", "grab"),
        (r"Rustle (\w+) \(their \d+ for your \d+\)", "rustle"),
        (r"Swiss all (\w+) \(\d+ di(?:e|ce), \d+ pts\)", "swiss"),
        (r"Switch stud with (stock|herd) (\w+ \d)(?: \([+-]\d+ to stock\))?", "switch"),
        (r"Raid (\w+ \d)", "raid"),
        (r"Pasture for (\w+ \d)", "pasture"),
        (r"Pass", "pass"),
    )
    for pattern, kind in patterns:
        found = re.fullmatch(pattern, label)
        if found:
            return (kind, *(g for g in found.groups() if g is not None))
    raise AssertionError(f"unexpected menu entry {label!r}")


def allowed_by_roll(dump: dict[str, Any], seat: int, roll: int) -> Counter[tuple[Any, ...]]:
    """What a player may do with ``roll``, read off the picture (the dump): one entry per
    distinct die, since identical dice in the same place are one choice."""
    players = dump["players"]
    me = players[seat]
    herd = list(dict.fromkeys(f"{d['colour']} {d['face']}" for d in dump["herd"]))
    herd_count = Counter(f"{d['colour']} {d['face']}" for d in dump["herd"])
    stock = list(dict.fromkeys(f"{d['colour']} {d['face']}" for d in me["stock"]))
    stud = f"{me['stud']['colour']} {me['stud']['face']}"
    brand = me["stud"]["colour"]
    want: list[tuple[Any, ...]] = [("pass",)]
    if roll in (1, 2):
        mine = [d for d in herd if d.startswith(brand + " ")]
        want += [("grab", d) for d in mine]
        if roll == 2:
            for i, a in enumerate(mine):
                want += [("grab", a, b) for b in mine[i:] if a != b or herd_count[a] >= 2]
    elif roll == 3:
        want += [("rustle", p["name"]) for i, p in enumerate(players) if i != seat]
        want += [("swiss", c) for c in dict.fromkeys(d.split()[0] for d in stock)]
    elif roll == 4:
        want += [("switch", "stock", d) for d in stock if d != stud]
        want += [("switch", "herd", d) for d in herd if d != stud]
    elif roll == 5:
        want += [("raid", d) for d in herd]
    else:
        want += [("pasture", d) for d in herd]
    return Counter(want)


def check_menu(
    message: Any, dump: dict[str, Any], seat: int, roll: int
) -> dict[int, tuple[str, str, Any]]:
    """The acting player gets exactly what their roll allows, within Discord's limits."""
    moves = offered(message)
    seats = {int(c.custom_id.split(":")[4]) for _, _, c in moves.values()}
    assert seats == {seat}, "only the acting player's moves are offered"
    shown = Counter(read_label(label) for label, _, _ in moves.values())
    assert shown == allowed_by_roll(dump, seat, roll), (roll, sorted(shown))
    assert [label for label, kind, _ in moves.values() if kind == "button"].count("Pass") == 1
    for select in message.selects():
        assert 1 <= len(select.options) <= 25
    if roll == 3 and len(moves) <= 8:
        assert {kind for _, kind, _ in moves.values()} == {"button"}, "one tap a choice"
    return moves


# Acting ----------------------------------------------------------------------------------------


async def choose_on_board(
    fake: FakeDiscord, channel: Any, user: Any, message: Any, index: int
) -> str:
    """Press the button or pick the menu option for move ``index``; returns which it was."""
    moves = offered(message)
    assert index in moves, f"move {index} is on no button or menu of the board"
    _, kind, comp = moves[index]
    if kind == "button":
        await expect_board(fake, channel, fake.click(user, message, custom_id=comp.custom_id))
    else:
        pick = fake.select(user, message, [str(index)], custom_id=comp.custom_id)
        await expect_board(fake, channel, pick)
    return kind


def policy(state: CattleState, seat: int) -> CattleAction:
    """A plain greedy rancher: take the biggest cow, rustle a richer stock, else swiss."""
    roll = state.rolls[seat]
    actions = RULES.legal_actions(state, seat)

    def stock_total(s: int) -> int:
        return sum(d.face for d in state.stocks[s])

    if roll in (1, 2):
        grabs = [a for a in actions if isinstance(a, Grab)]
        if grabs:
            return max(grabs, key=lambda a: (sum(d.face for d in a.dice), len(a.dice)))
    elif roll == 3:
        rustles = [a for a in actions if isinstance(a, Rustle)]
        richest = max(rustles, key=lambda a: stock_total(a.target))
        if stock_total(richest.target) > stock_total(seat):
            return richest
        swiss = [a for a in actions if isinstance(a, Swiss)]
        if swiss:
            return max(
                swiss,
                key=lambda a: sum(d.face for d in state.stocks[seat] if d.colour == a.colour),
            )
    elif roll == 4:
        cheaper = [
            a for a in actions if isinstance(a, Switch) and a.source == "stock" and a.die.face < 4
        ]
        if cheaper:
            return min(cheaper, key=lambda a: a.die.face)
    elif roll == 5:
        raids = [a for a in actions if isinstance(a, Raid)]
        if raids:
            return max(raids, key=lambda a: a.die.face)
    elif roll == 6:
        studs = [a for a in actions if isinstance(a, Pasture)]
        if studs:
            return min(studs, key=lambda a: a.die.face)
    return Pass()


# Tests -----------------------------------------------------------------------------------------


async def test_whole_three_player_game_with_a_rustle_and_a_swiss_by_button(
    fake: FakeDiscord, world: World, database: Path
) -> None:
    # created in this order: alice is the oldest account, carol the youngest
    assert world.alice.id < world.bob.id < world.carol.id
    # seated carol, alice, bob so that age order and seat order disagree
    seat_user = {0: world.carol, 1: world.alice, 2: world.bob}
    user_by_id = {u.id: u for u in seat_user.values()}
    async with running(fake, database, seed=SHORT_GAME_SEED) as runner:
        first = await open_match(
            fake, "cattle", world.channel, world.carol, world.alice, world.bob, **SMALL
        )
        assert first.attachments[0].content_type == "image/png"
        assert "Cattle Baron** begins!" in first.content
        # the opening message shows every roll, the tie broken by age and the acting order
        opening = round_opening(first.content)
        assert opening == (1, {"carol": 2, "alice": 5, "bob": 2}, ["carol", "bob", "alice"])
        assert "Equal rolls: the newer Discord account first" in first.content, "the tie rule"
        assert "THREE!" not in first.content

        rolls, order, pos = opening[1], opening[2], 0
        current = first
        via: list[tuple[str, str]] = []  # (notation, how it was chosen)
        rounds = [first]
        while True:
            match = await runner.match_in(world.channel.id)
            if match.status == "finished":
                break
            assert len(via) < 40, "the game should have ended"
            # the mention names the next player in the announced order
            user = user_by_id[next_user(current)]
            assert user.name == order[pos]
            seat = match.seat_of(user.id)
            assert seat is not None and match.to_act() == (seat,)
            roll = rolls[user.name]
            assert match.state.rolls[seat] == roll, "the message shows the real roll"
            moves = check_menu(current, RULES.dump(match.state), seat, roll)
            if roll == 1:  # only single cows of the player's brand, and Pass
                brand = match.state.studs[seat].colour
                labels = {label for label, _, _ in moves.values()} - {"Pass"}
                assert labels and all(re.fullmatch(rf"Take {brand} \d", x) for x in labels)

            action = policy(match.state, seat)
            notation = RULES.format_action(match.state, action)
            if len(via) == 2:  # one move typed, as a player might
                rec = await expect_board(
                    fake,
                    world.channel,
                    fake.slash(user, world.channel, "cattle move", action=notation),
                )
                assert_played(rec)
                kind = "typed"
            else:
                index = RULES.legal_actions(match.state, seat).index(action)
                kind = await choose_on_board(fake, world.channel, user, current, index)
            via.append((notation, kind))
            after = boards(fake, world.channel)
            current = after[-1]
            # the move is told once: by what it did (naming its player), else by its notation
            told = current.content.splitlines()[0]
            assert user.name in told or f"played `{notation}`." in told
            assert len(current.attachments) == 1 and current.attachments[0].size < 200_000
            assert not after[-2].buttons() and not after[-2].selects(), "old boards go quiet"

            opening = round_opening(current.content)
            if opening is not None:
                # the round opens with one line: every roll in order, any THREE!
                assert pos == len(order) - 1, "a round ends once everyone has acted"
                number, rolls, order = opening
                assert number == len(rounds) + 1 and set(rolls) == {"carol", "alice", "bob"}
                threes = {n for n in order if rolls[n] == 3}
                shouts = [line for line in current.content.splitlines() if "THREE!" in line]
                assert len(shouts) == (1 if threes else 0)
                assert all(set(re.findall(r"(\w+) 3 THREE!", line)) == threes for line in shouts)
                assert order == sorted(order, key=lambda n: rolls[n]), "lowest roll first"
                rounds.append(current)
                pos = 0
            else:
                pos += 1

        assert [n for n, k in via if n.startswith("rustle")] == ["rustle bob"]
        assert [n for n, k in via if n.startswith("swiss")] == ["swiss red"]
        assert all(k == "button" for n, k in via if n.startswith(("rustle", "swiss")))
        assert "carol 3 THREE!" in rounds[1].content
        assert "alice 3 THREE!" in rounds[2].content
        assert "Equal rolls: the newer Discord account first" in rounds[1].content
        assert ("grab red 3", "button") in via, "carol's 1 offered only red grabs and Pass"
        assert any(k == "typed" for _, k in via)

        final = board(fake, world.channel)
        assert fake.messages(world.channel)[-1].id == final.id, "the scores come last"
        outcome = match.outcome()
        assert outcome is not None and outcome.scores is not None
        hauls = ", ".join(
            f"{match.name_of(s)} {outcome.scores[s]}" for s in range(len(match.seats))
        )
        assert f"Final hauls: {hauls}." in final.content
        assert "The last cow has left the herd" in final.content
        winners = [seat_user[s] for s in outcome.winners]
        assert "Game over" in final.content and all(w.mention in final.content for w in winners)
        assert [b.label for b in final.buttons()] == FINAL_BUTTONS and not final.selects(), (
            "a finished game offers only a rematch"
        )
        assert runner.bot is not None
        assert await runner.bot.service.replay(match.id) == match.state


async def test_out_of_turn_players_and_bad_moves_are_refused_privately(
    fake: FakeDiscord, world: World, database: Path
) -> None:
    async with running(fake, database, seed=SHORT_GAME_SEED) as runner:
        current = await open_match(
            fake, "cattle", world.channel, world.carol, world.alice, world.bob, **SMALL
        )
        before = await runner.match_in(world.channel.id)
        count = len(fake.messages(world.channel))
        assert next_user(current) == world.carol.id  # carol rolled 2 and is younger than bob
        # alice acts last this round; bob is next after carol: neither may act yet
        for player in (world.alice, world.bob):
            rec = await fake.click(player, current, label="Pass")
            assert rec.ephemeral and rec.response.ephemeral_for == player.id
            assert "It is not your turn; waiting on carol." in rec.response.content
        rec = await fake.slash(world.bob, world.channel, "cattle move", action="grab green 6")
        assert rec.ephemeral and "not your turn" in rec.response.content
        rec = await fake.click(world.mod, current, label="Pass")
        assert rec.ephemeral and "not playing" in rec.response.content
        # carol rolled 2: a raid or another colour is refused with what she may do
        for text, hint in (
            ("raid blue 6", "You rolled 2: you may take one or two red dice from the herd"),
            ("grab blue 6", "Your brand is red."),
            ("rustle alice", "You rolled 2"),
            ("dance", "don't know the move"),
        ):
            rec = await fake.slash(world.carol, world.channel, "cattle move", action=text)
            assert rec.ephemeral, text
            assert hint in rec.response.content, (text, rec.response.content)
        after = await runner.match_in(world.channel.id)
        assert (after.ply, after.state) == (before.ply, before.state)
        assert len(fake.messages(world.channel)) == count, "refusals post nothing publicly"
        # the move box suggests only what the roll allows
        choices = await fake.autocomplete(
            world.carol, world.channel, "cattle move", focused="action", action=""
        )
        values = [c["value"] for c in choices]
        assert values and all(v == "pass" or v.startswith("grab red ") for v in values)


async def test_default_herd_round_menus_fit_discords_limits(
    fake: FakeDiscord, world: World, database: Path
) -> None:
    seat_user = {0: world.alice, 1: world.bob, 2: world.carol}
    async with running(fake, database, seed=BIG_ROUND_SEED) as runner:
        current = await open_match(
            fake, "cattle", world.channel, world.alice, world.bob, world.carol, colours=8
        )
        opening = round_opening(current.content)
        assert opening == (1, {"alice": 5, "bob": 4, "carol": 6}, ["bob", "alice", "carol"])
        picks = {
            4: lambda a: isinstance(a, Switch) and a.source == "herd",
            5: lambda a: isinstance(a, Raid) and a.die.face == 6,
            6: lambda a: isinstance(a, Pasture) and a.die.face == 1,
        }
        for name in opening[2]:
            match = await runner.match_in(world.channel.id)
            seat = match.to_act()[0]
            user = seat_user[seat]
            assert user.name == name and next_user(current) == user.id
            roll = match.state.rolls[seat]
            moves = check_menu(current, RULES.dump(match.state), seat, roll)
            actions = RULES.legal_actions(match.state, seat)
            assert len(actions) > 25, "a big herd needs more than one select menu"
            assert len(current.components) <= 5
            selects = current.selects()
            assert len(selects) >= 2 and all(len(s.options) <= 25 for s in selects)
            # identical dice are one choice: fewer choices than cows in the herd
            herd = match.state.herd
            same = {match.state.studs[seat]} if roll == 4 else set()  # no switch for itself
            assert len(moves) - 1 == len(set(herd) - same) < len(herd)
            # each menu is named for its kind; a raid's menus split by face (the sixes first),
            # other kinds by colour, and a face or colour stays in one menu
            parts: Counter[str] = Counter()
            side = 1 if roll == 5 else 0
            for select in selects:
                assert select.placeholder.startswith(KINDS[roll] + " (")
                parts.update({read_label(o.label)[-1].split()[side] for o in select.options})
            assert set(parts.values()) == {1}
            if roll == 5:
                assert selects[0].placeholder.startswith(KINDS[roll] + " (6s")
            index = next(i for i, a in enumerate(actions) if picks[roll](a))
            assert moves[index][1] == "select"
            await choose_on_board(fake, world.channel, user, current, index)
            current = board(fake, world.channel)
        assert round_opening(current.content) is not None
        assert (
            "Round 2, in order:" in current.content and "Order this round:" not in current.content
        )
        match = await runner.match_in(world.channel.id)
        assert match.state.round == 2


async def test_a_move_typed_in_polish_is_played_and_logged_in_the_notation(
    fake: FakeDiscord, world: World, database: Path
) -> None:
    async with running(fake, database, seed=SHORT_GAME_SEED) as runner:
        current = await open_match(
            fake, "cattle", world.channel, world.carol, world.alice, world.bob, **SMALL
        )
        assert next_user(current) == world.carol.id  # carol rolled 2: her brand is red
        match = await runner.match_in(world.channel.id)
        seat = match.seat_of(world.carol.id)
        best = max(
            (a for a in RULES.legal_actions(match.state, seat) if isinstance(a, Grab)),
            key=lambda a: (sum(d.face for d in a.dice), len(a.dice)),
        )
        polish = "weź " + " i ".join(f"czerwoną {d.face}" for d in best.dice)
        typed = fake.slash(world.carol, world.channel, "cattle move", action=polish)
        rec = await expect_board(fake, world.channel, typed)
        assert_played(rec)
        notation = RULES.format_action(match.state, best)
        history = await runner.bot.service.history(match.id)
        assert history[-1]["notation"] == notation
        told = [RULES.narrator.event(e, match.state.names) for e in history[-1]["events"]]
        shown = board(fake, world.channel).content
        assert told[0] in shown and f"`{notation}`" not in shown, "told once, by its events"
