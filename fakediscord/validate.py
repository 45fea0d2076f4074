"""Request and response validation against Discord's official OpenAPI document.

The spec describes the wire format Discord accepts, so validating every body the bot sends
catches mistakes (a 120-character custom id, an unknown field type) before they reach real
Discord. Errors are reported as ``FieldError`` values that turn into Discord's nested
``50035 Invalid Form Body`` shape, which is what discord.py expects to parse.
"""

from __future__ import annotations

import json
import os
import warnings
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

if TYPE_CHECKING:  # jsonschema is needed only when there is a spec to validate against
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import ValidationError
    from referencing import Registry

SPEC_ENV = "RANCHHAND_DISCORD_SPEC"
_SPEC_URI = "urn:discord-openapi"
_PERMISSIONS_MAX = 18014398509481983


@dataclass(frozen=True)
class FieldError:
    """One problem in a request body, located by its JSON path."""

    path: tuple[str | int, ...]
    code: str
    message: str
    rule: str = "schema"

    def dotted(self) -> str:
        return ".".join(str(p) for p in self.path) or "<body>"

    def __str__(self) -> str:
        return f"{self.dotted()}: {self.message} ({self.code})"


def discord_errors(errors: Iterable[FieldError]) -> dict[str, Any]:
    """Nest errors the way Discord does: ``{"a": {"0": {"b": {"_errors": [...]}}}}``."""
    root: dict[str, Any] = {}
    for err in errors:
        node = root
        for part in err.path:
            node = node.setdefault(str(part), {})
        node.setdefault("_errors", []).append({"code": err.code, "message": err.message})
    return root


def default_spec_path() -> Path:
    """The spec beside the checkout (``<repo>/../shared/...``) unless the env var says otherwise."""
    env = os.environ.get(SPEC_ENV)
    if env:
        return Path(env)
    repo_root = Path(__file__).resolve().parent.parent
    return repo_root.parent / "shared" / "discord-api-spec" / "openapi.json"


_warned_missing: set[str] = set()


def load_validator(spec_path: str | os.PathLike[str] | None) -> SpecValidator | None:
    """A shared, cached validator; None (warned about once) when the file is absent."""
    path = Path(spec_path) if spec_path is not None else default_spec_path()
    try:
        import jsonschema  # noqa: F401
    except ImportError:
        if "jsonschema" not in _warned_missing:
            _warned_missing.add("jsonschema")
            warnings.warn(
                "jsonschema is not installed; request bodies will not be validated against "
                "Discord's OpenAPI spec (platform rules are still enforced). Install the "
                "project's dev extra to validate.",
                stacklevel=3,
            )
        return None
    if not path.is_file():
        key = str(path)
        if key not in _warned_missing:
            _warned_missing.add(key)
            warnings.warn(
                f"Discord OpenAPI spec not found at {path}; request bodies will not be validated "
                f"against it (platform rules are still enforced). Set {SPEC_ENV} to its location.",
                stacklevel=3,
            )
        return None
    return _cached_validator(str(path.resolve()))


@lru_cache(maxsize=4)
def _cached_validator(path: str) -> SpecValidator:
    with open(path, encoding="utf-8") as fh:
        return SpecValidator(json.load(fh))


def _widen(doc: dict[str, Any]) -> None:
    """Accept what Discord accepts where the spec is narrower than the live API.

    - Snowflakes: discord.py sends some ids as integers (attachment indexes, ids in lists);
      Discord parses any non-negative integer.
    - Permission bitfields: documented as strings, typed as integers in the spec; discord.py
      sends ``default_member_permissions`` as a string of digits.
    """
    schemas = doc["components"]["schemas"]
    snowflake = schemas["SnowflakeType"]
    schemas["SnowflakeType"] = {
        "anyOf": [dict(snowflake), {"type": "integer", "minimum": 0}],
        "format": "snowflake",
    }

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            for key, value in list(node.items()):
                if isinstance(value, dict) and value.get("maximum") == _PERMISSIONS_MAX:
                    node[key] = {"anyOf": [value, {"type": "string", "pattern": "^[0-9]{1,20}$"}]}
                else:
                    walk(value)
        elif isinstance(node, list):
            for item in node:
                walk(item)

    walk(schemas)


def _simplify(node: Any) -> Any:
    """Rewrite the document into an equivalent that validates an order of magnitude faster.

    - ``oneOf`` of ``const`` titles (Discord's enum style) becomes a plain ``enum``.
    - ``allOf: [$ref: SomeEnum]`` beside an ``enum`` is redundant and dropped.
    - Other ``oneOf`` become ``anyOf``: Discord's unions are discriminated, so "exactly one"
      and "at least one" agree on every body, and ``anyOf`` stops at the first match.
    """
    if isinstance(node, list):
        return [_simplify(item) for item in node]
    if not isinstance(node, dict):
        return node
    out = {key: _simplify(value) for key, value in node.items()}
    one_of = out.get("oneOf")
    if (
        isinstance(one_of, list)
        and one_of
        and all(
            isinstance(b, dict) and "const" in b and set(b) <= {"const", "title", "description"}
            for b in one_of
        )
    ):
        out["enum"] = [b["const"] for b in one_of]
        del out["oneOf"]
    elif one_of is not None:
        out["anyOf"] = out.pop("oneOf")
    if ("enum" in out or "const" in out) and "allOf" in out:
        del out["allOf"]
    return out


def _escape(pointer_part: str) -> str:
    return pointer_part.replace("~", "~0").replace("/", "~1")


class SpecValidator:
    """Compiled validators for the operations the fake serves, built lazily and cached.

    A body is first checked by ``jsonschema_rs`` (compiled, about a hundred times faster)
    when it is installed; only a body it finds invalid goes through ``jsonschema``, whose
    detailed errors become Discord's error shape. Both implement the same draft, so what is
    refused does not change, only what a valid body costs."""

    def __init__(self, doc: dict[str, Any]) -> None:
        from referencing import Registry, Resource
        from referencing.jsonschema import DRAFT202012

        _widen(doc)
        doc = _simplify(doc)
        self.doc = doc
        resource = Resource.from_contents(doc, default_specification=DRAFT202012)
        self._registry: Registry[Any] = Registry().with_resource(_SPEC_URI, resource)
        self._cache: dict[str, Draft202012Validator | None] = {}
        self._fast: dict[str, Any] = {}
        self._fast_registry: Any = None
        try:
            import jsonschema_rs
        except ImportError:  # the slower path alone is just as strict
            self._rs: Any = None
        else:
            self._rs = jsonschema_rs

    def _fast_check(self, validator: Draft202012Validator, body: Any) -> bool:
        """True when the compiled validator finds ``body`` valid (False: look closer)."""
        if self._rs is None:
            return False
        ref = validator.schema["$ref"]
        fast = self._fast.get(ref)
        if fast is None:
            if self._fast_registry is None:
                self._fast_registry = self._rs.Registry([(_SPEC_URI, self.doc)])
            uri, fragment = ref.split("#", 1)
            fast = self._rs.Draft202012Validator(
                {"$ref": f"{uri}#{quote(fragment, safe='/~')}"}, registry=self._fast_registry
            )
            self._fast[ref] = fast
        return bool(fast.is_valid(body))

    def _validator(self, pointer: str, exists: bool) -> Draft202012Validator | None:
        if pointer not in self._cache:
            if not exists:
                self._cache[pointer] = None
            else:
                from jsonschema import Draft202012Validator

                schema = {"$ref": f"{_SPEC_URI}#{pointer}"}
                self._cache[pointer] = Draft202012Validator(schema, registry=self._registry)
        return self._cache[pointer]

    def request_validator(self, template: str, method: str) -> Draft202012Validator | None:
        op = self.doc["paths"].get(template, {}).get(method.lower())
        exists = bool(op and "application/json" in op.get("requestBody", {}).get("content", {}))
        pointer = "/".join(
            [
                "/paths",
                _escape(template),
                method.lower(),
                "requestBody",
                "content",
                _escape("application/json"),
                "schema",
            ]
        )
        return self._validator(pointer, exists)

    def response_validator(
        self, template: str, method: str, status: int
    ) -> Draft202012Validator | None:
        op = self.doc["paths"].get(template, {}).get(method.lower(), {})
        response = op.get("responses", {}).get(str(status), {})
        exists = "application/json" in response.get("content", {})
        pointer = "/".join(
            [
                "/paths",
                _escape(template),
                method.lower(),
                "responses",
                str(status),
                "content",
                _escape("application/json"),
                "schema",
            ]
        )
        return self._validator(pointer, exists)

    def validate_request(self, template: str, method: str, body: Any) -> list[FieldError]:
        validator = self.request_validator(template, method)
        if validator is None or self._fast_check(validator, body):
            return []
        return errors_of(validator, body)

    def validate_response(
        self, template: str, method: str, status: int, body: Any
    ) -> list[FieldError]:
        validator = self.response_validator(template, method, status)
        if validator is None or self._fast_check(validator, body):
            return []
        return errors_of(validator, body)


def errors_of(validator: Draft202012Validator, body: Any) -> list[FieldError]:
    """All leaf errors of ``body``, unions resolved to the branch the body was aiming at."""
    out: list[FieldError] = []
    seen: set[tuple[tuple[str | int, ...], str]] = set()
    for error in validator.iter_errors(body):
        for leaf in _leaves(error):
            field = _to_field_error(leaf)
            key = (field.path, field.code)
            if key not in seen:
                seen.add(key)
                out.append(field)
    return out


def _branch_mismatch(errors: list[ValidationError]) -> bool:
    """True when a union branch failed on its discriminator (wrong ``type`` tag or JSON type)."""
    for err in errors:
        rel = tuple(err.relative_path)
        if not rel and err.validator == "type":
            return True
        if rel == ("type",) and err.validator in ("enum", "const", "oneOf", "anyOf"):
            return True
    return False


def _leaves(error: ValidationError) -> Iterator[ValidationError]:
    if error.validator in ("anyOf", "oneOf") and error.context:
        branches: dict[Any, list[ValidationError]] = {}
        for sub in error.context:
            branches.setdefault(sub.schema_path[0], []).append(sub)

        def score(errs: list[ValidationError]) -> tuple[bool, int, int]:
            depth = max(len(e.absolute_path) for e in errs)
            return (_branch_mismatch(errs), -depth, len(errs))

        best = min(branches.values(), key=score)
        if _branch_mismatch(best):
            # Nothing matched even the discriminator: report the union itself.
            yield error
            return
        for sub in best:
            yield from _leaves(sub)
        return
    yield error


def _to_field_error(err: ValidationError) -> FieldError:
    path = tuple(err.absolute_path)
    kind = err.validator
    limit = err.validator_value
    if kind == "required":
        missing = err.message.split("'")[1] if "'" in err.message else "?"
        return FieldError((*path, missing), "BASE_TYPE_REQUIRED", "This field is required")
    if kind in ("maxLength", "maxItems"):
        return FieldError(path, "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length.")
    if kind in ("minLength", "minItems"):
        return FieldError(path, "BASE_TYPE_MIN_LENGTH", f"Must be {limit} or more in length.")
    if kind == "maximum":
        return FieldError(path, "NUMBER_TYPE_MAX", f"Must be less than or equal to {limit}.")
    if kind == "minimum":
        return FieldError(path, "NUMBER_TYPE_MIN", f"Must be greater than or equal to {limit}.")
    if kind in ("enum", "const"):
        choices = limit if isinstance(limit, list) else [limit]
        shown = ", ".join(json.dumps(c) for c in choices)
        return FieldError(path, "BASE_TYPE_CHOICES", f"Value must be one of {{{shown}}}.")
    if kind == "type":
        return FieldError(path, "BASE_TYPE_BAD_TYPE", f"Must be of type {_type_name(limit)}.")
    if kind == "pattern":
        return FieldError(path, "STRING_TYPE_REGEX", "String value did not match validation regex.")
    if kind in ("anyOf", "oneOf"):
        tags: list[Any] = []
        for sub in err.context or ():
            if tuple(sub.relative_path) == ("type",) and sub.validator == "enum":
                tags.extend(t for t in sub.validator_value if t not in tags)
        if tags and isinstance(err.instance, dict) and "type" in err.instance:
            shown = ", ".join(json.dumps(t) for t in sorted(tags, key=str))
            return FieldError(
                (*path, "type"), "BASE_TYPE_CHOICES", f"Value must be one of {{{shown}}}."
            )
        return FieldError(path, "UNION_TYPE_CHOICES", "Value matches none of the allowed shapes.")
    return FieldError(path, f"SCHEMA_{str(kind).upper()}", err.message[:200])


def _type_name(value: Any) -> str:
    if isinstance(value, list):
        return " or ".join(str(v) for v in value)
    return str(value)
