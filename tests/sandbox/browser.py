"""Drive the sandbox page in headless Chromium the way a person would, and read what it shows.

Debian's ``chromium`` and ``chromium-driver`` with ``selenium`` from PyPI; ``MISSING`` says what
is absent so the tests can skip with that reason.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
BROWSERS = ("chromium", "chromium-browser", "google-chrome")
WAIT = 15.0
#: the first and the longest pause between two looks at the page while waiting
POLL, POLL_MAX = 0.02, 0.2
COMMAND = (sys.executable, "-m", "bot", "--sandbox", "--port", "0")


def _missing() -> str | None:
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (pip install -e '.[dev]')"
    if not any(shutil.which(b) for b in BROWSERS):
        return "headless Chromium is not installed (apt-get install chromium chromium-driver)"
    if not shutil.which("chromedriver"):
        return "chromedriver is not installed (apt-get install chromium-driver)"
    return None


MISSING = _missing()


@dataclass
class SandboxProcess:
    """``python -m bot --sandbox`` running in a child process."""

    process: subprocess.Popen[str]
    url: str
    database: Path
    log: Path

    def stop(self, how: signal.Signals = signal.SIGINT) -> int:
        """Stop it with ``how`` (Ctrl+C by default); returns its exit status."""
        if self.process.poll() is None:
            self.process.send_signal(how)
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(5)
        return self.process.returncode

    def log_text(self) -> str:
        return self.log.read_text(errors="replace")


@contextlib.contextmanager
def sandbox_process(workdir: Path, seed: int, run: int = 1) -> Iterator[SandboxProcess]:
    """The sandbox on ``workdir/sandbox.sqlite3``; run ``n`` logs to ``sandbox-n.log``."""
    database = workdir / "sandbox.sqlite3"
    log = workdir / f"sandbox-{run}.log"
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    with log.open("w") as err:
        process = subprocess.Popen(
            [*COMMAND, "--database", str(database), "--seed", str(seed)],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=err,
            text=True,
        )
    found: list[str] = []

    def read() -> None:
        assert process.stdout is not None
        for line in process.stdout:
            if "http://" in line and not found:
                found.append(line.split("open ", 1)[1].split()[0])

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    deadline = time.monotonic() + 60
    while not found and process.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    running = SandboxProcess(process, found[0] if found else "", database, log)
    try:
        if not found:
            running.stop()
            raise RuntimeError(f"the sandbox did not start:\n{running.log_text()[-3000:]}")
        yield running
    finally:
        running.stop()


def chromium(width: int = 1400, height: int = 1000) -> Any:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = next(shutil.which(b) for b in BROWSERS if shutil.which(b))
    for arg in (
        "--headless=new",
        "--no-sandbox",
        "--disable-dev-shm-usage",
        "--disable-gpu",
        f"--window-size={width},{height}",
        "--lang=en-GB",
    ):
        options.add_argument(arg)
    return webdriver.Chrome(options=options, service=Service(shutil.which("chromedriver")))


class Shown:
    """A message on the page, looked up afresh by id every time: the page re-renders a message
    whenever the bot edits it, so a held element would go stale."""

    def __init__(self, page: Page, message_id: str) -> None:
        self.page = page
        self.id = message_id
        self.css = f"#messages article[data-id='{message_id}']"

    @property
    def text(self) -> str:
        return self._read("innerText")

    @property
    def classes(self) -> str:
        return self._read("className")

    def _read(self, prop: str) -> str:
        """A property of the message read in one step (no element handle to go stale)."""
        value = self.page.js(
            "const m = document.querySelector(arguments[0]); return m ? m[arguments[1]] : null;",
            self.css,
            prop,
        )
        if value is None:
            raise AssertionError(f"message {self.id} is not on the page")
        return str(value)

    def attributes(self, css: str, name: str) -> list[str]:
        """``name`` of every element matching ``css`` inside the message, read in one go."""
        return list(
            self.page.js(
                "return [...document.querySelectorAll(arguments[0])]"
                ".map(e => e.getAttribute(arguments[1]));",
                f"{self.css} {css}",
                name,
            )
        )

    def has(self, css: str) -> bool:
        return bool(self.page.find_all(f"{self.css} {css}"))

    def click(self, css: str) -> None:
        self.page.fresh(lambda: self.page.find(f"{self.css} {css}").click())


class Page:
    """The sandbox page in a browser tab, with the actions a person takes."""

    def __init__(self, driver: Any, url: str) -> None:
        self.driver = driver
        self.url = url

    # waiting and reading ----------------------------------------------------------------------

    def until(self, condition: Callable[[], Any], what: str, timeout: float = WAIT) -> Any:
        deadline = time.monotonic() + timeout
        pause = POLL
        while True:
            try:
                value = condition()
            except Exception:  # a re-rendered element went stale; look again
                value = None
            if value:
                return value
            if time.monotonic() > deadline:
                raise AssertionError(f"timed out waiting for {what}")
            time.sleep(pause)
            pause = min(pause * 1.5, POLL_MAX)  # each look costs the browser and the driver

    def fresh(self, work: Callable[[], Any], tries: int = 5) -> Any:
        """Run ``work``, again if the element it used was re-rendered meanwhile."""
        from selenium.common.exceptions import StaleElementReferenceException

        for attempt in range(tries):
            try:
                return work()
            except StaleElementReferenceException:
                if attempt == tries - 1:
                    raise
                time.sleep(0.05)
        return None

    def js(self, script: str, *args: Any) -> Any:
        return self.driver.execute_script(script, *args)

    def find(self, css: str) -> Any:
        from selenium.webdriver.common.by import By

        return self.driver.find_element(By.CSS_SELECTOR, css)

    def find_all(self, css: str) -> list[Any]:
        from selenium.webdriver.common.by import By

        return list(self.driver.find_elements(By.CSS_SELECTOR, css))

    def _ids(self, only_boards: bool) -> list[str]:
        return list(
            self.js(
                "return [...document.querySelectorAll('#messages article.message')]"
                ".filter(m => !arguments[0] || m.querySelector('img.embed-image'))"
                ".map(m => m.dataset.id);",
                only_boards,
            )
        )

    def messages(self) -> list[Shown]:
        return [Shown(self, i) for i in self._ids(False)]

    def texts(self) -> list[str]:
        return list(
            self.js(
                "return [...document.querySelectorAll('#messages article.message')]"
                ".map(m => m.innerText);"
            )
        )

    def boards(self) -> list[Shown]:
        """Messages with a board picture (an embed image)."""
        return [Shown(self, i) for i in self._ids(True)]

    def board_count(self) -> int:
        return len(self._ids(True))

    def newest_board(self) -> Shown:
        boards = self.boards()
        assert boards, "no board on screen"
        return boards[-1]

    def image_loaded(self, board: Shown) -> bool:
        return bool(
            self.js(
                "const i = document.querySelector(arguments[0]);"
                "return !!i && i.complete && i.naturalWidth > 0;",
                f"{board.css} img.embed-image",
            )
        )

    def channel_id(self) -> str:
        active = "#channels li.channel.active"
        return str(self.fresh(lambda: self.find(active).get_attribute("data-channel")))

    def view(self) -> str:
        return str(self.fresh(lambda: self.find("#messages").get_attribute("data-view") or ""))

    # acting -----------------------------------------------------------------------------------

    def open(self) -> None:
        self.driver.get(self.url)
        self.until(lambda: self.js("return document.body.dataset.ready"), "the page to start")

    def shown(self, css: str) -> bool:
        found = self.find_all(css)
        return bool(found) and bool(found[0].is_displayed())

    def reveal(self, drawer: str) -> None:
        """Open the channel list (``channels``) or player list (``members``) if a narrow
        window keeps it behind its toggle in the header."""
        region = "#sidebar" if drawer == "channels" else "#members"
        if not self.shown(region) and self.shown(f"#{drawer}-toggle"):
            self.find(f"#{drawer}-toggle").click()
            self.until(lambda: self.shown(region), f"the {drawer} list to open")

    def add_player(self, name: str) -> None:
        self.reveal("members")
        self.find("#new-user-name").send_keys(name)
        self.find("#add-user").click()
        self.until(lambda: self.find_all(f"#member-list li[data-name='{name}']"), f"{name}")

    def act_as(self, name: str) -> None:
        css = f"#member-list li[data-name='{name}']"
        uid = self.fresh(lambda: self.find(css).get_attribute("data-user"))
        if self.view().endswith(f":{uid}"):
            return
        self.reveal("members")
        self.fresh(lambda: self.find(css).click())
        self.until(lambda: self.view().endswith(f":{uid}"), f"the channel as {name}")

    def create_channel(self, name: str) -> str:
        self.reveal("channels")
        self.find("#add-channel").click()
        field = self.find("#new-channel-name")
        field.send_keys(name)
        field.send_keys("\n")
        self.until(lambda: self.find("#channel-name").text == name and self.view(), f"#{name}")
        return self.channel_id()

    def open_channel(self, name: str) -> None:
        css = f"#channels li.channel[data-name='{name}']"
        cid = self.fresh(lambda: self.find(css).get_attribute("data-channel"))
        self.reveal("channels")
        self.fresh(lambda: self.find(css).click())
        self.until(
            lambda: self.find("#channel-name").text == name and self.view().startswith(f"{cid}:"),
            f"#{name}",
        )

    def type_command(self, text: str, *, expect: str | None = None) -> list[str]:
        """Type into the command box; wait for a suggestion containing ``expect``; press Enter
        until the command is sent. Returns the suggestions seen."""
        from selenium.webdriver.common.keys import Keys

        box = self.find("#command")
        box.clear()
        box.send_keys(text)
        seen: list[str] = []
        if expect is not None:
            seen = self.until(
                lambda: (
                    (labels := [s.text for s in self.find_all("#suggestions li")])
                    and any(expect in s for s in labels)
                    and labels
                ),
                f"a suggestion {expect!r} for {text!r}",
            )
        for _ in range(3):  # Enter may first accept the highlighted suggestion, as in Discord
            typed = box.get_attribute("value")
            box.send_keys(Keys.ENTER)
            self.until(lambda t=typed: box.get_attribute("value") != t, "Enter to take effect")
            if not box.get_attribute("value"):
                return seen
        raise AssertionError(f"{text!r} was not sent: {box.get_attribute('value')!r}")

    def click(self, message: Shown, label: str | None = None, custom_id: str | None = None) -> None:
        if custom_id is not None:
            css = f"button.btn[data-custom-id='{custom_id}']"
        else:
            css = f"button.btn[data-label='{label}']"
        assert message.has(css), f"no button {label or custom_id} on the message"
        message.click(css)

    def choose(self, message: Shown, custom_id: str, value: str) -> None:
        select = f".select[data-custom-id='{custom_id}']"
        message.click(f"{select} button.select-toggle")
        option = f"{select} li.select-option[data-value='{value}']"
        assert message.has(option), f"no option {value} in {custom_id}"
        message.click(option)

    def board_mark(self) -> tuple[int, str]:
        """What the newest board looks like now: how many boards, and the newest one's
        picture (one message per turn: a further action in the same turn updates it)."""
        count, src = self.js(
            "const b = [...document.querySelectorAll('#messages article.message')]"
            ".map(m => m.querySelector('img.embed-image')).filter(i => i);"
            "return [b.length, b.length ? b[b.length - 1].src : ''];"
        )
        return int(count), str(src)

    def picture(self, board: Shown) -> str:
        return str(
            self.js(
                "const i = document.querySelector(arguments[0]); return i ? i.src : '';",
                f"{board.css} img.embed-image",
            )
        )

    def wait_new_board(self, before: int | tuple[int, str]) -> Shown:
        count, text = before if isinstance(before, tuple) else (before, None)

        def shown() -> bool:
            now, picture = self.board_mark()
            return now > count or (text is not None and picture != text)

        self.until(shown, "a new or updated board")
        board = self.newest_board()
        self.until(lambda: self.image_loaded(board), "the board picture to load")
        return board
