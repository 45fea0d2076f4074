"""Logs without secrets: bot tokens, interaction tokens and database passwords are redacted.

discord.py's debug output carries interaction tokens (short-lived credentials) in webhook and
callback URLs and in raw gateway payloads; a database URL may carry a password. A filter on
every handler of the root logger rewrites each record before it is written.
"""

from __future__ import annotations

import logging
import re

HIDDEN = "[redacted]"

_PATTERNS = (
    # a bot token: three dot-separated base64 parts
    (re.compile(r"[MNO][A-Za-z\d_-]{22,}\.[A-Za-z\d_-]{4,}\.[A-Za-z\d_-]{20,}"), HIDDEN),
    # interaction and webhook tokens in REST paths
    (re.compile(r"(/(?:interactions|webhooks)/\d+/)[A-Za-z0-9_.\-]{20,}"), rf"\1{HIDDEN}"),
    # "token": "..." in JSON payloads (gateway events, IDENTIFY)
    (re.compile(r"""(['"]token['"]\s*:\s*['"])[^'"]+(['"])"""), rf"\1{HIDDEN}\2"),
    # Authorization headers
    (re.compile(r"(Bot |Bearer )[A-Za-z0-9_.\-]{20,}"), rf"\1{HIDDEN}"),
    # a password in a database URL
    (re.compile(r"(\w+://[^:/@\s]+:)[^@\s]+@"), rf"\1{HIDDEN}@"),
)
#: secrets known by value (the configured token), redacted wherever they appear
_KNOWN: set[str] = set()


def redact(text: str) -> str:
    for secret in _KNOWN:
        text = text.replace(secret, HIDDEN)
    for pattern, replacement in _PATTERNS:
        text = pattern.sub(replacement, text)
    return text


class RedactSecrets(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        cleaned = redact(message)
        if cleaned != message:
            record.msg, record.args = cleaned, ()
        if record.exc_info and not record.exc_text:
            record.exc_text = redact(logging.Formatter().formatException(record.exc_info))
        elif record.exc_text:
            record.exc_text = redact(record.exc_text)
        return True


def redact_secrets(*secrets: str | None, logger: logging.Logger | None = None) -> None:
    """Redact these secrets (and every token- or password-shaped string) from every record
    written by the handlers of ``logger`` (the root logger by default)."""
    _KNOWN.update(s for s in secrets if s and len(s) >= 8)
    target = logger or logging.getLogger()
    for handler in target.handlers:
        if not any(isinstance(f, RedactSecrets) for f in handler.filters):
            handler.addFilter(RedactSecrets())
