"""What each seat may know, and the redeal of everything it may not."""

from __future__ import annotations

from . import data as D
from . import rules as R


def revealed_chars(state: dict, seat: int) -> list[str]:
    return [D.CHAR_BY_RANK[c["rank"]] for c in state["calls"] if c["result"] == "revealed" and c["seat"] == seat]


def view(state: dict, seat: int | None) -> dict:
    n = state["players"]
    seats = []
    for s in range(n):
        seats.append({
            "seat": s,
            "gold": state["gold"][s],
            "hand_size": len(state["hands"][s]),
            "city": [dict(b) for b in state["cities"][s]],
            "characters": revealed_chars(state, s),
            "character_count": len(state["chars"][s]),
            "crown": state["crown"] == s,
            "complete": R.complete(state, s),
        })
    v: dict = {
        "you": seat,
        "players": n,
        "options": dict(state["options"]),
        "round": state["round"],
        "phase": state["phase"],
        "bank": state["bank"],
        "deck_size": len(state["deck"]),
        "discard": list(state["discard"]),
        "crown": state["crown"],
        "seats": seats,
        "aside_up": list(state["aside_up"]),
        "aside_down_count": len(state["aside_down"]),
        "calls": [dict(c) for c in state["calls"]],
        "killed": state["killed"],
        "robbed": state["robbed"],
        "bishop_seat": state["bishop_seat"],
        "first_complete": state["first_complete"],
        "last_round": state["last_round"],
    }
    if seat is not None:
        v["hand"] = list(state["hands"][seat])
        v["my_characters"] = list(state["chars"][seat])
        v["aside_down_known"] = sorted((e["char"] for e in state["aside_down"] if e["by"] == seat), key=D.RANK.get)
    if state["draft"] is not None:
        dr = state["draft"]
        chooser = R.draft_chooser(state)
        v["draft"] = {
            "chooser": chooser,
            "pile_size": len(dr["pile"]),
            "discard_pending": dr["discard_pending"],
            "order": [s for s, _ in dr["steps"]],
            "step": dr["i"],
        }
        if seat is not None and seat == chooser:
            v["draft"]["offered"] = list(dr["pile"])
    if state["turn"] is not None:
        t = state["turn"]
        v["turn"] = {
            "seat": t["seat"],
            "character": t["char"],
            "resource_taken": t["resource"],
            "drawn_count": len(t["drawn"]),
            "keep_left": t["keep_left"],
            "built": t["built"],
            "builds_allowed": R.builds_allowed(t),
            "ability_used": t["ability"],
            "income_collected": t["income"],
            "laboratory_used": t["laboratory"],
            "smithy_used": t["smithy"],
        }
        if seat == t["seat"]:
            v["turn"]["drawn"] = list(t["drawn"])
    if state["graveyard"] is not None:
        v["graveyard"] = dict(state["graveyard"])
    if state["phase"] == R.PHASE_OVER:
        v["outcome"] = R.final_scores(state)
    return v


def shuffle_hidden(state: dict, seat: int | None, rng) -> dict:
    s2 = R.clone(state)
    n = s2["players"]
    others = [s for s in range(n) if s != seat]
    # district cards: other hands, the deck and cards another seat is choosing from
    turn = s2["turn"]
    pool = list(s2["deck"])
    for s in others:
        pool += s2["hands"][s]
    hidden_drawn = turn is not None and turn["seat"] != seat and turn["drawn"]
    if hidden_drawn:
        pool += turn["drawn"]
    rng.shuffle(pool)
    for s in others:
        k = len(s2["hands"][s])
        s2["hands"][s] = sorted(pool[:k])
        pool = pool[k:]
    if hidden_drawn:
        k = len(turn["drawn"])
        turn["drawn"] = sorted(pool[:k])
        pool = pool[k:]
    s2["deck"] = pool
    # characters: unrevealed ones of other seats, face-down ones this seat did not see,
    # and the draft pile when this seat is not choosing
    slots: list[tuple[str, int]] = []
    chars: list[str] = []
    for s in others:
        shown = set(revealed_chars(s2, s))
        for i, c in enumerate(s2["chars"][s]):
            if c not in shown:
                slots.append(("hand", s))
                chars.append(c)
        s2["chars"][s] = [c for c in s2["chars"][s] if c in shown]
    for i, e in enumerate(s2["aside_down"]):
        if seat is None or e["by"] != seat:
            slots.append(("down", i))
            chars.append(e["char"])
    dr = s2["draft"]
    if dr is not None and R.draft_chooser(s2) != seat:
        for c in dr["pile"]:
            slots.append(("pile", 0))
            chars.append(c)
        dr["pile"] = []
    rng.shuffle(chars)
    for (where, k), c in zip(slots, chars):
        if where == "hand":
            s2["chars"][k].append(c)
        elif where == "down":
            s2["aside_down"][k]["char"] = c
        else:
            dr["pile"].append(c)
    for s in others:
        s2["chars"][s].sort(key=D.RANK.get)
    if dr is not None:
        dr["pile"].sort(key=D.RANK.get)
    return s2
