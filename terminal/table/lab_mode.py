"""Test mode (``[lab] mode = true``): forced outcomes, a separate test ledger, and the mode change logged.

**Nothing touches production.** In lab mode the table runs on its own ledger, ``[lab] test_ledger_path``
(same chain key, its own chain, meters and rounds): every test round, forced or not, counts on the test
meters there, and the production ledger's meters and chain of rounds are never written. The production
ledger gets exactly one event when the mode flips: ``MODE_CHANGE`` with the setting, before and after
(entering and leaving lab mode are configuration changes).

**Forced outcomes** exist only in lab mode. A lab user queues them through the service protocol
(``ServiceCommand("force_outcome", args)``); ``args`` is a kind and one or more values, in order:

- ``pocket 17 00 5``: the next spins (0..36, ``00`` on a double-zero wheel);
- ``roll 4-3 6-6``: the next dice rolls;
- ``team red black``: the next Touchdown teams the RNG would assign to seats that did not choose.

The table draws through :class:`ForcedRng`: a draw of the kind at the head of the queue takes the forced
value (recorded in the test ledger with generator id ``forced``); any other draw comes from the real,
certified generator.

>>> forced = parse_force(("pocket", "17", "00"), wheel_size=38)
>>> forced
(('pocket', 17), ('pocket', 37))
>>> parse_force(("roll", "4-3"), wheel_size=0)
(('roll', (4, 3)),)
"""

from __future__ import annotations

import json
from collections import deque
from dataclasses import replace
from datetime import datetime
from typing import Any

from rng import Draw, Rng
from terminal.config import Config
from terminal.ledger import EventCode, Ledger

Forced = tuple[str, Any]
KINDS = ("pocket", "roll", "team")
TEAMS = ("red", "black")
MODE_SETTING = "[lab] mode"


class ForceError(ValueError):
    """A forced outcome the table cannot take: not lab mode, an unknown kind, or a value out of range."""


def parse_force(args: tuple[str, ...], wheel_size: int) -> tuple[Forced, ...]:
    """``(kind, value, ...)`` → the queue entries; ``wheel_size`` is 37 or 38 (0 for craps)."""
    if len(args) < 2 or args[0] not in KINDS:
        raise ForceError(f"force_outcome needs a kind ({', '.join(KINDS)}) and values, got {args!r}")
    kind = args[0]
    return tuple((kind, _value(kind, text, wheel_size)) for text in args[1:])


def _value(kind: str, text: str, wheel_size: int) -> Any:
    if kind == "team":
        if text not in TEAMS:
            raise ForceError(f"team must be red or black, got {text!r}")
        return TEAMS.index(text)
    if kind == "pocket":
        if not wheel_size:
            raise ForceError("this table has no wheel: force a roll")
        pocket = 37 if text == "00" else int(text) if text.isdigit() and int(text) <= 36 else -1
        if not 0 <= pocket < wheel_size:
            raise ForceError(f"pocket must be 0..36{' or 00' if wheel_size == 38 else ''}, got {text!r}")
        return pocket
    if wheel_size:
        raise ForceError("this table has no dice: force a pocket")
    first, sep, second = text.partition("-")
    if not (sep and first.isdigit() and second.isdigit() and 1 <= int(first) <= 6 and 1 <= int(second) <= 6):
        raise ForceError(f"a roll is two dice like 4-3, got {text!r}")
    return (int(first), int(second))


class ForcedRng:
    """The certified generator with a queue of forced outcomes in front of it (lab mode only)."""

    def __init__(self, real: Rng) -> None:
        self.real = real
        self.queue: deque[Forced] = deque()
        self.counter = 0

    def __getattr__(self, name: str) -> Any:  # advance(), reseed(), generator_id...: the real generator's
        return getattr(self.real, name)

    def force(self, entries: tuple[Forced, ...]) -> int:
        """Queue ``entries``; returns how many are waiting."""
        self.queue.extend(entries)
        return len(self.queue)

    def _take(self, kind: str) -> Draw[Any] | None:
        if not self.queue or self.queue[0][0] != kind:
            return None
        self.counter += 1
        return Draw(self.queue.popleft()[1], "forced", self.counter, 0)

    def randbelow(self, n: int) -> Draw[int]:
        """A forced pocket (wheel sizes) or team (2), else the real draw."""
        kind = "pocket" if n in (37, 38) else "team" if n == 2 else ""
        forced = self._take(kind) if kind else None
        if forced is not None and forced.value < n:
            return forced
        return self.real.randbelow(n)

    def dice(self, count: int = 2) -> Draw[tuple[int, ...]]:
        """A forced roll, else the real dice."""
        forced = self._take("roll") if count == 2 else None
        return forced if forced is not None else self.real.dice(count)


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
