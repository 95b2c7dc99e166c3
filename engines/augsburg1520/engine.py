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

from engines.i18n import kinds_in, params_titled

from . import bots, choices, orders, rules as R, text
from . import data as D
from . import i18n as I
from .i18n import t

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
    # the title as published in each country (alea/Ravensburger; the Italian and French texts keep it)
    titles = {"en": "Augsburg 1520", "de": "Augsburg 1520", "it": "Augsburg 1520", "fr": "Augsburg 1520"}
    min_players = 2
    max_players = 5
    options_schema = OPTIONS_SCHEMA

    # --- state ----------------------------------------------------------------

    def setup(self, players: int, seed: int, options: dict | None = None) -> dict:
        if not self.min_players <= players <= self.max_players:
            raise ValueError(f"Augsburg 1520 is for 2 to 5 players, not {players}")
        return R.setup(players, seed, _options(options))

    def decisions(self, state: dict, *, lang: str = "en") -> list[dict]:
        step = state["step"]
        out = []
        for seat in R.acting_seats(state):
            kind, prompt, sealed = _ask(state, seat, lang)
            out.append(decision(seat, kind, prompt, sealed))
        return kinds_in(I.CATALOG, out, lang) if step != "over" else []

    def actions(self, state: dict, seat: int, *, lang: str = "en") -> list[dict]:
        if seat not in R.acting_seats(state):
            return []
        return params_titled(I.CATALOG, _specs(state, seat, lang), lang)

    def validate(self, state: dict, seat: int, action: dict, *, lang: str = "en") -> None:
        specs = self.actions(state, seat, lang=lang)
        if not specs:
            raise IllegalAction(t(lang, "nothing_asked"))
        try:
            check_against_specs(specs, action, choices.name, lang=lang)
        except IllegalAction:
            _explain_bid(state, seat, action, specs, lang)
            if (isinstance(action, dict) and action.get("type") == "climb" and set(action) == {"type", "category", "source"}
                    and all(isinstance(action[k], str) for k in ("category", "source"))
                    and any(sp["type"] == "climb" for sp in specs)):
                _check(state, seat, action, lang)  # says which climbs are possible and why
            raise
        _check(state, seat, action, lang)

    def choices(self, state: dict, seat: int, *, lang: str = "en") -> list[dict]:
        return choices.choices(state, seat, self.actions(state, seat, lang=lang), lang)

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

    def parse(self, state: dict, seat: int, line: str, *, lang: str = "en") -> list[dict]:
        return text.parse(self, state, seat, line, lang)

    def command(self, state: dict, seat: int, action: dict, *, lang: str = "en") -> str:
        return text.command(state, seat, action, lang)

    def render(self, state: dict, seat: int | None, *, lang: str = "en") -> str:
        return text.render(self, state, seat, lang)

    def event_text(self, event: dict, lang: str = "en") -> str:
        """An event of the history written in ``lang`` (any event this engine
        ever stored; the English ``text`` stays in the event as it was)."""
        return I.event_text(event, lang)

    def catalogs(self) -> list:
        """The catalogs whose completeness conformance checks."""
        return [I.CATALOG]

    # --- bots -----------------------------------------------------------------------

    def default_action(self, state: dict, seat: int) -> dict:
        return bots.default_action(state, seat)

    def bot(self, state: dict, seat: int, rng) -> dict:
        return bots.bot(state, seat, rng)

    # --- orders given in advance (orders.py) ---------------------------------------

    standing_wording = orders.WORDING  # how its standing orders are written and read in every language

    def standing_specs(self, state: dict, seat: int, *, lang: str = "en") -> list[dict]:
        return orders.standing_specs(state, seat, lang)

    def standing_action(self, state: dict, seat: int, order: dict):
        return orders.standing_action(state, seat, order)

    def reversible(self, before: dict, moves: dict, after: dict) -> bool:
        return orders.reversible(before, moves, after)


# --- decisions and specs -------------------------------------------------------------


def _ask(s: dict, seat: int, lang: str = "en") -> tuple[str, str, bool]:
    step = s["step"]
    nob = I.noble(R.noble(s)) if s["noble"] < len(D.NOBLES) else ""
    if step == "buy":
        return "buy debt notes", t(lang, "ask.buy"), True
    if step == "give":
        return "give a card", t(lang, "ask.give"), True
    if step == "reveal":
        count = s["showdown"]["count"]
        return "reveal", t(lang, "ask.reveal", count=count, noble=nob), True
    if step == "bid":
        a = s["auction"]
        if a["high"]:
            return "bid", t(lang, "ask.bid_open", noble=nob, count=a["high"], player=I.player(a["leader"])), False
        return "bid", t(lang, "ask.bid_first", noble=nob), False
    if step == "pay":
        return "show bid", t(lang, "ask.pay", noble=nob, count=s["showdown"]["count"]), False
    if step == "choose":
        return "choose privilege", t(lang, "ask.choose"), False
    if step == "use":
        u = s["use"]
        return "use privilege", t(lang, "ask.use", card=u["card"], steps=u["steps"]), False
    if step == "finish":
        return "use privilege", t(lang, "ask.finish"), False
    if step == "discard":
        return "discard", t(lang, "ask.discard"), False
    if step == "compensate":
        return "compensation", t(lang, "ask.compensate", player=I.player(s["use"]["seat"])), False
    return "wait", t(lang, "ask.wait"), False


def _cards_text(lang: str, cards: list[str]) -> str:
    return " ".join(str(I.CATALOG.value(lang, I.card(c))) for c in cards)


def _specs(s: dict, seat: int, lang: str = "en") -> list[dict]:
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
        example = (t(lang, "cmd.buy", cards=_cards_text(lang, R.sort_cards(pick))) if pick
                   else t(lang, "cmd.buy_nothing"))
        return [spec("buy", t(lang, "spec.buy"), example, cards=subset(*offer, max_items=len(offer)))]
    if step == "give":
        hand = R.sort_cards(s["hands"][seat])
        return [spec("give", t(lang, "spec.give"), t(lang, "cmd.give", card=_cards_text(lang, hand[:1])),
                     card=enum(*hand))]
    if step in ("reveal", "pay"):
        count = s["showdown"]["count"]
        valid = R.sort_cards(R.valid_cards(s, seat, R.noble(s)))
        # an offer needs at least one debt note: the example shows the highest notes first
        notes = [c for c in valid if not R.is_joker(c)]
        jokers = [c for c in valid if R.is_joker(c)]
        shown = notes[-count:]
        shown = shown + jokers[: count - len(shown)]
        example = t(lang, "cmd.reveal", cards=_cards_text(lang, R.sort_cards(shown)))
        return [spec("reveal", t(lang, "spec.reveal", count=count, noble=I.noble(R.noble(s))), example,
                     cards=subset(*valid, min_items=count, max_items=count))]
    if step == "bid":
        a = s["auction"]
        nob = R.noble(s)
        most = R.max_bid(s, seat, nob)
        out = []
        if a["high"] == 0:
            if most >= 1:
                out.append(spec("bid", t(lang, "spec.bid", noble=I.noble(nob)),
                                t(lang, "cmd.bid", count=min(2, most), noble=I.noble(nob)), count=integer(1, most)))
        else:
            if most >= a["high"]:
                out.append(spec("hold", t(lang, "spec.hold", count=a["high"]), t(lang, "cmd.hold")))
            if most > a["high"]:
                out.append(spec("raise", t(lang, "spec.raise"), t(lang, "cmd.raise", count=a["high"] + 1),
                                count=integer(a["high"] + 1, most)))
        out.append(spec("pass", t(lang, "spec.pass"), t(lang, "cmd.pass")))
        return out
    if step == "choose":
        row = sorted(s["privileges"]["row"])
        return [spec("choose", t(lang, "spec.choose"), t(lang, "cmd.choose", card=row[0]), card=enum(*row))]
    if step in ("use", "finish"):
        return _use_specs(s, seat, lang)
    if step == "discard":
        opts = R.sort_cards(R.discard_options(s, seat))
        return [spec("discard", t(lang, "spec.discard"), t(lang, "cmd.discard", card=_cards_text(lang, opts[:1])),
                     card=enum(*opts))]
    if step == "compensate":
        return [spec("compensate", t(lang, "spec.compensate"), t(lang, "cmd.compensate_money"),
                     kind=enum("money", "prestige"))]
    return []


_USE_KINDS = ("gold", "prestige", "draw", "cash", "forgo", "done")


def climb_command(lang: str, category: str, source: str) -> str:
    if source == "supply":
        return t(lang, "cmd.climb", cat=I.cat(category))
    return t(lang, "cmd.climb_from", cat=I.cat(category), player=I.player(R.seat_of(source)))


def _use_specs(s: dict, seat: int, lang: str = "en") -> list[dict]:
    opts = R.use_options(s, seat)
    out = []
    for kind, params in opts.items():
        if kind in _USE_KINDS:
            out.append(spec(kind, t(lang, f"spec.{kind}"), t(lang, f"cmd.{kind}")))
        elif kind == "climb":
            cats = list(dict.fromkeys(p["category"] for p in params))
            sources = list(dict.fromkeys(p["source"] for p in params))
            first = params[0]
            out.append(spec("climb", t(lang, "spec.climb"), climb_command(lang, first["category"], first["source"]),
                            category=enum(*cats), source=enum(*sources)))
        elif kind in ("tile", "build", "architect"):
            tiles = [p["tile"] for p in params]
            out.append(spec(kind, t(lang, f"spec.{kind}"), t(lang, f"cmd.{kind}", tile=I.tile(tiles[0])),
                            tile=enum(*tiles)))
    return out


def _explain_bid(s: dict, seat: int, action, specs: list[dict], lang: str = "en") -> None:
    """A bid, hold or raise the specs do not offer: say when it is because every note
    valid for this noble is a joker (note 7: an offer needs at least one debt note)."""
    if s["step"] != "bid" or not isinstance(action, dict) or action.get("type") not in ("bid", "hold", "raise"):
        return
    nob = R.noble(s)
    valid = R.valid_cards(s, seat, nob)
    if valid and R.max_bid(s, seat, nob) == 0:
        raise IllegalAction(t(lang, "err.jokers_only_bid", noble=I.noble(nob), count=len(valid),
                              examples=t(lang, "or").join(sp["example"] for sp in specs)))


def _check(s: dict, seat: int, action: dict, lang: str = "en") -> None:
    kind = action["type"]
    if kind == "buy":
        cost = sum(D.note_price(c) for c in action["cards"])
        if cost > s["money"][seat]:
            raise IllegalAction(t(lang, "err.too_dear", cost=cost, money=s["money"][seat]))
    elif kind == "reveal":
        if all(R.is_joker(c) for c in action["cards"]):
            raise IllegalAction(t(lang, "err.jokers_only", example=_specs(s, seat, lang)[0]["example"]))
    elif kind == "climb":
        opts = R.use_options(s, seat).get("climb", [])
        if {"category": action["category"], "source": action["source"]} not in opts:
            allowed = ", ".join(f"`{climb_command(lang, p['category'], p['source'])}`" for p in opts)
            if action["category"] in R.CATS and (action["source"] == "supply" or action["source"][1:].isdigit()):
                tried = climb_command(lang, action["category"], action["source"])
            else:
                tried = f"{action['category']} {action['source']}"
            raise IllegalAction(t(lang, "err.climb", tried=tried, allowed=allowed or t(lang, "none")))


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
