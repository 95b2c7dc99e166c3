"""A test-only engine ("sealedbid") that exercises every part of the service:
sealed decisions for all seats, an unsealed turn of several actions, a private
event, hidden deck order, and an end with ranks. It passes the conformance
checks, so the service tests rely on a contract-true engine.

Rules: each player has 10 coins. Three prizes are drawn from a shuffled deck
of values 1-6. Each round everyone bids in secret; the highest bid (ties: the
lower seat) pays and takes the prize's turn: he may ``peek`` at the next prize
once, then ``claim points`` (the prize's value) or ``claim coins`` (2 coins).
Most points wins, then most coins.
"""

from __future__ import annotations

import copy

from engines.base import (
    choices_from_specs,
    plain_name,
    ParseError,
    check_against_specs,
    decision,
    describe_actions,
    enum,
    event,
    integer,
    ranked_outcome,
    spec,
)
from engines.rng import Rng, seed_state

ROUNDS = 3


class SealedBid:
    slug = "sealedbid"
    title = "Sealed Bid (test game)"
    min_players = 2
    max_players = 4
    options_schema = {
        "type": "object",
        "properties": {"rounds": {"type": "integer", "minimum": 1, "maximum": 5, "default": ROUNDS}},
        "additionalProperties": False,
    }

    def setup(self, players, seed, options=None):
        rounds = (options or {}).get("rounds", ROUNDS)
        rng = Rng(seed_state(seed))
        deck = rng.shuffled([1, 2, 3, 4, 5, 6])
        return {
            "players": players,
            "rounds": rounds,
            "round": 1,
            "phase": "bid",
            "coins": [10] * players,
            "points": [0] * players,
            "prize": deck.pop(0),
            "deck": deck,
            "winner": None,
            "peeked": False,
            "rng": rng.state,
        }

    def decisions(self, state, *, lang="en"):
        if state["phase"] == "bid":
            return [
                decision(s, "bid", f"Bid for the prize of {state['prize']} (0-{state['coins'][s]} coins).", sealed=True)
                for s in range(state["players"])
            ]
        if state["phase"] == "claim":
            return [decision(state["winner"], "claim", "Claim your prize as points or as 2 coins.")]
        return []

    def actions(self, state, seat, *, lang="en"):
        if state["phase"] == "bid":
            return [spec("bid", "Bid coins", f"bid {min(3, state['coins'][seat])}", amount=integer(0, state["coins"][seat]))]
        if state["phase"] == "claim" and seat == state["winner"]:
            specs = [spec("claim", "Claim the prize", "claim points", take=enum("points", "coins"))]
            if not state["peeked"] and state["deck"]:
                specs.insert(0, spec("peek", "Look at the next prize", "peek"))
            return specs
        return []

    def validate(self, state, seat, action, *, lang="en"):
        check_against_specs(self.actions(state, seat), action)

    def choices(self, state, seat, *, lang="en"):  # the contract's signature; this engine is English only
        return choices_from_specs(self.actions(state, seat, lang=lang), plain_name)

    def apply(self, state, moves):
        s = copy.deepcopy(state)
        events = []
        if s["phase"] == "bid":
            bids = {int(k): v["amount"] for k, v in moves.items()}
            best = max(bids.values())
            winner = min(k for k, v in bids.items() if v == best)
            s["coins"][winner] -= best
            s["winner"], s["phase"], s["peeked"] = winner, "claim", False
            events.append(event("resolved", f"Seat {winner + 1} wins the prize of {s['prize']} for {best}.", bids=bids))
        else:
            (seat, action), = moves.items()
            seat = int(seat)
            if action["type"] == "peek":
                s["peeked"] = True
                events.append(event("peek", f"The next prize is {s['deck'][0]}.", to=[seat], value=s["deck"][0]))
                events.append(event("peeked", f"Seat {seat + 1} looked at the next prize."))
            else:
                if action["take"] == "points":
                    s["points"][seat] += s["prize"]
                else:
                    s["coins"][seat] += 2
                events.append(event("claimed", f"Seat {seat + 1} takes {action['take']}."))
                if s["round"] == s["rounds"]:
                    s["phase"] = "over"
                    events.append(event("over", "The game is over."))
                else:
                    s["round"] += 1
                    s["prize"] = s["deck"].pop(0)
                    s["phase"], s["winner"] = "bid", None
        return {"state": s, "events": events}

    def view(self, state, seat):
        return {k: state[k] for k in ("players", "rounds", "round", "phase", "coins", "points", "prize", "winner")} | {
            "deck_size": len(state["deck"]),
            "next_prize": state["deck"][0] if state["peeked"] and seat == state["winner"] and state["deck"] else None,
        }

    def outcome(self, state):
        if state["phase"] != "over":
            return None
        return ranked_outcome(state["points"], tiebreak=state["coins"])

    def parse(self, state, seat, text, *, lang="en"):
        words = text.strip().lower().split()
        allowed = describe_actions(self.actions(state, seat))
        if words[:1] == ["bid"] and len(words) == 2 and words[1].isdigit():
            return [{"type": "bid", "amount": int(words[1])}]
        if words == ["peek"]:
            return [{"type": "peek"}]
        if words[:1] == ["claim"] and len(words) == 2 and words[1] in ("points", "coins"):
            return [{"type": "claim", "take": words[1]}]
        raise ParseError(f"I cannot read {text.strip()!r}. {allowed}", line=text)

    def command(self, state, seat, action):
        if action["type"] == "bid":
            return f"bid {action['amount']}"
        if action["type"] == "claim":
            return f"claim {action['take']}"
        return action["type"]

    def render(self, state, seat, *, lang="en"):
        lines = [f"Round {state['round']} of {state['rounds']}; prize {state['prize']}."]
        for s in range(state["players"]):
            lines.append(f"Seat {s + 1}: {state['coins'][s]} coins, {state['points'][s]} points")
        return "\n".join(lines)

    def default_action(self, state, seat):
        if state["phase"] == "bid":
            return {"type": "bid", "amount": 0}
        return {"type": "claim", "take": "points"}

    def bot(self, state, seat, rng):
        if state["phase"] == "bid":
            return {"type": "bid", "amount": rng.randint(0, min(state["coins"][seat], state["prize"]))}
        if not state["peeked"] and state["deck"] and rng.below(2):
            return {"type": "peek"}
        return {"type": "claim", "take": "points" if state["prize"] > 1 else "coins"}

    def shuffle_hidden(self, state, seat, rng):
        s = copy.deepcopy(state)
        keep = 1 if (state["peeked"] and seat == state["winner"]) else 0
        s["deck"] = s["deck"][:keep] + rng.shuffled(s["deck"][keep:])
        s["rng"] = Rng(rng.next64()).state
        return s


ENGINE = SealedBid()
