"""Draw the README's sandbox screenshots from the code as it is: ``docs/img/sandbox-*.png``.

Starts ``python -m bot --sandbox`` on a throw-away database, opens the page in headless
Chromium (Debian's ``chromium``, ``chromium-driver`` and, for the buttons' emoji,
``fonts-noto-color-emoji``; ``selenium`` from the dev extra),
plays the opening of a Super Farmer match against a computer player by the page's own command
box and buttons, and takes the page at 1400, 768 and 360 px wide.

    .venv/bin/python docs/make_sandbox_images.py
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "img"
WIDTHS = {1400: 900, 768: 900, 360: 740}
SEED = 85


def start_sandbox(workdir: Path) -> tuple[subprocess.Popen[str], str]:
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "bot",
            "--sandbox",
            "--port",
            "0",
            "--seed",
            str(SEED),
            "--database",
            str(workdir / "sandbox.sqlite3"),
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    found: list[str] = []

    def read() -> None:
        assert process.stdout is not None
        for line in process.stdout:
            if "http://" in line and not found:
                found.append(line.split("open ", 1)[1].split()[0])

    threading.Thread(target=read, daemon=True).start()
    deadline = time.monotonic() + 60
    while not found and time.monotonic() < deadline and process.poll() is None:
        time.sleep(0.05)
    if not found:
        process.kill()
        raise SystemExit("the sandbox did not start")
    return process, found[0]


def browser(width: int, height: int) -> Any:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or shutil.which("google-chrome") or ""
    for arg in (
        "--headless=new",
        "--no-sandbox",
        "--disable-dev-shm-usage",
        "--disable-gpu",
        f"--window-size={width},{height}",
        "--lang=en-GB",
        "--hide-scrollbars",
    ):
        options.add_argument(arg)
    return webdriver.Chrome(options=options, service=Service(shutil.which("chromedriver")))


def until(condition: Any, what: str, timeout: float = 20.0) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            value = condition()
        except Exception:  # an element re-rendered meanwhile: look again
            value = None
        if value:
            return value
        time.sleep(0.05)
    raise SystemExit(f"timed out waiting for {what}")


def boards(driver: Any) -> int:
    return int(
        driver.execute_script(
            "return document.querySelectorAll('#messages article.message img.embed-image').length;"
        )
    )


def command(driver: Any, text: str) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    box = driver.find_element(By.CSS_SELECTOR, "#command")
    box.clear()
    box.send_keys(text)
    for _ in range(3):
        typed = box.get_attribute("value")
        box.send_keys(Keys.ENTER)
        until(lambda t=typed: box.get_attribute("value") != t, "Enter to take effect")
        if not box.get_attribute("value"):
            return


def click_newest(driver: Any, label: str) -> None:
    driver.execute_script(
        "const ms = [...document.querySelectorAll('#messages article.message')];"
        "for (const m of ms.reverse()) { const b = m.querySelector("
        "`button.btn[data-label='${arguments[0]}']`); if (b) { b.click(); return; } }",
        label,
    )


def play_opening(driver: Any, url: str) -> None:
    driver.get(url)
    until(lambda: driver.execute_script("return document.body.dataset.ready"), "the page")
    command(driver, "/farm new computers:1")
    until(
        lambda: driver.execute_script(
            "return !!document.querySelector(\"button.btn[data-label='Start']\")"
        ),
        "the lobby",
    )
    before = boards(driver)
    click_newest(driver, "Start")
    until(lambda: boards(driver) > before, "the first board")
    for _ in range(3):
        before = boards(driver)
        click_newest(driver, "Roll the dice")
        until(lambda b=before: boards(driver) > b, "the next board")
    time.sleep(1.0)  # the pictures load


def main() -> int:
    argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0]).parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        process, url = start_sandbox(Path(tmp))
        try:
            driver = browser(1400, WIDTHS[1400])
            try:
                play_opening(driver, url)
                for width, height in WIDTHS.items():
                    driver.set_window_size(width, height)
                    time.sleep(0.5)
                    driver.execute_script(
                        "const m = document.querySelector('#messages');"
                        "if (m) m.scrollTop = m.scrollHeight;"
                    )
                    time.sleep(0.3)
                    target = OUT / f"sandbox-{width}.png"
                    driver.save_screenshot(str(target))
                    print(f"wrote {target.relative_to(ROOT)}")
            finally:
                driver.quit()
        finally:
            process.send_signal(signal.SIGINT)
            process.wait(20)
    return 0


if __name__ == "__main__":
    sys.exit(main())
