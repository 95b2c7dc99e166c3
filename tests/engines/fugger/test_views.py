"""What each seat may see: the pack is hidden, sealed prices never stored."""

import json

from engines.fugger import ENGINE
from engines.fugger import data as D
from engines.rng import Rng

from .helpers import clear_wares, put_rep, start_deal, started
from .invariants import _no_key


def test_view_hides_the_pack_and_the_generator():
    S = started(4)
    v = ENGINE.view(S, 1)
    text = json.dumps(v)
    assert S["rng"] not in text
    assert v["pack"]["size"] == len(S["pack"])
    assert "unused" not in v
    for cid in S["pack"]:
        assert f'"{cid}"' not in text or cid in [e["card"] for e in S["table"]] + S["out"]
    other = ENGINE.shuffle_hidden(S, 1, Rng.from_seed(5))
    assert other["pack"] != S["pack"]
    assert ENGINE.view(other, 1) == v


def test_sealed_prices_are_not_in_the_state_before_resolution():
    S = started(3)
    clear_wares(S)
    put_rep(S, 0, 2, "basel", metal=2)
    put_rep(S, 1, 2, "basel", metal=2)
    start_deal(S, "n01")
    before = json.dumps(S)
    ENGINE.validate(S, 0, {"type": "sell", "ware": "metal", "prices": [1580, 1560]})
    # nothing is stored until all sealed answers arrive together
    assert json.dumps(S) == before
    assert "1560" not in json.dumps(ENGINE.view(S, 1))
    step = ENGINE.apply(S, {0: {"type": "sell", "ware": "metal", "prices": [1580, 1560]},
                            1: {"type": "sell", "ware": "metal", "prices": [1600]}})
    # once resolved the written prices are public, in the events
    assert next(e for e in step["events"] if e["type"] == "prices")["data"]["prices"] == {"0": [1580, 1560], "1": [1600]}
    _no_key(step["state"], "prices")
    _no_key(S, "prices")


def test_decisions_are_sealed_for_deals():
    S = started(3)
    clear_wares(S)
    put_rep(S, 0, 2, "basel", metal=2)
    put_rep(S, 2, 2, "basel", metal=1)
    start_deal(S, "n01")
    ds = ENGINE.decisions(S)
    assert {d["seat"] for d in ds} == {0, 2} and all(d["sealed"] for d in ds)
    assert ENGINE.actions(S, 1) == []


def test_every_data_value_is_marked():
    from engines.base import provenance

    marks = provenance("engines.fugger.data")
    assert len(marks) > 100
    assert {p.basis for _, p in marks} == {"rulebook", "assumed"}
    names = {n for n, _ in marks}
    for cid in D.CARDS:
        assert cid in names
    for sid in D.SPACES:
        assert sid in names
