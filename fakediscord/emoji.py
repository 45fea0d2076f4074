"""Is a component emoji one Discord accepts: a unicode emoji, or a custom one by id?

Discord answers an invalid component emoji with ``BUTTON_COMPONENT_INVALID_EMOJI`` ("Invalid
emoji") at ``...emoji.name`` (for select options too). The unicode test here follows the
emoji ranges of Unicode rather than a full emoji table: it accepts sequences built from
pictographs, keycaps, flags, skin tones, joiners and variation selectors, and refuses
names such as ``cow``, ``:cow:`` or plain letters and digits.
"""

from __future__ import annotations

from typing import Any

_PICTOGRAPHIC = (
    (0x00A9, 0x00A9),
    (0x00AE, 0x00AE),
    (0x203C, 0x203C),
    (0x2049, 0x2049),
    (0x2122, 0x2122),
    (0x2139, 0x2139),
    (0x2194, 0x21FF),
    (0x231A, 0x23FF),
    (0x24C2, 0x24C2),
    (0x25AA, 0x25FE),
    (0x2600, 0x27BF),
    (0x2934, 0x2935),
    (0x2B00, 0x2BFF),
    (0x3030, 0x3030),
    (0x303D, 0x303D),
    (0x3297, 0x3297),
    (0x3299, 0x3299),
    (0x1F000, 0x1FAFF),
)
_MODIFIERS = {0x200D, 0xFE0E, 0xFE0F, 0x20E3}
_KEYCAP_BASES = set("0123456789#*")


def _pictograph(cp: int) -> bool:
    return any(lo <= cp <= hi for lo, hi in _PICTOGRAPHIC)


def is_unicode_emoji(text: str) -> bool:
    if not text or len(text) > 32:
        return False
    cps = [ord(c) for c in text]
    if cps[-1] == 0x20E3:  # keycap: 1️⃣ #️⃣
        return text[0] in _KEYCAP_BASES and all(c in (0xFE0F, 0x20E3) for c in cps[1:])
    if all(0x1F1E6 <= c <= 0x1F1FF for c in cps):  # a flag is two regional indicators
        return len(cps) == 2
    seen = False
    for cp in cps:
        if cp in _MODIFIERS or 0x1F3FB <= cp <= 0x1F3FF or 0xE0020 <= cp <= 0xE007F:
            continue
        if not _pictograph(cp):
            return False
        seen = True
    return seen


def emoji_problem(emoji: Any) -> tuple[str, str, str] | None:
    """(field, code, message) of what is wrong with a component emoji, or None."""
    if not isinstance(emoji, dict):
        return ("", "MODEL_TYPE_CONVERT", "Only dictionaries may be used in a ModelType")
    eid = emoji.get("id")
    if eid is not None:
        if isinstance(eid, bool) or not str(eid).isdigit():
            return ("id", "NUMBER_TYPE_COERCE", f'Value "{eid}" is not snowflake.')
        return None
    name = emoji.get("name")
    if not isinstance(name, str) or not is_unicode_emoji(name):
        return ("name", "BUTTON_COMPONENT_INVALID_EMOJI", "Invalid emoji")
    return None
