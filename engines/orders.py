"""Orders given in advance (issue 25), the part every engine shares.

Three things a seat may do ahead of its turn, all pure functions here:

- **orders for its next decision**: an ordered list of candidates, each an
  action or an email command; when the decision opens, the first candidate
  the engine accepts then is played (``candidate_choose``);
- **standing orders**: an engine describes the ones it offers as data, in the
  shape of ActionSpecs (``engine.standing_specs``), and turns one into the
  action for a given state (``engine.standing_action``: an action, None, or
  ``SPENT`` when it can never apply again); ``standing_parse`` and
  ``standing_command`` read and write them as one line of text: written in
  the reader's language with the game's own terms, read in any language
  (each engine's ``Wording``);
- **taking back a move**: ``engine.reversible(before, moves, after)`` says
  which steps may be taken back; ``reversible_problem`` is the check the
  conformance checks hold that answer to.
"""

from __future__ import annotations

import itertools
import re
import unicodedata

from engines import i18n, schema_words
from engines.base import SPENT, ActionSpec, IllegalAction, ParseError, canonical
from engines.i18n import COMMON, LANGUAGES, Catalog

__all__ = [
    "PLAIN",
    "SPENT",
    "Wording",
    "candidate_choose",
    "reversible_of",
    "reversible_problem",
    "standing_action_of",
    "standing_check",
    "standing_command",
    "standing_parse",
    "standing_specs_of",
    "wording_of",
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


# --- standing orders as text, in every language ------------------------------------


class Wording:
    """How one engine writes its standing orders in its reader's language and
    reads them in any language, whatever the reader's own.

    - ``catalog``: the engine's catalog; ``standing.say.<type>`` are the words
      that name an order type in each language (``limit``, ``höchstens``,
      ``massimo``, ``plafond``), ``standing.param.<param>`` a param's name on
      the forms (``Adliger``, ``nobile``, ``noble``).
    - ``say(param, value, lang)``: a value as a command writes it, with the
      game's own term in ``lang`` (``könig``, ``re``, ``roi``); None for a
      value it has no name for (a number is written as it is).
    - ``read(param, text)``: the value a few folded words name, in any
      language, read with the engine's own tables (so a standing order reads
      names exactly as the game's commands do); None when they name none.
    - ``label(param, value, lang)``: a value as a form's choice names it
      (``say`` when not given).
    - ``skip``: words of the game that carry nothing in an order (Staufer's
      ``forzieri``: "tieni i forzieri viola").
    """

    def __init__(self, catalog: Catalog | None = None, *, say=None, read=None, label=None, skip=frozenset()):
        self.catalog = catalog
        self._say = say
        self._read = read
        self._label = label
        self.skip = frozenset(i18n.fold(w) for w in skip)
        self._types: dict[tuple[str, ...], list] = {}
        self._said: dict[tuple, dict[str, object]] = {}
        self._longest: dict[tuple, int] = {}

    def phrases(self, kind: str, lang: str) -> list[str]:
        """Every way ``lang`` writes order type ``kind``: the catalog's
        ``standing.say.<kind>`` holds them separated by ``|``, the written one first."""
        key = f"standing.say.{kind}"
        if self.catalog is not None and self.catalog.has(key):
            return [p.strip() for p in self.catalog.text(lang, key).split("|") if p.strip()]
        return [kind.replace("_", " ")]

    def phrase(self, kind: str, lang: str) -> str:
        return self.phrases(kind, lang)[0]

    def param(self, kind: str, name: str, lang: str) -> str:
        """A param's name in ``lang`` (a form's label, a refusal's subject)."""
        for key in (f"standing.param.{kind}.{name}", f"standing.param.{name}"):
            if self.catalog is not None and self.catalog.has(key):
                return self.catalog.text(lang, key)
        return name.replace("_", " ")

    def say(self, name: str, value, lang: str) -> str:
        said = self._say(name, value, lang) if self._say is not None and not isinstance(value, (int, bool)) else None
        return str(said) if said is not None else _word(value)

    def label(self, name: str, value, lang: str) -> str:
        said = self._label(name, value, lang) if self._label is not None and not isinstance(value, (int, bool)) else None
        return str(said) if said is not None else self.say(name, value, lang)

    def read(self, name: str, schema: dict, text: str):
        """The value of ``schema``'s enum the folded ``text`` names, or None
        (a value the engine knows but the enum does not offer is returned too,
        so the refusal can name it)."""
        known = self._known(name, schema)
        found = known.get(text, known.get(text.replace(" ", "-")))
        if found is None and self._read is not None:
            found = self._read(name, text)
        return found

    def _known(self, name: str, schema: dict) -> dict:
        """Each value of ``schema``'s enum by its id and as every language writes it,
        read the way a line is (kept: the same enums come back at every step)."""
        key = (name, tuple(schema.get("enum", [])))
        known = self._said.get(key)
        if known is None:
            known = {}
            for v in schema.get("enum", []):
                for lang in LANGUAGES:
                    known.setdefault(" ".join(self.tokens(self.say(name, v, lang))), v)
                known.setdefault(_word(v), v)
            self._said[key] = known
            self._longest[key] = max((len(k.split()) for k in known), default=1)
        return known

    def longest(self, name: str, schema: dict) -> int:
        """The most words a value of ``schema`` is written with in any language."""
        self._known(name, schema)
        return self._longest[(name, tuple(schema.get("enum", [])))]

    def types(self, specs: list[ActionSpec]) -> list[tuple[tuple[str, ...], str]]:
        """Every language's words for each type of ``specs`` (folded, fillers
        dropped), longest first: what a line is matched against (kept per set
        of types: the conformance checks read orders at every step)."""
        kinds = tuple(s["type"] for s in specs)
        found = self._types.get(kinds)
        if found is None:
            found = self._types[kinds] = self._types_of(kinds)
        return found

    def _types_of(self, kinds: tuple[str, ...]) -> list[tuple[tuple[str, ...], str]]:
        out: dict[tuple[str, ...], str] = {}
        for kind in kinds:
            for said in [kind.replace("_", " "), *(p for lang in LANGUAGES for p in self.phrases(kind, lang))]:
                for form in i18n.variants(said):  # "höchstens", "hoechstens", "hochstens"
                    key = tuple(self.tokens(form))
                    if key:
                        out.setdefault(key, kind)
        return sorted(out.items(), key=lambda kv: len(kv[0]), reverse=True)

    def tokens(self, text: str) -> list[str]:
        """A line as folded words, elisions split, articles and the game's
        empty words dropped; a comma kept as its own word (it ends a value)."""
        text = i18n.fold(text).replace("_", " ")
        text = re.sub(r"[\'’`´ʼ]", " ", text)
        text = re.sub(r"[,;/]", " , ", text)
        text = re.sub(r"[.!?()\"«»“”:]", " ", text)
        return [w for w in text.split() if w == "," or (w not in i18n.FILLER and w not in self.skip and w not in _AND)]


PLAIN = Wording()

# the words that join the items of a list ("König, Händler und Baumeister")
_AND = frozenset({"and", "und", "e", "ed", "et", "oder"})


def wording_of(engine) -> Wording:
    """The engine's wording of its standing orders (``engine.standing_wording``),
    or the plain one: types and values written as they are."""
    return getattr(engine, "standing_wording", None) or PLAIN


def _fold(text: str) -> str:
    text = unicodedata.normalize("NFKD", text.strip().lower())
    return "".join(c for c in text if not unicodedata.combining(c)).replace("ß", "ss")


def _word(value) -> str:
    return _fold(str(value)).replace(" ", "-")


def _none_words() -> set[str]:
    return {i18n.fold(COMMON.text(lang, "standing.none")) for lang in LANGUAGES} | {"none"}


def standing_command(order: dict, lang: str = "en", wording: Wording = PLAIN) -> str:
    """One line ``standing_parse`` reads back, in ``lang``: the words of the
    order's type, then each param's value in order (a list as its items,
    with commas between them when a name has several words)."""
    kind = order["type"]
    words = [wording.phrase(kind, lang)]
    for name, value in order.items():
        if name == "type":
            continue
        if isinstance(value, list):
            items = [wording.say(name, v, lang) for v in value]
            if not items:
                words.append(COMMON.text(lang, "standing.none"))
            else:
                words.append((", " if any(" " in i for i in items) else " ").join(items))
        else:
            words.append(wording.say(name, value, lang))
    return " ".join(words)


def _offered(specs: list[ActionSpec], lang: str, labelled: bool = True) -> str:
    word = COMMON.text(lang, "standing.word")
    return "; ".join(
        COMMON.text(lang, "standing.offered", word=word, example=s["example"], label=s["label"]) if labelled
        else f"`{word} {s['example']}`" for s in specs
    ) or COMMON.text(lang, "standing.none_offered")


def standing_parse(specs: list[ActionSpec], text: str, lang: str = "en", wording: Wording = PLAIN) -> dict:
    """A standing order from one line (``standing`` already taken off), in
    any language: the order's type, then its params in the order the spec
    lists them; an array param takes the rest of the line (``none``,
    ``keine``, ``nessuno``, ``aucun`` for an empty one). Raises ParseError
    saying, in ``lang``, what may be written instead, with an example in
    ``lang``."""
    tokens = wording.tokens(text)
    word = COMMON.text(lang, "standing.word")
    if not [t for t in tokens if t != ","]:
        raise ParseError(COMMON.text(lang, "standing.write_one", word=word, offered=_offered(specs, lang)), text)
    by_type = {s["type"]: s for s in specs}
    chosen, rest = None, tokens
    for said, kind in wording.types(specs):
        if tuple(tokens[: len(said)]) == said:
            chosen, rest = by_type[kind], tokens[len(said):]
            break
    if chosen is None:
        shown = " ".join(t for t in tokens[:2] if t != ",")
        raise ParseError(COMMON.text(lang, "standing.no_such", words=shown, offered=_offered(specs, lang)), text)
    example = f"{word} {chosen['example']}"
    order: dict = {"type": chosen["type"]}
    params = chosen["params"]
    unread = list(params)
    while unread:
        while rest[:1] == [","]:
            rest = rest[1:]
        name = unread[0]
        if params[name].get("type") == "array":
            items = [t for t in rest if t != ","]
            if not items or (len(items) == 1 and items[0] in _none_words()):
                order[name] = []
            else:
                order[name] = _values(wording, chosen, name, params[name]["items"], rest, example, text, lang)
            rest = []
            unread.pop(0)
            continue
        if not rest:
            raise ParseError(COMMON.text(lang, "standing.needs", type=chosen["label"], example=example), text)
        # a number where a name is due, or a name where a number is, goes to the other param
        # ("plafond de 4 pour Maria" as well as "plafond Maria 4")
        number = _is_number(rest[0])
        if number != (params[name].get("type") == "integer"):
            name = next((n for n in unread if params[n].get("type") != "array"
                         and (params[n].get("type") == "integer") == number), name)
        order[name], rest = _value(wording, chosen, name, params[name], rest, example, text, lang)
        unread.remove(name)
    order = {"type": chosen["type"], **{n: order[n] for n in params}}
    rest = [t for t in rest if t != ","]
    if rest:
        raise ParseError(COMMON.text(lang, "standing.too_much", rest=" ".join(rest), example=example), text)
    return order


def _is_number(word: str) -> bool:
    return i18n.NUMBER_WORDS.get(word, word).lstrip("-").isdigit()


def _values(wording: Wording, spec: ActionSpec, name: str, schema: dict, tokens: list[str], example: str, text: str, lang: str) -> list:
    out = []
    while tokens:
        if tokens[0] == ",":
            tokens = tokens[1:]
            continue
        value, tokens = _value(wording, spec, name, schema, tokens, example, text, lang)
        out.append(value)
    return out


def _value(wording: Wording, spec: ActionSpec, name: str, schema: dict, tokens: list[str], example: str, text: str, lang: str):
    """The value the first words of ``tokens`` name (the longest run that
    names one, up to a comma) and the words left after it."""
    if schema.get("type") == "integer":
        word = i18n.NUMBER_WORDS.get(tokens[0], tokens[0])
        if word.lstrip("-").isdigit():
            return int(word), tokens[1:]
        raise ParseError(COMMON.text(lang, "standing.not_a_number", word=tokens[0], example=example), text)
    if "enum" not in schema:
        return tokens[0], tokens[1:]
    run = list(itertools.takewhile(lambda t: t != ",", tokens))
    for take in range(min(wording.longest(name, schema), len(run)), 0, -1):
        value = wording.read(name, schema, " ".join(run[:take]))
        if value is not None:
            if value in schema["enum"]:
                return value, tokens[take:]
            shown = wording.say(name, value, lang)
            break
    else:
        shown = run[0] if run else tokens[0]
    values = ", ".join(wording.say(name, v, lang) for v in schema["enum"])
    raise ParseError(COMMON.text(lang, "standing.not_one_of", word=shown, values=values, example=example), text)



def standing_check(specs: list[ActionSpec], order, lang: str = "en", wording: Wording = PLAIN) -> ActionSpec:
    """Raises IllegalAction unless ``order`` is one of ``specs`` with fitting
    params; the refusal is in ``lang``, names the order and its values in the
    game's words (never a type's or a value's id) and lists what is offered."""
    def refused(why: str) -> IllegalAction:
        return IllegalAction(COMMON.text(lang, "standing.refused", refusal=why, offered=_offered(specs, lang, labelled=False)))

    by_type = {s["type"]: s for s in specs}
    kind = order.get("type") if isinstance(order, dict) else None
    chosen = by_type.get(kind) if isinstance(kind, str) else None
    if chosen is None:
        raise refused(COMMON.text(lang, "standing.not_offered"))
    example = f"{COMMON.text(lang, 'standing.word')} {chosen['example']}"
    given = {k: v for k, v in order.items() if k != "type"}
    for name, schema in chosen["params"].items():
        if name not in given:
            field = wording.param(chosen["type"], name, lang)
            raise refused(COMMON.text(lang, "standing.needs_value", label=chosen["label"], name=field, example=example))
        if schema_words.param_errors(schema, given[name]):
            field = wording.param(chosen["type"], name, lang)
            what = schema_words.expected_words(_named(wording, name, schema, lang), lang)
            error = COMMON.text(lang, "must_be", what=what)
            raise refused(COMMON.text(lang, "standing.bad_value", label=chosen["label"], name=field, error=error, example=example))
    extra = sorted(set(given) - set(chosen["params"]))
    if extra:
        expected = ", ".join(wording.param(chosen["type"], n, lang) for n in chosen["params"]) or COMMON.text(lang, "none")
        raise refused(COMMON.text(lang, "standing.unknown_fields", label=chosen["label"], fields=", ".join(map(str, extra)), expected=expected))
    return chosen


def _named(wording: Wording, name: str, schema: dict, lang: str) -> dict:
    """``schema`` with its enum's values written as the reader writes them (for a refusal)."""
    if "enum" in schema:
        return {**schema, "enum": [wording.say(name, v, lang) for v in schema["enum"]]}
    if schema.get("type") == "array" and "enum" in schema.get("items", {}):
        return {**schema, "items": _named(wording, name, schema["items"], lang)}
    return schema


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


def _first_words(engine, state: dict, seat: int, specs: list[ActionSpec]) -> set[str]:
    words = {i18n.fold(s["example"].split()[0]) for s in specs if s["example"].split()}
    for lang in LANGUAGES:
        if lang == i18n.DEFAULT:
            continue
        try:
            local = engine.actions(state, seat, lang=lang)
        except TypeError:  # an engine that writes its commands in one language only
            break
        words |= {i18n.fold(s["example"].split()[0]) for s in local if s["example"].split()}
    return words


def candidate_choose(engine, state: dict, seat: int, candidates: list) -> tuple[dict | None, int | None, bool]:
    """The first candidate the engine accepts for ``seat`` now: (action, its
    index, True), or (None, None, concerned): ``concerned`` says whether any
    candidate was meant for this kind of decision (one of its action types,
    or a command the engine reads now), so that orders meant for another
    decision are kept for it."""
    specs = engine.actions(state, seat)
    types = {s["type"] for s in specs}
    # the first words of this decision's commands, in every language: a candidate starting with
    # one was meant for it (`erhöhe 9` at an auction, even when no raise is legal now)
    verbs = types | _first_words(engine, state, seat, specs)
    first = next((c for c in candidates if isinstance(c, str) and c.strip()), None)
    verb = first.strip().split()[0].lower() if first else None
    concerned = False
    for i, candidate in enumerate(candidates):
        if isinstance(candidate, str) and candidate.strip() and i18n.fold(candidate.split()[0]) in verbs:
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
