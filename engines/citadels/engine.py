"""The Citadels engine: the contract of engines/base.py over the rules modules."""

from __future__ import annotations

from engines.base import IllegalAction
from engines.i18n import kinds_in, params_titled

from . import bots, choices, moves, orders, rules, text, views
from . import i18n as I
from . import render as rendering


class CitadelsEngine:
    slug = "citadels"
    title = "Ohne Furcht und Adel (Citadels)"
    # the title as published in each country (Hans im Glück; Giochi Uniti; Millennium/Edge; Fantasy Flight)
    titles = {"de": "Ohne Furcht und Adel", "it": "Citadels", "fr": "Citadelles", "en": "Citadels"}
    min_players = 2
    max_players = 7
    options_schema = {
        "type": "object",
        "properties": {
            "city_size": {
                "type": "integer",
                "enum": [8, 7],
                "default": 8,
                "description": "The game ends in the round a city reaches this many districts (7 shortens games with 6-7 players).",
            },
            "crown_variant": {
                "type": "boolean",
                "default": False,
                "description": "A murdered King still gets the crown, at the start of the next round.",
            },
        },
        "additionalProperties": False,
    }

    def _options(self, options: dict | None) -> dict:
        options = dict(options or {})
        unknown = sorted(set(options) - set(self.options_schema["properties"]))
        if unknown:
            raise ValueError(f"unknown option(s): {', '.join(unknown)}")
        out = {k: p["default"] for k, p in self.options_schema["properties"].items()}
        out.update(options)
        if out["city_size"] not in (7, 8):
            raise ValueError("city_size must be 7 or 8")
        out["crown_variant"] = bool(out["crown_variant"])
        return out

    def setup(self, players: int, seed: int, options: dict | None = None) -> dict:
        if not self.min_players <= players <= self.max_players:
            raise ValueError(f"Citadels is for {self.min_players}-{self.max_players} players")
        return rules.setup(players, seed, self._options(options))

    def decisions(self, state: dict, *, lang: str = "en") -> list:
        return kinds_in(I.CATALOG, moves.decisions(state, lang), lang)

    def actions(self, state: dict, seat: int, *, lang: str = "en") -> list:
        return params_titled(I.CATALOG, moves.actions(state, seat, lang), lang)

    def validate(self, state: dict, seat: int, action: dict, *, lang: str = "en") -> None:
        moves.validate(state, seat, action, lang)

    def choices(self, state: dict, seat: int, *, lang: str = "en") -> list:
        return choices.choices(state, seat, lang)

    def apply(self, state: dict, moves_: dict) -> dict:
        if len(moves_) != 1:
            raise IllegalAction("Citadels has no simultaneous decisions: send one move.")
        ((seat, action),) = moves_.items()
        self.validate(state, int(seat), action)
        return rules.apply(state, {int(seat): action})

    def view(self, state: dict, seat: int | None) -> dict:
        return views.view(state, seat)

    def outcome(self, state: dict):
        if state["phase"] != rules.PHASE_OVER:
            return None
        return rules.final_scores(state)

    def parse(self, state: dict, seat: int, text_: str, *, lang: str = "en") -> list[dict]:
        return text.parse(state, seat, text_, lang)

    def command(self, state: dict, seat: int, action: dict, *, lang: str = "en") -> str:
        return text.command(state, seat, action, lang)

    def render(self, state: dict, seat: int | None, *, lang: str = "en") -> str:
        return rendering.render(state, seat, lang)

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
        return views.shuffle_hidden(state, seat, rng)

    # --- orders given in advance (orders.py) ---------------------------------------

    standing_wording = orders.WORDING  # how its standing orders are written and read in every language

    def standing_specs(self, state: dict, seat: int, *, lang: str = "en") -> list[dict]:
        return orders.standing_specs(state, seat, lang)

    def standing_action(self, state: dict, seat: int, order: dict):
        return orders.standing_action(state, seat, order)

    def reversible(self, before: dict, moves: dict, after: dict) -> bool:
        return orders.reversible(before, moves, after)
