"""The craps engine's quicker forms (issue 19) against the plain definitions they replace.

Each shortcut in the settle-and-place loop must give exactly what the rule's plain statement gives: the
Bonus completion test with its early "too few marks" exit, the paytables read without a dict, and the
Roll record built through its slots.
"""

from __future__ import annotations

import dataclasses
from itertools import combinations

import pytest

from terminal.games.craps import bonus, fire, hot_roller, lucky_shooter
from terminal.games.craps.records import BONUS_KINDS, Roll

_MARKABLE = (2, 3, 4, 5, 6, 8, 9, 10, 11, 12)  # every total but 7


def test_bonus_completion_equals_every_number_marked_or_rolled() -> None:
    # every possible set of marks (ascending, as next_state keeps them), every total, every Bonus wager
    checked = 0
    for size in range(len(_MARKABLE) + 1):
        for marks in combinations(_MARKABLE, size):
            for total in _MARKABLE:
                for kind, needed in BONUS_KINDS.items():
                    plain = total in needed and set(needed) <= {*marks, total}
                    assert bonus.completes(kind, marks, total) is plain, (kind, marks, total)
                    checked += 1
    assert checked == 1024 * 10 * 3


def test_paytables_read_as_the_dicts_they_list() -> None:
    tables = [*fire.PAYTABLES.values(), *hot_roller.PAYTABLES.values(), *lucky_shooter.PAYTABLES.values()]
    for table in tables:
        pays: dict[object, object] = dict(table.pays)
        for key in [*pays, -1, 0, 99, "none of these"]:
            assert table.payout(key) == pays.get(key)  # type: ignore[arg-type]
    for bonus_table in bonus.PAYTABLES.values():
        for kind, pay in bonus_table.pays:
            assert bonus_table.payout(kind) == pay


def test_roll_is_the_same_frozen_checked_record() -> None:
    roll = Roll(3, 4)
    assert (roll.die1, roll.die2, roll.total, roll.hard, roll.pair) == (3, 4, 7, False, (3, 4))
    assert roll == Roll(3, 4) and hash(roll) == hash(Roll(3, 4)) and roll != Roll(4, 3)
    assert repr(roll) == "Roll(die1=3, die2=4)"
    assert Roll(die2=6, die1=6).total == 12
    moved = dataclasses.replace(roll, die1=6)
    assert (moved.die1, moved.die2, moved.total) == (6, 4, 10)
    with pytest.raises(dataclasses.FrozenInstanceError):
        roll.die1 = 5  # type: ignore[misc]
    for a, b in ((0, 3), (3, 7), (-1, 1)):
        with pytest.raises(ValueError, match=f"dice {a}, {b} must each be 1..6"):
            Roll(a, b)
