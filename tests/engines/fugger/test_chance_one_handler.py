"""A chance card is resolved by one handler, ``rules.t_chance``, in every
variant. It was written twice before: ``rules.t_chance`` for the Trading Game
and ``nobility.chance`` for the Nobility, Country Estate and Full games (issue
22). Every chance card of each variant, drawn in many situations (a seed each,
2 to 6 players, a few random moves played first), gives exactly the state and
events the two old handlers gave: the digests below were taken from them."""

import copy
import hashlib
import json

import pytest

from engines.fugger import ENGINE
from engines.fugger import nobility_data as ND
from engines.fugger import rules as R
from engines.fugger.botmatch import random_action
from engines.rng import Rng

from .vhelpers import vstarted

# sha256 over (state, events) after each card, taken with the two old handlers
OLD_HANDLERS = {
    "trading": (240, "13ff916ecc8d81bf4a6d883922a4a7c74f24786a6c3002a2ab5612e4b4b3edc0"),
    "nobility": (560, "2cd361c4f0658bcc84978135844fc21706985f549462a6a8ffa12c088f1b1ed8"),
    "country_estate": (680, "f31df2e25da4b960efeca9f066037ecae2610f847eff178222d9a4e73cc42972"),
    "full": (680, "f56ce71dece724e450dbabbe115900646c90a61a5cc786667f445121c91c923d"),
}
SEEDS = 40


def _played(S: dict, steps: int, rng: Rng) -> dict:
    """``S`` after ``steps`` rounds of random legal answers to whatever is asked."""
    for _ in range(steps):
        asked = ENGINE.decisions(S)
        if not asked:
            break
        S = ENGINE.apply(S, {d["seat"]: random_action(S, d["seat"], rng) for d in asked})["state"]
    return S


def _drawn(S: dict, cid: str) -> list:
    """Resolve ``cid`` now, as if drawn from the pack (the refill queues the same task)."""
    S["pending"] = None
    for pile in (S["pack"], S.get("stock", [])):
        if cid in pile:
            pile.remove(cid)
    S["agenda"] = [{"do": "round_end"}, {"do": "move_turn", "seat": 0, "moved": []}, {"do": "chance", "card": cid}]
    ev: list = []
    R.run(S, ev)
    return ev


def _digest(variant: str) -> tuple[int, str]:
    digest, drawn = hashlib.sha256(), 0
    for seed in range(SEEDS):
        S = _played(vstarted(variant, players=2 + seed % 5, seed=seed), seed % 7, Rng.from_seed(seed))
        if S["over"]:
            continue
        chance = sorted({c for pile in (S["pack"], S.get("stock", [])) for c in pile if ND.ALL_CARDS[c]["kind"] == "chance"})
        for cid in chance:
            T = copy.deepcopy(S)
            events = _drawn(T, cid)
            digest.update(json.dumps([T, events], sort_keys=True).encode())
            drawn += 1
    return drawn, digest.hexdigest()


@pytest.mark.parametrize("variant", sorted(OLD_HANDLERS))
def test_one_chance_handler_gives_what_the_two_old_ones_gave(variant):
    assert _digest(variant) == OLD_HANDLERS[variant]
