"""The project as an admin installs it: a wheel built from the checkout, installed into a new
virtual environment outside it, runs the sandbox, plays a Super Cowboy move and draws every
game's board from its own package data (fonts, tiles, catalogues), nothing read from here."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import threading
import tomllib
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from tests.sandbox.api import PageApi, button, until

ROOT = Path(__file__).resolve().parents[1]
#: what builds, runs and tools leave at the top of a checkout, none of it part of the project
LEFT_BEHIND = ("build", "dist", "*.egg-info", ".venv*", ".git", "data", ".*_cache")

DRAW_EVERY_GAME = """
import json, sys
from pathlib import Path
import games, render, words
from games.rng import SeededRng
root = sys.argv[1]
out = {}
for key in games.BUILTIN:
    rules = games.get(key)
    state = rules.new_game(["Ann", "Bob"], None, rng=SeededRng(7, 0),
                           **rules.seat_extras([1, 2]))
    for locale in words.SHIPPED:
        png = render.draw(key, state, locale=locale)
        assert png.startswith(bytes([0x89]) + b"PNG"), key
        out[f"{key}/{locale}"] = len(png)
for module in (games, render, words):
    assert not str(Path(module.__file__).resolve()).startswith(root), module.__file__
print(json.dumps(out))
"""


def _left_behind(folder: str, names: list[str]) -> set[str]:
    """What ``shutil.copytree`` leaves out of ``folder``: caches anywhere, and at the top of
    the checkout what builds and runs left there."""
    left = set(shutil.ignore_patterns("__pycache__")(folder, names))
    if Path(folder) == ROOT:
        left |= shutil.ignore_patterns(*LEFT_BEHIND)(folder, names)
    return left


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A venv outside the checkout with the project's wheel (and its dependencies) in it. The
    venv has no pip of its own (this pip installs into it); the dependencies the project
    declares go in while the wheel builds, and installing the wheel then adds whatever its own
    metadata asks for that is still missing."""
    where = tmp_path_factory.mktemp("install")
    wheels, venv = where / "wheels", where / "venv"
    run([sys.executable, "-m", "venv", "--without-pip", str(venv)])
    pip = [sys.executable, "-m", "pip", "--python", str(venv / "bin" / "python")]
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]
    # built from a copy without what earlier builds and runs left in the checkout (a stale
    # ``build/`` would put modules deleted since into the wheel)
    source = where / "source"
    shutil.copytree(ROOT, source, ignore=_left_behind)
    with ThreadPoolExecutor(2) as pool:
        building = pool.submit(
            run,
            [
                sys.executable,
                "-m",
                "pip",
                "wheel",
                "-q",
                "--no-deps",
                "-w",
                str(wheels),
                str(source),
            ],
        )
        pool.submit(run, [*pip, "install", "-q", *declared]).result()
        building.result()
    [wheel] = list(wheels.glob("ranchhand-*.whl"))
    run([*pip, "install", "-q", str(wheel)])
    yield venv


def run(command: list[str], **options: object) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(
        command, capture_output=True, text=True, timeout=600, check=False, **options
    )  # type: ignore[call-overload]
    assert done.returncode == 0, f"{command}: {done.stdout[-2000:]}{done.stderr[-3000:]}"
    return done


def test_the_installed_wheel_draws_every_game(installed: Path, tmp_path: Path) -> None:
    python = str(installed / "bin" / "python")
    done = run([python, "-c", DRAW_EVERY_GAME, str(ROOT)], cwd=tmp_path)
    sizes = json.loads(done.stdout)
    assert all(size > 1000 for size in sizes.values()), sizes


def test_the_installed_sandbox_plays_a_super_cowboy_move(installed: Path, tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "PYTHONPATH")}
    process = subprocess.Popen(
        [str(installed / "bin" / "python"), "-m", "bot", "--sandbox", "--port", "0", "--seed", "3"],
        cwd=tmp_path,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    lines: list[str] = []
    threading.Thread(target=lambda: lines.extend(process.stdout or []), daemon=True).start()
    try:
        url = until(
            lambda: (
                next(
                    (ln.split("open ", 1)[1].split()[0] for ln in lines if "open http" in ln), None
                )
                or (process.poll() is not None and "exited")
            ),
            "the sandbox to start",
            timeout=60,
        )
        assert url != "exited", "".join(lines)[-3000:]
        api = PageApi(url)
        state = api.get("/api/state")
        users = {u["username"]: u["id"] for u in state["users"]}
        channel = state["channels"][0]["id"]
        alice = users["alice"]
        api.post("/api/command", user=alice, channel=channel, text="/cowboy new computers:1")
        lobby = until(lambda: api.messages(channel, alice), "the lobby")[-1]
        api.post(
            "/api/click", user=alice, message=lobby["id"], custom_id=button(lobby, label="Start")
        )
        first = until(lambda: api.boards(channel, alice), "the first board")
        board = first[-1]
        moves = [
            b
            for row in board["components"]
            for b in row.get("children", [])
            if b["kind"] == "button" and (b["custom_id"] or "").startswith("rh:a:")
        ]
        assert moves, "the first board offers a move"
        count, shown = len(first), board["html"]
        api.post("/api/click", user=alice, message=board["id"], custom_id=moves[0]["custom_id"])
        until(
            lambda: (
                len(api.boards(channel, alice)) > count
                or api.boards(channel, alice)[-1]["html"] != shown
            ),
            "the board after the move",
        )
    finally:
        process.terminate()
        process.wait(20)
    log = "".join(lines)
    assert "Traceback" not in log and "WARNING" not in log, log[-3000:]
    assert (tmp_path / "data" / "sandbox.sqlite3").is_file(), "kept beside where it was started"
