"""The bot's parts reach one another through ``Host``: each part must offer what its protocol
there says the others call, with the same options, and the bot must hold every service."""

from __future__ import annotations

import inspect
from pathlib import Path
from typing import Any

import pytest

from bot.client import RanchHand
from bot.config import Settings
from bot.delivery import Delivery
from bot.host import Blocking, Boards, Host, Posting
from bot.table import Table
from bot.turns import TurnClock

PARTS = [(Posting, Table, "table"), (Boards, Delivery, "delivery"), (Blocking, TurnClock, "turns")]


def _methods(protocol: type) -> dict[str, Any]:
    return {
        name: value
        for name, value in vars(protocol).items()
        if inspect.isfunction(value) and not name.startswith("_")
    }


@pytest.mark.parametrize(("protocol", "part", "_"), PARTS)
def test_each_part_offers_what_its_protocol_promises(protocol: type, part: type, _: str) -> None:
    methods = _methods(protocol)
    assert methods, f"{protocol.__name__} promises nothing"
    for name, promised in methods.items():
        real = getattr(part, name, None)
        assert real is not None, f"{part.__name__} has no {name}"
        assert inspect.iscoroutinefunction(real) == inspect.iscoroutinefunction(promised), name
        offered = inspect.signature(real).parameters
        for param in inspect.signature(promised).parameters.values():
            if param.kind is param.VAR_KEYWORD:  # "the options the part takes"
                continue
            assert param.name in offered, f"{part.__name__}.{name} takes no {param.name}"
            has = offered[param.name]
            assert has.kind == param.kind, f"{part.__name__}.{name}({param.name}): its kind"
            assert has.default == param.default, f"{part.__name__}.{name}({param.name})"


def test_the_bot_holds_every_service_and_part_its_parts_reach(tmp_path: Path) -> None:
    bot = RanchHand(Settings(token="t", database_path=tmp_path / "x.sqlite3"))
    assert isinstance(bot, Host)
    # the store and the match service come when it starts; everything else is there at once
    later = {"store", "service"}
    for name in inspect.get_annotations(Host):
        if name not in later:
            assert hasattr(bot, name), f"the bot has no {name}"
    for protocol, part, name in PARTS:
        assert isinstance(getattr(bot, name), part)
        for member in inspect.get_annotations(protocol):
            assert hasattr(getattr(bot, name), member), f"{name} has no {member}"
