"""The catalogues, the active locale and the pseudo-locale."""

from __future__ import annotations

import contextvars
import gettext
import io
import math
import re
import threading
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path

#: the language every msgid is written in, and the fallback for anything missing
ENGLISH = "en"
#: every translated string visibly marked (accented, bracketed, about 30 % longer): tests use
#: it to catch an English string that escaped the catalogue
PSEUDO = "qps"
#: where the catalogues live: ``<locale>/LC_MESSAGES/<domain>.po``
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
#: the catalogue domains, each with the source folders and files its texts are taken from
DOMAINS: dict[str, tuple[str, ...]] = {
    "bot": (
        "bot",
        "cogs",
        "games/base.py",
        "games/talk.py",
        "games/builtin.py",
        "render/common.py",
        "render/analysis.py",
        "words",
    ),
    "farm": ("games/farm", "render/farm", "games/policies/farm.py"),
    "cattle": ("games/cattle", "render/cattle.py", "games/policies/cattle.py"),
    "horseplay": ("games/horseplay", "render/horseplay", "games/policies/horseplay.py"),
    "highrollin": ("games/highrollin", "render/highrollin.py", "games/policies/highrollin.py"),
    "cowboy": ("games/cowboy", "render/cowboy", "games/policies/cowboy.py"),
}

_active: contextvars.ContextVar[str] = contextvars.ContextVar("ranchhand_locale", default=ENGLISH)


def shipped() -> tuple[str, ...]:
    """English and every locale with a catalogue folder, in a stable order."""
    found = sorted(p.name for p in LOCALE_DIR.iterdir() if (p / "LC_MESSAGES").is_dir())
    return (ENGLISH, *[loc for loc in found if loc != ENGLISH])


SHIPPED: tuple[str, ...] = shipped()


def locale_of(tag: str | None) -> str:
    """The shipped locale for a Discord locale tag (``pl``, ``en-US``, ``pt-BR``...), English
    when none fits. The pseudo-locale is kept as it is."""
    if not tag:
        return ENGLISH
    tag = str(tag).replace("_", "-")
    if tag == PSEUDO:
        return PSEUDO
    if tag in SHIPPED:
        return tag
    base = tag.split("-", 1)[0].lower()
    return base if base in SHIPPED else ENGLISH


def current() -> str:
    """The locale texts are worded in right now (in this task or thread)."""
    return _active.get()


@contextmanager
def use(locale: str | None) -> Iterator[str]:
    """Word everything inside in ``locale`` (a Discord tag is mapped with ``locale_of``)."""
    chosen = locale_of(locale)
    token = _active.set(chosen)
    try:
        yield chosen
    finally:
        _active.reset(token)


def set_locale(locale: str | None) -> contextvars.Token[str]:
    """Set the locale for the rest of this task (its context); ``reset_locale`` undoes it."""
    return _active.set(locale_of(locale))


def reset_locale(token: contextvars.Token[str]) -> None:
    _active.reset(token)


_cache: dict[tuple[str, str], gettext.NullTranslations] = {}
_lock = threading.Lock()


def translations(name: str, locale: str) -> gettext.NullTranslations:
    """The compiled catalogue of ``name`` in ``locale`` (read from its ``.po`` once; fuzzy
    entries are left out, so they fall back to English)."""
    key = (name, locale)
    found = _cache.get(key)
    if found is not None:
        return found
    with _lock:
        found = _cache.get(key)
        if found is None:
            found = _compile(name, locale)
            _cache[key] = found
    return found


def _compile(name: str, locale: str) -> gettext.NullTranslations:
    path = LOCALE_DIR / locale / "LC_MESSAGES" / f"{name}.po"
    if locale == ENGLISH or not path.is_file():
        return gettext.NullTranslations()
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with path.open("rb") as f:
        catalog = read_po(f, locale=locale.replace("-", "_"), domain=name)
    buf = io.BytesIO()
    write_mo(buf, catalog, use_fuzzy=False)
    buf.seek(0)
    return gettext.GNUTranslations(buf)


class Domain:
    """One catalogue: its texts in the active locale."""

    def __init__(self, name: str) -> None:
        if name not in DOMAINS:
            raise KeyError(f"unknown catalogue domain {name!r}")
        self.name = name

    def gettext(self, message: str) -> str:
        locale = _active.get()
        if locale == PSEUDO:
            return pseudo(message)
        return translations(self.name, locale).gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        locale = _active.get()
        if locale == PSEUDO:
            return pseudo(singular if n == 1 else plural)
        return translations(self.name, locale).ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        locale = _active.get()
        if locale == PSEUDO:
            return pseudo(message)
        return translations(self.name, locale).pgettext(context, message)

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        locale = _active.get()
        if locale == PSEUDO:
            return pseudo(singular if n == 1 else plural)
        return translations(self.name, locale).npgettext(context, singular, plural, n)

    def in_locale(self, locale: str, message: str) -> str:
        """``message`` in a given locale, whatever the active one."""
        with use(locale):
            return self.gettext(message)

    def functions(
        self,
    ) -> tuple[Callable[[str], str], Callable[[str, str, int], str], Callable[[str], str]]:
        """``_``, ``ngettext`` and ``N_`` (marks a text for the catalogue, worded later)."""
        return self.gettext, self.ngettext, mark


def mark(message: str) -> str:
    """Mark a text for extraction without wording it now (a constant worded where shown)."""
    return message


_domains: dict[str, Domain] = {}


def domain(name: str) -> Domain:
    if name not in _domains:
        _domains[name] = Domain(name)
    return _domains[name]


#: placeholders and markup that the pseudo-locale leaves as they are
_KEEP = re.compile(r"\{[^{}]*\}|%\([^)]*\)[sd]|<[^<>]*>|`[^`]*`|https?://\S+")
_ACCENTS = str.maketrans(
    "AaCcDdEeGgHhIiJjKkLlNnOoRrSsTtUuWwYyZz",
    "ÅåÇçĐđÉéĜĝĤĥÎîĴĵĶķĻļÑñÖöŘřŠšŢţÛûŴŵÝýŽž",
)


def pseudo(message: str) -> str:
    """The pseudo-locale's form of an English text: ``⟦Ŕöļļ ţĥé ðîçé···⟧`` (placeholders,
    mentions, code and links kept), so an unmarked English word stands out."""
    if not message:
        return message
    out, at = [], 0
    for found in _KEEP.finditer(message):
        out.append(message[at : found.start()].translate(_ACCENTS))
        out.append(found.group(0))
        at = found.end()
    out.append(message[at:].translate(_ACCENTS))
    text = "".join(out)
    pad = "·" * max(1, math.ceil(len(message) * 0.3))
    return f"⟦{text}{pad}⟧"


def join_and(items: Iterable[str]) -> str:
    """``a``, ``a and b``, ``a, b and c`` in the active locale."""
    words = list(items)
    _ = domain("bot").gettext
    if not words:
        return ""
    if len(words) == 1:
        return words[0]
    head = domain("bot").pgettext("list separator", ", ").join(words[:-1])
    return _("{first} and {last}").format(first=head, last=words[-1])
