"""Orders given in advance (issue 25), the part every engine shares.

Three things a seat may do ahead of its turn, all pure functions here:

- **orders for its next decision**: an ordered list of candidates, each an
  action or an email command; when the decision opens, the first candidate
  the engine accepts then is played (``candidate_choose``);
- **standing orders**: an engine describes the ones it offers as data, in the
  shape of ActionSpecs (``engine.standing_specs``), and turns one into the
  action for a given state (``engine.standing_action``: an action, None, or
  ``SPENT`` when it can never apply again); ``standing_parse`` and
  ``standing_command`` read and write them as one line of text;
- **taking back a move**: ``engine.reversible(before, moves, after)`` says
  which steps may be taken back; ``reversible_problem`` is the check the
  conformance checks hold that answer to.
"""

from __future__ import annotations

import unicodedata

from engines.base import SPENT, ActionSpec, IllegalAction, ParseError, canonical, check_against_specs
from engines.i18n import COMMON

__all__ = [
    "SPENT",
    "candidate_choose",
    "reversible_of",
    "reversible_problem",
    "standing_action_of",
    "standing_check",
    "standing_command",
    "standing_parse",
    "standing_specs_of",
]

MAX_CANDIDATES = 10
MAX_CANDIDATE_CHARS = 200


# --- what an engine offers (engines without orders offer none) ---------------------


def standing_specs_of(engine, state: dict, seat: int, lang: str = "en") -> list[ActionSpec]:
    fn = getattr(engine, "standing_specs", None)
    return list(fn(state, seat, lang=lang)) if fn is not None else []


def standing_action_of(engine, state: dict, seat: int, order: dict):
    fn = getattr(engine, "standing_action", None)
    return fn(state, seat, order) if fn is not None else None


def reversible_of(engine, before: dict, moves: dict[int, dict], after: dict) -> bool:
    fn = getattr(engine, "reversible", None)
    return bool(fn(before, moves, after)) if fn is not None else False


# --- standing orders as text -------------------------------------------------------


def _fold(text: str) -> str:
    text = unicodedata.normalize("NFKD", text.strip().lower())
    return "".join(c for c in text if not unicodedata.combining(c)).replace("ß", "ss")


def _word(value) -> str:
    return _fold(str(value)).replace(" ", "-")


def standing_command(order: dict) -> str:
    """One line ``standing_parse`` reads back: the type (underscores as
    spaces), then each param's value in order (a list as its items)."""
    words = [order["type"].replace("_", " ")]
    for name, value in order.items():
        if name == "type":
            continue
        if isinstance(value, list):
            words += [_word(v) for v in value] or ["none"]
        else:
            words.append(_word(value))
    return " ".join(words)


def _offered(specs: list[ActionSpec], lang: str, labelled: bool = True) -> str:
    word = COMMON.text(lang, "standing.word")
    return "; ".join(
        COMMON.text(lang, "standing.offered", word=word, example=s["example"], label=s["label"]) if labelled
        else f"`{word} {s['example']}`" for s in specs
    ) or COMMON.text(lang, "standing.none_offered")


def standing_parse(specs: list[ActionSpec], text: str, lang: str = "en") -> dict:
    """A standing order from one line (``standing`` already taken off):
    the order's type, then its params in the order the spec lists them;
    an array param takes the rest of the line (``none`` for an empty one).
    Raises ParseError saying, in ``lang``, what may be written instead."""
    words = _fold(text).replace(",", " ").split()
    word = COMMON.text(lang, "standing.word")
    if not words:
        raise ParseError(COMMON.text(lang, "standing.write_one", word=word, offered=_offered(specs, lang)), text)
    by_type = {s["type"]: s for s in specs}
    chosen, rest = None, words
    for take in range(min(4, len(words)), 0, -1):
        name = "_".join(words[:take]).replace("-", "_")
        if name in by_type:
            chosen, rest = by_type[name], words[take:]
            break
    if chosen is None:
        raise ParseError(COMMON.text(lang, "standing.no_such", words=" ".join(words[:2]), offered=_offered(specs, lang)), text)
    example = f"{word} {chosen['example']}"
    order: dict = {"type": chosen["type"]}
    for name, schema in chosen["params"].items():
        if schema.get("type") == "array":
            items = [] if rest in (["none"], []) else rest
            order[name] = [_value(schema["items"], w, example, text, lang) for w in items]
            rest = []
            continue
        if not rest:
            raise ParseError(COMMON.text(lang, "standing.needs", type=chosen["label"], example=example), text)
        order[name], rest = _value(schema, rest[0], example, text, lang), rest[1:]
    if rest:
        raise ParseError(COMMON.text(lang, "standing.too_much", rest=" ".join(rest), example=example), text)
    return order


def _value(schema: dict, word: str, example: str, text: str, lang: str):
    if "enum" in schema:
        for v in schema["enum"]:
            if _word(v) == word:
                return v
        values = ", ".join(_word(v) for v in schema["enum"])
        raise ParseError(COMMON.text(lang, "standing.not_one_of", word=word, values=values, example=example), text)
    if schema.get("type") == "integer":
        if word.lstrip("-").isdigit():
            return int(word)
        raise ParseError(COMMON.text(lang, "standing.not_a_number", word=word, example=example), text)
    return word


def standing_check(specs: list[ActionSpec], order, lang: str = "en") -> ActionSpec:
    """Raises IllegalAction (in ``lang``) unless ``order`` is one of ``specs`` with fitting params."""
    try:
        return check_against_specs(specs, order, lang=lang)
    except IllegalAction as e:
        allowed = " " + COMMON.template(lang, "allowed_now").split("{", 1)[0].strip()
        raise IllegalAction(COMMON.text(lang, "standing.refused", refusal=e.message.split(allowed)[0],
                                        offered=_offered(specs, lang, labelled=False))) from None


# --- orders for the next decision ---------------------------------------------------


def _candidate_actions(engine, state: dict, seat: int, candidate, verb: str | None) -> list[dict]:
    if isinstance(candidate, dict):
        return [candidate]
    text = str(candidate).strip()
    tries = [text]
    if verb and not text.lower().startswith(verb):
        tries.append(f"{verb} {text}")  # "pick king / else merchant": the verb of the first one carries on
    for t in tries:
        try:
            actions = engine.parse(state, seat, t)
        except ParseError:
            continue
        if len(actions) == 1 and isinstance(actions[0], dict):
            return actions
    return []


def candidate_choose(engine, state: dict, seat: int, candidates: list) -> tuple[dict | None, int | None, bool]:
    """The first candidate the engine accepts for ``seat`` now: (action, its
    index, True), or (None, None, concerned): ``concerned`` says whether any
    candidate was meant for this kind of decision (one of its action types,
    or a command the engine reads now), so that orders meant for another
    decision are kept for it."""
    specs = engine.actions(state, seat)
    types = {s["type"] for s in specs}
    # the first words of this decision's commands: a candidate starting with one was meant for it
    verbs = types | {s["example"].split()[0].lower() for s in specs if s["example"].split()}
    first = next((c for c in candidates if isinstance(c, str) and c.strip()), None)
    verb = first.strip().split()[0].lower() if first else None
    concerned = False
    for i, candidate in enumerate(candidates):
        if isinstance(candidate, str) and candidate.strip() and candidate.split()[0].lower() in verbs:
            concerned = True
        for action in _candidate_actions(engine, state, seat, candidate, verb):
            if action.get("type") in types:
                concerned = True
            try:
                engine.validate(state, seat, action)
            except IllegalAction:
                continue
            return action, i, True
    return None, None, concerned


# --- taking back: the conformance check of ``reversible`` ---------------------------


def reversible_problem(engine, before: dict, seat: int, action: dict, after: dict, rng) -> str | None:
    """Why the step (``seat`` sending ``action`` in ``before`` gave ``after``)
    is not reversible, or None when it is: no chance used (the generator
    state is unchanged), and every view after the step (the actor's, the
    others', a spectator's) stays the same when what that viewer could not
    see before is redealt (``shuffle_hidden``): the step showed nobody
    anything hidden from them. Where the redealt state does not allow the
    action (another seat's hand redealt), that viewer is not compared."""
    if canonical(before.get("rng")) != canonical(after.get("rng")):
        return "chance was used (the random generator moved)"
    viewers = [seat, None, *(s for s in range(before.get("players", 0)) if s != seat)]
    for viewer in viewers:
        other = engine.shuffle_hidden(before, viewer, rng)
        try:
            engine.validate(other, seat, action)
        except IllegalAction:
            continue
        again = engine.apply(other, {seat: action})["state"]
        if canonical(engine.view(again, viewer)) != canonical(engine.view(after, viewer)):
            who = "a spectator" if viewer is None else f"seat {viewer}"
            return f"{who} learns something hidden before (its view depends on what it could not see)"
    return None
