"""Tilts reach the faces as public codes: every kind has one, every code a message in every language."""

from __future__ import annotations

import pytest

from terminal.i18n import LANGUAGES, load_catalogue
from terminal.net import messages as m
from terminal.net.tilt_codes import CODES, LINK_CODES, code_for
from terminal.table.controller import _tilt_message
from terminal.table.tilts import Tilt, TiltKind


@pytest.mark.parametrize("kind", list(TiltKind))
def test_every_kind_of_tilt_has_a_public_code(kind: TiltKind) -> None:
    assert code_for(kind.value, "anything") in CODES


@pytest.mark.parametrize("code", CODES + LINK_CODES)
def test_every_code_has_a_message_in_every_language(code: str) -> None:
    texts = {language: load_catalogue(language).text(f"tilt.{code}") for language in LANGUAGES}
    assert all(texts.values()) and texts["es"] != texts["en"]  # translated, not copied


def test_the_table_sends_the_code_and_scope_and_keeps_the_detail_for_service() -> None:
    sent = _tilt_message(Tilt(TiltKind.DEVICE_FAULT, 3, "ticket_printer: out of paper"), True)
    assert sent == m.Tilt("device_fault", True, 3, "ticket_printer", "seat 3: ticket_printer: out of paper")
    door = _tilt_message(Tilt(TiltKind.DOOR_OPEN, None, "main door open"), False)
    assert (door.seat, door.code, door.active) == (None, "door_open", False)
    service = _tilt_message(Tilt(TiltKind.SERVICE_MODE, None, "service key on"), True)
    assert service.code == "out_of_service"  # its own screen on every face, not a door tilt
    held = _tilt_message(Tilt(TiltKind.DEVICE_FAULT, 2, "voucher 1234 stacked but refused"), True)
    assert held.code == "voucher_held"
