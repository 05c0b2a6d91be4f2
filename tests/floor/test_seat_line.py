"""The player's one line: another table's ticket at a seat while the floor is unreachable.

A real table (floor link on, no server answering) and a real seat screen over the protocol: the ticket
comes back and the seat shows one line from the catalogue, in the player's language, with no engineer
detail under it. The PNGs are written for a person to look at (``FLOOR_SHOTS`` keeps them).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

pygame = pytest.importorskip("pygame")

from terminal.i18n import load_catalogue  # noqa: E402
from terminal.lab.live_table import LiveSeat, LiveTable  # noqa: E402
from terminal.ledger.vouchers import validation_number  # noqa: E402
from terminal.seat import intents as i  # noqa: E402
from tests.floor.servers import free_port  # noqa: E402
from tests.floor.tables import floor_config  # noqa: E402


@pytest.mark.parametrize(  # Spanish in make check (its lines run longer); English with the slow tests
    "language", [pytest.param("en", marks=pytest.mark.slow), "es"]
)
def test_a_foreign_ticket_offline_is_refused_in_one_line(tmp_path: Path, language: str) -> None:
    c = floor_config(tmp_path / "t", f"nats://127.0.0.1:{free_port()}")  # nobody listens there
    foreign = validation_number(lambda n: 31415926535897932 % n)
    out = Path(os.environ.get("FLOOR_SHOTS", tmp_path))
    with LiveTable(c) as table, LiveSeat(table, 1, language=language) as seat:
        seat.act(i.VOUCHER, foreign)
        seat.until(lambda s: s.notice is not None, "the refusal")
        notice = seat.model.notice
        assert notice is not None and notice.key == "error.floor_offline" and notice.detail == ""
        assert table.call(lambda: table.table.cashier.credits(1)) == 0
        seat.shot(out / f"seat_floor_offline_{language}.png")
    line = load_catalogue(language).text("error.floor_offline")
    assert line and "\n" not in line
