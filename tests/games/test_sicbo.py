"""Sic Bo rules: spots, paytables, settlement against an independent model, and properties of settling."""

from __future__ import annotations

from itertools import product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from terminal.games.base import IllegalBetError, LimitError, Limits, Result
from terminal.games.paytables import Paytable, PaytableError, UnknownPaytableError
from terminal.games.sicbo.rules import (
    PAYTABLES,
    PaytableMismatchError,
    Roll,
    Spot,
    UnknownSpotError,
    all_spots,
    make_rules,
    place,
    settle,
    validate,
)

DICE = st.tuples(*(st.integers(1, 6),) * 3)
SPOT_TEXTS = tuple(s.text for s in all_spots())

# GAMES.md §4, typed in here from the regulation's table (§ 625a.6), independently of the engine's data:
# (three of a kind, two of a kind, any three, two dice, one of a kind by matches, totals 4..10).
PAYS: dict[str, tuple[int, int, int, int, tuple[int, int, int], dict[int, int]]] = {
    "A": (150, 8, 24, 5, (1, 2, 3), {4: 50, 5: 18, 6: 14, 7: 12, 8: 8, 9: 6, 10: 6}),
    "B": (180, 11, 31, 6, (1, 2, 12), {4: 62, 5: 31, 6: 18, 7: 12, 8: 8, 9: 7, 10: 6}),
}


def model_multiple(table: str, spot: str, dice: tuple[int, int, int]) -> int | None:
    """What a spot pays "to 1" on ``dice`` (None: it loses), written straight from GAMES.md §4."""
    three, two, any_three, pair, single, totals = PAYS[table]
    total, triple = sum(dice), len(set(dice)) == 1
    kind, _, arg = spot.partition(":")
    if kind in ("small", "big"):
        inside = 4 <= total <= 10 if kind == "small" else 11 <= total <= 17
        return 1 if inside and not triple else None
    if kind == "any_three_of_a_kind":
        return any_three if triple else None
    if kind.startswith("total_"):
        n = int(kind[6:])
        return totals[min(n, 21 - n)] if total == n else None
    if kind == "two_dice":
        a, b = (int(x) for x in arg.split("-"))
        return pair if a in dice and b in dice else None
    count = dice.count(int(arg))
    if kind == "three_of_a_kind":
        return three if count == 3 else None
    if kind == "two_of_a_kind":
        return two if count >= 2 else None
    return single[count - 1] if count else None


def test_the_layout_has_every_wager_of_the_regulation() -> None:
    kinds = [s.kind for s in all_spots()]
    assert len(all_spots()) == 2 + 6 + 6 + 1 + 14 + 15 + 6 == 50
    assert kinds.count("two_dice") == 15 and kinds.count("one_of_a_kind") == 6
    totals = {s.text for s in all_spots() if s.kind.startswith("total_")}
    assert totals == {f"total_{t}" for t in range(4, 18)}


@pytest.mark.parametrize("table", ["A", "B"])
def test_every_spot_on_every_ordered_roll_pays_what_the_regulation_says(table: str) -> None:
    rules = make_rules(table)
    wagers = tuple(place(rules, text, text, 100) for text in SPOT_TEXTS)
    for dice in product(range(1, 7), repeat=3):
        for s in settle(wagers, Roll(dice), rules):
            multiple = model_multiple(table, s.wager_ref, dice)
            if multiple is None:
                assert (s.result, s.returned) == (Result.LOSE, 0), (s, dice)
            else:
                assert (s.result, s.returned) == (Result.WIN, 100 * (multiple + 1)), (s, dice)


@pytest.mark.parametrize(
    ("text", "words"),
    [("total_3", "not a Sic Bo spot"), ("total_18", "not"), ("two_dice:3-3", "not"), ("two_dice:1-7", "not"),
     ("one_of_a_kind:0", "not"), ("three_of_a_kind", "not"), ("small:1", "not"), ("straight:17", "not"),
     ("two_of_a_kind:12", "not"), ("two_dice:12", "not")],
)  # fmt: skip
def test_spots_off_the_layout_are_refused_naming_them(text: str, words: str) -> None:
    with pytest.raises(UnknownSpotError, match=words) as raised:
        place(make_rules(), "x", text, 100)
    assert text in str(raised.value)


def test_a_combination_is_one_spot_whichever_way_it_is_written() -> None:
    assert Spot.parse("two_dice:5-2") == Spot.parse("two_dice:2-5")
    assert Spot.parse("two_dice:5-2").text == "two_dice:2-5"


def test_limits_and_stakes_are_checked_when_the_chip_lands() -> None:
    rules = make_rules("A", (("total_4", Limits(100, 1000, 100)),), Limits(100, 50_000, 100))
    with pytest.raises(LimitError, match="above the maximum 1000"):
        place(rules, "x", "total_4", 2000)
    with pytest.raises(LimitError, match="multiple of 100"):
        place(rules, "x", "small", 150)
    with pytest.raises(IllegalBetError, match="whole number"):
        place(rules, "x", "small", True)
    assert place(rules, "x", "small", 20_000).stake == 20_000


def test_a_wager_settled_under_another_paytable_is_refused() -> None:
    wager = place(make_rules("A"), "x", "small", 100)
    with pytest.raises(PaytableMismatchError, match="'A', not 'B'"):
        settle((wager,), Roll((1, 2, 3)), make_rules("B"))


def test_paytables_are_validated_data() -> None:
    with pytest.raises(UnknownPaytableError, match="choose one of A, B"):
        make_rules("C")
    broken = Paytable("sicbo", "X", PAYTABLES["A"].entries[:-1])
    with pytest.raises(PaytableError, match="must list"):
        validate(broken)


def test_rolls_have_one_text_and_one_json_form() -> None:
    for dice in product(range(1, 7), repeat=3):
        roll = Roll(dice)
        assert Roll.parse(roll.text) == roll == Roll.from_json(roll.to_json())
    assert sorted(Roll(d).index for d in product(range(1, 7), repeat=3)) == list(range(216))
    for bad in ("1-2", "0-1-2", "1-2-7", "a-b-c", "1-2-3-4", ""):
        with pytest.raises(ValueError, match="not a Sic Bo roll"):
            Roll.parse(bad)
    with pytest.raises(ValueError, match="three dice"):
        Roll((1, 2, 9))


@given(
    st.lists(st.tuples(st.sampled_from(SPOT_TEXTS), st.integers(1, 10**9)), min_size=1, max_size=30),
    DICE,
    st.sampled_from(["A", "B"]),
)
def test_settling_is_pure_conserves_stakes_and_settles_each_wager_once(
    bets: list[tuple[str, int]], dice: tuple[int, int, int], table: str
) -> None:
    rules = make_rules(table)
    wagers = tuple(place(rules, f"w{i}", text, stake) for i, (text, stake) in enumerate(bets))
    first = settle(wagers, Roll(dice), rules)
    assert settle(wagers, Roll(dice), rules) == first
    assert [s.wager_ref for s in first] == [w.ref for w in wagers]
    for s, w in zip(first, wagers, strict=True):
        assert s.stake == w.stake and s.paytable == table
        assert s.returned == 0 if s.result is Result.LOSE else s.returned >= 2 * s.stake


@given(DICE)
def test_the_order_of_the_dice_never_changes_a_settlement(dice: tuple[int, int, int]) -> None:
    rules = make_rules("B")
    wagers = tuple(place(rules, text, text, 100) for text in SPOT_TEXTS)
    reference = [(s.result, s.returned) for s in settle(wagers, Roll(dice), rules)]
    a, b, c = dice
    for order in ((a, c, b), (b, a, c), (b, c, a), (c, a, b), (c, b, a)):
        assert [(s.result, s.returned) for s in settle(wagers, Roll(order), rules)] == reference


def test_every_paytable_entry_is_reachable() -> None:
    for table in ("A", "B"):
        rules = make_rules(table)
        wagers = tuple(place(rules, text, text, 100) for text in SPOT_TEXTS)
        seen = {s.entry for d in product(range(1, 7), repeat=3) for s in settle(wagers, Roll(d), rules)
                if s.result is Result.WIN}  # fmt: skip
        assert seen == {key for key, _ in PAYTABLES[table].entries}
