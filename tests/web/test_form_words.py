"""A move form's fields are named in the reader's language with the game's words (the param's
``title`` from the engine's catalog), never by the param's own name (``rep``, ``path``, ``ware``)."""

import pytest

from engines.registry import ENGINES
from pbem.web.forms import spec_form
from tests.support.bot_games import asked_specs

GAMES = {"augsburg1520": {}, "citadels": {}, "staufer": {}, "fugger": {"variant": "full"}}


def _param_forms(slug: str, lang: str):
    """Every form with fields (no complete plays offered) met in a bot game, in ``lang``."""
    engine = ENGINES[slug]
    for _state, _seat, spec in asked_specs(engine, players=engine.max_players, seed=3, options=GAMES[slug], lang=lang):
        yield spec, spec_form(spec, 1)  # no choices: every param is a field


@pytest.mark.parametrize("lang", ["de", "it", "fr"])
@pytest.mark.parametrize("slug", sorted(GAMES))
def test_form_fields_are_named_in_the_readers_words(slug, lang):
    words = {}
    for spec, form in _param_forms(slug, lang):
        for field in form["params"]:
            assert field["word"] == spec["params"][field["name"]]["title"]
            words[field["name"]] = field["word"]
    assert words, "the game offered no form with fields"
    english = {}
    for spec, form in _param_forms(slug, "en"):
        english.update({field["name"]: field["word"] for field in form["params"]})
    # the words are the catalog's: but for words the languages share (Region, Points), not English
    assert "_" not in "".join(words.values())
    assert sum(words[n] != english[n] for n in words) >= len(words) / 2, (words, english)


def test_a_german_fugger_route_form_says_handelsvertreter_and_weg():
    words = {f["name"]: f["word"] for _, form in _param_forms("fugger", "de") for f in form["params"]}
    assert words["rep"] == "Handelsvertreter" and words["path"] == "Weg"
