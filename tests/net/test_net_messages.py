"""Messages: every registered type round-trips, and every kind of bad field is refused by name."""

from __future__ import annotations

import ast
import dataclasses
import typing
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from terminal.games.craps.engine import CrapsView
from terminal.games.roulette.engine import B2BView, BlazingView, RouletteView, TeamView, TouchdownView
from terminal.net import messages as m
from terminal.net.errors import FieldError, UnknownMessageError
from terminal.net.game_state import game_view, read_state
from terminal.net.messages import MESSAGES, body_from_json, body_to_json, find_message
from terminal.net.schema import IntRange, Pattern, from_json
from tests.net.test_net_codec import UNICODE
from tests.service import samples as service_samples

LIMITS = m.LimitsView(100, 50_000, 250_000, 100)
SAMPLES: list[m.Message] = [
    m.Hello("ab" * 32),
    m.Welcome("cd" * 32, "T-01", 1000),
    m.Ready(),
    m.Heartbeat(),
    m.PlaceWager("straight:17", 500),
    m.PlaceWager("split:17-18", 100),
    m.PlaceWager("place_6", 600),
    m.RemoveWager("red"),
    m.UndoWager(),
    m.ClearWagers(),
    m.RepeatWagers(),
    m.PlaceWagers((m.Stake("split:0-3", 100), m.Stake("straight:26", 100))),
    m.DoubleWagers(),
    m.SetWorking("place_6", False),
    m.ChooseTeam("red"),
    m.BetsDone(),
    m.CashOut(),
    m.RequestState(),
    m.ServiceCommand("login", ("tech1", "1234")),
    m.DeviceInput("bill_acceptor", "insert", 2000, ""),
    m.DeviceInput("ticket_reader", "insert", 0, "001234567890123456"),
    m.Ack(7),
    m.Error("refused", "wager 5000 above the maximum", 3),
    m.Error("bad_mac", "tampered", None),
    m.TableState(
        "craps", 12, "open", 24_000, LIMITS, (100, 500, 2500), "USD", 1, "Keystone", "T-01", 8, "none", False
    ),
    m.SeatState("seat-3", 10_000, 600, 3500, (m.WagerView("place_6", 600, True, None, (), 0, False),), None),
    m.SeatState(
        "seat-3", 10_000, 600, 0, (m.WagerView("lucky_shooter", 500, True, 6, (4, 5), 0, True),), None
    ),
    m.SeatState("seat-3", 0, 0, 0, (), "hand-pay of $1,500.00 pending"),
    m.Result(12, "4-3", (m.SettlementView("seat-3", "place_6", 600, 0, "lose"),), 2200),
    m.TeamPrompt("seat-1", 40, 15_000),
    m.Tilt("door_open", True, None, "door_open", "Main door open"),
    m.BuyIn("seat-2", "bill", 2000, 12_000),
    m.CashedOut("seat-2", 12_000, "001234567890123456", "Keystone", "T-01", "2026-11-23T07:00:00", "", "USD"),
    m.HandPay("seat-4", 150_000),
    m.Tower("flash", "steady", "flash", (3, 5)),
    m.Offer(
        "roulette",
        (
            m.OfferedWager("straight", "standard", 100, 50_000, 100),
            m.OfferedWager("touchdown", "A", 100, 2500, 100),
        ),
        (m.RuleView("wheel", "double_zero"), m.RuleView("vig_minimum", "$1.00")),
    ),
    game_view(
        "roulette",
        40,
        RouletteView(
            "double_zero",
            TouchdownView("game", (32, 37), (15, 0), 15, (TeamView("seat-1", "red", False),)),
            B2BView("17", 250),
            BlazingView("1", "17", (7, 30, 27)),
        ),
    ),
    game_view("craps", 12, CrapsView(6, 2, 14, False, (4, 6), (2, 3, 12), "4-2")),
    m.History((m.HistoryEntry(12, "00", True), m.HistoryEntry(11, "17", False))),
    m.Tally((m.TallyWindow(3, (m.OutcomeCount("17", 2), m.OutcomeCount("00", 1))), m.TallyWindow(0, ()))),
    m.SeatRounds("seat-3", (m.SeatRoundView(12, "4-3", 600, 0, (m.SeatWagerView("pass", 500, 0, "lose"),)),)),
]
SAMPLES += service_samples.SAMPLES  # the service family (terminal/net/messages/service.py)
SAMPLES += [m.SasEnable(2, False, 7), m.SasLink(2, "lost", "no poll for 5000 ms"), m.SasHandpayReset(2, 7)]
SAMPLES += [m.SasTransfer(2, "TX-0001", "in", 5000, False), m.SasTicket(2, "004455667788990011", 2500, 0)]
SAMPLES += [m.SasValidation(2, 0x654321, 41)]
SAMPLES += [m.SasLock(1, 10_000), m.SasLock(2, 0)]
SAMPLES += [m.SasRedemption(1, False), m.SasRedemption(3, True)]


def test_a_games_view_travels_whole_and_decodes_only_into_its_own_record() -> None:
    good = body_to_json(next(s for s in SAMPLES if isinstance(s, m.GameView) and s.game == "roulette"))
    state = good["state"]
    assert isinstance(state, dict) and isinstance(state["touchdown"], dict)
    far = dict(good, state=dict(state, touchdown=dict(state["touchdown"], ball=-51)))
    carried = body_from_json("GameView", 2, far)  # the protocol carries a game's record as it is
    assert isinstance(carried, m.GameView) and read_state(carried) is None  # the screens refuse it
    with pytest.raises(ValueError, match=r"ball -51 is outside -50..50"):
        from_json(carried.state, RouletteView, "GameView.state")
    with pytest.raises(FieldError, match=r"GameView.state: expected an object"):
        body_from_json("GameView", 2, dict(good, state=[1, 2]))


def test_every_registered_message_has_a_sample_and_round_trips() -> None:
    assert {type(s) for s in SAMPLES} == set(MESSAGES.values())
    for sample in SAMPLES:
        body = body_to_json(sample)
        assert body_from_json(sample.TYPE, sample.VERSION, body) == sample
        assert find_message(sample.TYPE, sample.VERSION) is type(sample)


def test_messages_are_frozen_records_with_tuples() -> None:
    for cls in MESSAGES.values():
        assert dataclasses.is_dataclass(cls)
        params = cls.__dataclass_params__  # type: ignore[attr-defined]
        assert params.frozen and hasattr(cls, "__slots__")
        for hint in typing.get_type_hints(cls).values():
            assert typing.get_origin(hint) is not list


@pytest.mark.parametrize(
    "body, where",
    [
        ({"spot": "red"}, "missing fields ['amount']"),
        ({"spot": "red", "amount": 5, "x": 1}, "unexpected fields ['x']"),
        ({"spot": "red", "amount": True}, "expected an integer, got True"),
        ({"spot": "red", "amount": "5"}, "expected an integer"),
        ({"spot": "red", "amount": -1}, "outside 0.."),
        ({"spot": "red", "amount": 2**63}, "does not fit 64 bits"),
        ({"spot": 17, "amount": 5}, "expected text"),
        ({"spot": "Straight:17", "amount": 5}, "does not match"),
        ({"spot": "straight:17\n", "amount": 5}, "does not match"),
        ([], "expected an object"),
    ],
)
def test_bad_fields_are_refused_naming_the_field(body: Any, where: str) -> None:
    with pytest.raises(FieldError, match=where.replace("[", r"\[").replace("]", r"\]")):
        body_from_json("PlaceWager", 1, body)


def test_nested_records_and_tuples_are_checked_too() -> None:
    good = body_to_json(next(s for s in SAMPLES if isinstance(s, m.SeatState) and s.wagers))
    bad_wager = dict(good, wagers=[dict(good["wagers"][0], working=1)])  # type: ignore[index]
    with pytest.raises(FieldError, match=r"SeatState\.wagers\[0\]\.working"):
        body_from_json("SeatState", 2, bad_wager)
    with pytest.raises(FieldError, match="expected a list"):
        body_from_json("SeatState", 2, dict(good, wagers={"spot": "x"}))
    with pytest.raises(FieldError, match="expected a list"):
        body_from_json("SeatState", 2, dict(good, wagers=[good["wagers"][0]] * 513))  # type: ignore[index]
    with pytest.raises(FieldError, match="locked"):
        body_from_json("SeatState", 2, dict(good, locked=5))


def test_sending_an_invalid_message_fails_before_it_reaches_the_wire() -> None:
    with pytest.raises(FieldError):
        body_to_json(m.PlaceWager("straight:17", -5))
    with pytest.raises(FieldError):
        body_to_json(m.ChooseTeam("Red Team!"))  # an option is an identifier; the game judges its value
    with pytest.raises(FieldError):
        body_to_json(m.ServiceCommand("login", ["a"]))  # type: ignore[arg-type]


def test_unknown_types_and_versions() -> None:
    with pytest.raises(UnknownMessageError, match="'PlaceWager' version 2"):
        body_from_json("PlaceWager", 2, {"spot": "red", "amount": 5})
    with pytest.raises(UnknownMessageError):
        find_message("DropTables", 1)


def _empty_message(name: str) -> type[m.Message]:
    return dataclasses.dataclass(frozen=True)(type(name, (m.Message,), {}))


def test_registering_a_name_twice_is_refused() -> None:
    other = m.Family("other")
    other.message("Ack", 1, m.Direction.SERVER)(_empty_message("Dup"))
    with pytest.raises(ValueError, match=r"Ack v1 registered twice \(link and other families\)"):
        m.Registry.of(*m.PROTOCOL.families, other)
    with pytest.raises(ValueError, match="declared twice in the other family"):
        other.message("Ack", 1, m.Direction.SERVER)(_empty_message("Again"))


def test_the_registry_is_its_families_and_nothing_else() -> None:
    # Declaring a message in a family registers nothing: only a registry built from that family knows it.
    stray = m.Family("stray")
    stray.message("Stray", 1, m.Direction.CLIENT)(_empty_message("Stray"))
    with pytest.raises(UnknownMessageError):
        find_message("Stray", 1)
    declared = [cls for family in m.PROTOCOL.families for cls in family.members]
    assert len(declared) == len(set(declared)) == len(MESSAGES)
    assert [f.name for f in m.PROTOCOL.families] == ["link", "seat", "display", "service", "sas"]


def _imports_of_messages(module: str) -> set[str]:
    tree = ast.parse((Path(m.__file__).parent / f"{module}.py").read_text(encoding="utf-8"))
    names = {node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    names |= {a.name for node in ast.walk(tree) if isinstance(node, ast.Import) for a in node.names}
    return {name for name in names if name.startswith("terminal.net.messages")}


def test_no_circle_a_family_imports_only_the_base_and_the_base_no_family() -> None:
    for family in m.PROTOCOL.families:
        assert _imports_of_messages(family.name) == {"terminal.net.messages.base"}, family.name
    assert _imports_of_messages("base") == set()


@given(st.integers(), st.text(UNICODE, max_size=40))  # the default alphabet: see test_net_codec
def test_int_ranges_and_patterns_match_their_definitions(number: int, text: str) -> None:
    rule, pattern = IntRange(0, 2**63 - 1), Pattern(r"[a-z0-9][a-z0-9_\-]{0,31}")
    ok = 0 <= number < 2**63
    try:
        assert from_json(number, typing.Annotated[int, rule]) == number and ok
    except FieldError:
        assert not ok
    import re

    try:
        from_json(text, typing.Annotated[str, pattern])
        assert re.fullmatch(pattern.regex, text)
    except FieldError:
        assert not re.fullmatch(pattern.regex, text)
