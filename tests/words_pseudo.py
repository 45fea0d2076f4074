"""Finding English that escaped the catalogue in a text worded in the pseudo-locale.

In ``words.PSEUDO`` every worded text comes out accented and bracketed (``⟦Ŕöļļ···⟧``), so
what is left once the marked parts, mentions, timestamps, code, links, players' names and
numbers are taken out should hold no English word.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

import discord

_MARKED = re.compile(r"⟦[^⟦⟧]*⟧")
_MENTION = re.compile(r"<(?:@!?|@&|#|t:)[^<>]*>")
_CODE = re.compile(r"`[^`]*`")
_LINK = re.compile(r"\]\([^)]*\)|https?://\S+")
_WORD = re.compile(r"[A-Za-z]{2,}")
#: words that read the same in every language: the product, units and a rating's letters
SAME_EVERYWHERE = {"Ranch", "Hand", "UTC"}


def unmarked_english(text: str, names: Iterable[str] = ()) -> list[str]:
    """The words of ``text`` left outside the pseudo-locale's marks (names of players,
    mentions, code spans, links and numbers do not count)."""
    rest = text
    while True:  # innermost marks first: a worded text may hold another
        stripped = _MARKED.sub(" ", rest)
        if stripped == rest:
            break
        rest = stripped
    for name in sorted(names, key=len, reverse=True):
        rest = rest.replace(name, " ")
    rest = _LINK.sub(" ", _CODE.sub(" ", _MENTION.sub(" ", rest)))
    return [w for w in _WORD.findall(rest) if w not in SAME_EVERYWHERE]


def embed_texts(embed: discord.Embed) -> list[str]:
    """Every text of an embed a reader sees."""
    out = [embed.title or "", embed.description or "", embed.footer.text or ""]
    for f in embed.fields:
        out += [f.name or "", f.value or ""]
    return [t for t in out if t]
