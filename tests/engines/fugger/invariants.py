"""The invariants checked after every step of the conformance games."""

from engines.fugger import ENGINE
from engines.fugger import data as D
from engines.fugger import rules as R

DEAL_PENDING_KEYS = {"kind", "card", "step", "part", "ware", "qty", "price", "seats", "early", "any", "got"}


def _cards_in_play(S):
    held = list(S["table"] and [e["card"] for e in S["table"]])
    held += S["pack"] + S["out"] + [S["market"]] + S["unused"]["demand"] + S["unused"]["offer"] + S["unused"]["market"]
    held += [rb["card"] for rb in S["robbers"]]
    if S["blockade"]:
        held.append(S["blockade"])
    pend = S["pending"]
    if pend and pend["kind"] in ("sheep", "lottery"):
        held.append(pend["card"])
    return held


def _no_key(obj, key, path="state"):
    if isinstance(obj, dict):
        assert key not in obj, f"{path} holds {key!r}"
        for k, v in obj.items():
            _no_key(v, key, f"{path}.{k}")
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            _no_key(v, key, f"{path}[{i}]")


def invariant(S, prev):
    n = S["players"]
    # money: only named transactions, booked per seat
    for s in range(n):
        P = S["seats"][s]
        assert set(S["ledger"][s]) <= set(R.MONEY_REASONS), S["ledger"][s]
        assert P["cash"] == D.START_CASH + sum(S["ledger"][s].values()), (s, P["cash"], S["ledger"][s])
        assert P["cash"] >= 0 and P["notes"] >= 0
        if prev is not None:
            before, after = prev["ledger"][s], S["ledger"][s]
            delta = P["cash"] - prev["seats"][s]["cash"]
            assert delta == sum(after.values()) - sum(before.values())
    # wares conserved between stock, warehouses and representatives
    held = R.empty_wares()
    for s in range(n):
        for w, k in R.total_wares(S, s).items():
            held[w] += k
        for p in R.all_places(S, s):
            assert all(v >= 0 for v in R.place_wares(S, s, p).values())
        assert len(R.active_reps(S, s)) <= R.max_active(S, s)
        if S["seats"][s]["son_lost"]:
            assert S["seats"][s]["reps"]["1"] is None
    for w in D.WARES:
        start = D.START_WARES[w] * n
        f = S["flow"]
        assert held[w] == start + f["bought"][w] - f["sold"][w] - f["lost"][w], (w, held, f)
    # cards conserved
    cards = _cards_in_play(S)
    assert len(cards) == len(set(cards)), sorted(cards)
    assert set(cards) == set(D.CARDS), set(D.CARDS) ^ set(cards)
    # sealed prices never in the state
    pend = S["pending"]
    if pend and pend["kind"] == "deal":
        assert set(pend) == DEAL_PENDING_KEYS, set(pend)
    _no_key(S, "prices")
    for seat in [None, *range(n)]:
        _no_key(ENGINE.view(S, seat), "prices")
    # queues hold only companies with a representative there
    for space, q in S["queue"].items():
        assert q and len(q) == len(set(q))
        for s in q:
            assert R.places_at_reps(S, s, space), (space, s)
