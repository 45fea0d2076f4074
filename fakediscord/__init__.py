"""A loopback Discord (REST + Gateway) that an unmodified discord.py bot can log in to.

It stores guilds, channels, users, messages and synced commands; simulated users send slash
commands, clicks, selects and modal submits as real INTERACTION_CREATE events; every request
the bot makes is checked against Discord's platform rules and, when available, the official
OpenAPI spec. Breaches are collected as ``Violation`` values.
"""

from .fake import FakeDiscord
from .faults import Fault
from .models import (
    Attachment,
    ButtonInfo,
    Channel,
    CommandUsageError,
    ComponentError,
    FakeDiscordError,
    Member,
    Message,
    NotConnectedError,
    RequestRecord,
    Role,
    SelectInfo,
    SelectOptionInfo,
    User,
    Violation,
)
from .notifications import Notification
from .permissions import Overwrite
from .records import InteractionRecord
from .state import Guild

__all__ = [
    "Attachment",
    "ButtonInfo",
    "Channel",
    "CommandUsageError",
    "ComponentError",
    "FakeDiscord",
    "FakeDiscordError",
    "Fault",
    "Guild",
    "InteractionRecord",
    "Member",
    "Message",
    "NotConnectedError",
    "Notification",
    "Overwrite",
    "RequestRecord",
    "Role",
    "SelectInfo",
    "SelectOptionInfo",
    "User",
    "Violation",
]
