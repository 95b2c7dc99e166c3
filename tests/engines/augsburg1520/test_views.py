"""What each seat may see."""

import json
import re

from engines.augsburg1520 import ENGINE
from engines.augsburg1520 import data as D
from engines.augsburg1520.choices import note_name
from engines.base import canonical
from engines.rng import Rng

from .helpers import act, set_hand, started, winner


def test_hands_and_offers_are_secret_sizes_hidden_by_default():
    s = ENGINE.setup(3, 9)
    for seat in (None, 0, 1, 2):
        v = ENGINE.view(s, seat)
        text = json.dumps(v)
        for other in range(3):
            if other == seat:
                continue
            for card in s["offers"][other]:
                assert f'"{card}"' not in text
        assert v["hand_sizes"] is None
        assert s["rng"] not in text
    v = ENGINE.view(s, 1)
    assert v["offer"] == sorted(s["offers"][1], key=lambda c: (["philippe", "louise", "leo", "maria"].index(c.split("-")[0]) if not c.startswith("joker") else 9, int(c.split("-")[1])))
    assert v["hand"] == ["joker-3", "joker-4"]
    assert v["offer_sizes"] == [7, 7, 7]
    assert v["deck_top_price"] == D.note_price(s["deck"][-1])


def test_hand_sizes_open_as_an_option():
    s = ENGINE.setup(3, 9, {"hide_hand_sizes": False})
    assert ENGINE.view(s, 0)["hand_sizes"] == [2, 2, 2]
    assert ENGINE.view(s, None)["hand_sizes"] == [2, 2, 2]


def test_drawn_cards_are_seen_only_by_the_drawer():
    s = started(3, seed=10)
    set_hand(s, 0, ["leo-1"])
    winner(s, 0, [6])
    s, _ = act(s, 0, {"type": "draw"})
    drawn = s["use"]["drawn"]
    assert ENGINE.view(s, 0)["use"]["drawn"] == drawn
    assert ENGINE.view(s, 1)["use"]["drawn"] == 2
    assert ENGINE.view(s, None)["use"]["drawn"] == 2
    rng = Rng.from_seed(5)
    for seat in (None, 1, 2):
        other = ENGINE.shuffle_hidden(s, seat, rng)
        assert canonical(ENGINE.view(other, seat)) == canonical(ENGINE.view(s, seat))
        if seat is not None:
            # the drawer's hand was redealt: his drawn cards follow it
            assert all(c in other["hands"][0] for c in other["use"]["drawn"])


def test_bids_are_public_but_no_sealed_choice_is_stored():
    s = started(3, seed=11)
    set_hand(s, 0, ["philippe-3", "philippe-4"])
    set_hand(s, 1, ["philippe-5", "philippe-6"])
    s, _ = act(s, 0, {"type": "bid", "count": 2})
    s, _ = act(s, 1, {"type": "hold"})
    s, _ = act(s, 2, {"type": "pass"})
    assert s["step"] == "reveal"
    v = ENGINE.view(s, 2)
    assert v["auction"]["bids"] == [2, 2, 0] and v["showdown"] == {"seats": [0, 1], "count": 2}
    assert "philippe-3" not in json.dumps(v)
    # the reveal choices only exist inside apply: the state holds no move
    assert "moves" not in json.dumps(s) and "pending" not in json.dumps(s)


def _names(text: str, cards) -> set[str]:
    """The cards ``text`` names, by id or as printed ("Maria 15", as the texts write them)."""
    return {c for c in cards if any(re.search(rf"(?<![\w-]){re.escape(x)}(?![\w-])", text) for x in (c, note_name(c)))}


def test_events_for_everybody_never_name_a_face_down_note():
    """Issue 17: what a seat learns of another's sealed purchase or gift comes from the
    events. Addressed to everybody they say what the rules make public (florins paid to
    the bank, notes dealt, a card given); the notes bought, dealt, offered and discarded
    unseen (note 6) and the card given go only ``to`` their owner."""
    checked = {"buy": 0, "give": 0}
    for players, seed in ((2, 1), (3, 2), (4, 3), (5, 4)):
        s = ENGINE.setup(players, seed)
        rng = Rng(seed)
        for _ in range(3000):
            decisions = ENGINE.decisions(s)
            if not decisions:
                break
            moves = {d["seat"]: ENGINE.bot(s, d["seat"], rng) for d in decisions}
            step = ENGINE.apply(s, moves)
            after = step["state"]
            before_cards = {c for h in s["hands"] + s["offers"] for c in h}
            after_cards = {c for h in after["hands"] + after["offers"] for c in h}
            secret = (after_cards - before_cards) | {c for o in s["offers"] for c in o}
            secret |= {m["card"] for m in moves.values() if m["type"] == "give"}
            if s["step"] in checked:
                checked[s["step"]] += 1
            for e in step["events"]:
                if e["to"] == "all":
                    said = e["text"] + " " + json.dumps(e["data"])
                    assert not _names(said, secret), (s["step"], e)
                else:
                    assert set(e["to"]) <= set(moves) | {t for t in range(players)}
            for seat, m in moves.items():
                if m["type"] in ("buy", "give"):
                    own_events = [e for e in step["events"] if e["to"] == [seat]]
                    told = " ".join(e["text"] for e in own_events)
                    wanted = m["cards"] if m["type"] == "buy" else [m["card"]]
                    assert _names(told, wanted) == set(wanted), (m, own_events)
            s = after
        assert s["step"] == "over"
    assert checked["buy"] >= 20
