"""Words: the message catalogue and the active locale.

Every text a player reads is looked up here, in the catalogue of one *domain* (``bot`` for the
runtime's own texts, one per game for its narrator and picture). The active locale lives in a
``contextvars.ContextVar``, so concurrent tasks never mix languages: a handler sets it for the
player it answers (``with words.use(locale): ...``), and everything worded inside reads it.

A module that words things takes its domain's functions under the names the extractor knows::

    from words import domain
    _, ngettext, N_ = domain("farm").functions()

``_("{name} rolled {dice}.").format(...)`` then gives the active locale's sentence, falling
back to the English text when a translation is missing. Counts always go through ``ngettext``
(Polish has three plural forms), never through a hand-written plural.

Catalogues are gettext ``.po`` files under ``words/locale/<locale>/LC_MESSAGES/<domain>.po``,
managed with Babel (``python -m words extract|update|check``); they are compiled in memory
when first used, so an install has every shipped language without a compile step.
"""

from __future__ import annotations

from words.catalogue import (
    DOMAINS,
    ENGLISH,
    PSEUDO,
    SHIPPED,
    Domain,
    current,
    domain,
    join_and,
    locale_of,
    use,
)

__all__ = [
    "DOMAINS",
    "ENGLISH",
    "PSEUDO",
    "SHIPPED",
    "Domain",
    "current",
    "domain",
    "join_and",
    "locale_of",
    "use",
]
