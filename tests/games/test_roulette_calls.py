"""Racetrack call bets against the hand-written table of tests/games/vectors/roulette_call_bets.json."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from terminal.games.roulette.calls import CallBetError, expand, offered, parse_call
from terminal.games.roulette.spots import parse_spot
from terminal.games.roulette.wheels import WHEELS, parse_pocket

TABLE = json.loads((Path(__file__).parent / "vectors" / "roulette_call_bets.json").read_text())
SINGLE = WHEELS["single_zero"]


def _covered(pieces: list[list[object]]) -> set[int]:
    """The numbers a list of (spot, chips) wins on, read from the spot's own numbers (not the code)."""
    out: set[int] = set()
    for spot, _ in pieces:
        out |= {parse_pocket(n) for n in str(spot).partition(":")[2].split("-")}
    return out


@pytest.mark.parametrize("name", sorted(TABLE["calls"]))
def test_each_french_call_bet_places_the_tables_chips(name: str) -> None:
    row = TABLE["calls"][name]
    bet = expand(name, SINGLE)
    assert [list(piece) for piece in bet.pieces] == row["layout_pieces"]
    assert bet.units == row["chips"] == sum(units for _, units in row["reference_pieces"])
    assert set(bet.covers) == set(row["sector"]) == _covered(row["reference_pieces"])


@pytest.mark.parametrize("name", sorted(TABLE["calls"]))
def test_each_sector_is_a_run_of_neighbours_on_the_single_zero_wheel(name: str) -> None:
    sector = TABLE["calls"][name]["sector"]
    order = SINGLE.order
    runs = [sector[:5], sector[5:]] if name == "orphelins" else [sector]  # orphelins: 1..9 and 17..6
    for run in runs:
        start = order.index(run[0])
        assert [order[(start + k) % 37] for k in range(len(run))] == run


def test_the_three_big_sectors_cover_the_wheel_once() -> None:
    sectors = [set(TABLE["calls"][n]["sector"]) for n in ("voisins", "tiers", "orphelins")]
    assert sum(len(s) for s in sectors) == 37 and set().union(*sectors) == set(range(37))


def test_voisins_trio_chips_return_what_the_trio_would_on_average() -> None:
    # trio x2 at 11 to 1 returns 24 on 0, 2 or 3; the two splits at 17 to 1 return 36 on 0, 18 on 2 or 3
    bet = expand("voisins", SINGLE)
    splits = [spot for spot, _ in bet.pieces if spot in ("split:0-2", "split:0-3")]
    returned = {p: 18 * sum(1 for s in splits if parse_spot(s, SINGLE).covers(p)) for p in (0, 2, 3)}
    assert returned == {0: 36, 2: 18, 3: 18} and sum(returned.values()) == 3 * 24


@pytest.mark.parametrize("row", TABLE["neighbours"], ids=lambda r: f"{r['wheel']}-{r['centre']}")
def test_neighbours_follow_each_wheels_own_order(row: dict[str, object]) -> None:
    wheel = WHEELS[str(row["wheel"])]
    bet = parse_call(f"neighbours:{row['centre']}:{row['each_side']}", wheel)
    wanted = {parse_pocket(str(n)) for n in row["covers"]}  # type: ignore[attr-defined]
    assert set(bet.covers) == wanted
    assert all(spot.startswith("straight:") and units == 1 for spot, units in bet.pieces)


def test_the_french_bets_are_offered_only_on_the_single_zero_wheel() -> None:
    assert offered(SINGLE) == ("voisins", "tiers", "orphelins", "jeu_zero", "neighbours")
    for name in ("double_zero", "double_as_single"):
        assert offered(WHEELS[name]) == ("neighbours",)
        with pytest.raises(CallBetError, match="single-zero wheel"):
            expand("voisins", WHEELS[name])


@pytest.mark.parametrize(
    ("text", "wheel", "message"),
    [
        ("neighbours:00:2", "double_as_single", "not an open number"),
        ("neighbours:17:0", "single_zero", "choose 1 to 9"),
        ("neighbours:17:10", "single_zero", "choose 1 to 9"),
        ("neighbours:x:2", "single_zero", "not a roulette pocket"),
        ("snake", "single_zero", "not a call bet"),
    ],
)
def test_a_bad_call_bet_is_refused_with_its_reason(text: str, wheel: str, message: str) -> None:
    with pytest.raises(CallBetError, match=message):
        parse_call(text, WHEELS[wheel])
