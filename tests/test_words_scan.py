"""No player-visible text outside the catalogue: a scan of the code for string literals a
player could read that are not worded through ``_()``, ``ngettext()``, ``N_()`` or
``pgettext()`` (see ``tests/words_scan.py`` for what counts)."""

from __future__ import annotations

import ast

import pytest

from tests.words_scan import ROOT, Found, scan, scan_source

#: the folders scanned: everything a player's text could come from
SCANNED = ["bot", "cogs", "games", "render", "words"]

JOB = "a worker job's name in a RenderError, for operators"

#: (file or folder, function or "*") -> why its literals are no player's text
ALLOWED: dict[tuple[str, str], str] = {
    ("bot/__main__.py", "*"): "the command line and start-up messages of whoever runs the bot",
    ("bot/migrate.py", "*"): "the migrate-db command's output, for whoever runs the bot",
    ("bot/admin.py", "*"): "the invite and check commands' output, for whoever runs the bot",
    ("bot/backup.py", "*"): "the backup command's output, for whoever runs the bot",
    ("bot/forget_server.py", "*"): "the forget-server command's output, for whoever runs the bot",
    ("bot/store/copy.py", "*"): "the migrate-db copy's errors, for whoever runs the bot",
    ("bot/config.py", "*"): "configuration errors, for whoever runs the bot",
    ("bot/metrics.py", "*"): "metric help texts and the metrics server's errors, for operators",
    ("bot/replays.py", "*"): "the offline replay checker's report (python -m bot replay)",
    ("bot/store/sqlite_files.py", "FileWatch._problem"): "what changed the files, for the log",
    ("bot/store/postgres.py", "_reason"): "why the database cannot be opened, for the operator",
    ("bot/store/sqlite.py", "SqliteBackend.__init__"): "the database's place, for the operator",
    ("bot/slash_checks.py", "problem"): "what a tampered command sent, for the log",
    ("bot/delivery.py", "_posted_unrecorded"): "an English board's marks, matched, not shown",
    ("cogs/base.py", "_describe_option"): "option descriptions: the Translator words them",
    ("games/base.py", "status_line"): "an English status for tools and tests; /game status "
    "words its own (cogs/game.py waiting_line)",
    ("words", "*"): "the catalogue tool's report, read by translators",
    ("bot/jsondata.py", "*"): "the JSON type aliases, read by the type checker, never shown",
    ("render/cache.py", "*"): "the render caches' names and report, for operators and benchmarks",
    ("bot/render_pool.py", "Renderer.replay"): JOB,
    ("bot/render_pool.py", "Renderer.position"): JOB,
    ("bot/render_pool.py", "Renderer.report_picture"): JOB,
    ("render/cowboy/frame.py", ""): "a render cache's name, for the metrics page",
    ("render/cowboy/layers.py", ""): "a render cache's name, for the metrics page",
    ("games/highrollin/menu.py", "notation"): "the move notation: the action log's format, the "
    "same in every language",
    ("games/farm/__init__.py", "invariants"): "broken invariants of a position: developers'",
    ("games/highrollin/rules.py", "invariants"): "broken invariants of a position: developers'",
    ("games/cattle/model.py", "problems"): "broken invariants of a position: developers'",
    ("games/cowboy/storage.py", "check"): "broken invariants of a position: developers'",
    ("games/cowboy/storage.py", "_load"): "what a stored position's field is, for its checks",
    ("games/cowboy/data.py", "*"): "the shipped board and deck files' checks, for developers",
    ("games/farm/notation.py", "format_action"): "the move notation, the same in every language",
    ("games/cowboy/notation.py", "format_action"): "the move notation",
    ("games/highrollin/rules.py", "format_action"): "the move notation",
    ("games/cattle/__init__.py", "_parse"): "a move's notation, as an example in its error",
    ("games/farm/aliases.py", "*"): "the Polish words a typed move accepts: read, not shown",
    ("games/cattle/talk_dice.py", ""): "pgettext contexts (a colour's grammatical form)",
    ("games/policies/horseplay.py", ""): "a random generator's seed",
    ("games/rng.py", "ScriptedRng"): "a test's scripted dice: what the game asked for",
}
#: texts that read the same in every language
NAMES = {"Ranch Hand"}


def _unworded() -> list[Found]:
    found = scan(SCANNED, ALLOWED)
    return [f for f in found if f.text not in NAMES and not _table_option(f)]


def _table_option(found: Found) -> bool:
    """``/<game> new``'s own options (cogs/base.py ``TABLE_OPTIONS``): slash option
    descriptions, which discord.py hands to the command tree's Translator."""
    if found.path != "cogs/base.py" or found.where:
        return False
    tree = ast.parse((ROOT / found.path).read_text(encoding="utf-8"))
    for node in tree.body:
        target = getattr(node, "target", None) or (getattr(node, "targets", None) or [None])[0]
        if isinstance(target, ast.Name) and target.id == "TABLE_OPTIONS":
            return node.lineno <= found.line <= (node.end_lineno or node.lineno)
    return False


def test_no_player_text_outside_the_catalogue() -> None:
    left = _unworded()
    assert not left, "worded outside the catalogue:\n" + "\n".join(map(str, left))


@pytest.mark.parametrize(
    ("source", "caught"),
    [
        ('def f():\n    return f"{name} played a move."\n', True),
        ('def f(x):\n    return x.send(content="Hello")\n', True),
        ('def f():\n    return _("{name} played a move.")\n', False),
        ('def f():\n    log.info("a move was played in %s", 3)\n', False),
        ('def f():\n    raise ValueError("not a move at all")\n', False),
        ('def f():\n    """A docstring says things."""\n', False),
        ('X = "SELECT id FROM matches WHERE channel_id = ?"\n', False),
        ('X = {"the key": 1}\n', False),
    ],
)
def test_the_scan_tells_player_text_from_the_rest(source: str, caught: bool) -> None:
    found = scan_source(source)
    assert bool(found) is caught, found
