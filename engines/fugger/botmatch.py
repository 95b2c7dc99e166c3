"""How strong is the Fugger bot? It plays one seat against K-1 opponents that
either take the default action (what a timed-out player gets) or a random legal
action, over N games (seats rotated), and reports its win rate and mean wealth
(the runner every engine shares, engines.botmatch, with what is Fugger's own).

    python -m engines.fugger.botmatch --games 40 --players 3 --opponent default
    python -m engines.fugger.botmatch --games 40 --players 3 --opponent random --variant nobility

Wealth is the Trading Game's (cash + wares at forced-sale prices + debt notes),
with the country estates in the Full game; a win is rank 1 (shared first places
count for each).
"""

from __future__ import annotations

from engines import botmatch
from engines.rng import Rng

from . import ENGINE
from . import data as D
from . import nobility as NB
from . import rules as R


def random_action(state: dict, seat: int, rng: Rng) -> dict:
    """A legal action chosen at random: a random action type, random prices for sealed prices and bids,
    else the spec's example (always a legal command for this seat now)."""
    specs = ENGINE.actions(state, seat)
    sp = rng.choice(specs)
    pend = ENGINE._pending_for(state, seat)
    if sp["type"] in ("sell", "bid"):
        limit = R.sell_limit(state, pend, seat)
        if sp["type"] == "sell":
            low, high = D.PRICE_STEP, pend["price"] // D.PRICE_STEP * D.PRICE_STEP
        else:
            low = -(-pend["price"] // D.PRICE_STEP) * D.PRICE_STEP
            high = low + 50 * D.PRICE_STEP
        prices = [low + D.PRICE_STEP * rng.randint(0, (high - low) // D.PRICE_STEP) for _ in range(rng.randint(0, limit))]
        return {"type": sp["type"], "ware": pend["ware"], "prices": prices}
    if sp["type"] == "auction":
        top = ENGINE._auction_cap(state, seat, pend)
        if rng.below(2) or top < pend["min"]:
            return {"type": "auction", "amount": 0}
        return {"type": "auction", "amount": pend["min"] + D.PRICE_STEP * rng.randint(0, (top - pend["min"]) // D.PRICE_STEP)}
    return ENGINE.parse(state, seat, sp["example"])[0]


def _wealth(engine, S: dict, seat: int) -> int:
    return NB.final_wealth(S, seat) if R.variant(S) else R.wealth(S, seat)


SETUP = botmatch.Setup(
    random_player=lambda engine, state, seat, rng: random_action(state, seat, rng),
    rng_for=lambda seed, players, bot_seat: Rng.from_seed(seed * 7919 + bot_seat),
    measure=_wealth,
    measure_name="wealth",
    variants=tuple(NB.ENABLED),
    default_players=3,
    default_games=40,
)


def match(games: int, players: int, opponent: str, options: dict | None = None, first_seed: int = 1) -> dict:
    return botmatch.match(ENGINE, games, players, opponent, first_seed, options, setup=SETUP)


def main(argv: list[str] | None = None) -> int:
    return botmatch.main(argv, "fugger", SETUP)


if __name__ == "__main__":
    raise SystemExit(main())
