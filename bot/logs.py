"""Logs without secrets: bot tokens, interaction tokens and database passwords are redacted.

discord.py's debug output carries interaction tokens (short-lived credentials) in webhook and
callback URLs and in raw gateway payloads; a database URL may carry a password. Every record is
rewritten as it is made (a log record factory), so every handler sees it clean: those on the
root logger, on any other logger, and those added later; a filter on the root logger's
handlers at the time does the same for records made elsewhere.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable

HIDDEN = "[redacted]"

_PATTERNS = (
    # a bot token: three dot-separated base64 parts
    (re.compile(r"[MNO][A-Za-z\d_-]{22,}\.[A-Za-z\d_-]{4,}\.[A-Za-z\d_-]{20,}"), HIDDEN),
    # interaction and webhook tokens in REST paths
    (re.compile(r"(/(?:interactions|webhooks)/\d+/)[A-Za-z0-9_.:%\-]{20,}"), rf"\1{HIDDEN}"),
    # "token": "..." in JSON payloads (gateway events, IDENTIFY)
    (re.compile(r"""(['"]token['"]\s*:\s*['"])[^'"]+(['"])"""), rf"\1{HIDDEN}\2"),
    # Authorization headers
    (re.compile(r"(Bot |Bearer )[A-Za-z0-9_.\-]{20,}"), rf"\1{HIDDEN}"),
    # a password in a database URL
    (re.compile(r"(\w+://[^:/@\s]+:)[^@\s]+@"), rf"\1{HIDDEN}@"),
    # a password given as a URL or DSN parameter
    (re.compile(r"(\bpassword=)[^&\s'\"]+", re.IGNORECASE), rf"\1{HIDDEN}"),
)
#: secrets known by value (the configured token), redacted wherever they appear
_KNOWN: set[str] = set()


def redact(text: str) -> str:
    for secret in _KNOWN:
        text = text.replace(secret, HIDDEN)
    for pattern, replacement in _PATTERNS:
        text = pattern.sub(replacement, text)
    return text


def _clean(record: logging.LogRecord) -> None:
    """Rewrite a record's message, traceback and stack without secrets (in place)."""
    try:
        message = record.getMessage()
    except Exception:  # a malformed call: the handler reports it, unredacted args aside
        message = str(record.msg)
    cleaned = redact(message)
    if cleaned != message:
        record.msg, record.args = cleaned, ()
    if record.exc_info or record.exc_text:
        # The traceback joins the message, redacted: a formatter that formats ``exc_info``
        # itself (discord.py's coloured one does, and then clears ``exc_text``) would print
        # the exception's text as it was.
        trace = record.exc_text
        if record.exc_info and not trace:
            trace = logging.Formatter().formatException(record.exc_info)
        record.msg = f"{record.msg}\n{redact(trace or '')}"
        record.exc_info, record.exc_text = None, None
    if record.stack_info:
        record.stack_info = redact(record.stack_info)


class RedactSecrets(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        _clean(record)
        return True


#: the record factories installed here (each cleans its records)
_REDACTING: list[Callable[..., logging.LogRecord]] = []


def _install_factory() -> None:
    """Clean every record as it is made, whichever handler will write it."""
    made = logging.getLogRecordFactory()
    if made in _REDACTING:
        return

    def factory(*args: object, **kwargs: object) -> logging.LogRecord:
        record = made(*args, **kwargs)
        _clean(record)
        return record

    _REDACTING.append(factory)
    logging.setLogRecordFactory(factory)


def redact_secrets(*secrets: str | None, logger: logging.Logger | None = None) -> None:
    """Redact these secrets (and every token- or password-shaped string) from every record
    logged from now on, whichever handler writes it (also those of ``logger``, the root
    logger by default, for records made some other way)."""
    _KNOWN.update(s for s in secrets if s and len(s) >= 8)
    _install_factory()
    target = logger or logging.getLogger()
    for handler in target.handlers:
        if not any(isinstance(f, RedactSecrets) for f in handler.filters):
            handler.addFilter(RedactSecrets())
