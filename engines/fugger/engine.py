"""Fugger, Welser, Medici: the engine class (the contract of engines/base.py)."""

from __future__ import annotations

import json

from engines.base import (
    IllegalAction,
    check_against_specs,
    decision,
    describe_actions,
    enum,
    integer,
    ranked_outcome,
    spec,
    subset,
)

from engines.i18n import event_text, kinds_in, params_titled

from . import board as B
from . import i18n as I
from . import bots, choices
from . import orders
from . import data as D
from . import nobility as NB
from . import nobility_data as ND
from . import rules as R
from . import text as T


def prices_schema(limit: int, low: int, high: int) -> dict:
    return {
        "type": "array",
        "items": {"type": "integer", "minimum": low, "maximum": high, "multipleOf": D.PRICE_STEP},
        "minItems": 0,
        "maxItems": limit,
    }


def _round_up(x: int) -> int:
    return -(-x // D.PRICE_STEP) * D.PRICE_STEP


class Fugger:
    slug = "fugger"
    title = "Fugger, Welser, Medici"
    # the title as published (Doris & Frank); translations keep it (the English rulebook does)
    titles = {"de": "Fugger, Welser, Medici", "it": "Fugger, Welser, Medici", "fr": "Fugger, Welser, Medici",
              "en": "Fugger, Welser, Medici"}
    min_players = 2
    max_players = 6
    options_schema = {
        "type": "object",
        "properties": {
            "variant": {
                "type": "string",
                "enum": list(NB.ENABLED),
                "default": "trading",
                "description": "Which game: trading (the richest wins), nobility (the first to reach the "
                "shield of the nobility table), country_estate (the first noble to buy a country estate), "
                "full (until the second estate is sold; the richer owner wins).",
            }
        },
        "additionalProperties": False,
    }

    # --- setup and flow -----------------------------------------------------------------

    def setup(self, players, seed, options=None):
        if not self.min_players <= players <= self.max_players:
            raise ValueError(f"{players} players: Fugger, Welser, Medici is for 2-6")
        return R.setup(players, seed, options)

    def decisions(self, state, *, lang="en"):
        return kinds_in(I.CATALOG, self._decisions(state, lang), lang)

    def _decisions(self, state, lang):
        if state["over"]:
            return []
        pend = state["pending"]
        kind = pend["kind"]
        if kind == "auction":
            c = R.card(pend["card"])
            what = c["name"]
            return [decision(s, "auction", I.t(lang, "ask.auction", what=what, min=pend["min"]), sealed=True)
                    for s in pend["seats"]]
        if kind == "deal":
            c = R.card(pend["card"])
            verb = "sell" if pend["part"] == "demand" else "bid"
            text = I.t(lang, f"ask.{verb}", ware=I.term(f"ware.{pend['ware']}"), town=R.sname(c["town"]),
                       qty=pend["qty"], price=pend["price"]) + (I.t(lang, "ask.early") if pend["early"] else "")
            return [decision(s, verb, text, sealed=True) for s in pend["seats"]]
        return [decision(pend["seat"], T.KIND_NAMES[kind], T.prompt(state, pend, lang))]

    def _pending_for(self, state, seat):
        if state["over"]:
            return None
        pend = state["pending"]
        if pend["kind"] in ("deal", "auction"):
            return pend if seat in pend["seats"] else None
        return pend if pend["seat"] == seat else None

    def actions(self, state, seat, *, lang="en"):
        """The specs in ``lang``: labels from the catalog, examples in that language's command words."""
        specs = self._actions(state, seat, lang)
        if lang != "en":
            for x in specs:
                x["example"] = I.localize(x["example"], lang)
        return params_titled(I.CATALOG, specs, lang)

    def _actions(self, state, seat, lang):
        t = I.t
        pend = self._pending_for(state, seat)
        if pend is None:
            return []
        S = state
        kind = pend["kind"]
        P = S["seats"][seat]
        out = []
        if kind == "home":
            return [spec("home", t(lang, "spec.home"), f"home {R.sname('augsburg')}", town=enum(*D.HOME_BASES))]
        if kind == "auction":
            top = self._auction_cap(S, seat, pend)
            ex = pend["min"] if top >= pend["min"] else 0
            return [spec("auction", t(lang, "spec.auction", min=pend["min"], top=top, step=D.PRICE_STEP), f"auction {ex}",
                         amount={"type": "integer", "minimum": 0, "maximum": top, "multipleOf": D.PRICE_STEP})]
        if kind == "donate":
            opts = NB.donation_options(S, seat, pend["got"])
            return [spec("donate", t(lang, "spec.donate"), f"donate {opts[-1]}",
                         amount=enum(*opts))]
        if kind == "cube":
            opts = NB.cube_options(S, seat, pend["what"])
            return [spec("cube", t(lang, "spec.cube_sea" if pend["what"] == "sea" else "spec.cube_land"), f"cube {opts[0]}", area=enum(*opts))]
        if kind == "fee":
            owners = [s + 1 for s in pend["owners"]]
            return [spec("payfee", t(lang, "spec.payfee", region=pend["region"]), f"payfee {owners[0]}",
                         player=enum(*owners))]
        if kind == "deal":
            limit = R.sell_limit(S, pend, seat)
            if pend["part"] == "demand":
                sch = prices_schema(limit, D.PRICE_STEP, pend["price"])
                top = pend["price"] // D.PRICE_STEP * D.PRICE_STEP  # the highest price on the 20 grid
                ex = f"sell {pend['ware']} " + " ".join(str(top - D.PRICE_STEP * i) for i in range(min(limit, 2)))
                return [spec("sell", t(lang, "spec.sell", limit=limit, ware=I.term(f"ware.{pend['ware']}")), ex,
                             ware=enum(pend["ware"]), prices=sch)]
            low = _round_up(pend["price"])
            sch = prices_schema(limit, low, D.MAX_BID)
            ex = f"bid {pend['ware']} " + " ".join(str(low + 2 * D.PRICE_STEP * (1 - i)) for i in range(min(limit, 2)))
            return [spec("bid", t(lang, "spec.bid", limit=limit, ware=I.term(f"ware.{pend['ware']}"), low=low),
                         ex, ware=enum(pend["ware"]), prices=sch)]
        if kind == "move":
            movable = [r for r in R.active_reps(S, seat) if r not in pend["moved"]]
            route = self._move_example(S, seat, movable)
            if route:
                out.append(spec("move", t(lang, "spec.move"),
                                f"move {route[0]} " + " ".join(R.sname(p) for p in route[1]), rep=enum(*movable),
                                path={"type": "array", "items": {"enum": list(B.SPACE_IDS)}, "minItems": 1,
                                      "maxItems": D.MAX_MOVE}))
            out += self._goods_specs(S, seat, pend, forced_from=["home"] + [str(r) for r in movable], lang=lang)
            if self._offer_targets(S, seat) or self._note_offer_spec(S, seat):
                out.append(spec("trade", t(lang, "spec.trade"), "trade"))
            out.append(spec("done", t(lang, "spec.done_move"), "done"))
            return out
        if kind == "trade":
            out = [x for x in (self._offer_spec(S, seat, lang), self._note_offer_spec(S, seat, lang)) if x]
            return out + [spec("back", t(lang, "spec.back"), "back")]
        if kind == "raise":
            return self._goods_specs(S, seat, pend, forced_from=R.all_places(S, seat), transfer=False, lang=lang)
        if kind == "accept":
            if P["cash"] >= pend["offer"]["price"]:
                out.append(spec("accept", t(lang, "spec.accept"), "accept"))
            return out + [spec("decline", t(lang, "spec.decline"), "decline")]
        if kind == "payday":
            if R.can_hire(S, seat) and not pend["fired"]:
                out.append(spec("hire", t(lang, "spec.hire"), "hire"))
            emp = R.employees(S, seat)
            if emp:
                out.append(spec("fire", t(lang, "spec.fire"), f"fire {emp[-1]}", rep=enum(*emp)))
            out.append(spec("done", t(lang, "spec.done_payday"), "done"))
            return out
        if kind == "lose":
            Rp = R.rep(S, seat, pend["rep"])
            kinds = [w for w in D.WARES if Rp["wares"][w]]
            n = pend["count"]
            ex = [w for w in kinds for _ in range(Rp["wares"][w])][:n]
            return [spec("lose", t(lang, "spec.lose", count=n, rep=pend["rep"]), "lose " + " ".join(ex),
                         wares=subset(*kinds, min_items=n, max_items=n, unique=False))]
        if kind == "bribe":
            top = min(D.MAX_BRIBE, P["cash"] // D.BRIBE_PER_POINT)
            return [spec("bribe", t(lang, "spec.bribe", price=D.BRIBE_PER_POINT, top=top),
                         f"bribe {min(2, top)}",
                         points=integer(0, top))]
        if kind == "sheep":
            out.append(spec("keep", t(lang, "spec.keep", stake=pend["stake"]), "keep"))
            cost = R.sheep_cost(pend["passes"])
            if self._may_pass_sheep(S, pend) and P["cash"] >= cost:
                others = [s + 1 for s in range(S["players"]) if s != seat]
                out.append(spec("pass_on", t(lang, "spec.pass_on", cost=cost), f"pass {others[0]}",
                                player=enum(*others)))
            return out
        if kind == "lottery":
            free = [x for x in range(1, 7) if str(x) not in pend["numbers"]]
            most = min(len(free), P["cash"] // D.LOTTERY_PRICE)
            return [spec("lottery", t(lang, "spec.lottery", price=D.LOTTERY_PRICE),
                         f"buy {free[0]}" if free and most else "buy none", numbers=subset(*free, max_items=most))]
        raise AssertionError(kind)

    def _move_example(self, S, seat, movable):
        """A route the seat can really take now (the example players copy): two spaces if one is open, else one;
        None when no representative can move at all (then `move` is not offered)."""
        cash = S["seats"][seat]["cash"]
        winter = B.is_winter(S["t"])
        best = None
        for r in movable:
            here = R.rep(S, seat, r)["at"]
            for a in sorted(B.ADJ[here]):
                if winter and B.is_sea(a):
                    continue
                if R.plan_cost(S, seat, r, [a]) > cash:
                    continue
                for b in sorted(B.ADJ[a]):
                    if b != here and not (winter and B.is_sea(b)) and R.plan_cost(S, seat, r, [a, b]) <= cash:
                        return r, [a, b]
                best = best or (r, [a])
        return best

    def _may_pass_sheep(self, S, pend):
        return S["players"] > 2 or pend["passes"] == 0

    def _goods_specs(self, S, seat, pend, forced_from, transfer=True, lang="en"):
        out = []
        places = R.all_places(S, seat)
        if transfer:
            pairs = [
                (a, b) for a in places for b in places
                if a != b and R.place_location(S, seat, a) == R.place_location(S, seat, b) and R.n_wares(R.place_wares(S, seat, a))
            ]
            if pairs:
                srcs = sorted({a for a, _ in pairs}, key=R.PLACES.index)
                dsts = sorted({b for _, b in pairs}, key=R.PLACES.index)
                wares = sorted({w for a in srcs for w in D.WARES if R.place_wares(S, seat, a)[w]}, key=D.WARES.index)
                top = max(R.place_wares(S, seat, a)[w] for a in srcs for w in D.WARES)
                a, b = pairs[0]
                w0 = next(w for w in D.WARES if R.place_wares(S, seat, a)[w])
                out.append(spec("transfer", I.t(lang, "spec.transfer"), f"transfer 1 {w0} from {a} to {b}",
                                count=integer(1, top), ware=enum(*wares), **{"from": enum(*srcs), "to": enum(*dsts)}))
        sellable = [p for p in forced_from if p in places and R.n_wares(R.place_wares(S, seat, p))]
        if sellable:
            wares = sorted({w for p in sellable for w in D.WARES if R.place_wares(S, seat, p)[w]}, key=D.WARES.index)
            top = max(R.place_wares(S, seat, p)[w] for p in sellable for w in D.WARES)
            p0 = sellable[0]
            w0 = next(w for w in D.WARES if R.place_wares(S, seat, p0)[w])
            prices = ", ".join(f"{I.t(lang, 'ware.' + w)} {D.FORCED_PRICE[w]}" for w in D.WARES)
            out.append(spec("sellforced", I.t(lang, "spec.sellforced", prices=prices), f"sellforced {w0} 1 from {p0}",
                            ware=enum(*wares), count=integer(1, top), **{"from": enum(*sellable)}))
        notes = S["seats"][seat]["notes"]
        if notes:
            out.append(spec("sellnote", I.t(lang, "spec.sellnote", value=D.NOTE_SALE_VALUE), "sellnote 1",
                            count=integer(1, notes)))
        return out

    def _offer_targets(self, S, seat):
        """(my place, player number, their place) where wares could change hands without moving."""
        out = []
        for a in R.all_places(S, seat):
            if not R.n_wares(R.place_wares(S, seat, a)):
                continue
            loc = R.place_location(S, seat, a)
            for other in range(S["players"]):
                if other == seat:
                    continue
                for b in R.places_at(S, other, loc):
                    out.append((a, other + 1, b))
        return out

    def _auction_cap(self, S, seat, pend):
        P = S["seats"][seat]
        money = P["cash"] + (R.liquid_value(S, seat) if pend["what"] == "estate" else 0)
        return max(0, min(ND.MAX_AUCTION_BID, money) // D.PRICE_STEP * D.PRICE_STEP)

    def _note_offer_spec(self, S, seat, lang="en"):
        notes = S["seats"][seat]["notes"]
        if not R.variant(S) or not notes:
            return None
        others = [s + 1 for s in range(S["players"]) if s != seat]
        return spec("offer_note", I.t(lang, "spec.offer_note"),
                    f"offernote 1 to player {others[0]} for 400", count=integer(1, notes), player=enum(*others),
                    price=integer(0, 50000))

    def _offer_spec(self, S, seat, lang="en"):
        targets = self._offer_targets(S, seat)
        if not targets:
            return None
        srcs = sorted({a for a, _, _ in targets}, key=R.PLACES.index)
        players = sorted({p for _, p, _ in targets})
        dsts = sorted({b for _, _, b in targets}, key=R.PLACES.index)
        wares = sorted({w for a in srcs for w in D.WARES if R.place_wares(S, seat, a)[w]}, key=D.WARES.index)
        top = max(R.place_wares(S, seat, a)[w] for a in srcs for w in D.WARES)
        a, p, b = targets[0]
        w0 = next(w for w in D.WARES if R.place_wares(S, seat, a)[w])
        return spec("offer", I.t(lang, "spec.offer"),
                    f"offer 1 {w0} from {a} to player {p} at {b} for 900",
                    count=integer(1, top), ware=enum(*wares), player=enum(*players), price=integer(0, 50000),
                    **{"from": enum(*srcs), "to": enum(*dsts)})

    def choices(self, state, seat, *, lang="en"):
        return choices.choices(self, state, seat, self.actions(state, seat, lang=lang), lang)

    def validate(self, state, seat, action, *, lang="en"):
        specs = self.actions(state, seat, lang=lang)
        self._check_counts(state, seat, action, lang)
        check_against_specs(specs, action, choices.name, lang=lang)
        t = I.t
        S = state
        pend = self._pending_for(S, seat)
        typ = action["type"]
        P = S["seats"][seat]
        if typ == "move":
            r = action["rep"]
            Rp = R.rep(S, seat, r)
            prev = Rp["at"]
            for sp in action["path"]:
                if sp not in B.ADJ[prev]:
                    nbs = ", ".join(sorted(R.sname(n) for n in B.ADJ[prev]))
                    raise IllegalAction(t(lang, "err.not_next", to=R.sname(sp), at=R.sname(prev), spaces=nbs))
                if B.is_sea(sp) and B.is_winter(S["t"]):
                    raise IllegalAction(t(lang, "err.winter"))
                prev = sp
            cost = R.plan_cost(S, seat, r, action["path"])
            if cost > P["cash"]:
                raise IllegalAction(t(lang, "err.move_cost", cost=cost, cash=P["cash"]))
            return
        if typ == "transfer":
            a, b = action["from"], action["to"]
            if a == b:
                raise IllegalAction(t(lang, "err.same_place"))
            wa, wb = R.place_wares(S, seat, a), R.place_wares(S, seat, b)
            if wa is None or wb is None:
                raise IllegalAction(t(lang, "err.no_place", places=", ".join(R.all_places(S, seat))))
            if R.place_location(S, seat, a) != R.place_location(S, seat, b):
                raise IllegalAction(t(lang, "err.not_together"))
            if wa[action["ware"]] < action["count"]:
                raise IllegalAction(t(lang, "err.has_only", place=_place(lang, a, True), count=wa[action["ware"]],
                                      ware=I.term("ware." + action["ware"])))
            return
        if typ == "sellforced":
            w = R.place_wares(S, seat, action["from"])
            if w is None or w[action["ware"]] < action["count"]:
                have = 0 if w is None else w[action["ware"]]
                raise IllegalAction(t(lang, "err.has_only", place=_place(lang, action["from"], True), count=have,
                                      ware=I.term("ware." + action["ware"])))
            return
        if typ == "offer":
            a, b, other = action["from"], action["to"], action["player"] - 1
            wa = R.place_wares(S, seat, a)
            if wa is None or wa[action["ware"]] < action["count"]:
                raise IllegalAction(t(lang, "err.not_there", count=action["count"], ware=I.term("ware." + action["ware"]),
                                      place=_place(lang, a)))
            if (a, other + 1, b) not in self._offer_targets(S, seat):
                opts = ", ".join(I.localize(f"from {x} to player {p} at {y}", lang)
                                 for x, p, y in self._offer_targets(S, seat))
                raise IllegalAction(t(lang, "err.offer_place", options=opts))
            return
        if typ == "accept":
            price = pend["offer"]["price"]
            if P["cash"] < price:
                raise IllegalAction(t(lang, "err.accept_cash", cash=P["cash"], price=price, decline=I.localize("decline", lang)))
            return
        if typ == "lose":
            Rp = R.rep(S, seat, pend["rep"])
            for w in D.WARES:
                if action["wares"].count(w) > Rp["wares"][w]:
                    raise IllegalAction(t(lang, "err.carries_only", rep=pend["rep"], count=Rp["wares"][w],
                                          ware=I.term("ware." + w)))
            return
        if typ == "pass_on":
            if action["player"] - 1 == seat:
                raise IllegalAction(t(lang, "err.sheep_self"))
            return
        if typ == "lottery":
            return
        if typ == "auction":
            amt = action["amount"]
            if 0 < amt < pend["min"]:
                raise IllegalAction(t(lang, "err.min_bid", min=pend["min"]))
            return

    def _check_counts(self, S, seat, action, lang="en"):
        """Lists of prices, numbers and wares refused in the game's words (with the limit), before the schema's."""
        pend = self._pending_for(S, seat)
        if not isinstance(action, dict) or pend is None:
            return
        typ = action.get("type")
        if typ == "accept" and pend["kind"] == "accept" and S["seats"][seat]["cash"] < pend["offer"]["price"]:
            raise IllegalAction(I.t(lang, "err.accept_cash", cash=S["seats"][seat]["cash"], price=pend["offer"]["price"],
                                    decline=I.localize("decline", lang)))
        own = pend["kind"] == "deal" and typ == ("sell" if pend["part"] == "demand" else "bid")
        if own and isinstance(action.get("prices"), list):
            limit = R.sell_limit(S, pend, seat)
            prices = action["prices"]
            if len(prices) > limit:
                ware = I.term("ware." + pend["ware"])
                why = (I.t(lang, "err.why_sell", qty=pend["qty"], ware=ware,
                           have=R.site_count(S, seat, R.card(pend["card"])["town"], pend["ware"]))
                       if typ == "sell" else I.t(lang, "err.why_bid", qty=pend["qty"]))
                raise IllegalAction(I.t(lang, "err.too_many_prices", count=len(prices), limit=limit, why=why,
                                        none=I.localize("none", lang)))
            low, high = ((D.PRICE_STEP, pend["price"]) if typ == "sell" else (_round_up(pend["price"]), D.MAX_BID))
            for p in prices:
                if not isinstance(p, int) or isinstance(p, bool):
                    continue
                if p % D.PRICE_STEP:
                    raise IllegalAction(I.t(lang, "err.price_step", price=p, step=D.PRICE_STEP,
                                            example=p // D.PRICE_STEP * D.PRICE_STEP))
                if not low <= p <= high:
                    key = "err.price_range_sell" if typ == "sell" else "err.price_range_bid"
                    raise IllegalAction(I.t(lang, key, price=p, low=low, high=high, card=pend["price"]))
        if typ == "lottery" and pend["kind"] == "lottery" and isinstance(action.get("numbers"), list):
            most = S["seats"][seat]["cash"] // D.LOTTERY_PRICE
            free = [x for x in range(1, 7) if str(x) not in pend["numbers"]]
            if len(action["numbers"]) > min(most, len(free)):
                raise IllegalAction(I.t(lang, "err.lottery", most=min(most, len(free)),
                                        free=", ".join(map(str, free)) or I.t(lang, "none"), price=D.LOTTERY_PRICE))
        if typ == "lose" and pend["kind"] == "lose" and isinstance(action.get("wares"), list):
            if len(action["wares"]) != pend["count"]:
                raise IllegalAction(I.t(lang, "err.lose_count", count=pend["count"], given=len(action["wares"])))

    def apply(self, state, moves):
        return R.apply(state, moves)

    # --- what players see ---------------------------------------------------------------

    def view(self, state, seat):
        S = state
        v = json.loads(json.dumps({k: S[k] for k in (
            "variant", "players", "t", "round", "start", "start_rolls", "over", "seats", "queue", "table",
            "market", "out", "robbers", "black_sheep", "blockade", "boom", "ledger") if k in S}))
        if R.variant(S):
            v["nob"] = json.loads(json.dumps(S["nob"]))
            v["stock"] = self._pile_view(S, S["stock"])
        v["calendar"] = B.cal_name(S["t"])
        v["pack"] = self._pile_view(S, S["pack"])
        pend = S["pending"]
        if pend is not None and pend["kind"] == "deal":
            v["pending"] = {k: pend[k] for k in ("kind", "card", "part", "ware", "qty", "price", "seats")}
        else:
            v["pending"] = json.loads(json.dumps(pend))
        v["you"] = seat
        return v

    @staticmethod
    def _pile_view(S, pile):
        kinds = {}
        for cid in pile:
            k = NB.pile_kind(cid) if R.variant(S) else R.card(cid)["kind"]
            kinds[k] = kinds.get(k, 0) + 1
        return {"size": len(pile), "kinds": kinds}

    def shuffle_hidden(self, state, seat, rng):
        """Only the game pack is hidden (order and which cards of each kind were
        sorted into it): redeal it from the pack and the unused cards, kind by kind."""
        S = json.loads(json.dumps(state))
        if R.variant(S):
            return self._shuffle_variant(S, rng)
        for kind in ("demand", "offer"):
            in_pack = [c for c in S["pack"] if D.CARDS[c]["kind"] == kind]
            pool = in_pack + S["unused"][kind]
            rng.shuffle(pool)
            chosen, S["unused"][kind] = pool[: len(in_pack)], pool[len(in_pack):]
            it = iter(chosen)
            S["pack"] = [next(it) if D.CARDS[c]["kind"] == kind else c for c in S["pack"]]
        rng.shuffle(S["pack"])
        return S


    # --- orders given in advance (orders.py) ---------------------------------------

    standing_wording = orders.WORDING  # how its standing orders are written and read in every language

    def standing_specs(self, state: dict, seat: int, *, lang: str = "en") -> list[dict]:
        return orders.standing_specs(state, seat, lang)

    def standing_action(self, state: dict, seat: int, order: dict):
        return orders.standing_action(state, seat, order, self.validate)

    def reversible(self, before: dict, moves: dict, after: dict) -> bool:
        return orders.reversible(before, moves, after)

    @staticmethod
    def _shuffle_variant(S, rng):
        """The game pack, the stock pack and the cards sorted out are all face down: redeal them kind by kind
        (noble demands, demands, offers, chance cards; the estates all start in the stock and stay there)."""
        piles = {"pack": S["pack"], "stock": S["stock"]}
        for kind in ("noble", "demand", "offer", "chance"):
            pool = [c for p in piles.values() for c in p if NB.pile_kind(c) == kind] + S["unused"].get(kind, [])
            rng.shuffle(pool)
            it = iter(pool)
            for name in piles:
                piles[name] = [next(it) if NB.pile_kind(c) == kind else c for c in piles[name]]
            S["unused"][kind] = list(it)
        S["pack"], S["stock"] = piles["pack"], piles["stock"]
        rng.shuffle(S["pack"])
        rng.shuffle(S["stock"])
        return S

    def outcome(self, state):
        if not state["over"]:
            return None
        S = state
        if R.variant(S):
            n = S["players"]
            wealth = [NB.final_wealth(S, s) for s in range(n)]
            standing = [NB.standing(S, s) for s in range(n)]
            detail = {
                "standing": standing,
                "nobles": list(S["nob"]["nobles"]),
                "estates": [list(x) for x in S["nob"]["estates"]],
                "wealth": [
                    {"cash": S["seats"][s]["cash"], "wares": R.total_wares(S, s), "notes": S["seats"][s]["notes"],
                     "estate": NB.estate_value(S, s) if S["variant"] == "full" else 0, "total": wealth[s]}
                    for s in range(n)
                ],
            }
            return ranked_outcome(standing, tiebreak=wealth, detail=detail)
        scores = R.scores(S)
        detail = {
            "wealth": [
                {"cash": S["seats"][s]["cash"], "wares": R.total_wares(S, s), "notes": S["seats"][s]["notes"],
                 "total": scores[s]}
                for s in range(S["players"])
            ]
        }
        return ranked_outcome(scores, detail=detail)

    # --- text -------------------------------------------------------------------------------

    def parse(self, state, seat, text, *, lang="en"):
        return T.parse(self, state, seat, text, lang)

    def command(self, state, seat, action, *, lang="en"):
        return T.command(state, seat, action, lang)

    def render(self, state, seat, *, lang="en"):
        return T.render(self, state, seat, lang)

    def event_text(self, event, lang="en"):
        """An event of the history written in ``lang`` from its ``data["msg"]`` (see engines/README.md);
        an event stored before without one keeps its English text."""
        return event_text(event, lang, I.CATALOG)


    def catalogs(self):
        """The catalogs whose completeness conformance checks."""
        return [I.CATALOG]

    # --- bots ---------------------------------------------------------------------------------

    def default_action(self, state, seat):
        return bots.default_action(self, state, seat)

    def bot(self, state, seat, rng):
        return bots.bot(self, state, seat, rng)

    def describe(self, state, seat, lang="en"):
        return describe_actions(self.actions(state, seat, lang=lang), lang)


def _place(lang: str, place: str, capital: bool = False) -> str:
    """The warehouse or representative n, in ``lang`` (rules.place_label in English)."""
    text = I.t(lang, "place.home") if place == "home" else I.t(lang, "place.rep", number=place)
    return text[:1].upper() + text[1:] if capital else text


ENGINE = Fugger()
