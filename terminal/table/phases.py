"""The round as an explicit state machine: a phase enum, a trigger enum and one literal transition table.

    open ──window_elapsed──▶ locked ──outcome_persisted──▶ drawn ──settlement_posted──▶ settled
      ▲                        │                             │                              │
      │                    no_spin (fault before the          └──void_spin (00 on a          │
      │                     outcome is persisted)                double_as_single wheel)      │
      └────────────────────────┴──────────────────────────────────────────── results_shown ◀─┘
                                                                               (shown → open)

A trigger that the table does not list for the current phase raises :class:`IllegalTransitionError`,
worded as ``transitions`` does: "can't trigger X from phase Y".

>>> advance(Phase.OPEN, Trigger.WINDOW_ELAPSED)
<Phase.LOCKED: 'locked'>
>>> advance(Phase.OPEN, Trigger.SETTLEMENT_POSTED)
Traceback (most recent call last):
...
terminal.table.phases.IllegalTransitionError: can't trigger settlement_posted from phase open
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from types import MappingProxyType


class Phase(enum.Enum):
    """Where a round is in its life (ARCHITECTURE.md, "The life of a round")."""

    OPEN = "open"  # betting window with a countdown; wagers are validated and written as they land
    LOCKED = "locked"  # no more bets, one instant for every seat
    DRAWN = "drawn"  # the outcome is drawn and durably persisted; nothing has shown it yet
    SETTLED = "settled"  # every wager settled in one ledger transaction with meters and state
    SHOWN = "shown"  # screens show the persisted outcome and the results


class Trigger(enum.Enum):
    """What moves a round from one phase to the next."""

    WINDOW_ELAPSED = "window_elapsed"
    NO_SPIN = "no_spin"
    OUTCOME_PERSISTED = "outcome_persisted"
    VOID_SPIN = "void_spin"
    SETTLEMENT_POSTED = "settlement_posted"
    RESULTS_SHOWN = "results_shown"
    NEXT_ROUND = "next_round"


class IllegalTransitionError(ValueError):
    """A trigger that is not allowed in the current phase."""

    def __init__(self, phase: Phase, trigger: Trigger) -> None:
        self.phase = phase
        self.trigger = trigger
        super().__init__(f"can't trigger {trigger.value} from phase {phase.value}")


TRANSITIONS: Mapping[tuple[Phase, Trigger], Phase] = MappingProxyType(
    {
        (Phase.OPEN, Trigger.WINDOW_ELAPSED): Phase.LOCKED,
        # A device fault or tilt after the lock but before the outcome is persisted is a "no spin":
        # nothing settles and every wager stands for the reopened window (GAMES.md §1.4).
        (Phase.LOCKED, Trigger.NO_SPIN): Phase.OPEN,
        (Phase.LOCKED, Trigger.OUTCOME_PERSISTED): Phase.DRAWN,
        # 00 on a double_as_single wheel voids the spin; every wager stands for the re-spin.
        (Phase.DRAWN, Trigger.VOID_SPIN): Phase.LOCKED,
        (Phase.DRAWN, Trigger.SETTLEMENT_POSTED): Phase.SETTLED,
        (Phase.SETTLED, Trigger.RESULTS_SHOWN): Phase.SHOWN,
        (Phase.SHOWN, Trigger.NEXT_ROUND): Phase.OPEN,
    }
)

#: Phases in which a seat may place, change or remove wagers.
BETTING_PHASES = frozenset({Phase.OPEN})
#: Phases after which the outcome exists and must never be drawn again.
OUTCOME_KNOWN = frozenset({Phase.DRAWN, Phase.SETTLED, Phase.SHOWN})


def advance(phase: Phase, trigger: Trigger) -> Phase:
    """The phase that ``trigger`` leads to from ``phase``; raises :class:`IllegalTransitionError`."""
    try:
        return TRANSITIONS[phase, trigger]
    except KeyError:
        raise IllegalTransitionError(phase, trigger) from None


def mermaid() -> str:
    """The transition table as a Mermaid state diagram, for the lab's documentation."""
    lines = ["stateDiagram-v2", f"    [*] --> {Phase.OPEN.value}"]
    lines += [f"    {a.value} --> {b.value}: {t.value}" for (a, t), b in TRANSITIONS.items()]
    return "\n".join(lines)
