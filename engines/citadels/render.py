"""The plain-text situation an email player sees (``render``)."""

from __future__ import annotations

from engines.base import describe_actions

from . import data as D
from . import moves as M
from . import rules as R
from .views import view as make_view


def _city(v: dict, s: int) -> str:
    city = v["seats"][s]["city"]
    if not city:
        return "(no districts)"
    return ", ".join(f"{R.card_name(b['card'])} [{D.DISTRICTS[b['card']]['colour']} {D.DISTRICTS[b['card']]['cost']}]" for b in city)


def render(state: dict, seat: int | None) -> str:
    v = make_view(state, seat)
    lines = [f"Ohne Furcht und Adel (Citadels), round {v['round']}. Cities are complete at {v['options']['city_size']} districts."]
    lines.append(f"Bank: {v['bank']} gold. Deck: {v['deck_size']} cards. Discard pile: {len(v['discard'])} cards.")
    for st in v["seats"]:
        s = st["seat"]
        tags = []
        if st["crown"]:
            tags.append("crown")
        if s == seat:
            tags.append("you")
        if st["complete"]:
            tags.append("complete")
        chars = ", ".join(R.char_name(c) for c in st["characters"]) or "-"
        lines.append(
            f"Seat {s + 1}{' (' + ', '.join(tags) + ')' if tags else ''}: {st['gold']} gold, {st['hand_size']} cards in hand, "
            f"revealed: {chars}. City ({len(st['city'])}): {_city(v, s)}"
        )
    if v["aside_up"]:
        lines.append("Set aside face up: " + ", ".join(R.char_name(c) for c in v["aside_up"]) + ".")
    lines.append(f"Set aside face down: {v['aside_down_count']} character(s).")
    if v["killed"]:
        lines.append(f"Murdered this round: the {R.char_name(v['killed'])}.")
    if v["robbed"]:
        lines.append(f"Robbed this round: the {R.char_name(v['robbed'])}.")
    if v["calls"]:
        called = []
        for c in v["calls"]:
            name = D.CHAR_EN[D.CHAR_BY_RANK[c["rank"]]]
            called.append(f"{name}: " + (f"seat {c['seat'] + 1}" if c["result"] == "revealed" else c["result"]))
        lines.append("Called so far: " + "; ".join(called) + ".")
    if seat is not None:
        lines.append("Your hand: " + (", ".join(f"{R.card_name(c)} [{D.DISTRICTS[c]['colour']} {D.DISTRICTS[c]['cost']}]" for c in v["hand"]) or "empty") + ".")
        if v["my_characters"]:
            lines.append("Your characters: " + ", ".join(R.char_name(c) for c in v["my_characters"]) + ".")
        if v["aside_down_known"]:
            lines.append("You set aside face down: " + ", ".join(R.char_name(c) for c in v["aside_down_known"]) + ".")
    if "draft" in v:
        d = v["draft"]
        lines.append(f"Draft: seat {d['chooser'] + 1} is choosing from {d['pile_size']} characters.")
        if "offered" in d:
            what = "set one aside face down" if d["discard_pending"] else "choose one"
            lines.append("Offered to you (" + what + "): " + ", ".join(R.char_name(c) for c in d["offered"]) + ".")
    if "turn" in v:
        t = v["turn"]
        lines.append(f"Now playing: the {R.char_name(t['character'])} of seat {t['seat'] + 1}; built {t['built']} of {t['builds_allowed']}.")
        if t.get("drawn"):
            lines.append(f"You drew: {', '.join(R.card_name(c) for c in t['drawn'])}; keep {t['keep_left']}.")
    if "graveyard" in v:
        g = v["graveyard"]
        lines.append(f"Seat {g['seat'] + 1} may take the destroyed {R.card_name(g['card'])} at the Graveyard.")
    if "outcome" in v:
        out = v["outcome"]
        lines.append("The game is over.")
        for s, det in enumerate(out["detail"]["seats"]):
            lines.append(
                f"Seat {s + 1}: rank {out['ranks'][s]}, {det['total']} points ({det['districts']} districts, "
                f"+{det['colours']} colours, +{det['complete']} complete city)."
            )
    if seat is not None and state["phase"] != R.PHASE_OVER:
        specs = M.actions(state, seat)
        if specs:
            lines.append(describe_actions(specs))
    return "\n".join(lines)
