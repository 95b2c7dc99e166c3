"""The Augsburg 1520 engine: the contract of engines/base.py over rules.py."""

from __future__ import annotations

import copy

from engines.base import (
    IllegalAction,
    check_against_specs,
    decision,
    enum,
    integer,
    ranked_outcome,
    spec,
    subset,
)

from . import bots, choices, rules as R, text
from . import data as D

OPTIONS_SCHEMA = {
    "type": "object",
    "properties": {
        "hide_hand_sizes": {
            "type": "boolean",
            "default": True,
            "description": "Others see how many notes a player holds only when false "
            "(the rules let every player hide the number of cards in hand).",
        },
    },
    "additionalProperties": False,
}


def _options(options: dict | None) -> dict:
    out = {name: prop["default"] for name, prop in OPTIONS_SCHEMA["properties"].items()}
    out.update(options or {})
    return out


class Augsburg1520:
    slug = "augsburg1520"
    title = "Augsburg 1520"
    min_players = 2
    max_players = 5
    options_schema = OPTIONS_SCHEMA

    # --- state ----------------------------------------------------------------

    def setup(self, players: int, seed: int, options: dict | None = None) -> dict:
        if not self.min_players <= players <= self.max_players:
            raise ValueError(f"Augsburg 1520 is for 2 to 5 players, not {players}")
        return R.setup(players, seed, _options(options))

    def decisions(self, state: dict) -> list[dict]:
        step = state["step"]
        out = []
        for seat in R.acting_seats(state):
            kind, prompt, sealed = _ask(state, seat)
            out.append(decision(seat, kind, prompt, sealed))
        return out if step != "over" else []

    def actions(self, state: dict, seat: int) -> list[dict]:
        if seat not in R.acting_seats(state):
            return []
        return _specs(state, seat)

    def validate(self, state: dict, seat: int, action: dict) -> None:
        specs = self.actions(state, seat)
        if not specs:
            raise IllegalAction("Nothing is asked of you now.")
        try:
            check_against_specs(specs, action, choices.name)
        except IllegalAction:
            _explain_bid(state, seat, action, specs)
            if (isinstance(action, dict) and action.get("type") == "climb" and set(action) == {"type", "category", "source"}
                    and all(isinstance(action[k], str) for k in ("category", "source"))
                    and any(sp["type"] == "climb" for sp in specs)):
                _check(state, seat, action)  # says which climbs are possible and why
            raise
        _check(state, seat, action)

    def choices(self, state: dict, seat: int) -> list[dict]:
        return choices.choices(state, seat, self.actions(state, seat))

    def apply(self, state: dict, moves: dict[int, dict]) -> dict:
        return R.apply(state, {int(k): v for k, v in moves.items()})

    def outcome(self, state: dict) -> dict | None:
        if state["step"] != "over":
            return None
        n = state["players"]
        scores = list(state["prestige"])
        tiebreak = [(state["owned"][t]["dom"] or 0, state["owned"][t]["kirche"] or 0) for t in range(n)]
        detail = {
            "prestige": scores,
            "cathedral": [state["owned"][t]["dom"] for t in range(n)],
            "church": [state["owned"][t]["kirche"] for t in range(n)],
            "money": list(state["money"]),
            "tiebreak": "most expensive cathedral, then most expensive church",
        }
        return ranked_outcome(scores, tiebreak, detail)

    # --- what a seat may know ------------------------------------------------------

    def view(self, state: dict, seat: int | None) -> dict:
        return view(state, seat)

    def shuffle_hidden(self, state: dict, seat: int | None, rng) -> dict:
        return shuffle_hidden(state, seat, rng)

    # --- text -----------------------------------------------------------------------

    def parse(self, state: dict, seat: int, line: str) -> list[dict]:
        return text.parse(self, state, seat, line)

    def command(self, state: dict, seat: int, action: dict) -> str:
        return text.command(state, seat, action)

    def render(self, state: dict, seat: int | None) -> str:
        return text.render(self, state, seat)

    # --- bots -----------------------------------------------------------------------

    def default_action(self, state: dict, seat: int) -> dict:
        return bots.default_action(state, seat)

    def bot(self, state: dict, seat: int, rng) -> dict:
        return bots.bot(state, seat, rng)


# --- decisions and specs -------------------------------------------------------------


def _ask(s: dict, seat: int) -> tuple[str, str, bool]:
    step = s["step"]
    nob = D.NOBLE_NAMES[R.noble(s)] if s["noble"] < len(D.NOBLES) else ""
    if step == "buy":
        return "buy debt notes", "Choose in secret which of your dealt notes to buy (at their printed price).", True
    if step == "give":
        return "give a card", "Notes are short: choose in secret one card of your hand to slide under the deck.", True
    if step == "reveal":
        count = s["showdown"]["count"]
        return "reveal", f"Tie at {count} notes for {nob}: choose in secret the {count} notes you show.", True
    if step == "bid":
        a = s["auction"]
        if a["high"]:
            return "bid", f"{nob}: the highest offer is {a['high']} notes ({R.pname(a['leader'])}); pass, hold or raise.", False
        return "bid", f"{nob}: open with a number of notes, or pass.", False
    if step == "pay":
        return "show bid", f"You alone offered most for {nob}: choose the {s['showdown']['count']} notes you discard.", False
    if step == "choose":
        return "choose privilege", "Take one of the face-up privilege cards.", False
    if step == "use":
        u = s["use"]
        return "use privilege", f"Use a privilege of card {u['card']} or forgo it for 2 prestige ({u['steps']} left).", False
    if step == "finish":
        return "use privilege", "Your Baumeister may still build the top church or cathedral; build or say done.", False
    if step == "discard":
        return "discard", "Discard one card of your hand face up (not one of the two just drawn).", False
    if step == "compensate":
        return "compensation", f"{R.pname(s['use']['seat'])} took your level card: take 100 florins or 1 prestige.", False
    return "wait", "Nothing to do.", False


def _specs(s: dict, seat: int) -> list[dict]:
    step = s["step"]
    if step == "buy":
        offer = R.sort_cards(s["offers"][seat])
        # the example buys the two dearest notes the seat can pay for together, or nothing
        pick: list[str] = []
        money = s["money"][seat]
        for c in sorted(offer, key=lambda c: -D.note_price(c)):
            if len(pick) < 2 and D.note_price(c) <= money:
                pick.append(c)
                money -= D.note_price(c)
        example = f"buy {' '.join(R.sort_cards(pick))}" if pick else "buy nothing"
        return [spec("buy", "Buy debt notes (none, some or all)", example,
                     cards=subset(*offer, max_items=len(offer)))]
    if step == "give":
        hand = R.sort_cards(s["hands"][seat])
        return [spec("give", "Give one card of your hand", f"give {hand[0]}", card=enum(*hand))]
    if step in ("reveal", "pay"):
        count = s["showdown"]["count"]
        valid = R.sort_cards(R.valid_cards(s, seat, R.noble(s)))
        # an offer needs at least one debt note: the example shows the highest notes first
        notes = [c for c in valid if not R.is_joker(c)]
        jokers = [c for c in valid if R.is_joker(c)]
        shown = notes[-count:]
        shown = shown + jokers[: count - len(shown)]
        example = "reveal " + " ".join(R.sort_cards(shown))
        return [spec("reveal", f"Show {count} notes valid for {D.NOBLE_NAMES[R.noble(s)]}", example,
                     cards=subset(*valid, min_items=count, max_items=count))]
    if step == "bid":
        a = s["auction"]
        nob = R.noble(s)
        most = R.max_bid(s, seat, nob)
        out = []
        if a["high"] == 0:
            if most >= 1:
                out.append(spec("bid", f"Offer a number of notes for {D.NOBLE_NAMES[nob]}", f"bid {min(2, most)} {nob}",
                                count=integer(1, most)))
        else:
            if most >= a["high"]:
                out.append(spec("hold", f"Hold at {a['high']} notes", "hold"))
            if most > a["high"]:
                out.append(spec("raise", "Raise to more notes", f"raise {a['high'] + 1}", count=integer(a["high"] + 1, most)))
        out.append(spec("pass", "Pass (you take no further part in this visit)", "pass"))
        return out
    if step == "choose":
        row = sorted(s["privileges"]["row"])
        return [spec("choose", "Take a face-up privilege card", f"privilege {row[0]}", card=enum(*row))]
    if step in ("use", "finish"):
        return _use_specs(s, seat)
    if step == "discard":
        opts = R.sort_cards(R.discard_options(s, seat))
        return [spec("discard", "Discard one card face up", f"discard {opts[0]}", card=enum(*opts))]
    if step == "compensate":
        return [spec("compensate", "Compensation: 100 florins or 1 prestige", "compensation money",
                     kind=enum("money", "prestige"))]
    return []


_USE_LABELS = {
    "gold": ("Take 500 florins", "gold"),
    "prestige": ("Advance 6 or 7 prestige (as printed)", "prestige"),
    "draw": ("Draw 2 notes, then discard one card", "draw"),
    "cash": ("Take 300 florins instead of a yellow level", "cash 300"),
    "forgo": ("Forgo a privilege for 2 prestige", "forgo"),
    "done": ("End your turn without the Baumeister's extra build", "done"),
}


def _use_specs(s: dict, seat: int) -> list[dict]:
    opts = R.use_options(s, seat)
    out = []
    for kind, params in opts.items():
        if kind in _USE_LABELS:
            label, example = _USE_LABELS[kind]
            out.append(spec(kind, label, example))
        elif kind == "climb":
            cats = list(dict.fromkeys(p["category"] for p in params))
            sources = list(dict.fromkeys(p["source"] for p in params))
            first = params[0]
            example = f"climb {first['category']}" + ("" if first["source"] == "supply" else f" from {first['source'].lower()}")
            out.append(spec("climb", "Climb one level (from the supply, or taking the card from a player)", example,
                            category=enum(*cats), source=enum(*sources)))
        elif kind == "tile":
            tiles = [p["tile"] for p in params]
            out.append(spec("tile", "Take a rights tile", f"tile {tiles[0]}", tile=enum(*tiles)))
        elif kind == "build":
            tiles = [p["tile"] for p in params]
            out.append(spec("build", "Build the top church or cathedral (purple privilege)", f"build {tiles[0]}",
                            tile=enum(*tiles)))
        elif kind == "architect":
            tiles = [p["tile"] for p in params]
            out.append(spec("architect", "Baumeister: build the top church or cathedral as an extra privilege",
                            f"architect {tiles[0]}", tile=enum(*tiles)))
    return out


def _explain_bid(s: dict, seat: int, action, specs: list[dict]) -> None:
    """A bid, hold or raise the specs do not offer: say when it is because every note
    valid for this noble is a joker (note 7: an offer needs at least one debt note)."""
    if s["step"] != "bid" or not isinstance(action, dict) or action.get("type") not in ("bid", "hold", "raise"):
        return
    nob = R.noble(s)
    valid = R.valid_cards(s, seat, nob)
    if valid and R.max_bid(s, seat, nob) == 0:
        name = D.NOBLE_NAMES[nob]
        raise IllegalAction(f"Every note you hold that is valid for {name} is a joker ({len(valid)}), and an offer "
                            f"cannot be made of jokers only: you need at least one debt note that is not a joker. "
                            f"Send: {' or '.join(sp['example'] for sp in specs)}.")


def _check(s: dict, seat: int, action: dict) -> None:
    kind = action["type"]
    if kind == "buy":
        cost = sum(D.note_price(c) for c in action["cards"])
        if cost > s["money"][seat]:
            raise IllegalAction(f"Those notes cost {cost} florins but you have {s['money'][seat]}. "
                                "Buy fewer (prices: 1-4: 200, 5-9: 250, 10-13: 300, 14-16: 350, 17 and jokers: 400).")
    elif kind == "reveal":
        if all(R.is_joker(c) for c in action["cards"]):
            raise IllegalAction("An offer cannot be made of jokers only: show at least one debt note.")
    elif kind == "climb":
        opts = R.use_options(s, seat).get("climb", [])
        if {"category": action["category"], "source": action["source"]} not in opts:
            allowed = ", ".join(p["category"] + ("" if p["source"] == "supply" else f" from {p['source']}") for p in opts)
            raise IllegalAction(f"You cannot climb {action['category']} from {action['source']} now. Possible: {allowed}. "
                                "A level card is taken from a player only when the supply has none.")


# --- views ---------------------------------------------------------------------------


def view(s: dict, seat: int | None) -> dict:
    n = s["players"]
    hide = s["options"].get("hide_hand_sizes", True)
    u = s["use"]
    v = {
        "players": n,
        "seat": seat,
        "round": s["round"],
        "rounds": s["rounds"],
        "step": s["step"],
        "noble": D.NOBLES[min(s["noble"], len(D.NOBLES) - 1)],
        "marker": s["marker"],
        "money": list(s["money"]),
        "bank": s["bank"],
        "prestige": list(s["prestige"]),
        "caps": [R.cap(s, t) for t in range(n)],
        "levels": {cat: [R.level(s, t, cat) for t in range(n)] for cat in R.CATS},
        "level_cards": copy.deepcopy(s["levels"]),
        "supply": copy.deepcopy(s["supply"]),
        "stacks": copy.deepcopy(s["stacks"]),
        "owned": copy.deepcopy(s["owned"]),
        "privileges": {
            "row": list(s["privileges"]["row"]),
            "face_down": sorted(s["privileges"]["hidden"]),
            "used": list(s["privileges"]["used"]),
            "aside": list(s["privileges"]["aside"]),
        },
        "winners": list(s["winners"]),
        "auction": copy.deepcopy(s["auction"]),
        "showdown": copy.deepcopy(s["showdown"]),
        "use": None,
        "give": copy.deepcopy(s["give"]),
        "deck_size": len(s["deck"]),
        # note 11: the price printed on the back of the top note can be read by everybody
        "deck_top_price": D.note_price(s["deck"][-1]) if s["deck"] else None,
        "discard_size": len(s["discard"]),
        "offer_sizes": [len(o) for o in s["offers"]],
        "hand_sizes": None if hide else [len(h) for h in s["hands"]],
    }
    if u is not None:
        v["use"] = {k: copy.deepcopy(u[k]) for k in ("seat", "card", "left", "steps", "bonus", "victim")}
        v["use"]["drawn"] = list(u["drawn"]) if seat == u["seat"] else len(u["drawn"])
    if seat is not None:
        v["hand"] = R.sort_cards(s["hands"][seat])
        v["offer"] = R.sort_cards(s["offers"][seat])
        v["hand_size"] = len(s["hands"][seat])
    return v


def shuffle_hidden(s: dict, seat: int | None, rng) -> dict:
    """Redeals the deck, the discard and every hand and offer ``seat`` cannot see."""
    t = R.clone(s)
    others = [p for p in range(t["players"]) if p != seat]
    pool = list(t["deck"]) + list(t["discard"])
    for p in others:
        pool += t["hands"][p] + t["offers"][p]
    rng.shuffle(pool)
    if t["deck"]:
        # the top note keeps its printed price, which its back shows to everybody (note 11)
        price = D.note_price(t["deck"][-1])
        top = next(i for i, c in enumerate(pool) if D.note_price(c) == price)
        pool.append(pool.pop(top))
        size = len(t["deck"])
        t["deck"], pool = pool[-size:], pool[:-size]
    t["discard"], pool = pool[: len(t["discard"])], pool[len(t["discard"]) :]
    u = t["use"]
    for p in others:
        old = t["hands"][p]
        new, pool = pool[: len(old)], pool[len(old) :]
        if u is not None and u["seat"] == p and u["drawn"]:
            mapping = dict(zip(old, new))
            u["drawn"] = [mapping[c] for c in u["drawn"]]
        t["hands"][p] = new
        t["offers"][p], pool = pool[: len(t["offers"][p])], pool[len(t["offers"][p]) :]
    t["rng"] = format(rng.next64(), "016x")
    return t
