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

from engines.i18n import event_text

from . import bots, rules, text
from . import orders
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
        seat = current_seat(state)
        if seat is None:
            return []
        if state["pending"]:
            item = state["pending"][0]
            kind = item["kind"]
            if kind == "pick":
                return [decision(seat, "bonus chest", f"Choose a bonus chest of {rules.rname(item['region'])}: "
                                 f"{', '.join(item['options'])}.")]
            if kind == "purple":
                return [decision(seat, "privilege", "You may discard 2 purple chests for a privilege card, or keep them.")]
            return [decision(seat, "immunity", "You may use a turquoise immunity chest on one of your figures "
                             "in a scored region, or pass.")]
        return [decision(seat, "turn", "Your family member is on top: take a resource action or a movement-and-placement action.")]

    def actions(self, state: dict, seat: int, *, lang: str = "en") -> list:
        if seat != current_seat(state):
            return []
        if state["pending"]:
            item = state["pending"][0]
            if item["kind"] == "pick":
                opts = sorted(set(item["options"]))
                return [spec("take", "Take one of the drawn bonus chests", f"take {text.chest_words(opts[0])}",
                             chest=enum(*opts))]
            if item["kind"] == "purple":
                avail = rules.available_privileges(state, seat)
                return [
                    spec("privilege", "Discard 2 purple chests and take this privilege card", f"privilege {avail[0]}",
                         number=enum(*avail)),
                    spec("keep", "Keep your purple chests", "keep"),
                ]
            targets = rules.immunity_targets(state, seat)
            regions = sorted({t[0] for t in targets})
            t0 = targets[0]
            return [
                spec("immune", "Keep this figure on its office (spends a turquoise immunity chest)",
                     f"immune {t0[0]} {t0[1]} {t0[2]}", region=enum(*regions), office=integer(1, 6), slot=integer(1, 2)),
                spec("pass", "Use no (further) immunity chest", "pass"),
            ]
        specs = [spec("resources", "Resource action: take the figures and chests of a resource space (1-5)",
                      "resources 3", space=integer(1, 5))]
        with_chests = [i + 1 for i, c in enumerate(state["res_chests"]) if c]
        if held(state, seat, "turquoise-resources") and with_chests:
            # the example takes the figures of space 1 and the richest pile elsewhere
            src = max(with_chests, key=lambda i: (len(state["res_chests"][i - 1]), -i))
            space = 1 if src != 1 else 3
            specs.append(spec("resources_swap", "Resource action taking the chests of another space (turquoise chest)",
                              f"resources {space} chests {src}", space=integer(1, 5), chests=integer(1, 5)))
        legal = rules.legal_placements(state, seat)
        single = [p for p in legal if not p["double"]]
        if single:
            regions = [r for r in state["regions"] if any(p["region"] == r for p in single)]
            ex = single[0]
            specs.append(spec("place", "Movement and placement: occupy an office (region, office 1 = leftmost, figure)",
                              f"place {ex['region']} {ex['office']} {ex['figure']}",
                              region=enum(*regions), office=integer(1, 6), figure=enum("envoy", "noble")))
        double = [p for p in legal if p["double"]]
        if double:
            regions = [r for r in state["regions"] if any(p["region"] == r for p in double)]
            ex = double[0]
            specs.append(spec("place_double", "Place two envoys on one office (privilege 3)",
                              f"place {ex['region']} {ex['office']} double", region=enum(*regions), office=integer(1, 6)))
        arm = rules.armable(state, seat)
        if arm:
            specs.append(spec("chest", "Use a chest for this turn's action", f"chest {text.chest_words(arm[0])}",
                              chest=enum(*arm)))
        return specs

    def validate(self, state: dict, seat: int, action: dict, *, lang: str = "en") -> None:
        specs = self.actions(state, seat)
        if not specs:
            raise IllegalAction("It is not your turn: nothing is asked of you now.")
        try:
            check_against_specs(specs, action)
        except IllegalAction as refused:
            # a placement the specs do not offer (an unaffordable region, an office taken):
            # the rules say why, which tells more than "not one of [...]"
            if _placement_shaped(action, state):
                try:
                    rules.plan_placement(state, seat, action["region"], action["office"],
                                         action.get("figure", "envoy"), action["type"] == "place_double")
                except IllegalAction as why:
                    raise IllegalAction(f"{why.message} {describe_actions(specs)}") from None
            raise refused
        try:
            self._check(state, seat, action)
        except IllegalAction as why:
            raise IllegalAction(f"{why.message} {describe_actions(specs)}") from None

    def _check(self, state: dict, seat: int, action: dict) -> None:
        t = action["type"]
        if t == "immune":
            target = (action["region"], action["office"], action["slot"])
            if target not in rules.immunity_targets(state, seat):
                allowed = ", ".join(f"{r} {o} {sl}" for r, o, sl in rules.immunity_targets(state, seat))
                raise IllegalAction(f"You have no figure there that could stay. Possible: {allowed}.")
        elif t == "resources_swap":
            if action["space"] == action["chests"]:
                raise IllegalAction("The turquoise chest takes the chests of a different resource space.")
            if not state["res_chests"][action["chests"] - 1]:
                with_chests = [str(i + 1) for i, c in enumerate(state["res_chests"]) if c and i + 1 != action["space"]]
                raise IllegalAction(f"There is no chest under resource space {action['chests']}. "
                                    f"Spaces with chests: {', '.join(with_chests) or 'none'}.")
        elif t in ("place", "place_double"):
            fig = action.get("figure", "envoy")
            rules.plan_placement(state, seat, action["region"], action["office"], fig, t == "place_double")

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
        return text.parse(self, state, seat, text_)

    def command(self, state: dict, seat: int, action: dict, *, lang: str = "en") -> str:
        return text.command(action)

    def render(self, state: dict, seat: int | None, *, lang: str = "en") -> str:
        return text.render(state, seat, self)

    def event_text(self, event: dict, lang: str = "en") -> str:
        """An event of the history written in ``lang`` (see engines/README.md)."""
        return event_text(event, lang)

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

    def standing_specs(self, state: dict, seat: int, *, lang: str = "en") -> list[dict]:
        return orders.standing_specs(state, seat, lang)

    def standing_action(self, state: dict, seat: int, order: dict):
        return orders.standing_action(state, seat, order)

    def reversible(self, before: dict, moves: dict, after: dict) -> bool:
        return orders.reversible(before, moves, after)
