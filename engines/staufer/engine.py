"""The Staufer Dynasty engine: the contract of engines.base over rules.py."""

from __future__ import annotations

import json

from engines.base import (
    IllegalAction,
    check_against_specs,
    describe_actions,
    decision,
    enum,
    integer,
    ranked_outcome,
    spec,
)

from engines.i18n import kinds_in, params_titled

from . import bots, choices, rules, text
from . import i18n as I
from . import orders
from .i18n import t
from .rules import current_seat, held


def _placement_shaped(action, state: dict) -> bool:
    """A place/place_double naming a real region, an office number and (for place) a figure."""
    if not isinstance(action, dict) or action.get("type") not in ("place", "place_double"):
        return False
    if action.get("region") not in state["offices"] or not isinstance(action.get("office"), int):
        return False
    keys = {"type", "region", "office"} | ({"figure"} if action["type"] == "place" else set())
    return set(action) == keys and (action["type"] == "place_double" or action["figure"] in ("envoy", "noble"))


class StauferEngine:
    slug = "staufer"
    title = "The Staufer Dynasty"
    # the title as published: Die Staufer (Hans im Glück), The Staufer Dynasty (Z-Man); it/fr assumed
    titles = {"de": "Die Staufer", "it": "La dinastia degli Staufer", "fr": "La dynastie des Staufer",
              "en": "The Staufer Dynasty"}
    min_players = 2
    max_players = 5
    options_schema = {
        "type": "object",
        "properties": {
            "privileges": {
                "enum": list(rules.PRIVILEGE_CHOICES),
                "default": "first_game",
                "description": "Privilege set: first game, Alternative (1-2-5-8-11-14), Synergies (1-3-5-8-10-16), "
                "Raining points (1-2-6-9-13-16), Quantity over quality (1-3-4-7-8-12), random (1, 2 and four "
                "random) or custom.",
            },
            "custom_privileges": {
                "type": "array",
                "items": {"type": "integer", "minimum": 1, "maximum": 16},
                "minItems": 6,
                "maxItems": 6,
                "uniqueItems": True,
                "default": [1, 2, 3, 4, 5, 6],
                "description": "The six privileges used when privileges is 'custom'.",
            },
        },
        "additionalProperties": False,
    }

    # --- contract ---------------------------------------------------------------

    def setup(self, players: int, seed: int, options: dict | None = None) -> dict:
        if not self.min_players <= players <= self.max_players:
            raise ValueError(f"The Staufer Dynasty is for 2 to 5 players, not {players}")
        return rules.setup(players, seed, options)

    def decisions(self, state: dict, *, lang: str = "en") -> list:
        return kinds_in(I.CATALOG, self._decisions(state, lang), lang)

    def _decisions(self, state: dict, lang: str) -> list:
        seat = current_seat(state)
        if seat is None:
            return []
        if state["pending"]:
            item = state["pending"][0]
            kind = item["kind"]
            if kind == "pick":
                return [decision(seat, "bonus chest", t(lang, "ask.pick", region=I.region(item["region"]),
                                                         chests=[I.chest(c) for c in item["options"]]))]
            if kind == "purple":
                return [decision(seat, "privilege", t(lang, "ask.purple"))]
            return [decision(seat, "immunity", t(lang, "ask.immunity"))]
        return [decision(seat, "turn", t(lang, "ask.turn"))]

    def actions(self, state: dict, seat: int, *, lang: str = "en") -> list:
        return params_titled(I.CATALOG, self._actions(state, seat, lang), lang)

    def _actions(self, state: dict, seat: int, lang: str) -> list:
        if seat != current_seat(state):
            return []
        cmd = text.command
        if state["pending"]:
            item = state["pending"][0]
            if item["kind"] == "pick":
                opts = sorted(set(item["options"]))
                return [spec("take", t(lang, "spec.take"), cmd({"type": "take", "chest": opts[0]}, lang),
                             chest=enum(*opts))]
            if item["kind"] == "purple":
                avail = rules.available_privileges(state, seat)
                return [
                    spec("privilege", t(lang, "spec.privilege"), cmd({"type": "privilege", "number": avail[0]}, lang),
                         number=enum(*avail)),
                    spec("keep", t(lang, "spec.keep"), cmd({"type": "keep"}, lang)),
                ]
            targets = rules.immunity_targets(state, seat)
            regions = sorted({x[0] for x in targets})
            t0 = targets[0]
            return [
                spec("immune", t(lang, "spec.immune"),
                     cmd({"type": "immune", "region": t0[0], "office": t0[1], "slot": t0[2]}, lang),
                     region=enum(*regions), office=integer(1, 6), slot=integer(1, 2)),
                spec("pass", t(lang, "spec.pass"), cmd({"type": "pass"}, lang)),
            ]
        specs = [spec("resources", t(lang, "spec.resources"), cmd({"type": "resources", "space": 3}, lang),
                      space=integer(1, 5))]
        with_chests = [i + 1 for i, c in enumerate(state["res_chests"]) if c]
        if held(state, seat, "turquoise-resources") and with_chests:
            # the example takes the figures of space 1 and the richest pile elsewhere
            src = max(with_chests, key=lambda i: (len(state["res_chests"][i - 1]), -i))
            space = 1 if src != 1 else 3
            specs.append(spec("resources_swap", t(lang, "spec.resources_swap"),
                              cmd({"type": "resources_swap", "space": space, "chests": src}, lang),
                              space=integer(1, 5), chests=integer(1, 5)))
        legal = rules.legal_placements(state, seat)
        single = [p for p in legal if not p["double"]]
        if single:
            regions = [r for r in state["regions"] if any(p["region"] == r for p in single)]
            ex = single[0]
            specs.append(spec("place", t(lang, "spec.place"),
                              cmd({"type": "place", "region": ex["region"], "office": ex["office"],
                                   "figure": ex["figure"]}, lang),
                              region=enum(*regions), office=integer(1, 6), figure=enum("envoy", "noble")))
        double = [p for p in legal if p["double"]]
        if double:
            regions = [r for r in state["regions"] if any(p["region"] == r for p in double)]
            ex = double[0]
            specs.append(spec("place_double", t(lang, "spec.place_double"),
                              cmd({"type": "place_double", "region": ex["region"], "office": ex["office"]}, lang),
                              region=enum(*regions), office=integer(1, 6)))
        arm = rules.armable(state, seat)
        if arm:
            specs.append(spec("chest", t(lang, "spec.chest"), cmd({"type": "chest", "chest": arm[0]}, lang),
                              chest=enum(*arm)))
        return specs

    def choices(self, state: dict, seat: int, *, lang: str = "en") -> list:
        return choices.choices(state, seat, self.actions(state, seat, lang=lang), lang)

    def validate(self, state: dict, seat: int, action: dict, *, lang: str = "en") -> None:
        specs = self.actions(state, seat, lang=lang)
        if not specs:
            raise IllegalAction(t(lang, "err.not_your_turn"))
        try:
            check_against_specs(specs, action, choices.name, lang=lang)
        except IllegalAction as refused:
            # a placement the specs do not offer (an unaffordable region, an office taken):
            # the rules say why, which tells more than "not one of [...]"
            if _placement_shaped(action, state):
                try:
                    rules.plan_placement(state, seat, action["region"], action["office"],
                                         action.get("figure", "envoy"), action["type"] == "place_double", lang)
                except IllegalAction as why:
                    raise IllegalAction(f"{why.message} {describe_actions(specs, lang)}") from None
            raise refused
        try:
            self._check(state, seat, action, lang)
        except IllegalAction as why:
            raise IllegalAction(f"{why.message} {describe_actions(specs, lang)}") from None

    def _check(self, state: dict, seat: int, action: dict, lang: str = "en") -> None:
        kind = action["type"]
        if kind == "immune":
            target = (action["region"], action["office"], action["slot"])
            if target not in rules.immunity_targets(state, seat):
                allowed = ", ".join(f"`{text.command({'type': 'immune', 'region': r, 'office': o, 'slot': sl}, lang)}`"
                                    for r, o, sl in rules.immunity_targets(state, seat))
                raise IllegalAction(t(lang, "err.immune", allowed=allowed))
        elif kind == "resources_swap":
            if action["space"] == action["chests"]:
                raise IllegalAction(t(lang, "err.swap_same"))
            if not state["res_chests"][action["chests"] - 1]:
                with_chests = [str(i + 1) for i, c in enumerate(state["res_chests"]) if c and i + 1 != action["space"]]
                raise IllegalAction(t(lang, "err.swap_empty", space=action["chests"],
                                      spaces=", ".join(with_chests) or t(lang, "none")))
        elif kind in ("place", "place_double"):
            fig = action.get("figure", "envoy")
            rules.plan_placement(state, seat, action["region"], action["office"], fig, kind == "place_double", lang)

    def apply(self, state: dict, moves: dict) -> dict:
        if len(moves) != 1:
            raise IllegalAction("One move at a time in The Staufer Dynasty.")
        (seat, action), = moves.items()
        seat = int(seat)
        self.validate(state, seat, action)
        new, events = rules.apply_action(state, seat, action)
        return {"state": new, "events": events}

    def view(self, state: dict, seat: int | None) -> dict:
        v = {k: val for k, val in state.items() if k not in ("rng", "draw", "objective_box")}
        v = json.loads(json.dumps(v))
        v["draw"] = len(state["draw"])
        if state["stage"] != "over":
            v["objectives"] = [o if s == seat else None for s, o in enumerate(state["objectives"])]
        v["viewer"] = seat
        return v

    def outcome(self, state: dict):
        if state["stage"] != "over":
            return None
        court = [sum(c) for c in state["court"]]
        return ranked_outcome(list(state["score"]), court, {"final": state["final"], "court_figures": court})

    def parse(self, state: dict, seat: int, text_: str, *, lang: str = "en") -> list:
        return text.parse(self, state, seat, text_, lang)

    def command(self, state: dict, seat: int, action: dict, *, lang: str = "en") -> str:
        return text.command(action, lang)

    def render(self, state: dict, seat: int | None, *, lang: str = "en") -> str:
        return text.render(state, seat, self, lang)

    def event_text(self, event: dict, lang: str = "en") -> str:
        """An event of the history written in ``lang`` (see engines/README.md)."""
        return I.event_text(event, lang)

    def catalogs(self) -> list:
        """The catalogs whose completeness conformance checks."""
        return [I.CATALOG]

    def default_action(self, state: dict, seat: int) -> dict:
        return bots.default_action(state, seat)

    def bot(self, state: dict, seat: int, rng) -> dict:
        return bots.bot(state, seat, rng)

    def shuffle_hidden(self, state: dict, seat: int | None, rng) -> dict:
        s = json.loads(json.dumps(state))
        rng.shuffle(s["draw"])
        if state["stage"] != "over":
            for kind in ("region", "path", "office"):
                others = [i for i in range(s["players"]) if i != seat]
                pool = [s["objectives"][i][kind] for i in others] + list(s["objective_box"][kind])
                rng.shuffle(pool)
                for i in others:
                    s["objectives"][i][kind] = pool.pop()
                s["objective_box"][kind] = sorted(pool)
        return s


    # --- orders given in advance (orders.py) ---------------------------------------

    standing_wording = orders.WORDING  # how its standing orders are written and read in every language

    def standing_specs(self, state: dict, seat: int, *, lang: str = "en") -> list[dict]:
        return orders.standing_specs(state, seat, lang)

    def standing_action(self, state: dict, seat: int, order: dict):
        return orders.standing_action(state, seat, order)

    def reversible(self, before: dict, moves: dict, after: dict) -> bool:
        return orders.reversible(before, moves, after)
