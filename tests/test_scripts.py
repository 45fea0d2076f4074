"""Every benchmark and every picture maker of ``docs/`` starts: its command line is read and
``--help`` answers without doing the work (a script that fails before measuring or drawing
anything is found here, not when its figures or pictures are wanted)."""

from __future__ import annotations

import runpy
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "bench"
#: helpers of other benchmarks, not run on their own
HELPERS = {"load_bots.py"}
SCRIPTS = sorted(p for p in BENCH.glob("*.py") if p.name not in HELPERS)
SCRIPTS += sorted((ROOT / "docs").glob("make_*.py"))


def test_every_script_is_a_benchmark_or_a_known_helper() -> None:
    assert len(SCRIPTS) >= 19
    for helper in HELPERS:
        assert '__name__ == "__main__"' not in (BENCH / helper).read_text()


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.name)
def test_a_script_reads_its_command_line(
    script: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "argv", [str(script), "--help"])
    # as ``python bench/<script>.py`` runs it: its folder first (some import a neighbour)
    monkeypatch.setattr(sys, "path", [str(script.parent), *sys.path])
    with pytest.raises(SystemExit) as leaving:
        runpy.run_path(str(script), run_name="__main__")
    assert leaving.value.code == 0
    assert capsys.readouterr().out.startswith("usage:")
