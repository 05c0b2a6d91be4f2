"""Only the casino system lifts its own stop: no service user clears ``sas_disabled`` or ``sas_link``.

The attack: an administrator (the highest role) logged in at the service screen sends
``clear_tilt sas_disabled 2`` to open a seat the casino system shut down (or ``sas_link`` to play a
``required`` seat the system cannot see). Both tilts clear automatically, so their rule asks no role; the
service desk must judge their condition still present until the SAS process says otherwise.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from terminal.desk.desk import ServiceRefused
from terminal.net.messages import ServiceCommand
from terminal.table.refused import Refused
from terminal.table.tilts import Tilt, TiltKind
from tests.table.test_tilt_restart import _desk, _table


@pytest.mark.parametrize("kind", [TiltKind.SAS_DISABLED, TiltKind.SAS_LINK], ids=lambda k: k.value)
def test_no_service_user_clears_the_casino_systems_stop(tmp_path: Path, kind: TiltKind) -> None:
    table = _table(tmp_path)
    table.tilts.raise_tilt(Tilt(kind, 2, "the casino system's stop"))
    desk = _desk(table)
    desk.handle("service", ServiceCommand("logout", ()))
    desk.handle("service", ServiceCommand("login", ("dan", "4444")))  # the administrator
    with pytest.raises(ServiceRefused, match="the condition is still present"):
        desk.handle("service", ServiceCommand("clear_tilt", (kind.value, "2")))
    assert table.tilts.find(kind, 2) is not None
    with pytest.raises(Refused, match="takes no wagers"):
        table.wagers.place(2, "red", 100)
