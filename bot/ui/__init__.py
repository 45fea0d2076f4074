"""The generic action UI: buttons and select menus built from ``legal_actions``.

``layout`` decides where each move goes (pure); ``components`` builds the Discord components
(``viewer``: the match viewer's);
``routing`` makes sure every click and every typed move gets an answer; ``ids`` holds the
custom id templates and how their numbers are read.
"""

from bot.ids import INVALID
from bot.ui.components import (
    DYNAMIC_ITEMS as BOARD_ITEMS,
)
from bot.ui.components import (
    ActionButton,
    ActionSelect,
    GroupButton,
    GroupSelect,
    LobbyButton,
    MoveModal,
    RematchButton,
    RemoveComputerSelect,
    TypeMoveButton,
    group_view,
    lobby_view,
    rematch_view,
)
from bot.ui.confirm import AbandonButton, abandon_view
from bot.ui.forget import ForgetButton, forget_view
from bot.ui.layout import (
    Entry,
    Plan,
    _grouped,
    group_text,
    groups_of,
    menu,
    notes_text,
    plan,
)
from bot.ui.routing import LOADED, answer_unclaimed
from bot.ui.standing import StandingButton, build_view

#: every component the bot answers by its custom id
DYNAMIC_ITEMS = (*BOARD_ITEMS, StandingButton, AbandonButton, ForgetButton)

__all__ = [
    "DYNAMIC_ITEMS",
    "INVALID",
    "LOADED",
    "AbandonButton",
    "ActionButton",
    "ActionSelect",
    "Entry",
    "ForgetButton",
    "GroupButton",
    "GroupSelect",
    "LobbyButton",
    "MoveModal",
    "Plan",
    "RematchButton",
    "RemoveComputerSelect",
    "StandingButton",
    "TypeMoveButton",
    "_grouped",
    "abandon_view",
    "answer_unclaimed",
    "build_view",
    "forget_view",
    "group_text",
    "group_view",
    "groups_of",
    "lobby_view",
    "menu",
    "notes_text",
    "plan",
    "rematch_view",
]
