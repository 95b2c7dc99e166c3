"""The engine contract (see shared/DESIGN.md, section 2).

A game is a value: a JSON-serialisable dict. An engine is a set of pure
functions over it. Nothing in ``engines/`` knows there is a database, a web
page or an email: those live on the service side and only call what is here.

Every engine package has the same shape::

    engines/<slug>/
        __init__.py   ENGINE = <the engine instance>
        data.py       everything printed on cards, tiles and boards, each value
                      marked rulebook(...), source(...) or assumed(...)
        rules.py      setup and apply: the rules as pure functions
        engine.py     the class that implements Engine (the contract below)
        text.py       parse (email commands -> actions) and render (plain text)
        bots.py       default_action and bot
        README.md     the interpretations where the texts are unclear or disagree
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from typing import Any, Callable, Literal, Protocol, TypedDict

from engines import i18n, schema_words


class IllegalAction(Exception):
    """The action breaks a rule. ``message`` is shown to the player as is, so it
    must never contain anything the player may not know (another hand, a bid)."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


class ParseError(Exception):
    """A line of an email could not be read as a command. ``message`` says what
    was wrong and what may be sent instead."""

    def __init__(self, message: str, line: str | None = None):
        super().__init__(message)
        self.message = message
        self.line = line


class Decision(TypedDict):
    seat: int
    kind: str  # what is asked, in the game's words: "buy debt notes", "bid", "reveal"
    sealed: bool
    prompt: str  # one sentence a player can act on


class ActionSpec(TypedDict):
    type: str
    params: dict[str, dict]  # name -> JSON Schema (small enums, bounded ints, arrays of enums)
    label: str
    example: str  # an email command that would send this kind of action


class Option(TypedDict):
    """One legal value of an action's param, as the player reads it."""

    value: Any
    label: str  # the component's printed name, never an id
    on: str | None  # the board component it is ("character:king"), so the board can offer it; None if none


class Play(TypedDict):
    """One complete legal action, ready to send: a button, or a click on the board."""

    action: dict
    label: str
    on: str | None  # the board component a click on which sends (or starts) it


class Choice(TypedDict):
    """What is legal now for one ActionSpec (see ``Engine.choices``)."""

    type: str
    label: str
    options: dict[str, list[Option]]  # param -> its legal values (for arrays: the legal items)
    plays: list[Play]  # every legal action of this type when they can be listed; [] = fill in the form


class Event(TypedDict):
    type: str
    text: str
    to: Literal["all"] | list[int]
    data: dict


class Step(TypedDict):
    state: dict
    events: list[Event]


class Outcome(TypedDict):
    scores: list[float]  # one per seat
    ranks: list[int]  # 1 = winner; tied seats share a rank (1, 1, 3)
    detail: dict


class Engine(Protocol):
    slug: str
    title: str
    min_players: int
    max_players: int
    options_schema: dict  # JSON Schema of variants/options, every property with a default

    def setup(self, players: int, seed: int, options: dict | None = None) -> dict: ...
    def decisions(self, state: dict) -> list[Decision]: ...
    def actions(self, state: dict, seat: int) -> list[ActionSpec]: ...
    def validate(self, state: dict, seat: int, action: dict) -> None: ...
    def apply(self, state: dict, moves: dict[int, dict]) -> Step: ...
    def view(self, state: dict, seat: int | None) -> dict: ...
    def outcome(self, state: dict) -> Outcome | None: ...
    def parse(self, state: dict, seat: int, text: str) -> list[dict]: ...
    def render(self, state: dict, seat: int | None) -> str: ...
    def default_action(self, state: dict, seat: int) -> dict: ...
    def bot(self, state: dict, seat: int, rng) -> dict: ...

    # Two additions to the contract in DESIGN.md, used by email and by the
    # conformance checks:
    def command(self, state: dict, seat: int, action: dict) -> str:
        """The email command that ``parse`` reads back as exactly ``action``."""
        ...

    def choices(self, state: dict, seat: int, *, lang: str = "en") -> list[Choice]:
        """What is legal now, one Choice per ActionSpec of ``actions`` (same
        types, same order), in the game's words and in ``lang`` (the same
        plays and values in every language, only the labels differ). Forms and board links are
        built from it, so a page never offers a move ``validate`` refuses:
        conformance checks that every play validates and every option is a
        value its spec allows. Engines build it with ``choices_from_specs``."""
        ...

    def shuffle_hidden(self, state: dict, seat: int | None, rng) -> dict:
        """A copy of ``state`` in which everything hidden from ``seat`` is
        redealt (other hands swapped with each other and the deck, the deck
        reordered, face-down cards changed) while everything ``seat`` may know
        stays the same. ``view(state, seat)`` must not change: that is how the
        conformance checks prove views do not leak."""
        ...

    # Orders given in advance (issue 25; engines/orders.py has the shared
    # helpers, each engine's orders.py its own orders):
    def standing_specs(self, state: dict, seat: int, *, lang: str = "en") -> list[ActionSpec]:
        """The standing orders this seat may give now, described as data in
        the shape of ActionSpecs (type, params as JSON Schema, label, and an
        example that ``engines.orders.standing_parse`` reads); labels in ``lang``."""
        ...

    def standing_action(self, state: dict, seat: int, order: dict) -> dict | None | str:
        """What a standing order plays for ``seat``'s open decision in
        ``state``: an action, None (the order says nothing about this
        decision) or ``SPENT`` (it cannot apply any more: it is dropped)."""
        ...

    def reversible(self, before: dict, moves: dict[int, dict], after: dict) -> bool:
        """Whether the step ``before`` -> ``after`` may be taken back: one
        unsealed move, no chance used, no card drawn, nothing hidden shown to
        anyone (every other seat's view changes only by the public
        consequences of the action). Checked by the conformance checks."""
        ...


# What ``standing_action`` answers for an order that can never apply again.
SPENT = "spent"


# --- small constructors, so every engine writes the same shapes ---------------


def decision(seat: int, kind: str, prompt: str, sealed: bool = False) -> Decision:
    return {"seat": seat, "kind": kind, "sealed": sealed, "prompt": prompt}


def spec(type: str, label: str, example: str, **params: dict) -> ActionSpec:
    return {"type": type, "params": params, "label": label, "example": example}


def event(type: str, text: str, to: Literal["all"] | list[int] = "all", **data: Any) -> Event:
    return {"type": type, "text": text, "to": to, "data": data}


def enum(*values: Any) -> dict:
    return {"enum": list(values)}


def integer(minimum: int, maximum: int) -> dict:
    return {"type": "integer", "minimum": minimum, "maximum": maximum}


def subset(*values: Any, min_items: int = 0, max_items: int | None = None, unique: bool = True) -> dict:
    schema: dict = {"type": "array", "items": {"enum": list(values)}, "minItems": min_items}
    if max_items is not None:
        schema["maxItems"] = max_items
    if unique:
        schema["uniqueItems"] = True
    return schema


def ranked_outcome(scores: list[float], tiebreak: list | None = None, detail: dict | None = None) -> Outcome:
    """Ranks by score (higher is better), then by ``tiebreak`` (higher is
    better); seats equal on both share a rank."""
    keys = [(s, tiebreak[i] if tiebreak else 0) for i, s in enumerate(scores)]
    ranks = [1 + sum(1 for other in keys if other > mine) for mine in keys]
    return {"scores": list(scores), "ranks": ranks, "detail": detail or {}}


# --- what is legal now, for forms and boards -----------------------------------

MAX_LISTED = 80  # an integer param with more values than this is a number field; a type with more plays, a form

Namer = Callable[[str, Any], str]  # (param, value) -> the printed name


def _values(schema: dict) -> list | None:
    """The values a scalar schema allows, if it is a small enum or a short integer range."""
    if "enum" in schema:
        return list(schema["enum"])
    if schema.get("type") == "integer" and "minimum" in schema and "maximum" in schema:
        step = schema.get("multipleOf", 1)
        lo = -(-schema["minimum"] // step) * step
        values = list(range(lo, schema["maximum"] + 1, step))
        return values if len(values) <= MAX_LISTED else None
    return None


def choices_from_specs(
    specs: list[ActionSpec],
    name: Namer,
    *,
    on: Callable[[str, Any], str | None] | None = None,
    options: dict[str, dict[str, list]] | None = None,
    plays: dict[str, list[tuple[dict, str]]] | None = None,
) -> list[Choice]:
    """The choices of ``specs``: each param's values named by ``name(param, value)``
    (and placed on the board by ``on``); ``options[type][param]`` narrows a param
    to the values the rules allow now; ``plays[type]`` lists every legal action of
    a type with several params (action, label). A type without params is one play;
    a type with one scalar param, one play per value."""
    out: list[Choice] = []
    for s in specs:
        narrowed = (options or {}).get(s["type"], {})
        opts: dict[str, list[Option]] = {}
        for param, schema in s["params"].items():
            item = schema.get("items", {}) if schema.get("type") == "array" else schema
            values = narrowed.get(param, _values(item))
            if values is None:
                continue
            opts[param] = [{"value": v, "label": name(param, v), "on": on(param, v) if on else None} for v in values]
        listed: list[Play] = []
        if s["type"] in (plays or {}):
            listed = [{"action": a, "label": label, "on": _on_of(a, on)} for a, label in plays[s["type"]]]
        elif not s["params"]:
            listed = [{"action": {"type": s["type"]}, "label": s["label"], "on": None}]
        elif len(s["params"]) == 1:
            (param, schema), = s["params"].items()
            if schema.get("type") != "array" and param in opts and len(opts[param]) <= MAX_LISTED:
                listed = [{"action": {"type": s["type"], param: o["value"]}, "label": o["label"], "on": o["on"]} for o in opts[param]]
        out.append({"type": s["type"], "label": s["label"], "options": opts, "plays": listed})
    return out


def choices_adjust(
    choices: list[Choice],
    *,
    labels: dict[str, Callable[[Play], str]] | None = None,
    on: dict[str, Callable[[dict], str | None]] | None = None,
) -> list[Choice]:
    """What an engine adds to ``choices_from_specs``: each play of a type in
    ``labels`` relabelled by ``labels[type](play)`` (the verb around the
    value's name: "Build Market (2 gold)"), and placed on the board by
    ``on[type](action)`` (None: a button of its own, no board component)."""
    for c in choices:
        relabel = (labels or {}).get(c["type"])
        place = (on or {}).get(c["type"])
        for p in c["plays"]:
            if relabel is not None:
                p["label"] = relabel(p)
            if place is not None:
                p["on"] = place(p["action"])
    return choices


def action_words(action: dict, choices: list[Choice], specs: list[ActionSpec] | None = None, lang: str = "en") -> str:
    """An action in the game's words and ``lang``, from the labels of the
    engine's ``choices`` (and the params' titles of its ``specs``) in that
    language, as they were when the action was legal: the play's own label,
    or the action's label with each param's value named ("Gebote für Tuch
    (Preise: 4, 5)"); never a param's or a value's id where a name exists."""
    choice = next((c for c in choices if c["type"] == action.get("type")), None)
    if choice is None:
        spec = next((s for s in specs or [] if s["type"] == action.get("type")), None)
        return spec["label"] if spec is not None else str(action.get("type", "")).replace("_", " ")
    for p in choice["plays"]:
        if p["action"] == action:
            return p["label"]
    spec = next((s for s in specs or [] if s["type"] == choice["type"]), None)
    params = [(param, value) for param, value in action.items() if param != "type"]
    if len(params) == 1 and not isinstance(params[0][1], list):
        # one value the engine names ("700 Gulden", "kein Gebot"): its name says it all
        param, value = params[0]
        named = next((o["label"] for o in choice["options"].get(param, []) if o["value"] == value), None)
        if named is not None:
            return named
    parts = []
    for param, value in params:
        names = {repr(o["value"]): o["label"] for o in choice["options"].get(param, [])}
        values = value if isinstance(value, list) else [value]
        words = ", ".join(names.get(repr(v), plain_name(param, v)) for v in values) or i18n.COMMON.text(lang, "none")
        title = schema_words.param_label(spec, param) if spec is not None and param in spec["params"] else param.replace("_", " ")
        parts.append(i18n.COMMON.text(lang, "param_value", name=title, value=words))
    return choice["label"] + (" (" + "; ".join(parts) + ")" if parts else "")


def _on_of(action: dict, on) -> str | None:
    if on is None:
        return None
    for param, value in action.items():
        if param != "type" and not isinstance(value, list) and (target := on(param, value)):
            return target
    return None


def plain_name(param: str, value: Any) -> str:
    """The fallback namer: a value written for reading (underscores as spaces)."""
    return str(value).replace("_", " ")


# --- checking an action against the specs ------------------------------------


def describe_actions(specs: list[ActionSpec], lang: str = "en") -> str:
    """One line per action a seat may send now, for error messages, in ``lang``."""
    return i18n.describe_actions(specs, lang)  # type: ignore[arg-type]


def check_against_specs(specs: list[ActionSpec], action: Any, name: Callable[..., str] | None = None, *,
                        lang: str = "en", named: schema_words.Named | None = None) -> ActionSpec:
    """Raises IllegalAction unless ``action`` has a type in ``specs`` and
    params that fit that spec's schemas exactly (no missing, no extra); the
    message is in ``lang``, names the move by its label and the values to
    choose by their printed names: ``name(param, value, lang)`` (an engine's
    namer) or ``named(param, value)`` (None: a value without a name, left out),
    never the ids or the action type the schemas hold, nor the JSON Schema's text."""
    t = i18n.COMMON.text
    if named is None and name is not None:
        def named(param: str, value: Any) -> str:
            return name(param, value, lang)
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise IllegalAction(t(lang, "not_an_object", allowed=describe_actions(specs, lang)))
    by_type = {s["type"]: s for s in specs}
    chosen = by_type.get(action["type"])
    if chosen is None:
        raise IllegalAction(t(lang, "cannot_now", allowed=describe_actions(specs, lang)))
    params = chosen["params"]
    given = {k: v for k, v in action.items() if k != "type"}
    extra = sorted(set(given) - set(params))
    if extra:
        raise IllegalAction(t(lang, "unknown_fields", label=chosen["label"], fields=", ".join(extra), example=chosen["example"]))
    for param, schema in params.items():
        if param not in given:
            raise IllegalAction(t(lang, "needs_field", label=chosen["label"], example=chosen["example"]))
        if schema_words.param_errors(schema, given[param]):
            raise IllegalAction(schema_words.refusal(chosen, param, lang, value=given[param], named=named))
    return chosen


# --- provenance of rule data --------------------------------------------------


@dataclass(frozen=True)
class Provenance:
    basis: Literal["rulebook", "source", "assumed"]
    ref: str  # rulebook section, gamedata source, or the reason for the assumption


_PROVENANCE: dict[str, list[tuple[str, Provenance]]] = {}


def _mark(value: Any, basis: str, ref: str, name: str | None, module: str | None) -> Any:
    caller = module or sys._getframe(2).f_globals.get("__name__", "?")
    _PROVENANCE.setdefault(caller, []).append((name or repr(value)[:60], Provenance(basis, ref)))  # type: ignore[arg-type]
    return value


def rulebook(value: Any, section: str, name: str | None = None) -> Any:
    """A value printed in the rulebook text; ``section`` says where."""
    return _mark(value, "rulebook", section, name, None)


def source(value: Any, ref: str, name: str | None = None) -> Any:
    """A value from shared/gamedata; ``ref`` names the source."""
    return _mark(value, "source", ref, name, None)


def assumed(value: Any, why: str, name: str | None = None) -> Any:
    """A value neither the text nor a public source gives: chosen to fit every
    rule and example; ``why`` says how, so a player with the box can correct it."""
    return _mark(value, "assumed", why, name, None)


def provenance(module: str) -> list[tuple[str, Provenance]]:
    """Every marked value of a data module, in the order it was marked."""
    return list(_PROVENANCE.get(module, []))


def canonical(state: dict) -> str:
    """The byte-exact form used to compare states and to store them."""
    return json.dumps(state, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
