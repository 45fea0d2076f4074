"""Discord-shaped error replies.

discord.py parses ``{"code", "message", "errors"}`` and flattens the nested ``errors`` object,
so every refusal the fake makes goes through ``DiscordError``. A ``rule`` marks refusals that
are the bot's fault: the server records those as violations.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .validate import FieldError, discord_errors


class DiscordError(Exception):
    """A refusal, rendered as Discord's JSON error body."""

    def __init__(
        self,
        status: int,
        code: int,
        message: str,
        *,
        rule: str | None = None,
        detail: str | None = None,
        field_errors: Sequence[FieldError] = (),
    ) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.rule = rule
        self.detail = detail or message
        self.field_errors = list(field_errors)

    def body(self) -> dict[str, Any]:
        data: dict[str, Any] = {"message": self.message, "code": self.code}
        if self.field_errors:
            data["errors"] = discord_errors(self.field_errors)
        return data


def invalid_form(errors: Sequence[FieldError]) -> DiscordError:
    """400 / 50035 with every field error; each error's own rule becomes a violation."""
    return DiscordError(400, 50035, "Invalid Form Body", field_errors=errors)


def not_found(
    code: int, what: str, *, rule: str | None = None, detail: str | None = None
) -> DiscordError:
    return DiscordError(404, code, f"Unknown {what}", rule=rule, detail=detail)


def unknown_channel(rule: str | None = "unknown_channel") -> DiscordError:
    return not_found(10003, "Channel", rule=rule)


def unknown_message(
    rule: str | None = "unknown_message", detail: str | None = None
) -> DiscordError:
    return not_found(10008, "Message", rule=rule, detail=detail)


def unknown_interaction(rule: str | None, detail: str | None = None) -> DiscordError:
    return not_found(10062, "interaction", rule=rule, detail=detail)


def unknown_webhook(rule: str | None, detail: str | None = None) -> DiscordError:
    return not_found(10015, "Webhook", rule=rule, detail=detail)


def invalid_webhook_token(rule: str | None, detail: str | None = None) -> DiscordError:
    return DiscordError(401, 50027, "Invalid Webhook Token", rule=rule, detail=detail)


def unauthorized() -> DiscordError:
    return DiscordError(401, 0, "401: Unauthorized")


def forbidden(
    code: int, message: str, *, rule: str | None, detail: str | None = None
) -> DiscordError:
    return DiscordError(403, code, message, rule=rule, detail=detail)
