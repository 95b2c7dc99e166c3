from collections import Counter

from engines.rng import Rng, seed_state


def test_same_seed_same_sequence_and_state_round_trips():
    a, b = Rng.from_seed(42), Rng.from_seed(42)
    assert [a.next64() for _ in range(5)] == [b.next64() for _ in range(5)]
    c = Rng(a.state)
    assert c.next64() == a.next64()


def test_known_values_pin_the_algorithm():
    # SplitMix64 reference outputs for seed 0; a record stays verifiable only
    # while these never change.
    r = Rng(seed_state(0))
    assert [r.next64() for _ in range(3)] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]


def test_dice_are_uniform_and_in_range():
    r = Rng.from_seed(7)
    counts = Counter(r.die() for _ in range(60_000))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    assert all(9_400 < n < 10_600 for n in counts.values())


def test_shuffle_is_a_permutation_and_depends_on_seed():
    deck = list(range(52))
    one, two = Rng.from_seed(1).shuffled(deck), Rng.from_seed(2).shuffled(deck)
    assert sorted(one) == deck and sorted(two) == deck and one != two
    assert Rng.from_seed(1).shuffled(deck) == one
