"""The sandbox page from a phone-width window (360 px) up to a desktop: nothing overlaps, the
message box and the board's buttons can be reached and pressed, menus open within view.

Screenshots are written to the test's temporary folder, and to ``$RANCHHAND_SCREENSHOTS`` as
``sandbox-<width>.png`` when that is set (``docs/img`` holds the ones the README shows).
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

import games
from tests.sandbox.api import PageApi, live_match, start_game, until
from tests.sandbox.browser import MISSING, Page, SandboxProcess, chromium, sandbox_process

pytestmark = pytest.mark.skipif(MISSING is not None, reason=f"no headless browser: {MISSING}")

FARM = games.get("farm")
SEED = 85
#: window sizes: a phone, a tablet held upright, a desktop
SIZES = {360: 740, 768: 1024, 1400: 900}
REGIONS = ("servers", "sidebar", "chat", "members")


@dataclass
class Table:
    sandbox: SandboxProcess
    farm: str  # a channel with a Super Farmer match (buttons)
    dice: str  # a channel with a Cattle Baron match (its moves in one long menu)


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Table]:
    with sandbox_process(tmp_path_factory.mktemp("layout"), SEED) as running:
        api = PageApi(running.url)
        ids = {u["username"]: u["id"] for u in api.get("/api/state")["users"]}
        dice = api.post("/api/channels", name="dice")["id"]
        start_game(api, dice, ids["alice"], ids["bob"], game="cattle")
        farm = api.post("/api/channels", name="farmyard")["id"]
        start_game(api, farm, ids["alice"], ids["bob"])
        yield Table(running, farm, dice)
        log = running.log_text()
        assert running.stop() == 0, log[-3000:]
    assert "Traceback" not in log and "Discord would refuse" not in log, log


@pytest.fixture(scope="module")
def driver() -> Iterator[Any]:
    browser = chromium()
    try:
        yield browser
    finally:
        browser.quit()


def boxes(page: Page) -> dict[str, dict[str, Any]]:
    """The main regions' boxes; ``shown`` is False for those hidden behind a toggle."""
    return {
        b["name"]: b
        for b in page.js(
            "return arguments[0].map(n => { const e = document.getElementById(n);"
            " const r = e.getBoundingClientRect(); const s = getComputedStyle(e);"
            " return {name: n, shown: s.display !== 'none' && s.visibility !== 'hidden'"
            " && r.width > 0 && r.height > 0, left: r.left, top: r.top, right: r.right,"
            " bottom: r.bottom, width: r.width}; });",
            list(REGIONS),
        )
    }


def overlap(a: dict[str, Any], b: dict[str, Any]) -> float:
    width = min(a["right"], b["right"]) - max(a["left"], b["left"])
    height = min(a["bottom"], b["bottom"]) - max(a["top"], b["top"])
    return max(width, 0) * max(height, 0)


def reachable(page: Page, css: str) -> dict[str, Any]:
    """Scroll the element into view like a person would; where it is, and whether a click
    at its middle lands on it (nothing covers it)."""
    return dict(
        page.js(
            "const e = document.querySelector(arguments[0]);"
            "e.scrollIntoView({block: 'nearest', inline: 'nearest'});"
            "const r = e.getBoundingClientRect();"
            "const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);"
            "return {left: r.left, top: r.top, right: r.right, bottom: r.bottom,"
            " inside: r.left >= 0 && r.top >= 0 && r.right <= innerWidth"
            " && r.bottom <= innerHeight, hit: !!hit && (hit === e || e.contains(hit))};",
            css,
        )
    )


def in_view(page: Page, box: dict[str, Any]) -> bool:
    width, height = page.js("return [innerWidth, innerHeight];")
    return bool(
        box["left"] >= 0 and box["top"] >= 0 and box["right"] <= width and box["bottom"] <= height
    )


def rect(page: Page, css: str) -> dict[str, Any]:
    return dict(
        page.js(
            "const r = document.querySelector(arguments[0]).getBoundingClientRect();"
            "return {left: r.left, top: r.top, right: r.right, bottom: r.bottom,"
            " height: r.height};",
            css,
        )
    )


@pytest.mark.parametrize("width", list(SIZES))
def test_the_page_fits_the_window(driver: Any, table: Table, width: int) -> None:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    height = SIZES[width]
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False},
    )
    page = Page(driver, table.sandbox.url)
    page.open()
    assert page.js("return [innerWidth, innerHeight];") == [width, height]
    narrow, phone = width < 1100, width < 700

    # the regions side by side, none over another, nothing wider than the window
    shown = {n: b for n, b in boxes(page).items() if b["shown"]}
    expected = set(REGIONS) if not narrow else {"chat"} if phone else {"sidebar", "chat"}
    assert set(shown) == expected, f"at {width} px the page shows {sorted(shown)}"
    names = list(shown)
    for i, a in enumerate(names):
        assert in_view(page, shown[a]), f"{a} sticks out of a {width} px window"
        for b in names[i + 1 :]:
            assert overlap(shown[a], shown[b]) < 1, f"{a} and {b} overlap at {width} px"
    assert shown["chat"]["width"] >= min(width, 540), "the chat keeps most of the room"
    assert page.js("return document.documentElement.scrollWidth;") <= width

    # the lists behind their toggles open within the window, and a choice closes them
    assert page.shown("#members-toggle") == narrow
    assert page.shown("#channels-toggle") == phone
    mover = live_match(table.sandbox.database, table.farm)
    seat = FARM.to_act(FARM.load(json.loads(mover["state"])))[0]
    name = mover["seats"][seat]
    if narrow:
        page.find("#members-toggle").click()
        page.until(lambda: page.shown("#members"), "the player list")
        assert in_view(page, boxes(page)["members"])
        player = f"#member-list li[data-name='{name}']"
        assert reachable(page, player)["hit"]
        page.find(player).click()
        uid = page.find(player).get_attribute("data-user")
        page.until(lambda: page.view().endswith(f":{uid}"), f"the channel as {name}")
    else:
        page.act_as(name)
    assert not page.shown("#scrim") and (not narrow or not page.shown("#members"))
    assert name in page.find("#members-toggle" if narrow else "#me-name").text
    page.open_channel("dice")
    assert not phone or not page.shown("#sidebar"), "choosing a channel closes the list"

    # long menus open within view, the lowest one upwards, their options on one line each
    last = page.find_all("#messages .select")[-1]
    last.find_element("css selector", "button.select-toggle").click()
    menu = ".select-menu:not([hidden])"
    page.until(lambda: page.find_all(menu), "the menu to open")
    where = rect(page, menu)
    messages = rect(page, "#messages")
    assert in_view(page, where) and where["top"] >= messages["top"] - 1
    assert where["bottom"] <= messages["bottom"] + 1, "the menu opens above the message box"
    labels = page.js(
        "return [...document.querySelectorAll(arguments[0] + ' .option-label')]"
        ".map(l => l.getBoundingClientRect().height / parseFloat(getComputedStyle(l).lineHeight));",
        menu,
    )
    assert labels and max(labels) < 1.5, f"options wrap at {width} px: {labels}"
    page.find("#command").click()  # a click elsewhere closes it
    page.until(lambda: not page.find_all(menu), "the menu to close")

    # the command box's suggestions open above it, within the window
    box = reachable(page, "#command")
    assert box["inside"] and box["hit"], "the message box is in view and can be typed in"
    page.find("#command").send_keys("/farm ")
    page.until(lambda: page.find_all("#suggestions li"), "suggestions")
    picker = rect(page, "#picker")
    assert in_view(page, picker) and picker["bottom"] <= box["top"] + 1
    widths = page.js(
        "return [...document.querySelectorAll('#suggestions li')]"
        ".map(li => li.getBoundingClientRect().right);"
    )
    assert max(widths) <= picker["right"] + 1, "suggestions fit the picker"
    page.find("#command").send_keys(Keys.ESCAPE)
    page.until(lambda: not page.shown("#picker"), "Escape to close the suggestions")
    page.find("#command").clear()

    # the board's buttons can be reached and pressed: the player to act makes a move
    page.open_channel("farmyard")
    board = page.newest_board()
    custom_id = next(
        i
        for i in board.attributes("button.btn[data-custom-id^='rh:a:']", "data-custom-id")
        if i.endswith(f":{seat}:0")
    )
    for other in board.attributes("button.btn", "data-custom-id"):
        spot = reachable(page, f"{board.css} button.btn[data-custom-id='{other}']")
        assert spot["inside"] and spot["hit"], f"button {other} is out of reach at {width} px"
    before = page.board_count()
    page.click(board, custom_id=custom_id)
    new = page.wait_new_board(before)
    assert any(line.startswith(name) for line in new.text.splitlines()), "the move is told"
    until(lambda: live_match(table.sandbox.database, table.farm)["ply"] > mover["ply"], "a move")
    page.js("document.getElementById('messages').scrollTop = 1e9;")
    page.until(lambda: page.image_loaded(new), "the board picture")

    ActionChains(driver).move_to_element(page.find("#channel-name")).perform()  # no hover
    shot = Path(os.environ.get("RANCHHAND_SCREENSHOTS") or table.sandbox.log.parent)
    assert driver.save_screenshot(str(shot / f"sandbox-{width}.png"))
