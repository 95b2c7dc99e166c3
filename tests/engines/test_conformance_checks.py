"""The conformance checks themselves: a contract-true engine passes, and each
kind of defect they exist to catch is caught."""


import pytest

from engines.conformance import ConformanceError, check_engine, check_static, play_checked
from tests.support.sealedbid import ENGINE, SealedBid


@pytest.mark.parametrize("players", [2, 3, 4])
def test_contract_true_engine_passes(players):
    check_static(ENGINE)
    records = check_engine(ENGINE, players, range(1, 31))
    assert all(r.outcome["ranks"].count(1) >= 1 for r in records)


class LeakyView(SealedBid):
    def view(self, state, seat):
        return super().view(state, seat) | {"deck": state["deck"]}


class MutatingApply(SealedBid):
    def apply(self, state, moves):
        state["round"] = state["round"]  # touching is fine...
        state.setdefault("touched", 0)
        state["touched"] += 1  # ...changing is not
        return super().apply(state, moves)


class BadParse(SealedBid):
    def command(self, state, seat, action):
        return "bid 0" if action["type"] == "bid" else super().command(state, seat, action)


class RefusedExample(SealedBid):
    def actions(self, state, seat):
        return [dict(s, example="bid 999") if s["type"] == "bid" else s for s in super().actions(state, seat)]


class Nondeterministic(SealedBid):
    calls = 0

    def apply(self, state, moves):
        Nondeterministic.calls += 1
        step = super().apply(state, moves)
        step["state"]["noise"] = Nondeterministic.calls
        return step


class LeaksRng(SealedBid):
    def view(self, state, seat):
        return super().view(state, seat) | {"r": state["rng"]}


@pytest.mark.parametrize(
    "engine, message",
    [
        (LeakyView(), "leaks"),
        (MutatingApply(), "changed its input"),
        (BadParse(), "parse("),
        (Nondeterministic(), "not deterministic"),
        (LeaksRng(), "random generator"),
        (RefusedExample(), "example 'bid 999' of bid is refused"),
    ],
)
def test_defects_are_caught(engine, message):
    with pytest.raises(ConformanceError, match=message.replace("(", r"\(")):
        for seed in range(1, 20):
            play_checked(engine, 3, seed)


def test_replay_mismatch_is_caught():
    class Forgetful(SealedBid):
        def setup(self, players, seed, options=None):
            s = super().setup(players, seed, options)
            Forgetful.n = getattr(Forgetful, "n", 0) + 1
            if Forgetful.n > 2:  # replay sees a different deck
                s["deck"] = list(reversed(s["deck"]))
            return s

    with pytest.raises(ConformanceError):
        check_engine(Forgetful(), 2, [1])


def test_an_offered_play_that_validate_refuses_is_caught():
    class OffersTooMuch(SealedBid):
        def choices(self, state, seat):
            out = super().choices(state, seat)
            for c in out:
                if c["type"] == "bid":  # one coin more than the purse
                    c["plays"].append({"action": {"type": "bid", "amount": state["coins"][seat] + 1}, "label": "too much", "on": None})
            return out

    with pytest.raises(ConformanceError, match="offered play"):
        check_engine(OffersTooMuch(), 2, range(1, 2), deep_games=1)


def test_a_choice_labelled_with_an_id_is_caught():
    class Ids(SealedBid):
        def choices(self, state, seat):
            out = super().choices(state, seat)
            for c in out:
                for p in c["plays"]:
                    p["label"] = "louise-11"
            return out

    with pytest.raises(ConformanceError, match="printed name"):
        check_engine(Ids(), 2, range(1, 2), deep_games=1)
