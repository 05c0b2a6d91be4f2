"""The table's health checks whose failure is a tilt: the certified generator and the ledger's chain.

The generator is cycled between rounds and while the table waits (``cycling``); a failure there or at a
draw tilts the table (``rng_failure``) and is logged. A technician clears that tilt only after the
generator's known-answer and health self-test passes again, and the generator reseeds before it serves.
The ledger's chain is verified on demand up to its sealed high-water mark; a finding tilts the table
(``ledger_integrity``, never cleared automatically).
"""

from __future__ import annotations

from collections.abc import Callable

from rng import Rng, RngFailure
from rng.selftest import power_up
from terminal.ledger import EventCode, Ledger
from terminal.table.tilt_board import TiltBoard
from terminal.table.tilts import Role, Tilt, TiltKind


class Health:
    """A table's generator and ledger checks; see the module docstring.

    ``rng`` gives the table's generator at the time of the call (the lab's forced and scripted generators
    stand in for the production one after the table is built).
    """

    def __init__(self, rng: Callable[[], Rng], generator: str, ledger: Ledger, tilts: TiltBoard) -> None:
        self._rng, self._generator, self._ledger, self._tilts = rng, generator, ledger, tilts

    def advance_rng(self) -> None:
        """Cycle the generator (``cycling``); a failure tilts the table as a failed draw does."""
        if self._tilts.find(TiltKind.RNG_FAILURE, None) is not None:
            return  # a failed generator waits for the technician's self-test (``clear_rng_failure``)
        try:
            self._rng().advance()
        except RngFailure as failed:
            self.rng_failed(failed, on="advance")

    def rng_failed(self, failed: RngFailure, *, on: str | None = None) -> None:
        """The generator failed (at a draw, or ``on`` another occasion): tilt the table and log it."""
        self._tilts.raise_tilt(Tilt(TiltKind.RNG_FAILURE, None, str(failed)))
        detail = {"failure": str(failed)} | ({"on": on} if on else {})
        self._tilts.log_event(EventCode.RNG_SELFTEST_FAIL, detail=detail)

    def clear_rng_failure(self, role: Role, selftest: Callable[[], object] | None = None) -> None:
        """A technician clears an RNG failure: the generator's self-test must pass first (then it reseeds).

        ``selftest`` defaults to the power-up known-answer and health tests of the configured generator. A
        failing self-test is logged and raised (:class:`RngFailure`); the tilt stays.
        """
        self._tilts.check_clear(TiltKind.RNG_FAILURE, None, role)  # may this role, before any test?
        try:
            (selftest or (lambda: power_up(self._generator)))()
            self._rng().reseed()
        except RngFailure as failed:
            detail = {"failure": str(failed), "on": "tilt clear"}
            self._tilts.log_event(EventCode.RNG_SELFTEST_FAIL, detail=detail)
            raise
        self._tilts.log_event(EventCode.RNG_SELFTEST_PASS, detail={"on": "tilt clear"})
        self._tilts.clear_tilt(TiltKind.RNG_FAILURE, None, role, condition_over=True)

    def self_test_ledger(self) -> str | None:
        """Ledger integrity on demand: the whole chain verifies and reaches its high-water mark. A failure
        tilts the table (``ledger_integrity``, never cleared automatically); returns it, or ``None``."""
        found = self._ledger.verify()
        finding = found.first_bad or self._ledger.check_mark()
        if finding is None:
            self._tilts.log_event(EventCode.LEDGER_VERIFY_PASS, detail={"rows": found.rows, "on": "demand"})
            return None
        where = f"ledger {self._ledger.path}: {finding}"
        self._tilts.raise_tilt(Tilt(TiltKind.LEDGER_INTEGRITY, None, where))
        self._tilts.log_event(EventCode.LEDGER_VERIFY_FAIL, detail={"finding": finding})
        return finding
