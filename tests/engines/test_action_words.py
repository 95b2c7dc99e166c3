"""A seat's own answer said back to it (the page's "your sealed answer", the
resolution mail's "your answer"): ``engines.base.action_words`` writes it in
the reader's language with the game's terms, from the engine's choices and
the params' titles, never an id, a param's name or English "none" (issue 23).
Every param of every spec has a title in every language."""

from __future__ import annotations

import pytest

from engines import registry
from engines.base import action_words
from engines.i18n import LANGUAGES
from tests.support.bot_games import bot_game
from tests.support.leaks import leaks_in

GAMES = {"augsburg1520": (3, None), "citadels": (4, None), "fugger": (3, {"variant": "full"}), "staufer": (3, None)}
FOREIGN = [lang for lang in LANGUAGES if lang != "en"]


def _walk(slug: str, seed: int = 5, steps: int = 400):
    """(state, seat, action) of every decision of a bot game."""
    players, options = GAMES[slug]
    for state, moves in bot_game(registry.get(slug), players=players, seed=seed, options=options, steps=steps):
        for seat, action in moves.items():
            yield state, seat, action


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_an_answer_said_back_in_the_readers_words(slug):
    engine = registry.get(slug)
    seen: dict[str, int] = {}
    for state, seat, action in _walk(slug):
        seen[action["type"]] = seen.get(action["type"], 0) + 1
        if seen[action["type"]] > 3:  # a few of each kind of answer: the words do not change with the step
            continue
        for lang in FOREIGN:
            specs = engine.actions(state, seat, lang=lang)
            for spec in specs:  # every field of a form has its word in the language
                for name, schema in spec["params"].items():
                    assert schema.get("title"), f"{slug} {spec['type']}.{name} has no title in {lang}"
            words = action_words(action, engine.choices(state, seat, lang=lang), specs, lang)
            found = leaks_in(words, lang)
            assert not found, f"{slug} {lang} {action}: {words!r} ({found})"
    assert len(seen) >= 4


def test_fugger_auction_says_no_bid_for_nothing():
    engine = registry.get("fugger")
    want = {"en": "no bid", "de": "kein Gebot", "it": "nessuna offerta", "fr": "pas d'offre"}
    for state, seat, action in _walk("fugger", steps=2000):
        if action["type"] != "auction":
            continue
        for lang in LANGUAGES:
            choices = engine.choices(state, seat, lang=lang)
            auction = next(c for c in choices if c["type"] == "auction")
            labels = {o["value"]: o["label"] for o in auction["options"]["amount"]}
            assert labels[0] == want[lang], labels[0]
            words = action_words({"type": "auction", "amount": 0}, choices, engine.actions(state, seat, lang=lang), lang)
            assert words == want[lang]
        return
    pytest.fail("no auction in the game")
