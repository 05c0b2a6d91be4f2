"""Service mode sets the volume like any key (validated, two people, logged before and after), and may do
so while players have credits: how loud the table is touches neither money nor the game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from terminal.desk.desk import ServiceRefused
from terminal.ledger import EventCode
from terminal.net.messages import service as sm
from tests.desk.test_service import PINS, _cmd, _desk, _login


def test_the_volume_changes_with_credits_on_a_seat_and_is_logged(tmp_path: Path) -> None:
    desk = _desk(tmp_path)
    desk.table.cashier.bill_stacked(3, 2_000)
    _login(desk, "tom")
    with pytest.raises(ServiceRefused, match="display_volume"):
        _cmd(desk, "config_change", PINS["tom"], "dan", PINS["dan"], "sound.display_volume=120")
    diff = _cmd(desk, "config_change", PINS["tom"], "dan", PINS["dan"], "sound.display_volume=30")
    assert isinstance(diff, sm.ConfigDiff) and diff.applied
    assert "display_volume = 30" in desk.table.config.path.read_text(encoding="utf-8")
    event = desk.table.ledger.events(EventCode.CONFIG_CHANGE)[-1]
    detail = json.loads(event.detail)
    before, after = {"sound.display_volume": "80"}, {"sound.display_volume": "30"}
    assert (detail["before"], detail["after"]) == (before, after)
    assert (event.user, detail["second_user"]) == ("tom", "dan")


def test_a_money_key_beside_the_volume_is_still_blocked(tmp_path: Path) -> None:
    desk = _desk(tmp_path)
    desk.table.cashier.bill_stacked(3, 2_000)
    _login(desk, "tom")
    with pytest.raises(ServiceRefused, match="credits on seat 3"):
        _cmd(desk, "config_change", PINS["tom"], "dan", PINS["dan"], "sound.seat_volume=0", "table.seats=6")
