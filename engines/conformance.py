"""The checks every engine passes (DESIGN.md, section 2).

``check_engine(engine, players, seeds)`` plays bot games and checks, at every
step: the decision shape, specs against validate, bots and default actions
legal, every choice offered to forms and boards legal
(``choices``), parse reading back ``command``, apply pure and deterministic, states
JSON-exact, events well formed, every spec's example a legal command, outcome only at the end with proper ranks; on
the first few games of a batch also every view (serialisable, no generator
state, unchanged when ``shuffle_hidden`` redeals what that seat cannot see)
and every render. Each finished game is then replayed from its record and must
give the same states byte for byte.

The test suite calls it with a modest sample per player count; the soak
command runs thousands::

    python -m engines.conformance augsburg1520 --games 2000
"""

from __future__ import annotations

import argparse
import copy
import hashlib
import json
import re
import sys
import time
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Callable

from jsonschema import Draft202012Validator

from engines import i18n, registry
from engines import orders as O
from engines.base import SPENT, Engine, IllegalAction, ParseError, canonical, check_against_specs
from engines.rng import Rng


class ConformanceError(AssertionError):
    pass


@dataclass
class GameRecord:
    players: int
    seed: int
    options: dict | None
    moves: list[dict[int, dict]] = field(default_factory=list)
    state_hashes: list[str] = field(default_factory=list)
    final: dict | None = None
    outcome: dict | None = None


Invariant = Callable[[dict, dict | None], None]  # (new state, previous state or None)


def _fail(what: str, rec: GameRecord, step: int) -> ConformanceError:
    return ConformanceError(f"{what} [players={rec.players} seed={rec.seed} options={rec.options} step={step}]")


def _digest(state: dict) -> str:
    return hashlib.sha256(canonical(state).encode()).hexdigest()


def _check_json_exact(state: dict, rec: GameRecord, step: int) -> str:
    text = canonical(state)
    if json.loads(text) != state:
        raise _fail("state is not JSON-exact (tuples, non-string keys or floats that do not round-trip)", rec, step)
    return text


def _check_decisions(engine: Engine, state: dict, players: int, rec: GameRecord, step: int) -> list[dict]:
    decisions = engine.decisions(state)
    if not decisions:
        return decisions
    seats = [d["seat"] for d in decisions]
    if len(set(seats)) != len(seats):
        raise _fail(f"a seat holds two decisions: {seats}", rec, step)
    if any(not (0 <= s < players) for s in seats):
        raise _fail(f"decision for a seat that does not exist: {seats}", rec, step)
    sealed = [d["sealed"] for d in decisions]
    if not all(sealed) and len(decisions) != 1:
        raise _fail("an unsealed decision must be the only one open", rec, step)
    for d in decisions:
        if set(d) != {"seat", "kind", "sealed", "prompt"} or not d["kind"] or not d["prompt"]:
            raise _fail(f"malformed decision {d}", rec, step)
    return decisions


@lru_cache(maxsize=8192)
def _schema_ok(schema_json: str) -> None:
    Draft202012Validator.check_schema(json.loads(schema_json))


def _check_specs(engine: Engine, state: dict, seat: int, rec: GameRecord, step: int) -> list[dict]:
    specs = engine.actions(state, seat)
    if not specs:
        raise _fail(f"seat {seat} must act but has no action specs", rec, step)
    types = [s["type"] for s in specs]
    if len(set(types)) != len(types):
        raise _fail(f"duplicate action types {types}", rec, step)
    for s in specs:
        if set(s) != {"type", "params", "label", "example"}:
            raise _fail(f"malformed spec {s}", rec, step)
        for name, schema in s["params"].items():
            _schema_ok(json.dumps(schema, sort_keys=True))  # the same schemas recur step after step
            if name == "type":
                raise _fail("a param may not be called 'type'", rec, step)
    return specs


def _check_action(engine: Engine, state: dict, seat: int, action: dict, specs, rec, step, what: str) -> None:
    try:
        check_against_specs(specs, action)
    except IllegalAction as e:
        raise _fail(f"{what} {action} does not fit the specs: {e.message}", rec, step) from None
    try:
        engine.validate(state, seat, action)
    except IllegalAction as e:
        raise _fail(f"{what} {action} is refused by validate: {e.message}", rec, step) from None
    text = engine.command(state, seat, action)
    try:
        parsed = engine.parse(state, seat, text)
    except ParseError as e:
        raise _fail(f"parse cannot read command {text!r} of {action}: {e.message}", rec, step) from None
    if parsed != [action]:
        raise _fail(f"parse({text!r}) gave {parsed}, expected [{action}]", rec, step)


def _check_examples(engine: Engine, state: dict, seat: int, specs, rec, step) -> None:
    """Every example is shown to players as "e.g." and copied: it must be a
    real, legal command for this seat in this state, of its own spec's type."""
    for s in specs:
        example = s["example"]
        try:
            parsed = engine.parse(state, seat, example)
        except ParseError as e:
            raise _fail(f"example {example!r} of {s['type']} cannot be parsed: {e.message}", rec, step) from None
        if len(parsed) != 1 or not isinstance(parsed[0], dict) or parsed[0].get("type") != s["type"]:
            raise _fail(f"example {example!r} of {s['type']} parses as {parsed}, not as one {s['type']}", rec, step)
        try:
            check_against_specs(specs, parsed[0])
            engine.validate(state, seat, parsed[0])
        except IllegalAction as e:
            raise _fail(f"example {example!r} of {s['type']} is refused: {e.message}", rec, step) from None


_ID_LIKE = re.compile(r"^[a-z]+[-_][a-z0-9_-]+$")  # louise-11, trading_post: an id, not a printed name


def _check_choices(engine: Engine, state: dict, seat: int, specs, rec, step, every: bool = True) -> None:
    """What the forms and the board offer (``choices``): one per spec, every option a
    value its spec allows, named in words, and every play accepted by validate (in a
    shallow game the first, last and middle few plays of each choice: a Fugger
    move lists hundreds of routes, and validating each costs a step's time)."""
    choices = engine.choices(state, seat)
    if [c["type"] for c in choices] != [s["type"] for s in specs]:
        raise _fail(f"choices {[c['type'] for c in choices]} do not follow the specs {[s['type'] for s in specs]}", rec, step)
    for c, s in zip(choices, specs):
        if set(c) != {"type", "label", "options", "plays"}:
            raise _fail(f"malformed choice {c}", rec, step)
        for param, options in c["options"].items():
            schema = s["params"].get(param)
            if schema is None:
                raise _fail(f"choice {c['type']} offers {param!r}, which its spec does not have", rec, step)
            item = schema.get("items", {}) if schema.get("type") == "array" else schema
            check = Draft202012Validator(item)
            for o in options:
                if not check.is_valid(o["value"]):
                    raise _fail(f"choice {c['type']} offers {param}={o['value']!r}, which its spec refuses", rec, step)
                _check_label(o["label"], c["type"], rec, step)
        plays = c["plays"] if every or len(c["plays"]) <= 7 else [*c["plays"][:3], c["plays"][len(c["plays"]) // 2], *c["plays"][-3:]]
        for p in plays:
            _check_label(p["label"], c["type"], rec, step)
            if p["action"].get("type") != c["type"]:
                raise _fail(f"play {p['action']} offered under {c['type']}", rec, step)
            try:
                check_against_specs(specs, p["action"])
                engine.validate(state, seat, p["action"])
            except IllegalAction as e:
                raise _fail(f"offered play {p['action']} ({p['label']!r}) is refused: {e.message}", rec, step) from None


def _check_label(label, kind: str, rec, step) -> None:
    if not isinstance(label, str) or not label.strip() or _ID_LIKE.match(label):
        raise _fail(f"choice {kind} is labelled {label!r}: a printed name is needed, not an id", rec, step)


def _sample_orders(spec: dict, rng: Rng, count: int) -> list[dict]:
    """Standing orders of one spec with random params (enum items, integers
    in range, subsets), to hold ``standing_action`` to legality."""
    out = []
    for _ in range(count):
        order: dict = {"type": spec["type"]}
        for name, schema in spec["params"].items():
            if "enum" in schema:
                order[name] = schema["enum"][rng.below(len(schema["enum"]))]
            elif schema.get("type") == "integer":
                order[name] = schema["minimum"] + rng.below(schema["maximum"] - schema["minimum"] + 1)
            elif schema.get("type") == "array":
                items = list(schema["items"]["enum"])
                rng.shuffle(items)
                order[name] = items[: max(schema.get("minItems", 0), min(len(items), schema.get("maxItems", len(items))))]
        out.append(order)
    return out


# (engine, specs, order, language) whose line was read back already: an order's example is the same
# at most steps, and the checks run at every step of thousands of games
_READ_BACK: set[tuple] = set()
_EXAMPLES: dict[tuple, dict] = {}  # (engine, specs, example) -> the order it reads as


def _check_standing(engine: Engine, state: dict, seat: int, acting: bool, specs, rng: Rng, rec, step) -> None:
    """Standing orders: well-formed specs whose examples read back, and every
    action a standing order plays for an open decision is legal."""
    standing = O.standing_specs_of(engine, state, seat)
    wording = O.wording_of(engine)
    specs_key = canonical(standing)
    for sp in standing:
        if set(sp) != {"type", "params", "label", "example"}:
            raise _fail(f"malformed standing order spec {sp}", rec, step)
        for schema in sp["params"].values():
            _schema_ok(json.dumps(schema, sort_keys=True))
        known = (engine.slug, specs_key, sp["example"])
        order = _EXAMPLES.get(known)
        if order is None:
            try:
                order = O.standing_parse(standing, sp["example"], wording=wording)
                O.standing_check(standing, order, wording=wording)
            except (ParseError, IllegalAction) as e:
                raise _fail(f"standing order example {sp['example']!r} is refused: {e.message}", rec, step) from None
            if len(_EXAMPLES) > 20_000:
                _EXAMPLES.clear()
            _EXAMPLES[known] = order
        order = dict(order)
        if order["type"] != sp["type"]:
            raise _fail(f"standing order example {sp['example']!r} reads as {order}", rec, step)
        samples = _sample_orders(sp, rng, 3)
        # the example written in every language, and one random order in one of them (another at
        # each step), read back: in the language it is written in, and as English
        turn = step or 0
        readings = [(order, lang) for lang in i18n.LANGUAGES]
        readings.append((samples[turn % len(samples)], i18n.LANGUAGES[turn % len(i18n.LANGUAGES)]))
        for written, lang in readings:
            key = (engine.slug, specs_key, canonical(written), lang)
            if key in _READ_BACK:  # the same order of the same specs: read back at an earlier step
                continue
            if len(_READ_BACK) > 20_000:
                _READ_BACK.clear()
            _READ_BACK.add(key)
            said = O.standing_command(written, lang, wording)
            try:
                back = [O.standing_parse(standing, said, reader, wording) for reader in {lang, "en"}]
            except ParseError as e:
                raise _fail(f"standing order {written} does not read back from {said!r}: {e.message}", rec, step) from None
            if any(b != written for b in back):
                raise _fail(f"standing order {written} does not read back from {said!r}: {back}", rec, step)
        for order in [order, *samples]:
            action = O.standing_action_of(engine, state, seat, order)
            if action is None or action == SPENT:
                continue
            if not acting or not isinstance(action, dict):
                raise _fail(f"standing order {order} gave {action!r} for seat {seat}, which has no decision", rec, step)
            _check_action(engine, state, seat, action, specs, rec, step, f"action of standing order {order}")


def _check_reversible(engine: Engine, state: dict, moves: dict, after: dict, sealed: bool, deep: bool, rng: Rng, rec, step) -> None:
    """A step the engine calls reversible is one unsealed move that used no
    chance and showed nobody anything hidden (engines.orders.reversible_problem)."""
    if not O.reversible_of(engine, state, moves, after):
        return
    if sealed or len(moves) != 1:
        raise _fail("a sealed or simultaneous step is called reversible", rec, step)
    if canonical(state.get("rng")) != canonical(after.get("rng")):
        raise _fail("a step that used chance is called reversible", rec, step)
    if deep:
        ((seat, action),) = moves.items()
        problem = O.reversible_problem(engine, state, seat, action, after, rng)
        if problem:
            raise _fail(f"step {action} of seat {seat} is called reversible, but {problem}", rec, step)


def _check_junk(engine: Engine, state: dict, seat: int, acting: bool, rec, step) -> None:
    try:
        engine.validate(state, seat, {"type": "__no_such_action__"})
    except IllegalAction as e:
        if not e.message:
            raise _fail("IllegalAction without a message", rec, step) from None
    else:
        raise _fail("validate accepted an unknown action type", rec, step)
    try:
        engine.parse(state, seat, "xyzzy plugh 42")
    except ParseError as e:
        if not e.message:
            raise _fail("ParseError without a message", rec, step) from None
    else:
        raise _fail("parse accepted nonsense", rec, step)
    if not acting and engine.actions(state, seat):
        raise _fail(f"seat {seat} has specs but no decision", rec, step)


def _check_views(engine: Engine, state: dict, players: int, rng: Rng, rec, step) -> None:
    secret = state.get("rng")
    for seat in [None, *range(players)]:
        view = engine.view(state, seat)
        text = json.dumps(view, sort_keys=True)
        if secret is not None and isinstance(secret, str) and secret in text:
            raise _fail(f"view for seat {seat} holds the random generator state", rec, step)
        other = engine.shuffle_hidden(state, seat, rng)
        if canonical(engine.view(other, seat)) != canonical(view):
            raise _fail(f"view for seat {seat} changes when what it may not see is redealt: it leaks", rec, step)
        page = engine.render(state, seat)
        if not isinstance(page, str) or not page.strip():
            raise _fail(f"render for seat {seat} is empty", rec, step)


def languages(engine: Engine) -> tuple[str, ...]:
    """The languages an engine writes: every one once it has catalogs."""
    return i18n.LANGUAGES if hasattr(engine, "catalogs") else (i18n.DEFAULT,)


def _untitled(params: dict) -> dict:
    """Params without their titles (the one part of a schema written in the reader's language)."""
    return {name: {k: v for k, v in schema.items() if k != "title"} for name, schema in params.items()}


def _check_languages(engine: Engine, state: dict, decisions: list[dict], action_of: dict, rec, step) -> None:
    """In every language: the prompts, the specs (same types and params as in
    English), every example parses back to its action and is legal (read with
    the writer's language and with English: commands are read in any language),
    every command of the move sent parses back exactly, the choices offer what
    the English ones offer, the render is not empty."""
    english = {d["seat"]: d for d in decisions}
    # what English offers, read once per seat for the three other languages to match
    base_specs = {seat: [(x["type"], _untitled(x["params"])) for x in engine.actions(state, seat)] for seat in english}
    base_choices = {seat: _shape(engine.choices(state, seat)) for seat in english}
    for lang in languages(engine):
        if lang == i18n.DEFAULT:
            continue
        translated = engine.decisions(state, lang=lang)  # type: ignore[call-arg]
        # the same decisions; kind and prompt in the language's words
        if [(d["seat"], d["sealed"]) for d in translated] != [
                (d["seat"], d["sealed"]) for d in decisions] or not all(d["prompt"] and d["kind"] for d in translated):
            raise _fail(f"decisions in {lang} differ from English ones", rec, step)
        for seat in english:
            specs = engine.actions(state, seat, lang=lang)  # type: ignore[call-arg]
            if [(x["type"], _untitled(x["params"])) for x in specs] != base_specs[seat]:
                raise _fail(f"specs in {lang} differ from the English ones beyond their texts", rec, step)
            for x in specs:
                if not x["label"] or not x["example"]:
                    raise _fail(f"empty label or example in {lang}: {x}", rec, step)
                untitled = [name for name, schema in x["params"].items() if not schema.get("title")]
                if untitled:  # a form's field would be labelled with the param's own name (``rep``)
                    raise _fail(f"{x['type']}: params without a title (param.<name>) in {lang}: {untitled}", rec, step)
                for reader in (lang, i18n.DEFAULT):
                    try:
                        parsed = engine.parse(state, seat, x["example"], lang=reader)  # type: ignore[call-arg]
                    except ParseError as e:
                        raise _fail(f"{lang} example {x['example']!r} of {x['type']} cannot be parsed: {e.message}",
                                    rec, step) from None
                    if len(parsed) != 1 or parsed[0].get("type") != x["type"]:
                        raise _fail(f"{lang} example {x['example']!r} parses as {parsed}, not one {x['type']}", rec, step)
                    try:
                        engine.validate(state, seat, parsed[0], lang=lang)  # type: ignore[call-arg]
                    except IllegalAction as e:
                        raise _fail(f"{lang} example {x['example']!r} is refused: {e.message}", rec, step) from None
            _check_choices_translated(engine, state, seat, lang, base_choices[seat], rec, step)
            action = action_of.get(seat)
            if action is not None:
                text = engine.command(state, seat, action, lang=lang)  # type: ignore[call-arg]
                try:
                    parsed = engine.parse(state, seat, text, lang=lang)  # type: ignore[call-arg]
                except ParseError as e:
                    raise _fail(f"{lang} command {text!r} of {action} cannot be parsed: {e.message}", rec, step) from None
                if parsed != [action]:
                    raise _fail(f"{lang} command {text!r} parses as {parsed}, expected [{action}]", rec, step)
        for seat in [None, *range(rec.players)]:
            page = engine.render(state, seat, lang=lang)  # type: ignore[call-arg]
            if not isinstance(page, str) or not page.strip():
                raise _fail(f"render in {lang} for seat {seat} is empty", rec, step)


def _shape(choices: list[dict]) -> list:
    """What a list of choices offers, without its words."""
    return [(c["type"], [p["action"] for p in c["plays"]], {k: [o["value"] for o in v] for k, v in c["options"].items()})
            for c in choices]


def _check_choices_translated(engine: Engine, state: dict, seat: int, lang: str, english: list, rec, step) -> None:
    """The choices in ``lang`` offer exactly what the English ones offer (``english``, their
    ``_shape``; so every offered choice still validates), every label a printed name."""
    translated = engine.choices(state, seat, lang=lang)  # type: ignore[call-arg]
    if _shape(translated) != english:
        raise _fail(f"choices in {lang} offer other plays or values than the English ones", rec, step)
    for c in translated:
        _check_label(c["label"], c["type"], rec, step)
        for p in c["plays"]:
            _check_label(p["label"], c["type"], rec, step)
        for options in c["options"].values():
            for o in options:
                _check_label(o["label"], c["type"], rec, step)


def _check_event_texts(engine: Engine, events: list[dict], rec, step) -> None:
    """Every event of the history can be written in every language."""
    for lang in languages(engine):
        if lang == i18n.DEFAULT:
            continue
        for ev in events:
            text = engine.event_text(ev, lang)  # type: ignore[attr-defined]
            if not isinstance(text, str) or (ev["text"] and not text.strip()):
                raise _fail(f"event {ev['type']} has no text in {lang}", rec, step)


def check_catalogs(engine: Engine) -> None:
    """Every catalog of the engine (and the shared one) complete in every language."""
    problems = i18n.COMMON.missing()
    for catalog in getattr(engine, "catalogs", lambda: [])():
        problems += catalog.missing()
    if problems:
        raise ConformanceError(f"{engine.slug}: incomplete catalogs: " + "; ".join(problems[:20]))


def _check_events(events: list[dict], players: int, rec, step) -> None:
    for ev in events:
        if set(ev) != {"type", "text", "to", "data"} or not isinstance(ev["text"], str):
            raise _fail(f"malformed event {ev}", rec, step)
        to = ev["to"]
        if to != "all" and (not isinstance(to, list) or not all(isinstance(s, int) and 0 <= s < players for s in to)):
            raise _fail(f"event addressed to {to!r}", rec, step)
        json.dumps(ev["data"])


def _check_outcome(engine: Engine, state: dict, players: int, rec, step) -> dict:
    out = engine.outcome(state)
    if out is None:
        raise _fail("no decisions left but no outcome", rec, step)
    scores, ranks = out["scores"], out["ranks"]
    if len(scores) != players or len(ranks) != players:
        raise _fail(f"outcome sizes {len(scores)}/{len(ranks)} for {players} players", rec, step)
    for r in ranks:
        if r != 1 + sum(1 for o in ranks if o < r):
            raise _fail(f"ranks {ranks} are not competition ranks (1, 1, 3, ...)", rec, step)
    json.dumps(out)
    return out


def play_checked(
    engine: Engine,
    players: int,
    seed: int,
    options: dict | None = None,
    *,
    deep: bool = True,
    invariant: Invariant | None = None,
    max_steps: int = 50_000,
) -> GameRecord:
    """One bot game with every check at every step."""
    rec = GameRecord(players, seed, options)
    state = engine.setup(players, seed, options)
    if canonical(engine.setup(players, seed, copy.deepcopy(options))) != canonical(state):
        raise _fail("setup is not deterministic", rec, 0)
    bot_rng = Rng.from_seed(seed * 7919 + players)
    check_rng = Rng.from_seed(seed * 104729 + players)
    if invariant:
        invariant(state, None)
    step = 0
    while True:
        _check_json_exact(state, rec, step)
        rec.state_hashes.append(_digest(state))
        decisions = _check_decisions(engine, state, players, rec, step)
        if deep:
            _check_views(engine, state, players, check_rng, rec, step)
        if not decisions:
            break
        if engine.outcome(state) is not None:
            raise _fail("outcome while decisions are open", rec, step)
        acting = {d["seat"] for d in decisions}
        moves: dict[int, dict] = {}
        for seat in range(players):
            _check_junk(engine, state, seat, seat in acting, rec, step)
        for d in decisions:
            seat = d["seat"]
            specs = _check_specs(engine, state, seat, rec, step)
            _check_examples(engine, state, seat, specs, rec, step)
            _check_choices(engine, state, seat, specs, rec, step, every=deep)
            _check_action(engine, state, seat, engine.default_action(state, seat), specs, rec, step, "default action")
            action = engine.bot(state, seat, bot_rng)
            _check_action(engine, state, seat, action, specs, rec, step, "bot action")
            moves[seat] = action
        for seat in range(players):
            acting_specs = engine.actions(state, seat) if seat in acting else []
            _check_standing(engine, state, seat, seat in acting, acting_specs, check_rng, rec, step)
        if deep:
            _check_languages(engine, state, decisions, moves, rec, step)
        before = canonical(state)
        result = engine.apply(state, copy.deepcopy(moves))
        if canonical(state) != before:
            raise _fail("apply changed its input state", rec, step)
        again = engine.apply(state, copy.deepcopy(moves))
        if canonical(again) != canonical(result):
            raise _fail("apply is not deterministic", rec, step)
        _check_events(result["events"], players, rec, step)
        _check_reversible(engine, state, moves, result["state"], any(d["sealed"] for d in decisions), deep, check_rng, rec, step)
        if deep:
            _check_event_texts(engine, result["events"], rec, step)
        if invariant:
            invariant(result["state"], state)
        rec.moves.append(moves)
        state = result["state"]
        step += 1
        if step > max_steps:
            raise _fail(f"game did not end within {max_steps} steps", rec, step)
    rec.final = state
    rec.outcome = _check_outcome(engine, state, players, rec, step)
    return rec


def replay(engine: Engine, rec: GameRecord) -> list[str]:
    """The state digests of replaying ``rec`` from its seed and moves."""
    state = engine.setup(rec.players, rec.seed, copy.deepcopy(rec.options))
    hashes = [_digest(state)]
    for moves in rec.moves:
        # moves come back through JSON as a stored record would: seat keys are strings there
        stored = json.loads(json.dumps({str(k): v for k, v in moves.items()}))
        state = engine.apply(state, {int(k): v for k, v in stored.items()})["state"]
        hashes.append(_digest(state))
    return hashes


def check_engine(
    engine: Engine,
    players: int,
    seeds,
    options: dict | None = None,
    *,
    deep_games: int = 3,
    invariant: Invariant | None = None,
    max_steps: int = 50_000,
) -> list[GameRecord]:
    """Bot games for one player count, each checked and replayed exactly."""
    if not (engine.min_players <= players <= engine.max_players):
        raise ConformanceError(f"{players} players is outside {engine.min_players}-{engine.max_players}")
    records = []
    for i, seed in enumerate(seeds):
        rec = play_checked(
            engine, players, seed, options, deep=i < deep_games, invariant=invariant, max_steps=max_steps
        )
        if replay(engine, rec) != rec.state_hashes:
            raise _fail("replay from the record gives different states", rec, len(rec.moves))
        records.append(rec)
    return records


def check_static(engine: Engine) -> None:
    """What can be checked without playing: the declared attributes."""
    for attr in ("slug", "title", "min_players", "max_players", "options_schema"):
        if not hasattr(engine, attr):
            raise ConformanceError(f"engine has no {attr}")
    if not 1 <= engine.min_players <= engine.max_players:
        raise ConformanceError("player counts are wrong")
    Draft202012Validator.check_schema(engine.options_schema)
    for name, prop in engine.options_schema.get("properties", {}).items():
        if "default" not in prop:
            raise ConformanceError(f"option {name!r} has no default")
    check_catalogs(engine)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Soak an engine with checked bot games.")
    ap.add_argument("slug", choices=sorted(registry.ENGINES))
    ap.add_argument("--games", type=int, default=1000, help="games per player count")
    ap.add_argument("--players", type=int, nargs="*")
    ap.add_argument("--options", default="{}", help="JSON options")
    ap.add_argument("--deep", type=int, default=20, help="games per count with view and render checks")
    ap.add_argument("--first-seed", type=int, default=1)
    args = ap.parse_args(argv)
    engine = registry.get(args.slug)
    check_static(engine)
    options = json.loads(args.options) or None
    counts = args.players or range(engine.min_players, engine.max_players + 1)
    for n in counts:
        t0 = time.perf_counter()
        seeds = range(args.first_seed, args.first_seed + args.games)
        check_engine(engine, n, seeds, options, deep_games=args.deep)
        dt = time.perf_counter() - t0
        print(f"{args.slug} {n} players: {args.games} games checked and replayed in {dt:.1f}s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
