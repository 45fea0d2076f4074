"""Soundness of the catalogues: what ``python -m words check`` and the tests report."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

from words.catalogue import DOMAINS, ENGLISH, LOCALE_DIR, shipped

#: each shipped language's plural forms: how many, and the form each count must take
#: (Polish: 1 królik, 2 króliki, 5 królików, 22 króliki, 112 królików)
PLURALS = {
    "pl": (3, {0: 2, 1: 0, 2: 1, 4: 1, 5: 2, 12: 2, 21: 2, 22: 1, 25: 2, 102: 1, 112: 2}),
}
_PLACEHOLDER = re.compile(r"\{[^{}]*\}")


def placeholders(text: str) -> set[str]:
    return set(_PLACEHOLDER.findall(text))


def read(path: Path):  # -> babel.messages.catalog.Catalog
    from babel.messages.pofile import read_po

    with path.open("rb") as f:
        return read_po(f)


def problems() -> list[str]:
    """Every problem in every shipped catalogue, one line each (empty: all sound)."""
    out: list[str] = []
    for locale in shipped():
        if locale == ENGLISH:
            continue
        for name in DOMAINS:
            out.extend(_problems(locale, name))
    return out


def _problems(locale: str, name: str) -> Iterator[str]:
    path = LOCALE_DIR / locale / "LC_MESSAGES" / f"{name}.po"
    where = f"{locale}/{name}.po"
    if not path.is_file():
        yield f"{where}: missing"
        return
    catalog = read(path)
    yield from (f"{where}: {line}" for line in plural_problems(locale, path))
    template = LOCALE_DIR / f"{name}.pot"
    if template.is_file():
        wanted = {_key(m) for m in read(template) if m.id}
        have = {_key(m) for m in catalog if m.id}
        for key in sorted(wanted - have, key=str):
            yield f"{where}: not in the catalogue: {key[1]!r}"
    for message in catalog:
        if not message.id:
            continue
        yield from (f"{where}: {line}" for line in _entry(message))


def _key(message) -> tuple[str | None, str]:
    ident = message.id if isinstance(message.id, str) else message.id[0]
    return (message.context, ident)


def _entry(message) -> Iterator[str]:
    ident = message.id if isinstance(message.id, str) else message.id[0]
    if message.fuzzy:
        yield f"fuzzy: {ident!r}"
    strings = message.string if isinstance(message.string, tuple | list) else (message.string,)
    if not all(strings):
        yield f"untranslated: {ident!r}"
        return
    if isinstance(message.id, str):
        if placeholders(strings[0]) != placeholders(message.id):
            yield f"placeholders differ: {ident!r} -> {strings[0]!r}"
        return
    allowed = placeholders(message.id[0]) | placeholders(message.id[1])
    for i, text in enumerate(strings):
        extra = placeholders(text) - allowed
        missing = placeholders(message.id[1]) - placeholders(text) if i > 0 else set()
        if extra or missing:
            yield f"placeholders differ in form {i}: {ident!r} -> {text!r}"


def plural_problems(locale: str, path: Path) -> Iterator[str]:
    """The header's Plural-Forms against the language's forms (evaluated as gettext does)."""
    import gettext

    header = _header(path).get("Plural-Forms", "")
    match = re.match(r"\s*nplurals\s*=\s*(\d+)\s*;\s*plural\s*=\s*(.+?);?\s*$", header)
    if match is None:
        yield f"no Plural-Forms header ({header!r})"
        return
    count, rule = int(match.group(1)), gettext.c2py(match.group(2))
    wanted = PLURALS.get(locale)
    if wanted is None:
        return
    if count != wanted[0]:
        yield f"Plural-Forms has {count} forms, not {wanted[0]}"
    for n, form in wanted[1].items():
        if rule(n) != form:
            yield f"Plural-Forms gives form {rule(n)} for {n}, not {form}"


def _header(path: Path) -> dict[str, str]:
    """The first entry's header fields, read as written (Babel rewrites Plural-Forms)."""
    text = path.read_text(encoding="utf-8")
    block = text.split("\n\n", 1)[0]
    fields: dict[str, str] = {}
    for line in block.splitlines():
        match = re.match(r'^"([A-Za-z-]+): (.*)\\n"$', line.strip())
        if match:
            fields[match.group(1)] = match.group(2)
    return fields


def stale_templates(scratch: Path) -> list[str]:
    """Domains whose template no longer matches the texts marked in the code (extracted
    afresh into ``scratch``)."""
    from words.tool import extract_one

    out = []
    for name in DOMAINS:
        pot = LOCALE_DIR / f"{name}.pot"
        fresh = scratch / f"{name}.pot"
        extract_one(name, fresh)
        old = {_key(m) for m in read(pot) if m.id} if pot.is_file() else set()
        new = {_key(m) for m in read(fresh) if m.id}
        if old != new:
            out.append(f"{name}.pot: {len(new - old)} new, {len(old - new)} gone")
    return out
