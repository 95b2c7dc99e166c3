"""An action's params checked against its ActionSpec's JSON Schemas, and what was wrong said in
the game's words: the param's label (its schema's ``title``, else its name) and what it must be
(one of the choices the spec offers, a whole number in its range, a list of such), never the JSON
Schema validator's own text ("[['x']] is not of type 'string'").

Used at the service boundary (pbem.services.moves, for every channel) before an engine sees an
action, and by the engines themselves (engines.base.check_against_specs), so a refusal reads the
same whichever caught it.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from jsonschema import Draft202012Validator

from engines import i18n


@lru_cache(maxsize=4096)
def _validator(schema_json: str) -> Draft202012Validator:
    return Draft202012Validator(json.loads(schema_json))


def param_errors(schema: dict, value: Any) -> list:
    """The JSON Schema errors of one param's value (empty when it fits)."""
    return list(_validator(json.dumps(schema, sort_keys=True)).iter_errors(value))


def param_label(spec: dict, name: str) -> str:
    schema = spec["params"].get(name) or {}
    return str(schema.get("title") or name.replace("_", " "))


def _choices(values: list, lang: str) -> str:
    return ", ".join(str(v) for v in values) or i18n.COMMON.text(lang, "none")


def expected_words(schema: dict, lang: str = "en") -> str:
    """What a value of ``schema`` must be, in the reader's language."""
    t = i18n.COMMON.text
    if "enum" in schema:
        return t(lang, "one_of", choices=_choices(schema["enum"], lang))
    kind = schema.get("type")
    if kind == "integer":
        if "minimum" in schema and "maximum" in schema:
            return t(lang, "number_between", minimum=schema["minimum"], maximum=schema["maximum"])
        return t(lang, "number")
    if kind == "boolean":
        return t(lang, "yes_or_no")
    if kind == "array":
        low, high = schema.get("minItems", 0), schema.get("maxItems")
        count = t(lang, "count_range", minimum=low, maximum=high) if high is not None else t(lang, "count_at_least", minimum=low)
        return t(lang, "list_of", count=count, what=expected_words(schema.get("items") or {}, lang))
    if kind == "string":
        return t(lang, "text")
    return t(lang, "value")


def not_offered(errors: list, value: Any) -> bool:
    """Whether the value is well typed and only not among the choices offered now (a str, int or
    bool outside an ``enum``): the engine may say why in its own words then."""
    return bool(errors) and all(e.validator == "enum" for e in errors) and isinstance(value, (str, int, bool))


def refusal(spec: dict, name: str, lang: str = "en") -> str:
    """The player-facing refusal of a value of param ``name`` that does not fit its schema."""
    schema = spec["params"][name]
    return i18n.COMMON.text(
        lang,
        "bad_field",
        type=spec["type"],
        name=param_label(spec, name),
        error=i18n.COMMON.text(lang, "must_be", what=expected_words(schema, lang)),
        example=spec["example"],
    )
