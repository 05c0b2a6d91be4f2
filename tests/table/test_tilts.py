"""Tilts stop play at the right scope and clear only as TERMINAL.md §2 says."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from terminal.table.tilts import RULES, Role, Tilt, TiltClearError, TiltKind, Tilts

TABLE_KINDS = [k for k in TiltKind if RULES[k].table_wide]
SEAT_KINDS = [k for k in TiltKind if not RULES[k].table_wide]


def make(kind: TiltKind, seat: int = 2) -> Tilt:
    return Tilt(kind, None if RULES[kind].table_wide else seat, "test")


@pytest.mark.parametrize("kind", TABLE_KINDS)
def test_table_tilt_stops_every_seat(kind: TiltKind) -> None:
    tilts = Tilts().raised(make(kind))
    assert tilts.blocks_table() and all(tilts.blocks_seat(s) for s in range(1, 9))


@pytest.mark.parametrize("kind", SEAT_KINDS)
def test_seat_tilt_stops_only_its_seat(kind: TiltKind) -> None:
    tilts = Tilts().raised(make(kind, seat=4))
    assert not tilts.blocks_table()
    assert [s for s in range(1, 9) if tilts.blocks_seat(s)] == [4]


def test_scope_is_enforced() -> None:
    with pytest.raises(ValueError, match="apply to the table"):
        Tilt(TiltKind.DOOR_OPEN, 3, "x")
    with pytest.raises(ValueError, match="apply to one seat"):
        Tilt(TiltKind.LINK_LOST, None, "x")


def test_integrity_failure_needs_an_administrator_and_never_clears_itself() -> None:
    tilts = Tilts().raised(make(TiltKind.LEDGER_INTEGRITY))
    for role in (None, Role.ATTENDANT, Role.TECHNICIAN, Role.LAB):
        with pytest.raises(TiltClearError, match="administrator"):
            tilts.cleared(TiltKind.LEDGER_INTEGRITY, None, role=role, condition_over=True)
    cleared = tilts.cleared(TiltKind.LEDGER_INTEGRITY, None, role=Role.ADMINISTRATOR, condition_over=True)
    assert cleared == Tilts()


def test_automatic_kinds_clear_without_a_user() -> None:
    tilts = Tilts().raised(make(TiltKind.LINK_LOST, 5)).raised(make(TiltKind.SERVICE_MODE))
    tilts = tilts.cleared(TiltKind.LINK_LOST, 5, role=None, condition_over=True)
    assert tilts.cleared(TiltKind.SERVICE_MODE, None, role=None, condition_over=True) == Tilts()


def test_clearing_what_is_not_active_is_refused() -> None:
    with pytest.raises(TiltClearError, match="no such tilt"):
        Tilts().cleared(TiltKind.HANDPAY, 1, role=Role.ADMINISTRATOR, condition_over=True)


# The kinds a role clears (the software ratchet's is cleared by the install act alone: test_ratchet.py).
BY_ROLE = [k for k in TiltKind if not RULES[k].act]


@given(st.lists(st.tuples(st.sampled_from(BY_ROLE), st.integers(1, 8)), max_size=12))
def test_raising_is_idempotent_and_clearing_restores(raised: list[tuple[TiltKind, int]]) -> None:
    tilts = Tilts()
    for kind, seat in raised:
        tilts = tilts.raised(make(kind, seat)).raised(make(kind, seat))
    keys = {(t.kind, t.seat) for t in tilts.active}
    assert len(keys) == len(tilts.active)
    for kind, seat in keys:
        tilts = tilts.cleared(kind, seat, role=Role.ADMINISTRATOR, condition_over=True)
    assert tilts == Tilts()
