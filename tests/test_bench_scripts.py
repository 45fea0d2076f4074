"""Every benchmark starts: its command line is read and ``--help`` answers (a benchmark that
fails before measuring anything is found here, not when its figures are wanted)."""

from __future__ import annotations

import runpy
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parent.parent / "bench"
#: helpers of other benchmarks, not run on their own
HELPERS = {"load_bots.py"}
SCRIPTS = sorted(p for p in BENCH.glob("*.py") if p.name not in HELPERS)


def test_every_script_is_a_benchmark_or_a_known_helper() -> None:
    assert len(SCRIPTS) >= 15
    for helper in HELPERS:
        assert '__name__ == "__main__"' not in (BENCH / helper).read_text()


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.name)
def test_a_benchmark_reads_its_command_line(
    script: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "argv", [str(script), "--help"])
    # as ``python bench/<script>.py`` runs it: its folder first (some import a neighbour)
    monkeypatch.setattr(sys, "path", [str(BENCH), *sys.path])
    with pytest.raises(SystemExit) as leaving:
        runpy.run_path(str(script), run_name="__main__")
    assert leaving.value.code == 0
    assert capsys.readouterr().out.startswith("usage:")
