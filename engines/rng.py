"""The only source of chance for the engines.

A game keeps its generator state inside the game state (under ``"rng"``), so
``setup(players, seed)`` followed by the same moves gives the same states byte
for byte, on any machine and any Python version. Python's ``random`` module is
not used: its algorithms for shuffle and randrange have changed between
releases, and its state is 2.5 KB of integers.

The generator is SplitMix64 (Steele, Lea and Flood, 2014): 64 bits of state,
statistically sound for games, and simple enough to reimplement anywhere a
player wants to verify a record. Bounded integers use rejection sampling, so
every die face and every shuffle is exactly uniform.

Usage inside an engine::

    rng = Rng(state["rng"])
    rng.shuffle(deck)
    roll = rng.die()
    state["rng"] = rng.state   # write back before returning the new state
"""

from __future__ import annotations

from typing import MutableSequence, Sequence, TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def seed_state(seed: int) -> str:
    """The stored form of a fresh generator for ``seed`` (any int)."""
    return format(seed & _MASK, "016x")


class Rng:
    __slots__ = ("_s",)

    def __init__(self, state: str | int):
        self._s = int(state, 16) if isinstance(state, str) else state & _MASK

    @classmethod
    def from_seed(cls, seed: int) -> "Rng":
        return cls(seed_state(seed))

    @property
    def state(self) -> str:
        return format(self._s, "016x")

    def next64(self) -> int:
        self._s = (self._s + _GOLDEN) & _MASK
        z = self._s
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform in [0, n)."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def randint(self, low: int, high: int) -> int:
        """Uniform in [low, high], both included."""
        return low + self.below(high - low + 1)

    def die(self, sides: int = 6) -> int:
        return self.randint(1, sides)

    def dice(self, count: int, sides: int = 6) -> list[int]:
        return [self.die(sides) for _ in range(count)]

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence) -> None:
        """Fisher-Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def shuffled(self, items: Sequence[T]) -> list[T]:
        out = list(items)
        self.shuffle(out)
        return out

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        return self.shuffled(items)[:k]

    def token(self, nbits: int = 64) -> str:
        """Hex digits, e.g. for ids that must differ between seeds."""
        out = 0
        for _ in range((nbits + 63) // 64):
            out = (out << 64) | self.next64()
        return format(out >> ((64 - nbits % 64) % 64), "x")
