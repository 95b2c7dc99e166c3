"""Every engine sent arbitrary JSON as every action type it has, through the API, the web form and
the mail path: a 4xx (or a refusal in the answer), never a server error, and nothing stored. The
action is checked against its ActionSpec's schemas at the service boundary (move_submit), before
the engine sees it, and refused in the game's words (engines.schema_words)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rest_framework.test import APIClient

from engines.base import ParseError, check_against_specs
from engines.registry import ENGINES
from engines.rng import Rng
from pbem import services
from pbem.errors import ServiceError
from pbem.models import Game, Move, PendingAction
from tests.support.bot_games import asked_specs

pytestmark = pytest.mark.django_db

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-10**12, 10**12) | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=6,
)
PROPERTY = settings(max_examples=20, deadline=None, suppress_health_check=list(HealthCheck), database=None)


def _every_action(slug: str) -> dict[str, list[str]]:
    """Every action type of an engine with its params, seen along a bot game."""
    engine = ENGINES[slug]
    seen: dict[str, list[str]] = {}
    for _state, _seat, spec in asked_specs(engine, players=engine.min_players, seed=11):
        seen.setdefault(spec["type"], sorted(spec["params"]))
    return seen


def _actions(slug: str, game: Game):
    """Arbitrary JSON as an action: a legal action of now with one or more params replaced (so the
    engine's deeper checks would be reached), any action type of the engine with arbitrary params,
    or anything at all."""
    known = _every_action(slug)
    legal = ENGINES[slug].bot(game.state, 0, Rng.from_seed(1))
    params = sorted(k for k in legal if k != "type")
    mutated = (
        st.sets(st.sampled_from(params), min_size=1).flatmap(
            lambda names: st.fixed_dictionaries({n: JSON for n in names}).map(lambda bad: legal | bad)
        )
        if params
        else st.just(legal)
    )
    typed = st.sampled_from(sorted(known)).flatmap(
        lambda kind: st.fixed_dictionaries({name: JSON for name in known[kind]}).map(lambda params: {"type": kind, **params})
    )
    return st.one_of(mutated, mutated, typed, JSON, st.dictionaries(st.text(max_size=8), JSON, max_size=3))


def _game_waiting_for(user, slug: str) -> Game:
    """A game of ``slug`` where ``user`` (seat 1) is asked something now; bots in the other seats."""
    engine = ENGINES[slug]
    game = services.game_create(creator=user, engine=slug, players=engine.min_players, bots=engine.min_players - 1, seed=20261125)
    services.game_start(game_id=game.pk, user=user)
    for _ in range(20):
        services.game_advance(game_id=game.pk)
        if PendingAction.objects.filter(game=game, seat__index=0, closed_at__isnull=True, submitted_at__isnull=True).exists():
            break
    game.refresh_from_db()
    return game


@pytest.mark.parametrize("slug", sorted(ENGINES))
def test_arbitrary_actions_through_the_api_get_a_4xx_and_store_nothing(slug, alice):
    game = _game_waiting_for(alice, slug)
    client = APIClient()
    client.force_authenticate(alice)

    @PROPERTY
    @given(action=_actions(slug, game))
    def send(action):
        game.refresh_from_db()
        before = Move.objects.filter(game=game).count()
        r = client.post(f"/api/games/{game.pk}/moves/", {"action": action}, format="json")
        assert r.status_code < 500, (action, r.status_code, r.content[:300])
        if r.status_code >= 400:
            assert r["Content-Type"].startswith("application/json")
            assert Move.objects.filter(game=game).count() == before, action
        else:
            # taken: one move stored, of an action type the engine has (whether it was legal was the
            # engine's to say, at the version it answered, which an inline apply may have moved on)
            assert Move.objects.filter(game=game).count() == before + 1, action
            assert isinstance(action, dict) and action.get("type") in known, action

    known = _every_action(slug)
    send()


@pytest.mark.parametrize("slug", sorted(ENGINES))
def test_arbitrary_form_posts_and_mail_lines_are_refused_in_words_and_store_nothing(slug, alice, client):
    game = _game_waiting_for(alice, slug)
    engine = ENGINES[slug]
    client.force_login(alice)

    @PROPERTY
    @given(kind=st.sampled_from(sorted(_every_action(slug))), fields=st.dictionaries(st.text(min_size=1, max_size=8), st.text(max_size=12), max_size=4))
    def post_form(kind, fields):
        before = Move.objects.filter(game=game).count()
        r = client.post(f"/games/{game.pk}/move/", {"type": kind, **fields})
        assert r.status_code < 500, (kind, fields, r.status_code)
        if Move.objects.filter(game=game).count() != before:
            last = Move.objects.filter(game=game).latest("pk")
            assert last.sealed or check_against_specs(engine.actions(Game.objects.get(pk=game.pk).state, 0) or [{"type": kind, "params": {}, "label": "", "example": ""}], last.action)

    @PROPERTY
    @given(line=st.text(max_size=40))
    def mail_line(line):
        # what the mail channel does with a line of a reply (pbem.email.commands._move)
        game.refresh_from_db()
        before = Move.objects.filter(game=game).count()
        try:
            actions = engine.parse(game.state, 0, line)
        except ParseError:
            return  # answered with the parser's words
        for action in actions:
            try:
                services.move_submit(game_id=game.pk, seat=0, action=action, source=Move.Source.EMAIL)
            except ServiceError as refused:
                assert refused.message and "Traceback" not in refused.message
                assert Move.objects.filter(game=game).count() == before

    post_form()
    mail_line()


@pytest.mark.parametrize(
    "slug, action, words",
    [
        ("citadels", {"type": "pick", "character": ["x"]}, ": choose one of: "),
        ("citadels", {"type": "pick", "character": {"type": "x"}}, ": choose one of: "),
        ("staufer", {"type": "place", "region": [["palermo"]], "office": 1, "figure": "noble"}, ": choose one of: "),
        ("staufer", {"type": "resources", "space": 10**9}, ": it must be a whole number from 1 to 5"),
    ],
)
def test_a_wrongly_typed_action_is_a_400_in_the_games_words(slug, action, words, alice):
    """The cases an outside run saw answered 500 (server_error)."""
    game = _game_waiting_for(alice, slug)
    client = APIClient()
    client.force_authenticate(alice)
    r = client.post(f"/api/games/{game.pk}/moves/", {"action": action}, format="json")
    assert r.status_code in (400, 422), r.content
    body = r.json()
    text = str(body)
    assert words in text and "is not of type" not in text, body
    # the move by its label, never its type or the param's name (issue 28)
    label = next(s["label"] for s in ENGINES[slug].actions(game.state, 0) if s["type"] == action["type"])
    assert text.count(label) >= 1 and f"of {action['type']}" not in text, body
    assert not Move.objects.filter(game=game).exists()
