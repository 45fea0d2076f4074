"""JSON as the type checker sees it: what ``json.loads`` returns and ``json.dumps`` takes."""

from __future__ import annotations

from typing import TypeAlias

#: any JSON value
JSON: TypeAlias = "dict[str, JSON] | list[JSON] | str | int | float | bool | None"
#: a JSON object
JSONObject: TypeAlias = "dict[str, JSON]"
