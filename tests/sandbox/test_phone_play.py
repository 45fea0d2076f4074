"""A whole match of every game played in the sandbox from a 360 px window, as on a phone.

One person (alice) plays against an easy computer player, only by tapping the page's buttons and
menus: a board's move buttons, its menus of moves and whatever private follow-up a first tap
opens (the second step of a two-step choice, "More moves"). Each game must end within its tap
budget, every board must show its picture, and the page must never be wider than the window.

Screenshots of the first board, one from the middle and the final board are written to
``$RANCHHAND_SCREENSHOTS`` as ``phone-<game>-<n>.png`` when that is set (``docs/img/phone`` holds
the ones the board gallery shows).
"""

from __future__ import annotations

import os
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.sandbox.api import live_match
from tests.sandbox.browser import MISSING, Page, SandboxProcess, Shown, chromium, sandbox_process

pytestmark = pytest.mark.skipif(MISSING is not None, reason=f"no headless browser: {MISSING}")

WIDTH, HEIGHT = 360, 740
SEED = 7
#: taps a whole match may take at most, per game (random play against an easy computer)
BUDGET = {"farm": 200, "cattle": 200, "horseplay": 250, "highrollin": 300, "cowboy": 400}
#: components that do not choose a move (text board, typed move, rematch, the match viewer,
#: a standing order's toggle, the report)
NOT_MOVES = (
    *("rh:v:", "rh:t:", "rh:m:", "rh:p:", "rh:l:", "rh:r:", "rh:x:", "rh:f:"),
    *("rh:o:", "rh:w:", "rh:j:", "rh:n:", "rh:k:"),
)


@pytest.fixture(scope="module")
def sandbox(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SandboxProcess]:
    with sandbox_process(tmp_path_factory.mktemp("phone"), SEED) as running:
        yield running
        log = running.log_text()
        assert running.stop() == 0, log[-3000:]
    assert "Discord would refuse" not in log, log
    assert "Traceback" not in log, log


@pytest.fixture(scope="module")
def driver() -> Iterator[Any]:
    browser = chromium(WIDTH, HEIGHT)
    browser.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": WIDTH, "height": HEIGHT, "deviceScaleFactor": 1, "mobile": True},
    )
    try:
        yield browser
    finally:
        browser.quit()


def shoot(page: Page, game: str, n: int) -> None:
    """What the phone shows now, saved when ``$RANCHHAND_SCREENSHOTS`` names a folder."""
    if os.environ.get("RANCHHAND_SCREENSHOTS"):
        out = Path(os.environ["RANCHHAND_SCREENSHOTS"])
        out.mkdir(parents=True, exist_ok=True)
        page.driver.save_screenshot(str(out / f"phone-{game}-{n}.png"))


def move_controls(message: Shown) -> tuple[list[str], list[str]]:
    """The enabled buttons and menus of a message that choose a move (custom ids)."""
    buttons = message.attributes(
        "button.btn[data-custom-id^='rh:']:not([disabled])", "data-custom-id"
    )
    menus = message.attributes(".select[data-custom-id^='rh:']", "data-custom-id")
    keep = [i for i in buttons if not i.startswith(NOT_MOVES)]
    return keep, [i for i in menus if not i.startswith(NOT_MOVES)]


def tap(page: Page, message: Shown, pick: random.Random) -> bool:
    """One tap on a move control of ``message``; False when it has none."""
    buttons, menus = move_controls(message)
    if not buttons and not menus:
        return False
    choice = pick.choice(buttons + menus)
    if choice in buttons:
        page.click(message, custom_id=choice)
        return True
    values = message.attributes(
        f".select[data-custom-id='{choice}'] li.select-option", "data-value"
    )
    page.choose(message, choice, pick.choice(values))
    return True


def start_against_computer(page: Page, game: str) -> None:
    page.act_as("alice")
    page.create_channel(f"{game}-phone")
    before = len(page.messages())
    page.type_command(f"/{game} new", expect=f"/{game} new")
    page.until(lambda: len(page.messages()) > before, "the lobby")
    lobby = page.messages()[-1]
    page.click(lobby, label="Add computer (easy)")
    page.until(lambda: "🤖" in lobby.text, "the computer in the lobby")
    boards = page.board_count()
    page.click(lobby, label="Start")
    page.wait_new_board(boards)


def my_turn(page: Page, sandbox: SandboxProcess, channel: str) -> bool | None:
    """True when alice must act, False while the computer thinks, None once it is over."""
    match = live_match(sandbox.database, channel)
    if match["status"] != "active":
        return None
    text = page.newest_board().text
    return "@alice" in text and "Game over" not in text


@pytest.mark.parametrize("game", list(BUDGET))
def test_a_whole_match_on_a_phone(driver: Any, sandbox: SandboxProcess, game: str) -> None:
    page = Page(driver, sandbox.url)
    page.open()
    assert page.js("return innerWidth;") == WIDTH
    start_against_computer(page, game)
    channel = page.channel_id()
    shoot(page, game, 1)
    pick = random.Random(f"{game}{SEED}")
    taps = 0
    while (turn := my_turn(page, sandbox, channel)) is not None:
        assert taps < BUDGET[game], f"{game} did not end within {BUDGET[game]} taps"
        if not turn:
            page.until(lambda: my_turn(page, sandbox, channel) is not False, "the computer")
            continue
        before, count, ply = (
            page.board_mark(),
            len(page.messages()),
            live_match(sandbox.database, channel)["ply"],
        )
        assert tap(page, page.newest_board(), pick), f"{game}: alice's board offers no move"
        taps += 1
        # a first tap may open a private follow-up (a second step): tap on in it
        while live_match(sandbox.database, channel)["ply"] == ply:
            newer = page.messages()[count:]
            private = [m for m in newer if "Only you can see this" in m.text]
            if private:
                assert move_controls(private[-1]) != ([], []), private[-1].text
                count = len(page.messages())
                assert tap(page, private[-1], pick)
                taps += 1
                continue
            page.until(
                lambda p=ply, c=count: (
                    live_match(sandbox.database, channel)["ply"] > p or len(page.messages()) > c
                ),
                "the tap's answer",
            )
        page.wait_new_board(before)  # every move shows a new or updated board
        if taps == 8:
            shoot(page, game, 2)
        assert page.js("return document.documentElement.scrollWidth;") <= WIDTH
    page.until(lambda: "Game over" in page.newest_board().text, "the final board")
    page.until(lambda: page.image_loaded(page.newest_board()), "the final picture")
    page.js("document.querySelector('#messages').scrollTop = 1e9;")
    shoot(page, game, 3)
    assert live_match(sandbox.database, channel)["status"] == "finished"
