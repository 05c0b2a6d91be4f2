"""Every (phase, trigger) pair of the round's transition table, checked against the life of a round."""

from __future__ import annotations

import itertools

import pytest

from terminal.table.phases import TRANSITIONS, IllegalTransitionError, Phase, Trigger, advance, mermaid

# The life of a round as ARCHITECTURE.md tells it, written out independently of the table under test.
EXPECTED = {
    ("open", "window_elapsed"): "locked",
    ("locked", "no_spin"): "open",
    ("locked", "outcome_persisted"): "drawn",
    ("drawn", "void_spin"): "locked",
    ("drawn", "settlement_posted"): "settled",
    ("settled", "results_shown"): "shown",
    ("shown", "next_round"): "open",
}


@pytest.mark.parametrize(("phase", "trigger"), list(itertools.product(Phase, Trigger)))
def test_every_pair(phase: Phase, trigger: Trigger) -> None:
    expected = EXPECTED.get((phase.value, trigger.value))
    if expected is None:
        with pytest.raises(IllegalTransitionError) as refused:
            advance(phase, trigger)
        assert str(refused.value) == f"can't trigger {trigger.value} from phase {phase.value}"
    else:
        assert advance(phase, trigger).value == expected


def test_a_round_comes_back_to_open() -> None:
    phase = Phase.OPEN
    for trigger in (Trigger.WINDOW_ELAPSED, Trigger.OUTCOME_PERSISTED, Trigger.SETTLEMENT_POSTED):
        phase = advance(phase, trigger)
    assert advance(advance(phase, Trigger.RESULTS_SHOWN), Trigger.NEXT_ROUND) is Phase.OPEN


def test_outcome_is_never_redrawn() -> None:
    """No path leads from a phase with a persisted outcome back to one that draws, except a void re-spin."""
    for (start, _trigger), end in TRANSITIONS.items():
        if start in (Phase.SETTLED, Phase.SHOWN):
            assert end is not Phase.LOCKED


def test_table_is_read_only_and_diagram_lists_it() -> None:
    with pytest.raises(TypeError):
        TRANSITIONS[Phase.OPEN, Trigger.NEXT_ROUND] = Phase.OPEN  # type: ignore[index]
    assert mermaid().count("-->") == len(TRANSITIONS) + 1
