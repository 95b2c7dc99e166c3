"""Every choice a form or a board link offers, and the name of every
decision, is in the reader's language (issues 23 and 28): at every step of a
bot game per engine, in German, Italian and French, no label or kind carries an English word of the engine's catalogs that the
language's own catalog does not use, and every offered play still validates; and
every other text of the game (situation, prompts, examples, commands, events) holds no
English and no id by the detector every language test shares (tests/support/leaks.py)."""

import re

import pytest

from engines import registry
from engines.base import IllegalAction
from engines.i18n import LANGUAGES
from engines.rng import Rng
from engines.augsburg1520.i18n import CATALOG as AUGSBURG
from engines.citadels.i18n import CATALOG as CITADELS
from engines.fugger.i18n import CATALOG as FUGGER
from engines.staufer.i18n import CATALOG as STAUFER
from tests.support.leaks import leaks_in

GAMES = {
    "augsburg1520": (3, None),
    "citadels": (4, None),
    "fugger": (3, {"variant": "full"}),
    "staufer": (3, None),
}
CATALOGS = {"augsburg1520": AUGSBURG, "citadels": CITADELS, "fugger": FUGGER, "staufer": STAUFER}
FOREIGN = [lang for lang in LANGUAGES if lang != "en"]
_WORD = re.compile(r"[^\W\d_]{3,}")


def _words(texts) -> set[str]:
    return {w.lower() for text in texts for w in _WORD.findall(text)}


OURS = ("choice.", "standing.", "player_long", "kind.")  # the texts of the forms and the standing orders


def _entries(catalog, lang: str) -> dict[str, str]:
    out = dict(catalog.parent.messages.get(lang, {})) if catalog.parent is not None else {}
    out.update(catalog.messages.get(lang, {}))
    return out


def english_only(catalog, lang: str) -> set[str]:
    """The words of the English catalog that ``lang``'s catalog never uses:
    a label holding one was left in English. A text of the forms copied
    unchanged from English lends its words to nobody (a name kept as printed,
    ``Maria``, ``Augsburg``, does)."""
    english, own = _entries(catalog, "en"), _entries(catalog, lang)
    used = [text for key, text in own.items() if text != english.get(key) or not key.startswith(OURS)]
    return _words(english.values()) - _words(used)


def untranslated(label: str, english: set[str]) -> set[str]:
    return _words([label]) & english


def test_the_check_finds_an_english_label():
    """The check cannot pass a label left in English."""
    english = english_only(CATALOGS["augsburg1520"], "de")
    assert untranslated("Take the cathedral", english) == {"take", "the", "cathedral"}
    assert untranslated("Plättchen Dom nehmen", english) == set()


def _labels(choices):
    for c in choices:
        yield c["label"]
        for p in c["plays"]:
            yield p["label"]
        for options in c["options"].values():
            for o in options:
                yield o["label"]


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_every_offered_choice_is_translated_and_accepted(slug):
    engine = registry.get(slug)
    english = {lang: english_only(CATALOGS[slug], lang) for lang in FOREIGN}
    players, options = GAMES[slug]
    state = engine.setup(players, 7, options)
    rng = Rng.from_seed(7)
    labels = steps = 0
    while (decisions := engine.decisions(state)) and steps < 400:
        moves = {}
        for d in decisions:
            seat = d["seat"]
            base = engine.choices(state, seat)
            for lang in FOREIGN:
                kind = next(x["kind"] for x in engine.decisions(state, lang=lang) if x["seat"] == seat)
                left = untranslated(kind, english[lang])
                assert not left, f"{slug} step {steps}, {lang}: the decision {kind!r} has English words {left}"
                choices = engine.choices(state, seat, lang=lang)
                assert [[p["action"] for p in c["plays"]] for c in choices] == [[p["action"] for p in c["plays"]] for c in base]
                for label in _labels(choices):
                    left = untranslated(label, english[lang])
                    assert not left, f"{slug} step {steps}, {lang}: {label!r} has English words {left}"
                    labels += 1
                for c in choices:
                    for p in c["plays"][:20]:
                        try:
                            engine.validate(state, seat, p["action"], lang=lang)
                        except IllegalAction as e:  # pragma: no cover - the failure message is the point
                            pytest.fail(f"step {steps}: offered {p['label']!r} = {p['action']} is refused: {e.message}")
            moves[seat] = engine.bot(state, seat, rng)
        state = engine.apply(state, moves)["state"]
        steps += 1
    assert labels > steps * len(FOREIGN)


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_every_text_of_a_game_is_in_the_readers_words(slug):
    """Everything else an engine writes for a reader, in German, Italian and French:
    the situation (every seat and the spectator), the prompts, the actions' labels and
    examples, the commands of the moves made and every event of a bot game hold no
    English of the games' catalogs and no id (tests/support/leaks.py: ``maria-15``,
    ``nuernberg``, ``offer_note``)."""
    engine = registry.get(slug)
    players, options = GAMES[slug]
    state = engine.setup(players, 11, options)
    rng = Rng.from_seed(11)
    found: dict = {}
    steps = 0
    while (decisions := engine.decisions(state)) and steps < 400:
        moves = {d["seat"]: engine.bot(state, d["seat"], rng) for d in decisions}
        step = engine.apply(state, moves)
        for lang in FOREIGN:
            texts = {"event": [engine.event_text(e, lang=lang) for e in step["events"]]}
            if steps % 10 == 0:
                texts["render"] = [engine.render(state, seat, lang=lang) for seat in [None, *range(players)]]
                texts["prompt"] = [d["prompt"] + " / " + d["kind"] for d in engine.decisions(state, lang=lang)]
                texts["spec"] = [f"{x['label']} `{x['example']}`" for seat in moves for x in engine.actions(state, seat, lang=lang)]
                texts["command"] = [engine.command(state, seat, a, lang=lang) for seat, a in moves.items()]
            for where, lines in texts.items():
                for text in lines:
                    if bad := leaks_in(text, lang):
                        found.setdefault((lang, where), f"step {steps}: {bad} in {text[:200]!r}")
        state = step["state"]
        steps += 1
    assert steps > 20
    assert not found, "\n".join(f"{k}: {v}" for k, v in sorted(found.items()))
