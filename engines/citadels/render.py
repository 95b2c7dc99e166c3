"""The plain-text situation an email player sees (``render``).

It is all an email-only player sees, so it says everything the table shows.
The top is short, for a phone: the last round, your position, what is asked
of you now. Then the full table: every seat, the characters in play and what
they do, the purple districts in play and what they do, the Warlord's
targets with their prices.
"""

from __future__ import annotations

from engines.base import describe_actions

from . import data as D
from . import moves as M
from . import rules as R
from .views import view as make_view

# what each character does (rulebook, LE CARTE PERSONAGGIO; README interpretations 3-6)
CHAR_TEXT = {
    "assassin": "names a character to murder: it loses its turn and is never revealed.",
    "thief": "names a character to rob (not the Assassin, not the murdered one): when it is revealed, "
             "all its gold goes to the Thief.",
    "magician": "swaps hands with another player, or discards any cards and draws as many.",
    "king": "takes the crown on revealing and chooses first next round; 1 gold per yellow district.",
    "bishop": "the Warlord cannot destroy his districts; 1 gold per blue district.",
    "merchant": "1 gold on revealing; 1 gold per green district.",
    "architect": "draws 2 extra cards on revealing; may build up to 3 districts.",
    "warlord": "1 gold per red district; ending his turn he may destroy a district for its cost minus 1 "
               "(not in a complete city, not the Bishop's, not the Keep).",
}
# what each purple district does (rulebook, TRADUZIONE CARTE EDIFICIO VIOLA; README 7, 8, 10, 11)
PURPLE_TEXT = {
    "haunted_city": "counts as the colour you lack at the end (not if built in the last round).",
    "keep": "cannot be destroyed by the Warlord.",
    "laboratory": f"once a turn, discard a card from hand for {D.LABORATORY_GOLD} gold (`laboratory market`).",
    "smithy": f"once a turn, pay {D.SMITHY_PRICE} gold to draw {D.SMITHY_CARDS} cards (`smithy`).",
    "observatory": "when you draw at the start of your turn, draw 3 and keep 1.",
    "graveyard": f"when the Warlord destroys a district, pay {D.GRAVEYARD_PRICE} gold to take it into your hand "
                 "(not when you are the Warlord).",
    "school_of_magic": "counts as your character's colour for income (1 gold more to the King, Bishop, Merchant, Warlord).",
    "library": "when you draw at the start of your turn, keep both cards (with the Observatory: draw 3, keep 2).",
    "university": "costs 6, worth 8 points.",
    "dragon_gate": "costs 6, worth 8 points.",
}


def _card(c: str) -> str:
    d = D.DISTRICTS[c]
    return f"{R.card_name(c)} [{d['colour']} {d['cost']}]"


def _city(v: dict, s: int) -> str:
    city = v["seats"][s]["city"]
    return ", ".join(_card(b["card"]) for b in city) if city else "(no districts)"


def _points(v: dict, s: int) -> int:
    return sum(D.DISTRICTS[b["card"]]["points"] for b in v["seats"][s]["city"])


def warlord_targets(state: dict, v: dict) -> list[str]:
    """Every city's standing against the Warlord, with the price of each district."""
    out = []
    for st in v["seats"]:
        s = st["seat"]
        if not st["city"]:
            continue
        if st["complete"]:
            why = "complete, cannot be attacked"
        elif v["bishop_seat"] == s:
            why = "the Bishop's, cannot be attacked this round"
        else:
            prices = sorted({b["card"] for b in st["city"] if b["card"] != "keep"},
                            key=lambda c: (R.destroy_price(c), c))
            why = ", ".join(f"{D.DISTRICTS[c]['en']} {R.destroy_price(c)}" for c in prices) or "only the Keep, which cannot be destroyed"
        out.append(f"seat {s + 1}: {why}")
    return out


def _top(state: dict, v: dict, seat: int | None) -> list[str]:
    size = v["options"]["city_size"]
    lines = [f"Ohne Furcht und Adel (Citadels), round {v['round']}. Cities are complete at {size} districts."]
    if v["last_round"] and state["phase"] != R.PHASE_OVER:
        lines.append(f"LAST ROUND: seat {v['first_complete'] + 1} completed a city; the game ends when this round is played out.")
    if seat is not None and state["phase"] != R.PHASE_OVER:
        st = v["seats"][seat]
        lead = max(len(x["city"]) for x in v["seats"])
        mine = ", ".join(D.CHAR_EN[c] for c in v["my_characters"]) or "none yet"
        lines.append(f"You are seat {seat + 1}{' (crown)' if st['crown'] else ''}: {st['gold']} gold, {st['hand_size']} cards, "
                     f"city {len(st['city'])}/{size} ({_points(v, seat)} points; the longest city has {lead}). "
                     f"Your characters this round: {mine}.")
        specs = M.actions(state, seat)
        if specs:
            (d,) = M.decisions(state)
            lines.append("Now: " + d["prompt"])
            if "turn" in v and v["turn"].get("drawn"):
                lines.append(f"You drew: {', '.join(_card(c) for c in v['turn']['drawn'])}; keep {v['turn']['keep_left']}.")
            if "draft" in v and "offered" in v["draft"]:
                what = "set one aside face down" if v["draft"]["discard_pending"] else "choose one"
                lines.append("Offered to you (" + what + "): " + ", ".join(R.char_name(c) for c in v["draft"]["offered"]) + ".")
            if M.income_matters(state, seat):
                lines.append(f"Beware: the Thief robbed your {D.CHAR_EN[state['robbed']]}; any gold you collect now goes to him "
                             "when it is revealed. `end without income` declines your income.")
            if state["turn"] is not None and state["turn"]["char"] == "warlord":
                targets = R.destroy_targets(state, seat)
                if targets:
                    lines.append("You may destroy (price in gold): " + "; ".join(
                        f"seat {s + 1}: " + ", ".join(f"{D.DISTRICTS[c]['en']} {R.destroy_price(c)}" for c in cs)
                        for s, cs in sorted(targets.items())) + ".")
            lines.append(describe_actions(specs))
        elif "draft" in v:
            lines.append(f"Waiting: seat {v['draft']['chooser'] + 1} is choosing a character.")
        elif "turn" in v:
            lines.append(f"Waiting: the {D.CHAR_EN[v['turn']['character']]} of seat {v['turn']['seat'] + 1} is playing.")
        elif "graveyard" in v:
            lines.append(f"Waiting: seat {v['graveyard']['seat'] + 1} decides at the Graveyard.")
    return lines


def _table(state: dict, v: dict, seat: int | None) -> list[str]:
    lines = ["", "--- The table ---"]
    lines.append(f"Bank: {v['bank']} gold. Deck: {v['deck_size']} cards. Discard pile: {len(v['discard'])} cards.")
    for st in v["seats"]:
        s = st["seat"]
        tags = [t for t, on in (("crown", st["crown"]), ("you", s == seat), ("complete", st["complete"])) if on]
        chars = ", ".join(R.char_name(c) for c in st["characters"]) or "-"
        lines.append(
            f"Seat {s + 1}{' (' + ', '.join(tags) + ')' if tags else ''}: {st['gold']} gold, {st['hand_size']} cards in hand, "
            f"revealed: {chars}. City ({len(st['city'])}, {_points(v, s)} points): {_city(v, s)}"
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
        lines.append("Your hand: " + (", ".join(_card(c) for c in v["hand"]) or "empty") + ".")
        if v["my_characters"]:
            lines.append("Your characters: " + ", ".join(R.char_name(c) for c in v["my_characters"]) + ".")
        if v["aside_down_known"]:
            lines.append("You set aside face down: " + ", ".join(R.char_name(c) for c in v["aside_down_known"]) + ".")
    if "draft" in v:
        d = v["draft"]
        lines.append(f"Draft: seat {d['chooser'] + 1} is choosing from {d['pile_size']} characters.")
    if "turn" in v:
        t = v["turn"]
        lines.append(f"Now playing: the {R.char_name(t['character'])} of seat {t['seat'] + 1}; built {t['built']} of {t['builds_allowed']}.")
    if "graveyard" in v:
        g = v["graveyard"]
        lines.append(f"Seat {g['seat'] + 1} may take the destroyed {R.card_name(g['card'])} at the Graveyard.")
    targets = warlord_targets(state, v)
    if targets and state["phase"] != R.PHASE_OVER:
        lines.append("The Warlord's targets (gold to destroy: cost - 1): " + "; ".join(targets) + ".")
    if state["phase"] != R.PHASE_OVER:
        lines.append("Characters in play this round:")
        for cid in D.CHAR_IDS:
            if cid not in v["aside_up"]:
                lines.append(f"  {D.RANK[cid]} {D.CHAR_EN[cid]} ({D.CHAR_DE[cid]}): {CHAR_TEXT[cid]}")
        lines.append("  Income is collected all at once with `income`, or by `end`; `end without income` declines it.")
    purple = sorted({b["card"] for st in v["seats"] for b in st["city"] if D.DISTRICTS[b["card"]]["colour"] == "purple"}
                    | {c for c in v.get("hand", []) if D.DISTRICTS[c]["colour"] == "purple"})
    if purple:
        lines.append("Purple districts in play and in your hand:")
        lines += [f"  {R.card_name(c)}: {PURPLE_TEXT[c]}" for c in purple]
    if "outcome" in v:
        out = v["outcome"]
        lines.append("The game is over.")
        for s, det in enumerate(out["detail"]["seats"]):
            lines.append(
                f"Seat {s + 1}: rank {out['ranks'][s]}, {det['total']} points ({det['districts']} districts, "
                f"+{det['colours']} colours, +{det['complete']} complete city)."
            )
    return lines


def render(state: dict, seat: int | None) -> str:
    v = make_view(state, seat)
    return "\n".join(_top(state, v, seat) + _table(state, v, seat))
