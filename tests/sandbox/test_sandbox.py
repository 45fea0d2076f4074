"""``python -m bot --sandbox`` end to end: the real bot, the emulator, the page in Chromium.

Two people share one browser, switching who they act as, like the page's user switcher is
meant for. Moves are chosen from the stored match (like a player reading the picture) and made
by clicking the page's buttons and menus, by the "Type a move" form and by the command box.
"""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import games
from tests.e2e.farm_policy import choose
from tests.sandbox.api import PageApi, live_match, start_game, until
from tests.sandbox.browser import MISSING, Page, SandboxProcess, Shown, chromium, sandbox_process

pytestmark = pytest.mark.skipif(MISSING is not None, reason=f"no headless browser: {MISSING}")

FARM = games.get("farm")
#: every match is seeded with this; the greedy player wins a two-player farm game in 30 moves
SEED = 85


@pytest.fixture(scope="module")
def sandbox(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SandboxProcess]:
    with sandbox_process(tmp_path_factory.mktemp("sandbox"), SEED) as running:
        yield running
        log = running.log_text()
        assert running.stop() == 0, log[-3000:]
    assert "Discord would refuse" not in log, log
    assert "Traceback" not in log, log


@pytest.fixture(scope="module")
def driver() -> Iterator[Any]:
    browser = chromium()
    try:
        yield browser
    finally:
        browser.quit()


@pytest.fixture
def page(driver: Any, sandbox: SandboxProcess) -> Page:
    page = Page(driver, sandbox.url)
    page.open()
    return page


def start_match(page: Page, game: str, host: str, *others: str) -> Shown:
    page.act_as(host)
    before = len(page.messages())
    page.type_command(f"/{game} new", expect=f"/{game} new")
    page.until(lambda: len(page.messages()) > before, "the lobby")
    for name in others:
        page.act_as(name)
        lobby = page.messages()[-1]
        page.click(lobby, label="Join")
        page.until(lambda n=name: n in page.messages()[-1].text, f"{name} in the lobby")
    page.act_as(host)
    boards = page.board_count()
    page.click(page.messages()[-1], label="Start")
    return page.wait_new_board(boards)


def action_button(message: Shown, seat: int, index: int) -> str | None:
    """The custom id of the button for legal action ``index`` of ``seat``, if there is one."""
    ids = message.attributes("button.btn[data-custom-id^='rh:a:']", "data-custom-id")
    return next((i for i in ids if i.endswith(f":{seat}:{index}")), None)


def play(page: Page, seat_name: str, seat: int, index: int, group: str | None = None) -> Any:
    """Act as ``seat_name`` and pick legal action ``index`` on the newest board: its button,
    its menu, or in two steps: its group (``group``: a piece's button, or "More moves…" /
    "Choose a piece…"), which answers with a private menu of its moves."""
    page.act_as(seat_name)
    board = page.newest_board()
    before = page.board_mark()
    button = action_button(board, seat, index)
    menus = [
        i
        for i in board.attributes(".select[data-custom-id^='rh:s:']", "data-custom-id")
        if i.split(":")[4] == str(seat)
        and board.has(f".select[data-custom-id='{i}'] li[data-value='{index}']")
    ]
    if button is not None:
        page.click(board, custom_id=button)
        return page.wait_new_board(before)
    if menus:
        page.choose(board, menus[0], str(index))
        return page.wait_new_board(before)
    assert group, f"move {index} of seat {seat} is on no button or menu"
    count = len(page.messages())
    pieces = board.attributes("button.btn[data-custom-id^='rh:q:']", "data-custom-id")
    labels = board.attributes("button.btn[data-custom-id^='rh:q:']", "data-label")
    mine = [i for i, label in zip(pieces, labels, strict=True) if label.split(" · ")[0] == group]
    if mine:
        page.click(board, custom_id=mine[0])
    else:
        more = board.attributes(".select[data-custom-id^='rh:g:']", "data-custom-id")
        assert more, f"move {index} of seat {seat} is on no button or menu"
        labels = board.attributes(f".select[data-custom-id='{more[0]}'] li", "data-label")
        values = board.attributes(f".select[data-custom-id='{more[0]}'] li", "data-value")
        page.choose(board, more[0], values[labels.index(group)])
    page.until(lambda: len(page.messages()) > count, "the private menu")
    private = page.messages()[-1]
    assert "Only you can see this" in private.text
    pick = action_button(private, seat, index)
    assert pick is not None, "the private menu holds the move"
    page.click(private, custom_id=pick)
    return page.wait_new_board(before)


def next_move(rules: Any, database: Path, channel: str) -> tuple[str, int, int, str | None]:
    """Who acts in a channel's match and the first legal move with its menu group."""
    match = live_match(database, channel)
    state = rules.load(json.loads(match["state"]))
    seat = rules.to_act(state)[0]
    action = rules.legal_actions(state, seat)[0]
    return match["seats"][seat], seat, 0, rules.describe_action(state, seat, action).group


def test_farm_match_in_the_browser(page: Page, sandbox: SandboxProcess) -> None:
    page.add_player("carol")  # a spectator, added by name
    channel = page.create_channel("farmyard")
    board = start_match(page, "farm", "alice", "bob")

    # the board picture is shown, and it is the PNG the bot attached
    assert page.js(f'return document.querySelector("{board.css} img.embed-image").naturalWidth')
    assert board.attributes("img.embed-image", "width")[0] not in (None, "", "0")
    src = page.js(f'return document.querySelector("{board.css} img.embed-image").src')
    with urllib.request.urlopen(src, timeout=5) as reply:
        assert reply.headers["Content-Type"] == "image/png"
        assert reply.read(8) == b"\x89PNG\r\n\x1a\n"
    assert "@alice" in board.text and "your move" in board.text
    # its alt text is the bot's description (read by screen readers, shown on hover)
    alt = board.attributes("img.embed-image", "alt")[0]
    assert alt.startswith("Super Farmer, move 0.") and "alice" in alt, alt
    assert board.attributes("img.embed-image", "title") == [alt]
    assert "mentions-me" in board.classes, "alice's own ping is highlighted"

    # the wrong player and a spectator are refused privately
    for intruder, expected in (("bob", "not your turn"), ("carol", "not playing")):
        page.act_as(intruder)
        count = len(page.messages())
        page.click(page.newest_board(), label="Roll the dice")
        page.until(lambda n=count: len(page.messages()) > n, "the refusal")
        refusal = page.messages()[-1]
        assert expected in refusal.text.lower()
        assert "Only you can see this" in refusal.text
        assert "ephemeral" in refusal.classes
    page.act_as("alice")
    assert not any("not your turn" in t.lower() for t in page.texts()), "bob's refusal is his"
    assert not any("not playing" in t.lower() for t in page.texts())
    page.act_as("bob")
    assert any("not your turn" in t.lower() for t in page.texts())
    assert not any("not playing" in t.lower() for t in page.texts()), "carol's is hers"

    # play the match to the end: buttons and menus, the "Type a move" form, the command box
    typed = boxed = False
    moves = turns = 0
    last_turn = None
    while True:
        match = live_match(sandbox.database, channel)
        if match["status"] == "finished":
            break
        assert moves < 80, "the match should have ended"
        state = FARM.load(json.loads(match["state"]))
        if FARM.turn_key(state) != last_turn:
            turns, last_turn = turns + 1, FARM.turn_key(state)
        seat = FARM.to_act(state)[0]
        name = match["seats"][seat]
        index = choose(FARM, state, seat)
        notation = FARM.format_action(state, FARM.legal_actions(state, seat)[index])
        if notation == "roll" and moves >= 2 and not typed:
            page.act_as(name)
            before = page.board_mark()
            suggestions = page.type_command("/farm move ro", expect="roll")
            assert any(s.startswith("roll") for s in suggestions), suggestions
            board = page.wait_new_board(before)
            typed = True
        elif notation == "roll" and moves >= 4 and not boxed:
            page.act_as(name)
            before = page.board_mark()
            page.click(page.newest_board(), label="Type a move")
            dialog = page.until(lambda: page.find("dialog#modal[open]"), "the move form")
            assert "Super Farmer" in dialog.text
            field = page.find("#modal-fields input")
            field.send_keys("roll")
            page.find("#modal-submit").click()
            board = page.wait_new_board(before)
            page.until(lambda: not page.find_all("dialog#modal[open]"), "the form to close")
            boxed = True
        else:
            board = play(page, name, seat, index)
        moves += 1
        # the move is told once: by what it did (naming its player), else by its notation
        told = [line for line in board.text.splitlines() if line.startswith(name)]
        assert told and (notation in board.text or f"{name} played" not in board.text)
        if moves == 3:  # an older board loses its buttons (the bot's edits are rate limited)
            older = page.boards()[-2]
            page.until(lambda o=older: not o.has("button.btn"), "the older board to lose buttons")
    assert typed and boxed
    final = page.newest_board()
    assert "Game over" in final.text
    seats = live_match(sandbox.database, channel)["seats"]
    assert any(f"@{n} wins" in final.text for n in seats.values())
    ids = final.attributes("button.btn", "data-custom-id")
    assert [i.split(":")[1] for i in ids] == ["p", "v", "o", "k"], "rematch, text, moves, report"
    assert "Game over" in final.attributes("img.embed-image", "alt")[0]
    # one message per turn, and one for the end
    assert page.board_count() == turns + 1


def finished_farm(sandbox: SandboxProcess) -> str:
    """The name of a channel whose newest match is a finished farm match: the one the test
    above played when it ran first on this sandbox, else one played here with typed moves."""
    api = PageApi(sandbox.url)
    world = api.get("/api/state")
    names = {c["id"]: c["name"] for c in world["channels"]}
    with sqlite3.connect(f"file:{sandbox.database}?mode=ro", uri=True) as conn:
        rows = conn.execute(
            "SELECT channel_id, game, status FROM matches WHERE id IN "
            "(SELECT MAX(id) FROM matches GROUP BY channel_id)"
        ).fetchall()
    for channel, game, status in rows:
        if game == "farm" and status == "finished" and str(channel) in names:
            return str(names[str(channel)])
    ids = {u["username"]: u["id"] for u in world["users"]}
    channel = api.post("/api/channels", name="export-yard")["id"]
    start_game(api, channel, ids["alice"], ids["bob"])
    for __ in range(80):
        match = live_match(sandbox.database, channel)
        if match["status"] == "finished":
            return "export-yard"
        state = FARM.load(json.loads(match["state"]))
        seat = FARM.to_act(state)[0]
        notation = FARM.format_action(
            state, FARM.legal_actions(state, seat)[choose(FARM, state, seat)]
        )
        user = ids[match["seats"][seat]]
        api.post("/api/command", user=user, channel=channel, text=f"/farm move {notation}")
        until(lambda p=match["ply"]: live_match(sandbox.database, channel)["ply"] > p, "the move")
    raise AssertionError("the typed farm match should have ended")


def test_an_export_downloads_from_the_page_and_replays(
    page: Page, sandbox: SandboxProcess, tmp_path: Path
) -> None:
    """A finished farm match exported with ``/game export``: its file is saved from the page
    under its own name and ``python -m bot replay`` checks it."""
    page.open_channel(finished_farm(sandbox))
    page.act_as("bob")
    count = len(page.messages())
    page.type_command("/game export", expect="/game export")
    page.until(lambda: len(page.messages()) > count, "the export")
    reply = page.messages()[-1]
    assert "Only you can see this" in reply.text
    names = reply.attributes("a.attachment-name", "download")
    assert names and names[0].endswith(".json"), names
    page.driver.execute_cdp_cmd(
        "Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(tmp_path)}
    )
    reply.click("a.attachment-name")
    saved = tmp_path / names[0]
    page.until(lambda: saved.is_file() and saved.stat().st_size > 0, "the download")
    checked = subprocess.run(
        [sys.executable, "-m", "bot", "replay", str(saved)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert json.loads(saved.read_text())["game"] == "farm"


def test_two_channels_two_games_at_once(page: Page, sandbox: SandboxProcess) -> None:
    corral = page.create_channel("corral")
    start_match(page, "farm", "alice", "bob")
    arena = page.create_channel("arena")
    board = start_match(page, "horseplay", "bob", "alice")
    assert "Horseplay" in board.text

    # a move in the arena while a farm game waits in the corral
    horseplay = games.get("horseplay")
    board = play(page, *next_move(horseplay, sandbox.database, arena))
    assert "moved" in board.text or "played" in board.text

    # the corral's game is untouched and still plays
    page.open_channel("corral")
    texts = page.texts()
    assert any("Super Farmer" in t for t in texts)
    assert not any("Horseplay" in t for t in texts), "each channel shows its own game"
    assert live_match(sandbox.database, corral)["ply"] == 0
    board = play(page, "alice", 0, 0)
    assert "alice rolled" in board.text

    # a second tab, acting as someone else, plays in the arena; the first tab sees it live
    first = page.driver.current_window_handle
    page.driver.switch_to.new_window("tab")
    try:
        other = Page(page.driver, page.url)
        other.open()
        other.open_channel("arena")
        play(other, *next_move(horseplay, sandbox.database, arena))
    finally:
        page.driver.close()
        page.driver.switch_to.window(first)
    page.until(
        lambda: "unread" in page.find(f"li.channel[data-channel='{arena}']").get_attribute("class"),
        "the arena to show a new message",
    )
    assert live_match(sandbox.database, arena)["ply"] == 2
    assert live_match(sandbox.database, corral)["ply"] == 1
    page.open_channel("arena")
    assert len(page.boards()) == 3


def test_a_player_and_the_server_pick_their_language_on_the_page(
    page: Page, sandbox: SandboxProcess
) -> None:
    from selenium.webdriver.support.ui import Select

    api = PageApi(sandbox.url)
    before = api.get("/api/state")
    alice_id = next(u["id"] for u in before["users"] if u["username"] == "alice")
    try:
        page.act_as("alice")
        Select(page.find("#me-locale")).select_by_visible_text("Polski")
        page.reveal("members")
        Select(page.find("#server-locale")).select_by_visible_text("Polski")

        page.until(
            lambda: api.get("/api/state")["server"]["locale"] == "pl", "the server's language saved"
        )
        alice = next(u for u in api.get("/api/state")["users"] if u["username"] == "alice")
        assert alice["locale"] == "pl"
        channel = page.create_channel("polish-farm")
        page.type_command("/farm new", expect="/farm new")
        page.until(lambda: len(page.messages()) > 0, "the lobby")
        with sqlite3.connect(f"file:{sandbox.database}?mode=ro", uri=True) as conn:
            (language,) = conn.execute(
                "SELECT language FROM matches WHERE channel_id = ?", (int(channel),)
            ).fetchone()
        assert language == "pl", "a new match takes the server's language"
        page.act_as("bob")
        bobs = Select(page.find("#me-locale")).first_selected_option
        assert bobs.get_attribute("value") == "en-US"
    finally:  # later tests read English
        api.post("/api/users/locale", user=alice_id, locale="en-US")
        api.post("/api/server/locale", locale=before["server"]["locale"])
