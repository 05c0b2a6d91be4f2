"""What the table needs from a game, whatever the game: one driver over the game's pure engine.

A driver holds the game's current *play* (the engine's frozen value: standing wagers, the state that
outlives a round) between messages and speaks the table's language: a wager is a seat, a spot text and
an amount; an outcome is drawn from the certified RNG as the game's draw plan says and persisted as its
JSON record; settling returns the engine's :class:`~terminal.games.base.Settlement` records and a
snapshot of the play that the ledger persists with them. The engine decides; the driver only keeps its
play and turns it into and out of JSON. It names no game: every game comes through the seam
(:mod:`terminal.games.seam`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rng import Rng
from terminal.games.seam import Choice, Continuing, JSONObject, Outcome, Placement, Setup, WagerLine
from terminal.games.seam import Settled as EngineSettled
from terminal.ledger import WagerSpec
from terminal.ledger.recall import WagerRecord

__all__ = ["Drawn", "GameDriver", "Placement", "Settled", "WagerLine", "spec_of"]


def spec_of(placement: Placement) -> WagerSpec:
    """The ledger's record of a placement."""
    p = placement
    return WagerSpec(p.ref, p.seat, p.kind, p.spot, p.paytable, p.stake)


@dataclass(frozen=True, slots=True)
class Drawn:
    """An outcome drawn from the RNG: the record the ledger persists and the words the screens show."""

    outcome: dict[str, Any]
    text: str
    generator: str
    counter: int
    reseed_epoch: int


@dataclass(frozen=True, slots=True)
class Settled:
    """What a round's outcome did: settlements, whether the round was void, and the state to persist."""

    settlements: tuple[Any, ...]
    void: bool
    state: dict[str, Any]
    notes: tuple[str, ...] = ()  # what the screens announce: a side game started, a new shooter...


class GameDriver:
    """The game a table runs, as the controller drives it: the setup's engine and its current play."""

    def __init__(self, setup: Setup) -> None:
        self.setup = setup
        self.game = setup.game
        self.engine = setup.engine
        self.play: Any = self.engine.start()
        self._validated: dict[str, Any] = {}  # ref -> the play once that placement is recorded

    # -- wagers ----------------------------------------------------------------------------------------
    def validate(self, seat: int, ref: str, spot: str, amount: int) -> Placement:
        """Check a new wager against the rules and the seat's other wagers; raise ``IllegalBetError``."""
        placement, after = self.engine.place(self.play, seat, ref, spot, amount)
        self._validated = {ref: after}
        return placement

    def accept(self, placement: Placement) -> None:
        """Take a validated wager once the ledger has recorded it."""
        self.play = self._validated.pop(placement.ref)

    def removable(self, seat: int, spot: str | None) -> tuple[str, ...]:
        """Refs of the seat's wagers on ``spot`` (all its wagers for ``None``) that may come down now."""
        return tuple(self.engine.removable(self.play, seat, spot))

    def remove(self, refs: Sequence[str]) -> None:
        """Drop wagers the ledger has withdrawn."""
        self.play = self.engine.remove(self.play, refs)

    def set_working(self, seat: int, spot: str, working: bool) -> None:
        """Turn a wager ON or OFF; ``ValueError`` where the game has no such toggle."""
        self.play = self.engine.set_working(self.play, seat, spot, working)

    def choice(self) -> Choice | None:
        """What seats may be asked to choose (the options and the seconds they have), if anything."""
        return self.engine.choice()

    def choose(self, seat: int, option: str, assigned: bool) -> None:
        """A seat's choice; ``ValueError`` where it has none to make."""
        self.play = self.engine.choose(self.play, seat, option, assigned)

    def awaiting(self) -> tuple[int, ...]:
        """Seats that must choose before the next outcome."""
        return tuple(self.engine.awaiting(self.play))

    def window_seconds(self, betting_seconds: int) -> int:
        """How long the next betting window stays open: none when the next outcome continues the round
        in play (a game's further throw, which takes no wagers), else ``betting_seconds`` unless the game
        says."""
        if self.continues():
            return 0
        window = self.setup.window
        return betting_seconds if window is None else window(self.play, betting_seconds)

    # -- outcome ---------------------------------------------------------------------------------------
    def draw(self, rng: Rng) -> Drawn:
        """Draw the round's outcome from the certified RNG, as the game's draw plan says."""
        plan = self.setup.draw
        if plan.recipe == "dice":
            dice = rng.dice(plan.n)
            values, generator, counter, epoch = dice.value, dice.generator_id, dice.counter, dice.epoch
        else:
            below = rng.randbelow(plan.n)
            values, generator, counter, epoch = (below.value,), below.generator_id, below.counter, below.epoch
        extra = tuple(rng.randbelow(bound).value for bound in plan.extra)  # a side wager's own draws
        engine = self.engine
        drawn = (*values, *extra)
        if isinstance(engine, Continuing):  # a further throw of the round is read as the play has it
            record = engine.outcome_in(self.play, drawn).to_json()
        else:
            record = engine.outcome(drawn).to_json()
        return Drawn(record, str(record["text"]), generator, counter, epoch)

    def continues(self) -> bool:
        """The next outcome continues the round in play (a game's further throw): no betting window."""
        engine = self.engine
        return isinstance(engine, Continuing) and bool(engine.continues(self.play))

    def read(self, outcome: JSONObject) -> Outcome:
        """A persisted outcome record as the game's outcome (``ValueError`` if it is not one)."""
        try:
            read: Outcome = self.engine.read_outcome(outcome)
        except (KeyError, TypeError, IndexError) as bad:
            raise ValueError(f"not a {self.game} outcome: {outcome!r} ({bad})") from None
        return read

    def settle(self, outcome: JSONObject) -> Settled:
        """Settle every wager on a persisted ``outcome`` and move the game's play on."""
        settled: EngineSettled[Any] = self.engine.settle(self.play, self.read(outcome))
        self.play = settled.play
        return Settled(settled.settlements, settled.void, self.snapshot(), settled.notes)

    # -- views and persistence -------------------------------------------------------------------------
    def wagers_of(self, seat: int) -> tuple[WagerLine, ...]:
        """The seat's wagers, for its screen."""
        return tuple(self.engine.wagers_of(self.play, seat))

    def snapshot(self) -> dict[str, Any]:
        """The multi-round state as JSON (wagers of earlier rounds, what is in progress...)."""
        return dict(self.engine.snapshot(self.play))

    def restore(self, snapshot: dict[str, Any] | None, pending: Sequence[WagerRecord]) -> None:
        """Rebuild from the ledger: the last persisted snapshot and every wager still in play."""
        placed = [Placement(r.ref, r.seat, r.kind, r.spot, r.paytable, r.stake) for r in pending]
        self.play = self.engine.restore(snapshot, placed)
        self._validated = {}

    def view(self, last: JSONObject | None) -> Any:
        """The game's view record for every screen (``last``: the last persisted outcome, if any)."""
        outcome = None
        if last:
            try:
                outcome = self.read(last)
            except ValueError:  # a round of another game, from before the table changed games
                outcome = None
        return self.engine.view(self.play, outcome)
