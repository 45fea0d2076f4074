"""Discord's message markdown, rendered to safe HTML for the sandbox page.

A small subset done well rather than a full parser: code blocks and spans, bold, italics,
underline, strike-through, spoilers, headings, sub-text, block quotes, list bullets,
backslash escapes, mentions (``<@id>`` as ``@name``), channel links (``<#id>``) and
timestamps. Everything is escaped first, and links are shown as text, never followed: the
page must not reach anything outside the emulator.
"""

from __future__ import annotations

import functools
import html
import re
import time
from collections.abc import Callable
from datetime import UTC, datetime

#: resolves a mention: ("user" | "role" | "channel", id) -> display name, or None if unknown
Resolver = Callable[[str, int], str | None]

_MARK = "\x00"
_CODE_BLOCK = re.compile(r"```(?:[\w+.-]*\n)?(.*?)```", re.S)
_CODE_SPAN = re.compile(r"(`+)(.+?)\1", re.S)
_ESCAPE = re.compile(r"\\([\\`*_~|>#\-\[\]()<@:.!+=])")
_USER = re.compile(r"<@!?(\d+)>")
_ROLE = re.compile(r"<@&(\d+)>")
_CHANNEL = re.compile(r"<#(\d+)>")
_EMOJI = re.compile(r"<a?:(\w+):\d+>")
_TIMESTAMP = re.compile(r"<t:(-?\d+)(?::([tTdDfFR]))?>")
_MASKED_LINK = re.compile(r"\[([^\]\n]+)\]\(<?(\S+?)>?\)")
_STASHED = re.compile(_MARK + r"(\d+)" + _MARK)

_INLINE: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"\*\*(?=\S)(.+?)(?<=\S)\*\*", re.S), "<strong>{}</strong>"),
    (re.compile(r"__(?=\S)(.+?)(?<=\S)__", re.S), "<u>{}</u>"),
    (re.compile(r"(?<![\w*])\*(?=\S)(.+?)(?<=\S)\*(?![\w*])", re.S), "<em>{}</em>"),
    (re.compile(r"(?<![\w_])_(?=\S)(.+?)(?<=\S)_(?![\w_])", re.S), "<em>{}</em>"),
    (re.compile(r"~~(?=\S)(.+?)(?<=\S)~~", re.S), "<s>{}</s>"),
    (re.compile(r"\|\|(.+?)\|\|", re.S), '<span class="spoiler">{}</span>'),
)
_BLOCKS: tuple[tuple[str, str], ...] = (
    ("### ", "h3"),
    ("## ", "h2"),
    ("# ", "h1"),
    ("-# ", "subtext"),
    ("&gt; ", "quote"),
)


def _fill(template: str, m: re.Match[str]) -> str:
    return template.format(m[1])


def render(text: str, resolve: Resolver) -> str:
    """HTML for a message's ``content`` (or an embed's text)."""
    stash: list[str] = []

    def keep(fragment: str) -> str:
        stash.append(fragment)
        return f"{_MARK}{len(stash) - 1}{_MARK}"

    text = text.replace(_MARK, "")
    text = _CODE_BLOCK.sub(
        lambda m: keep(f"<pre><code>{html.escape(m[1].strip(chr(10)))}</code></pre>"), text
    )
    text = _CODE_SPAN.sub(lambda m: keep(f"<code>{html.escape(m[2])}</code>"), text)
    text = _ESCAPE.sub(lambda m: keep(html.escape(m[1])), text)
    text = _USER.sub(lambda m: keep(_mention(resolve, "user", int(m[1]))), text)
    text = _ROLE.sub(lambda m: keep(_mention(resolve, "role", int(m[1]))), text)
    text = _CHANNEL.sub(lambda m: keep(_channel(resolve, int(m[1]))), text)
    text = _EMOJI.sub(lambda m: keep(html.escape(f":{m[1]}:")), text)
    text = _TIMESTAMP.sub(lambda m: keep(_timestamp(int(m[1]), m[2] or "f")), text)
    text = _MASKED_LINK.sub(
        lambda m: keep(
            f'<span class="link" title="{html.escape(m[2])}">{html.escape(m[1])}</span>'
        ),
        text,
    )
    text = html.escape(text, quote=False)
    for pattern, template in _INLINE:
        text = pattern.sub(functools.partial(_fill, template), text)
    text = _blocks(text)
    for _ in range(4):  # stashed fragments may hold earlier ones (an escape inside a link)
        if _MARK not in text:
            break
        text = _STASHED.sub(lambda m: stash[int(m[1])], text)
    return text.replace(_MARK, "")


def _blocks(text: str) -> str:
    out: list[str] = []
    for line in text.split("\n"):
        for prefix, css in _BLOCKS:
            if line.startswith(prefix):
                out.append(f'<div class="md-{css}">{line[len(prefix) :]}</div>')
                break
        else:
            if line.startswith(("- ", "* ")):
                line = "• " + line[2:]
            out.append(line + "<br>")
    joined = "".join(out)
    return joined.removesuffix("<br>")


def _mention(resolve: Resolver, kind: str, ident: int) -> str:
    name = resolve(kind, ident)
    shown = f"@{name}" if name is not None else f"@unknown-{kind}"
    return f'<span class="mention" data-{kind}="{ident}">{html.escape(shown)}</span>'


def _channel(resolve: Resolver, ident: int) -> str:
    name = resolve("channel", ident)
    if name is None:
        return '<span class="mention">#unknown</span>'
    return f'<span class="mention channel-link" data-channel="{ident}">#{html.escape(name)}</span>'


def _timestamp(seconds: int, style: str) -> str:
    try:
        when = datetime.fromtimestamp(seconds, UTC)
    except (OverflowError, OSError, ValueError):
        return html.escape(str(seconds))
    formats = {
        "t": "%H:%M",
        "T": "%H:%M:%S",
        "d": "%d/%m/%Y",
        "D": "%d %B %Y",
        "f": "%d %B %Y %H:%M",
        "F": "%A, %d %B %Y %H:%M",
    }
    full = when.strftime(formats["f"]) + " UTC"
    if style == "R":
        # as Discord shows it: relative ("in 3 hours"), the date on hover; the page keeps
        # it current
        shown = relative(seconds, time.time())
        return (
            f'<span class="timestamp" data-ts="{seconds}" data-style="R" '
            f'title="{html.escape(full)}">{html.escape(shown)}</span>'
        )
    shown = when.strftime(formats.get(style, formats["f"])) + " UTC"
    return f'<span class="timestamp" data-ts="{seconds}">{html.escape(shown)}</span>'


def relative(seconds: float, now: float) -> str:
    """``in 3 hours``, ``2 days ago``, ``in a few seconds``, with the thresholds Discord's
    client uses for ``<t:...:R>``."""
    delta = seconds - now
    gap = abs(delta)
    minutes, hours, days = gap / 60, gap / 3600, gap / 86400
    if gap < 45:
        amount = "a few seconds"
    elif gap < 90:
        amount = "a minute"
    elif minutes < 45:
        amount = f"{round(minutes)} minutes"
    elif minutes < 90:
        amount = "an hour"
    elif hours < 22:
        amount = f"{round(hours)} hours"
    elif hours < 36:
        amount = "a day"
    elif days < 26:
        amount = f"{round(days)} days"
    elif days < 45:
        amount = "a month"
    elif days < 320:
        amount = f"{round(days / 30.4)} months"
    elif days < 548:
        amount = "a year"
    else:
        amount = f"{round(days / 365)} years"
    return f"in {amount}" if delta > 0 else f"{amount} ago"
