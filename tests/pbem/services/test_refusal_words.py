"""Refusals in the game's words, in the sender's language, with no id (issue 28). For every engine,
at sampled decisions of a bot game, every action the seat may send now is sent malformed or
illegal through move_submit (what every channel calls) in de, it, fr and en: a value of the wrong
shape, a list of the wrong length (the tapping sample's refused `reveal`), a value of another
moment, a field missing or unknown, an action of another moment. Each refusal names the move by
its label and the choices by their printed names: no component id (the string values the
engine's schemas hold: `joker-2`, `philippe-1`, `battlefield`) and no raw action type appears in
it, unless the engine's own printed words for the reader use that very word (its labels and
examples, the shared texts); and it is not the English text where the sender reads another
language. One refusal per engine also goes through the API, in the player's own language."""

from __future__ import annotations

import importlib
import re

import pytest
from django.utils import translation

from engines.registry import ENGINES
from engines.rng import Rng
from pbem import services
from pbem.errors import ServiceError
from pbem.models import Game, PendingAction
from pbem.services.languages import profile_language_set
from tests.support.bot_games import asked_specs

pytestmark = pytest.mark.django_db

LANGS = ("de", "it", "fr", "en")
SAMPLES = 4  # decisions of seat 1 looked at per engine
EVERY = 5  # one in EVERY of seat 1's decisions
# the texts every engine shares, per language: their words are the frame of a refusal, not ids
FRAME = {lang: " ".join(importlib.import_module(f"engines.lang.{lang}").MESSAGES.values()) for lang in LANGS}


def _word(text: str):
    return re.compile(r"(?<![\w-])" + re.escape(text) + r"(?![\w-])")


def _decisions(user, slug: str):
    """A game of ``slug`` with bots in the other seats, at every EVERY-th decision of seat 1 (whose
    moves are its bot's, sent through move_submit), up to SAMPLES of them."""
    engine = ENGINES[slug]
    game = services.game_create(creator=user, engine=slug, players=engine.min_players, bots=engine.min_players - 1, seed=7)
    services.game_start(game_id=game.pk, user=user)
    asked = 0
    for _ in range(SAMPLES * EVERY * 4):
        for _ in range(20):
            if PendingAction.objects.filter(game=game, seat__index=0, closed_at__isnull=True, submitted_at__isnull=True).exists():
                break
            services.game_advance(game_id=game.pk)
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            return
        if asked % EVERY == 0:
            yield game
            game.refresh_from_db()
        asked += 1
        if asked >= SAMPLES * EVERY:
            return
        action = engine.bot(game.state, 0, Rng.from_seed(game.version))
        services.move_submit(game_id=game.pk, seat=0, action=action, source="api", version=game.version)


def _components(engine) -> tuple[set[str], set[str]]:
    """The ids the engine's specs hold along a whole bot game (string values of enums and arrays
    of enums, for every seat asked) and its action types."""
    ids, types = set(), set()
    for _state, _seat, spec in asked_specs(engine, players=engine.min_players, seed=7):
        types.add(spec["type"])
        for schema in spec["params"].values():
            ids |= {v for v in schema.get("enum") or (schema.get("items") or {}).get("enum") or [] if isinstance(v, str)}
    return ids, types


def _malformed(spec: dict, strangers: list[str]) -> list[dict]:
    """Actions of ``spec``'s type that its schemas or the rules refuse."""
    out = []
    blank = {"type": spec["type"], **{p: None for p in spec["params"]}}
    for param, schema in spec["params"].items():
        out.append(blank | {param: [["x"]]})  # the wrong shape
        out.append({k: v for k, v in blank.items() if k != param})  # missing
        items = (schema.get("items") or {}).get("enum") if schema.get("type") == "array" else None
        if items:
            most = schema.get("maxItems") or len(items)
            out.append(blank | {param: (items + items)[: most + 1]})  # one too many (or a value twice)
            if schema.get("minItems", 0) > 0:
                out.append(blank | {param: items[: schema["minItems"] - 1]})  # one too few
            other = [s for s in strangers if s not in items]
            if other:
                out.append(blank | {param: items[: max(schema.get("minItems", 0) - 1, 0)] + other[:1]})  # of another moment
        if "enum" in schema:
            other = [s for s in strangers if s not in schema["enum"]]
            if other:
                out.append(blank | {param: other[0]})  # of another moment
        if schema.get("type") == "integer":
            out.append(blank | {param: 10**9})
    out.append(blank | {"unknown": 1})
    return out


def _refusal(game: Game, action: dict, lang: str) -> str | None:
    with translation.override(lang):
        try:
            services.move_submit(game_id=game.pk, seat=0, action=action, source="api", version=game.version)
        except ServiceError as refused:
            return refused.message
    return None


def _printed(engine, state: dict, lang: str) -> str:
    """What the engine itself writes for seat 1 now in ``lang``: labels, choices and examples."""
    words = []
    for spec in engine.actions(state, 0, lang=lang):
        words += [spec["label"], spec["example"]]
    for choice in engine.choices(state, 0, lang=lang):
        words.append(choice["label"])
        words += [p["label"] for p in choice["plays"]]
        words += [o["label"] for options in choice["options"].values() for o in options]
    return " ".join(words)


@pytest.mark.parametrize("slug", sorted(ENGINES))
def test_refusals_name_no_ids_and_speak_the_senders_language(slug, alice):
    engine = ENGINES[slug]
    ids, types = _components(engine)
    checked = looked = 0
    for game in _decisions(alice, slug):
        looked += 1
        specs = engine.actions(game.state, 0)
        now = {s["type"] for s in specs}
        actions = [a for spec in specs for a in _malformed(spec, sorted(ids))]
        actions += [{"type": t} for t in sorted(types - now)[:3]]  # an action of another moment
        printed = {lang: _printed(engine, game.state, lang) for lang in LANGS}
        for action in actions:
            said = {}
            for lang in LANGS:
                text = _refusal(game, action, lang)
                if text is None:
                    break  # taken after all (a value of another moment that is legal now)
                said[lang] = text
                leaked = [i for i in sorted(ids | types) if _word(i).search(text)
                          and not _word(i).search(printed[lang]) and not _word(i).search(FRAME[lang])]
                assert not leaked, (slug, lang, action, leaked, text)
                checked += 1
            if len(said) != len(LANGS):
                break  # a move was taken: this decision is answered
            for lang in ("de", "it", "fr"):
                assert said[lang] != said["en"], (slug, lang, action, said)
    assert looked >= 2 and checked > 40, (looked, checked)


@pytest.mark.parametrize("slug", sorted(ENGINES))
def test_an_api_refusal_is_in_the_players_language_without_ids(slug, alice, api):
    engine = ENGINES[slug]
    profile_language_set(user=alice, language="de")
    game = next(_decisions(alice, slug))
    spec = next(s for s in engine.actions(game.state, 0) if s["params"])
    param, schema = next(iter(spec["params"].items()))
    ids, _types = _components(engine)
    # a list one too long where a list is asked, else a list where one value is asked
    items = (schema.get("items") or {}).get("enum") if schema.get("type") == "array" else None
    value = (items + items)[: (schema.get("maxItems") or len(items)) + 1] if items else [sorted(ids)[:2]]
    action = {"type": spec["type"], **{p: None for p in spec["params"]}, param: value}
    r = api(alice).post(f"/api/games/{game.pk}/moves/", {"action": action}, format="json")
    assert r.status_code in (400, 422), r.content
    text = str(r.json())
    label = next(s["label"] for s in engine.actions(game.state, 0, lang="de") if s["type"] == spec["type"])
    assert label in text and "Beispiel" in text, text
    printed = _printed(engine, game.state, "de")
    assert not [i for i in ids if _word(i).search(text) and not _word(i).search(printed)], text
