"""The tilt board on its own, over a real ledger: what the round engine hears, what the event log keeps."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from terminal.ledger import EventCode
from terminal.table.clock import ManualClock
from terminal.table.refused import Refused
from terminal.table.tilt_board import TiltBoard
from terminal.table.tilts import Role, Tilt, TiltClearError, TiltKind
from tests.table.harness import make_config, make_table


def _board(tmp_path: Path) -> tuple[TiltBoard, list[str]]:
    table = make_table(make_config(tmp_path))
    heard: list[str] = []
    board = TiltBoard(
        table.ledger, ManualClock(1_800_000_000.0),
        on_table_tilt=lambda: heard.append("tilt"), on_table_clear=lambda: heard.append("clear"),
    )  # fmt: skip
    return board, heard


def test_the_round_engine_hears_only_of_table_wide_tilts(tmp_path: Path) -> None:
    board, heard = _board(tmp_path)
    board.raise_tilt(Tilt(TiltKind.DEVICE_FAULT, 2, "bill acceptor: jam"))
    board.clear_tilt(TiltKind.DEVICE_FAULT, 2, Role.ATTENDANT, condition_over=True)
    assert heard == []
    board.raise_tilt(Tilt(TiltKind.DOOR_OPEN, None, "main door open"))
    board.clear_tilt(TiltKind.DOOR_OPEN, None, Role.ATTENDANT, condition_over=True)
    assert heard == ["tilt", "clear"]


def test_every_change_is_logged_once_and_a_restart_restores_what_is_up(tmp_path: Path) -> None:
    board, _ = _board(tmp_path)
    door = Tilt(TiltKind.DOOR_OPEN, None, "main door open")
    board.raise_tilt(door)
    board.raise_tilt(door)  # already up: not logged again
    board.raise_tilt(Tilt(TiltKind.LINK_LOST, 3, "seat link lost"))
    board.clear_tilt(TiltKind.LINK_LOST, 3, None, condition_over=True)
    raised = [json.loads(e.detail) for e in board.ledger.events(EventCode.TILT)]
    assert raised == [
        {"tilt": "door_open", "detail": "main door open"},
        {"tilt": "link_lost", "detail": "seat link lost"},
    ]
    assert [e.seat for e in board.ledger.events(EventCode.TILT_CLEARED)] == [3]
    again = TiltBoard(board.ledger, board.clock)
    again.restore()
    assert again.active == (door,)


def test_a_tilted_seat_is_refused_with_every_reason_and_clearing_keeps_its_rule(tmp_path: Path) -> None:
    board, _ = _board(tmp_path)
    board.raise_tilt(Tilt(TiltKind.RNG_FAILURE, None, "health test tripped"))
    board.raise_tilt(Tilt(TiltKind.HANDPAY, 4, '{"award": 150000}'))
    with pytest.raises(Refused, match="the seat takes no money now: rng_failure, handpay") as refused:
        board.refuse_if_tilted(4, "takes no money")
    assert refused.value.code == "tilt"
    with pytest.raises(TiltClearError, match="technician"):
        board.check_clear(TiltKind.RNG_FAILURE, None, Role.ATTENDANT)
    board.check_clear(TiltKind.RNG_FAILURE, None, Role.TECHNICIAN)  # allowed, and nothing cleared
    assert board.find(TiltKind.RNG_FAILURE, None) is not None and board.blocks_seat(5)
