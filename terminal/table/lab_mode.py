"""Test mode (``[lab] mode = true``): forced outcomes, a separate test ledger, and the mode change logged.

**Nothing touches production.** In lab mode the table runs on its own ledger, ``[lab] test_ledger_path``
(same chain key, its own chain, meters and rounds): every test round, forced or not, counts on the test
meters there, and the production ledger's meters and chain of rounds are never written. The production
ledger gets exactly one event when the mode flips: ``MODE_CHANGE`` with the setting, before and after
(entering and leaving lab mode are configuration changes).

**Forced outcomes** exist only in lab mode. A lab user queues them through the service protocol
(``ServiceCommand("force_outcome", args)``); ``args`` is a kind and one or more values, in order:

- ``outcome 17 00 5`` (also written ``pocket``, ``roll`` or ``spin``): the next outcomes, each in the
  canonical text of the table's game (a pocket ``17``, dice ``4-3`` or ``2-5-5``, a wheel stop ``flag@27``),
  with the round's own further draws where the game takes them (its ``DrawPlan.extra``, as the game's
  parser writes them);
- ``team red black`` (also ``choice``): the next options the RNG would draw for seats that did not make
  the game's choice in time (a Touchdown team).

The table draws through :class:`ForcedRng`: a draw of the kind at the head of the queue takes the forced
value (recorded in the test ledger with generator id ``forced``); any other draw comes from the real,
certified generator.

>>> from terminal import config
>>> from terminal.table.boot import driver_for
>>> parse_force(("pocket", "17", "00"), driver_for(config.defaults()))
(('outcome', (17,)), ('outcome', (37,)))
>>> parse_force(("roll", "4-3"), driver_for(config.loads("[table]\\ngame = craps\\n")))
(('outcome', (4, 3)),)
"""

from __future__ import annotations

import json
from collections import deque
from dataclasses import replace
from datetime import datetime
from typing import Any, cast

from rng import Draw, Rng
from terminal.config import Config
from terminal.games.seam import DrawPlan
from terminal.ledger import EventCode, Ledger
from terminal.table.driver import GameDriver

Forced = tuple[str, Any]
OUTCOME, CHOICE = "outcome", "choice"
KINDS = {
    "outcome": OUTCOME, "pocket": OUTCOME, "roll": OUTCOME, "spin": OUTCOME, "team": CHOICE, "choice": CHOICE,
}  # fmt: skip
MODE_SETTING = "[lab] mode"


class ForceError(ValueError):
    """A forced outcome the table cannot take: not lab mode, an unknown kind, or a value out of range."""


def parse_force(args: tuple[str, ...], driver: GameDriver) -> tuple[Forced, ...]:
    """``(kind, value, ...)`` → the queue: the draw's values of each outcome, or each option's index."""
    if len(args) < 2 or args[0] not in KINDS:
        raise ForceError(f"force_outcome needs a kind ({', '.join(KINDS)}) and values, got {args!r}")
    kind = KINDS[args[0]]
    return tuple((kind, _value(kind, text, driver)) for text in args[1:])


def _value(kind: str, text: str, driver: GameDriver) -> Any:
    if kind == CHOICE:
        choice = driver.choice()
        options = choice.options if choice is not None else ()
        if text not in options:
            listed = ", ".join(options) or "none"
            raise ForceError(f"{driver.game} asks no choice {text!r} (options: {listed})")
        return options.index(text)
    try:
        return driver.engine.parse(text).drawn
    except ValueError as bad:
        raise ForceError(f"{text!r} is not a {driver.game} outcome at this table: {bad}") from None


class ForcedRng:
    """The certified generator with a queue of forced outcomes in front of it (lab mode only).

    ``plan`` is how the table's game draws an outcome: a forced outcome replaces exactly that draw; a
    forced option replaces a draw below the number of options of the game's choice.
    """

    def __init__(self, real: Rng, plan: DrawPlan, options: int = 0) -> None:
        self.real, self.plan, self.options = real, plan, options
        self.queue: deque[Forced] = deque()
        self.counter = 0
        self.extra: deque[tuple[int, int]] = deque()  # (bound, value) of a forced outcome's own draws

    def __getattr__(self, name: str) -> Any:  # advance(), reseed(), generator_id...: the real generator's
        return getattr(self.real, name)

    def force(self, entries: tuple[Forced, ...]) -> int:
        """Queue ``entries``; returns how many are waiting."""
        self.queue.extend(entries)
        return len(self.queue)

    def _take(self, kind: str) -> Any:
        if not self.queue or self.queue[0][0] != kind:
            return None
        self.counter += 1
        return Draw(self.queue.popleft()[1], "forced", self.counter, 0)

    def randbelow(self, n: int) -> Draw[int]:
        """A forced outcome (the game's draw below n) or option (below the options), else the real draw;
        the draws that follow a forced outcome in its round (``plan.extra``) take its further values
        (a value of -1: not forced, the real generator draws it)."""
        if self.extra and self.extra[0][0] == n:
            _, value = self.extra.popleft()
            if value >= 0:
                self.counter += 1
                return Draw(value, "forced", self.counter, 0)
            return self.real.randbelow(n)
        if self.plan.recipe == "below" and n == self.plan.n:
            forced = self._take(OUTCOME)
            if forced is not None:
                self.extra = deque(zip(self.plan.extra, forced.value[1:], strict=False))
                return Draw(forced.value[0], forced.generator_id, forced.counter, forced.epoch)
        if n == self.options:
            option = self._take(CHOICE)
            if option is not None and option.value < n:
                return cast(Draw[int], option)
        return self.real.randbelow(n)

    def dice(self, count: int = 2) -> Draw[tuple[int, ...]]:
        """A forced roll of the game's dice, else the real dice."""
        forced = self._take(OUTCOME) if self.plan.recipe == "dice" and count == self.plan.n else None
        return cast(Draw[tuple[int, ...]], forced) if forced is not None else self.real.dice(count)


def test_config(c: Config) -> Config:
    """The configuration the table runs on: in lab mode, its ledger is the test ledger."""
    if not c.lab.mode:
        return c
    if c.lab.test_ledger_path == c.ledger.path:
        raise ForceError(f"[lab] test_ledger_path must not be the production ledger {c.ledger.path}")
    # Its own chain key too, so its high-water mark (kept beside the key) is its own and never production's.
    key_path = c.ledger.key_path.with_name(f"test-{c.ledger.key_path.name}")
    return replace(c, ledger=replace(c.ledger, path=c.lab.test_ledger_path, key_path=key_path))


def record_mode(ledger: Ledger, mode: bool, test_ledger: str, now: datetime) -> bool:
    """Log entering or leaving lab mode in the production ``ledger``; True when the mode changed."""
    before = False
    for event in reversed(ledger.events(EventCode.MODE_CHANGE)):
        detail = json.loads(event.detail or "{}")
        if detail.get("setting") == MODE_SETTING:
            before = bool(detail.get("after"))
            break
    if before == mode:
        return False
    detail = {"setting": MODE_SETTING, "before": before, "after": mode, "test_ledger": test_ledger}
    ledger.log_event(EventCode.MODE_CHANGE, now=now, detail=detail)
    return True
