"""The recipe layer the table draws from: one :class:`Rng` with seeding, reseeding, scaling and audit.

``Rng`` seeds its DRBG from a health-tested :class:`~rng.entropy.EntropySource`, reseeds on a schedule
(every ``reseed_interval`` generate requests and at least every ``reseed_seconds`` of the injected
clock), and serves outcomes from large DRBG requests through the exact :class:`~rng.scaling.Scaler`.
Each draw returns a :class:`Draw`: the value plus its audit fields (generator id, draw counter, reseed
epoch) so the ledger can tie every persisted outcome to the draw that produced it. Nothing here
reveals state, seed or buffered output.

>>> rng = Rng(EntropySource(HealthParameters(min_entropy=8)), clock=lambda: 0.0, name="doc")
>>> draw = rng.randbelow(37)
>>> 0 <= draw.value < 37, draw.counter, draw.epoch
(True, 1, 0)
>>> sorted(rng.shuffle("abc").value)
['a', 'b', 'c']
"""

from __future__ import annotations

import sys
from array import array
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Generic, NamedTuple, NoReturn, TypeVar

from rng.drbg import MAX_REQUEST_BYTES, CtrDrbg, DrbgStateError, HmacDrbg
from rng.entropy import EntropySource, HealthParameters
from rng.errors import RngFailure
from rng.scaling import Scaler
from rng.selftest import power_up

T = TypeVar("T")

GENERATORS: dict[str, Callable[[int], CtrDrbg | HmacDrbg]] = {
    "ctr_drbg_aes256": lambda interval: CtrDrbg(256, use_df=True, reseed_interval=interval),
    "hmac_drbg_sha256": lambda interval: HmacDrbg("sha256", reseed_interval=interval),
}
WORD_BITS = 64
DICE_FACES = 6

__all__ = ["GENERATORS", "Audit", "Draw", "EntropySource", "HealthParameters", "Rng", "RngFailure"]


@dataclass(frozen=True, slots=True)
class Audit:
    """Which draw produced an outcome: never any state."""

    generator_id: str
    counter: int  # draws served by this generator since instantiation, from 1
    epoch: int  # reseeds since instantiation, from 0


class Draw(NamedTuple, Generic[T]):
    """An outcome and its audit fields. A NamedTuple, not a dataclass: it is built on the hot path."""

    value: T
    generator_id: str
    counter: int
    epoch: int

    @property
    def audit(self) -> Audit:
        """The audit record the ledger persists with the outcome."""
        return Audit(self.generator_id, self.counter, self.epoch)


_new_draw = tuple.__new__  # builds a Draw without NamedTuple.__new__'s extra Python frame (hot path)


class Rng:
    """The table's random number generator (see the module docstring).

    One ``Rng`` belongs to one thread, the table controller's, which calls :meth:`advance` between rounds;
    a lock would cost a third of a draw's time, and the table never draws from two threads.
    """

    __slots__ = (
        "_clock", "_drbg", "_entropy", "_last_head", "_requests", "_reseed_due", "_scaler",
        "block_bytes", "counter", "cycles", "epoch", "generator", "generator_id", "reseed_interval",
        "reseed_seconds",
    )  # fmt: skip

    def __init__(
        self,
        entropy: EntropySource,
        clock: Callable[[], float],
        generator: str = "ctr_drbg_aes256",
        reseed_interval: int = 100_000,
        reseed_seconds: float = 600,
        name: str = "rng",
        block_bytes: int = MAX_REQUEST_BYTES,
    ) -> None:
        if generator not in GENERATORS:
            raise ValueError(f"generator must be one of {', '.join(GENERATORS)}, got {generator!r}")
        if not 8 <= block_bytes <= MAX_REQUEST_BYTES or block_bytes & 7:  # whole 64-bit words
            raise ValueError(
                f"block_bytes must be a multiple of 8 in 8..{MAX_REQUEST_BYTES}, got {block_bytes}"
            )
        if not reseed_seconds > 0:
            raise ValueError(f"reseed_seconds must be positive, got {reseed_seconds}")
        power_up(generator)
        self._drbg = GENERATORS[generator](reseed_interval)
        self._entropy, self._clock = entropy, clock
        self.generator, self.block_bytes = generator, block_bytes
        self.reseed_interval, self.reseed_seconds = reseed_interval, reseed_seconds
        self._last_head = b""
        self.counter = 0
        self.epoch = 0
        self.cycles = 0  # background advances since instantiation (a count the lab may see, never state)
        self._instantiate(name)
        self._scaler = Scaler(self._stream(array("Q")).__next__, WORD_BITS)

    def __repr__(self) -> str:
        return f"Rng(generator_id={self.generator_id!r}, counter={self.counter}, epoch={self.epoch})"

    def __reduce__(self) -> NoReturn:
        raise TypeError("Rng holds secret state and cannot be pickled or copied")

    @property
    def rejections(self) -> int:
        """Words the scaler has rejected so far (for the lab; expected to stay near zero at 64 bits)."""
        return self._scaler.rejections

    # -- seeding -------------------------------------------------------------------------------------

    def _instantiate(self, name: str) -> None:
        strength = self._drbg.security_strength
        tag = self._entropy.read(4).hex()  # names this instance; read apart from, and never part of, the seed
        self.generator_id = f"{self.generator}/{name}/{tag}"
        entropy = self._entropy.read(self._entropy.bytes_for(strength))
        nonce = self._entropy.read(self._entropy.bytes_for(strength // 2))
        self._drbg.instantiate(entropy, nonce, self.generator_id.encode())
        self._requests = 0
        self._reseed_due = self._clock() + self.reseed_seconds

    def _reseed_drbg(self) -> None:
        entropy = self._entropy.read(self._entropy.bytes_for(self._drbg.security_strength))
        self._drbg.reseed(entropy)
        self.epoch += 1
        self._requests = 0
        self._reseed_due = self._clock() + self.reseed_seconds

    def _due(self) -> bool:
        return self._requests >= self.reseed_interval or self._clock() >= self._reseed_due

    def reseed(self) -> None:
        """Reseed now from the entropy source; buffered output from before the reseed is discarded."""
        self._reseed_drbg()
        self._scaler.next_word = self._stream(array("Q")).__next__

    def advance(self) -> None:
        """Between rounds: reseed if due, then move the generator on by one request, dropping the buffer.

        The next round's outcomes then come from output generated after the previous round ended. The table
        also calls it on a timer while it is idle (``[rng] advance_ms``), so the words a draw takes were
        generated at most that long before it.
        """
        if self._due():
            self._reseed_drbg()
        self.cycles += 1
        self._scaler.next_word = self._stream(self._fresh_words()).__next__

    # -- output --------------------------------------------------------------------------------------

    def _generate(self, n_bytes: int) -> bytes:
        try:
            block = self._drbg.generate(n_bytes)
        except DrbgStateError as error:
            raise RngFailure(f"DRBG refused to generate: {error}") from None
        self._requests += 1
        # Continuous test: two requests must never start alike (a stuck generator would repeat).
        head = block[:16]
        if head == self._last_head and len(head) == 16:
            raise RngFailure("continuous test failed: two DRBG requests returned the same first block")
        self._last_head = head
        return block

    def _fresh_words(self) -> array[int]:
        words = array("Q", self._generate(self.block_bytes))
        if sys.byteorder == "big":  # words are little-endian everywhere, so dumps replay on any machine
            words.byteswap()
        return words

    def _stream(self, words: array[int]) -> Iterator[int]:
        """Endless 64-bit words: the given buffer, then fresh requests, reseeding whenever due."""
        while True:
            yield from words
            if self._due():
                self._reseed_drbg()
            words = self._fresh_words()

    def stream(self, n_bytes: int) -> Iterator[bytes]:
        """``n_bytes`` of DRBG output straight from the generator, one request of up to 64 KiB at a time.

        Lab dumps of any size go through here, so memory stays flat however large the dump.
        """
        if n_bytes < 0:
            raise ValueError(f"n_bytes must not be negative, got {n_bytes}")
        for start in range(0, n_bytes, MAX_REQUEST_BYTES):
            if self._due():
                self._reseed_drbg()
            yield self._generate(min(MAX_REQUEST_BYTES, n_bytes - start))

    def raw(self, n_bytes: int) -> bytes:
        """``n_bytes`` of DRBG output as one object (see :meth:`stream`)."""
        return b"".join(self.stream(n_bytes))

    # -- draws ---------------------------------------------------------------------------------------

    def randbelow(self, n: int) -> Draw[int]:
        """A uniform integer in ``[0, n)``."""
        if self._clock() >= self._reseed_due:
            self.reseed()
        value = self._scaler.below(n)
        self.counter += 1
        return _new_draw(Draw, (value, self.generator_id, self.counter, self.epoch))

    def randbelow_values(self, n: int, count: int) -> list[int]:
        """The values of ``count`` calls of :meth:`randbelow`, drawn at once, without their audit fields.

        The same words, the same rejection sampling and the same values in the same order (the scaler's
        :meth:`~rng.scaling.Scaler.below_many`); ``counter`` moves on by ``count``. For the lab's
        simulator, which records no audit per draw; the table draws with :meth:`randbelow`.
        """
        if self._clock() >= self._reseed_due:
            self.reseed()
        values = self._scaler.below_many(n, count)
        self.counter += count
        return values

    def pocket(self, pockets: Sequence[T]) -> Draw[T]:
        """One pocket of a wheel, each equally likely; ``pockets`` is the wheel's pockets in any order."""
        if not pockets:
            raise ValueError("a wheel needs at least one pocket")
        if self._clock() >= self._reseed_due:
            self.reseed()
        value = pockets[self._scaler.below(len(pockets))]
        self.counter += 1
        return _new_draw(Draw, (value, self.generator_id, self.counter, self.epoch))

    def dice(self, count: int = 2) -> Draw[tuple[int, ...]]:
        """``count`` fair six-sided dice, each 1..6."""
        if type(count) is not int or count < 1:
            raise ValueError(f"dice count must be a positive int, got {count!r}")
        if self._clock() >= self._reseed_due:
            self.reseed()
        below = self._scaler.below
        value = tuple(1 + below(DICE_FACES) for _ in range(count))
        self.counter += 1
        return _new_draw(Draw, (value, self.generator_id, self.counter, self.epoch))

    def shuffle(self, items: Sequence[T]) -> Draw[tuple[T, ...]]:
        """A uniformly random permutation of ``items`` (Fisher–Yates), as a new tuple."""
        if self._clock() >= self._reseed_due:
            self.reseed()
        order = list(items)
        for i, j in enumerate(self._scaler.shuffle_indices(len(order))):
            last = len(order) - 1 - i
            order[last], order[j] = order[j], order[last]
        self.counter += 1
        return _new_draw(Draw, (tuple(order), self.generator_id, self.counter, self.epoch))
