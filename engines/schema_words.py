"""An action's params checked against its ActionSpec's JSON Schemas, and what was wrong said in
the game's words: the param's label (its schema's ``title``, else its name) and what it must be
(one of the choices the spec offers, a whole number in its range, a list of such), never the JSON
Schema validator's own text ("[['x']] is not of type 'string'"), and never a component's id
(``joker-2``) or an action's type: the move by its label, the choices by their printed names.

Used at the service boundary (pbem.services.moves, for every channel) before an engine sees an
action, and by the engines themselves (engines.base.check_against_specs), so a refusal reads the
same whichever caught it.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any, Callable

from jsonschema import Draft202012Validator

from engines import i18n


@lru_cache(maxsize=4096)
def _validator(schema_json: str) -> Draft202012Validator:
    return Draft202012Validator(json.loads(schema_json))


def param_errors(schema: dict, value: Any) -> list:
    """The JSON Schema errors of one param's value (empty when it fits)."""
    return list(_validator(json.dumps(schema, sort_keys=True)).iter_errors(value))


Named = Callable[[str, Any], "str | None"]  # (param, value) -> its printed name in the reader's language, None: none


def param_label(spec: dict, name: str) -> str:
    schema = spec["params"].get(name) or {}
    return str(schema.get("title") or name.replace("_", " "))


def _named(values: list, param: str, named: Named | None) -> list[str]:
    """The printed names of ``values``, the ones without a name left out: an id never shows."""
    out = []
    for v in values:
        try:
            label = named(param, v) if named is not None else None
        except (KeyError, TypeError, ValueError, IndexError):
            label = None
        if label:
            out.append(str(label))
    return out


def _pick(values: list, param: str, named: Named | None, lang: str, count: str | None = None) -> str:
    t = i18n.COMMON.text
    labels = _named(values, param, named)
    if not labels:
        return t(lang, "pick_offered")
    if count is None:
        return t(lang, "pick_one", choices=", ".join(labels))
    return t(lang, "pick_some", count=count, choices=", ".join(labels))


def _count(schema: dict, lang: str) -> str:
    t = i18n.COMMON.text
    low, high = schema.get("minItems", 0), schema.get("maxItems")
    if high is None:
        return t(lang, "count_at_least", minimum=low)
    if high == low:
        return t(lang, "count_exactly", count=low)
    return t(lang, "count_range", minimum=low, maximum=high)


def _what(schema: dict, lang: str) -> str:
    """A value of ``schema`` that offers no choices, as a noun: "a whole number from 1 to 5"."""
    t = i18n.COMMON.text
    kind = schema.get("type")
    if kind == "integer":
        if "minimum" in schema and "maximum" in schema:
            return t(lang, "number_between", minimum=schema["minimum"], maximum=schema["maximum"])
        return t(lang, "number")
    if kind == "boolean":
        return t(lang, "yes_or_no")
    if kind == "array":
        return t(lang, "list_of", count=_count(schema, lang), what=_what(schema.get("items") or {}, lang))
    if kind == "string":
        return t(lang, "text")
    return t(lang, "value")


def expected_words(schema: dict, lang: str = "en", *, param: str = "", named: Named | None = None, value: Any = None) -> str:
    """What a value of ``schema`` must be, in the reader's language: the choices by their printed
    names (``named``), never as the ids the schema holds; how many a list holds, and how many
    ``value`` held when it was a list of another length."""
    t = i18n.COMMON.text
    if "enum" in schema:
        return _pick(schema["enum"], param, named, lang)
    items = schema.get("items") or {}
    if schema.get("type") == "array" and "enum" in items:
        words = _pick(items["enum"], param, named, lang, _count(schema, lang))
    else:
        words = t(lang, "must_be", what=_what(schema, lang))
    if schema.get("type") == "array" and isinstance(value, list) and not (
            schema.get("minItems", 0) <= len(value) <= schema.get("maxItems", len(value))):
        words = t(lang, "with_count", what=words, count=len(value))
    return words


def not_offered(errors: list, value: Any) -> bool:
    """Whether the value is well typed and only not among the choices offered now (a str, int or
    bool outside an ``enum``): the engine may say why in its own words then."""
    return bool(errors) and all(e.validator == "enum" for e in errors) and isinstance(value, (str, int, bool))


def refusal(spec: dict, name: str, lang: str = "en", *, value: Any = None, named: Named | None = None) -> str:
    """The player-facing refusal of ``value`` for param ``name``, which does not fit its schema:
    the move by its label, what to choose instead by the printed names, and the example; never a
    component's id or the action's type."""
    return i18n.COMMON.text(
        lang,
        "bad_field",
        label=spec["label"],
        error=expected_words(spec["params"][name], lang, param=name, named=named, value=value),
        example=spec["example"],
    )
