"""The emulator runs in a plain install (the sandbox needs no dev extra)."""

from __future__ import annotations

import sys

import pytest

from fakediscord import validate


def test_without_jsonschema_validation_is_skipped_with_one_warning(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "jsonschema", None)  # import jsonschema raises ImportError
    monkeypatch.setattr(validate, "_warned_missing", set())
    spec = validate.default_spec_path()
    with pytest.warns(UserWarning, match="jsonschema is not installed"):
        assert validate.load_validator(spec) is None
    assert validate.load_validator(spec) is None  # warned once only
