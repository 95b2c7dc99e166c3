"""The invariants of the Nobility, Country Estate and Full games, checked after every step:
those of the Trading Game (money by named transactions, wares conserved, no sealed price in
the state) plus cards conserved over game pack, stock, table and discards, debt notes
conserved (issued - sold back = held), the nobility table within 0..shield, cubes within
the 8 of each colour."""

from engines.fugger import data as D
from engines.fugger import nobility_data as ND
from engines.fugger import rules as R

from .invariants import DEAL_PENDING_KEYS, _no_key


def variant_cards(variant):
    sets = ND.NOBILITY_SETS if variant == "nobility" else ND.ESTATE_SETS
    return {cid for cid, c in ND.ALL_CARDS.items() if c["set"] in sets}


def _cards_in_play(S):
    held = [e["card"] for e in S["table"]] + S["pack"] + S["stock"] + S["out"] + [S["market"]]
    for pile in S["unused"].values():
        held += pile
    held += [rb["card"] for rb in S["robbers"]]
    if S["blockade"]:
        held.append(S["blockade"])
    pend = S["pending"]
    if pend and (pend["kind"] in ("sheep", "lottery") or (pend["kind"] == "auction" and pend["what"] != "estate")):
        held.append(pend["card"])
    held += [t["card"] for t in S["agenda"] if t["do"] == "auction"]
    return held


def invariant(S, prev):
    n = S["players"]
    for s in range(n):
        P = S["seats"][s]
        assert set(S["ledger"][s]) <= set(R.MONEY_REASONS), S["ledger"][s]
        assert P["cash"] == D.START_CASH + sum(S["ledger"][s].values()), (s, P["cash"], S["ledger"][s])
        assert P["cash"] >= 0 and P["notes"] >= 0
    # money between players nets out: fees and note trades move money, they do not create it
    fees = sum(S["ledger"][s].get("right_of_way", 0) for s in range(n))
    assert fees == 0, fees
    held = R.empty_wares()
    for s in range(n):
        for w, k in R.total_wares(S, s).items():
            held[w] += k
        for p in R.all_places(S, s):
            assert all(v >= 0 for v in R.place_wares(S, s, p).values())
        assert len(R.active_reps(S, s)) <= R.max_active(S, s)
    f = S["flow"]
    for w in D.WARES:
        assert held[w] == D.START_WARES[w] * n + f["bought"][w] - f["sold"][w] - f["lost"][w], (w, held, f)
    cards = _cards_in_play(S)
    assert len(cards) == len(set(cards)), sorted(cards)
    assert set(cards) == variant_cards(S["variant"]), set(cards) ^ variant_cards(S["variant"])
    # debt notes conserved
    nob = S["nob"]
    sold_back = sum(S["ledger"][s].get("note_sale", 0) for s in range(n))
    assert sold_back % D.NOTE_SALE_VALUE == 0
    assert sum(S["seats"][s]["notes"] for s in range(n)) == nob["issued"] - sold_back // D.NOTE_SALE_VALUE
    # the nobility table and the cubes
    for s in range(n):
        assert 0 <= nob["pos"][s] <= ND.SHIELD
        assert (nob["pos"][s] == ND.SHIELD) == (s in nob["nobles"])
        assert len(nob["sea"][s]) + len(nob["free"][s]) <= ND.CUBES_PER_PLAYER
        assert len(set(nob["sea"][s])) == len(nob["sea"][s]) and len(set(nob["free"][s])) == len(nob["free"][s])
        assert set(nob["sea"][s]) <= set(D.SEA_AREAS) and set(nob["free"][s]) <= set(D.LAND_REGIONS)
    assert len(nob["nobles"]) == len(set(nob["nobles"]))
    assert len(nob["estates"]) <= (2 if S["variant"] == "full" else 1 if S["variant"] == "country_estate" else 0)
    pend = S["pending"]
    if pend and pend["kind"] == "deal":
        assert set(pend) == DEAL_PENDING_KEYS, set(pend)
    _no_key(S, "prices")
    if pend and pend["kind"] == "auction":
        assert set(pend) == {"kind", "card", "what", "seats", "min", "lot", "lots", "won"}, set(pend)
    for space, q in S["queue"].items():
        assert q and len(q) == len(set(q))
        for s in q:
            assert R.places_at_reps(S, s, space), (space, s)
