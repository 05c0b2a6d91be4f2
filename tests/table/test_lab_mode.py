"""Test mode: forced outcomes only in lab mode, on a test ledger; production meters and rounds untouched."""

from __future__ import annotations

import asyncio
import json
from datetime import UTC, datetime
from pathlib import Path

import pytest

from rng import EntropySource, HealthParameters, Rng
from terminal import config
from terminal.config import Config, defaults, loads
from terminal.desk.desk import ServiceDesk
from terminal.desk.roles import Role
from terminal.desk.users import ScryptParams, UserStore
from terminal.devices.events import ServiceKeyTurned
from terminal.games.seam import DrawPlan
from terminal.ledger import EventCode, Ledger, keyfile
from terminal.net import messages as m
from terminal.net.messages import service as sm
from terminal.table.boot import boot, driver_for
from terminal.table.cabinet import Cabinet
from terminal.table.clock import ManualClock
from terminal.table.controller import Controller
from terminal.table.lab_mode import ForcedRng, ForceError, parse_force
from terminal.table.refused import Refused
from terminal.table.table import Table
from tests.table.harness import make_config, make_table

LAB = "[lab]\nmode = true\n"


def production(c_path: Path) -> Ledger:
    """The production ledger as an auditor would open it."""
    key = keyfile.load_or_create(c_path / "var" / "ledger.key", lambda n: bytes(n))
    return Ledger(c_path / "var" / "ledger.sqlite", key, now=ManualClock(1_800_000_100.0).wall())


def _lab_desk(table: Table) -> ServiceDesk:
    """A service desk with the key turned and a lab user logged in on the ``service`` client."""
    entropy = iter(range(100))
    store = UserStore().init("dan", "4444", lambda n: bytes([next(entropy)]) * n, ScryptParams(n=2**4))
    admin = store.find("dan")
    assert admin is not None
    store = store.add(
        admin, "lia", Role.LAB, "3333", lambda n: bytes([next(entropy)]) * n, ScryptParams(n=2**4)
    )
    Cabinet(table).on_event(None, ServiceKeyTurned(datetime.now(UTC), True))
    desk = ServiceDesk.for_table(table, store)
    assert isinstance(desk.handle("service", m.ServiceCommand("login", ("lia", "3333"))), sm.ServiceSession)
    return desk


def enter_lab_mode(tmp_path: Path, extra: str = "") -> Config:
    """Lab mode entered as it must be: a logged two-person configuration change (lab.mode=true) at a
    production table, then a restart. Returns the configuration the table now boots with."""
    c = make_config(tmp_path, extra)
    table = boot(c, ManualClock(1_799_999_000.0))
    table.start()
    entropy = iter(range(100))
    store = UserStore().init("dan", "4444", lambda n: bytes([next(entropy)]) * n, ScryptParams(n=2**4))
    admin = store.find("dan")
    assert admin is not None
    store = store.add(admin, "ted", Role.TECHNICIAN, "6666", lambda n: bytes([next(entropy)]) * n,
                      ScryptParams(n=2**4))  # fmt: skip
    Cabinet(table).on_event(None, ServiceKeyTurned(datetime.now(UTC), True))
    desk = ServiceDesk.for_table(table, store)
    desk.handle("service", m.ServiceCommand("login", ("ted", "6666")))
    change = m.ServiceCommand("config_change", ("6666", "dan", "4444", "lab.mode=true"))
    changed = desk.handle("service", change)
    assert isinstance(changed, sm.ConfigDiff) and changed.applied
    table.ledger.close()
    return config.load(c.path)


def mode_changes(ledger: Ledger) -> list[dict[str, object]]:
    return [json.loads(e.detail) for e in ledger.events(EventCode.MODE_CHANGE)]


def test_forcing_is_refused_outside_lab_mode(tmp_path: Path) -> None:
    table = make_table(make_config(tmp_path))
    table.start()
    with pytest.raises(Refused, match="only in lab mode") as refused:
        table.force_outcome(("pocket", "17"))
    assert refused.value.code == "lab"
    with pytest.raises(ValueError, match="forced outcomes exist only in lab mode"):
        _lab_desk(table).handle("service", m.ServiceCommand("force_outcome", ("pocket", "1")))
    assert Controller(table).table_state().test_mode is False


def test_lab_mode_plays_forced_spins_on_the_test_ledger_only(tmp_path: Path) -> None:
    c = enter_lab_mode(tmp_path)
    clock = ManualClock(1_800_000_000.0)
    table = boot(c, clock)
    assert table.ledger.path == tmp_path / "var" / "test-ledger.sqlite"
    table.start()
    controller = Controller(table, desk=_lab_desk(table))
    assert controller.table_state().test_mode is True
    asyncio.run(controller.on_message("service", m.ServiceCommand("force_outcome", ("pocket", "17", "00"))))
    Cabinet(table).on_event(None, ServiceKeyTurned(datetime.now(UTC), False))  # the lab user turns it back
    assert not table.tilts.active
    table.cashier.bill_stacked(1, 10_000)
    table.wagers.place(1, "straight:17", 100)
    first = table.play_round()
    assert first.text == "17" and table.cashier.credits(1) == 10_000 - 100 + 3_600  # 35 to 1
    table.open_round()
    assert table.play_round().text == "00"
    table.open_round()
    third = table.play_round()  # the queue is empty: the certified generator draws again
    recorded = table.ledger.recall(first.round_id)
    assert recorded.draw is not None and recorded.draw.generator == "forced"
    assert table.ledger.recall(third.round_id).draw.generator != "forced"  # type: ignore[union-attr]
    test_meters = table.ledger.meters()
    assert (test_meters["wagered"], test_meters["won"], test_meters["games_played"]) == (100, 3_600, 3)
    table.ledger.close()
    prod = production(tmp_path)
    assert prod.outcomes(10) == [] and not any(prod.meters().values())  # nothing in production
    assert mode_changes(prod)[-1] | {"test_ledger": ""} == {
        "setting": "[lab] mode", "before": False, "after": True, "test_ledger": "",
    }  # fmt: skip
    assert prod.verify().ok
    prod.close()


def test_leaving_lab_mode_is_logged_once_and_production_resumes(tmp_path: Path) -> None:
    clock = ManualClock(1_800_000_000.0)
    boot(make_config(tmp_path, LAB), clock).ledger.close()
    boot(make_config(tmp_path, LAB), clock).ledger.close()  # still lab mode: no second event
    table = boot(make_config(tmp_path, "[lab]\nmode = false\n"), clock)
    assert table.ledger.path == tmp_path / "var" / "ledger.sqlite"
    changes = [(d["before"], d["after"]) for d in mode_changes(table.ledger)]
    assert changes == [(False, True), (True, False)]
    table.start()
    with pytest.raises(Refused, match="only in lab mode"):
        table.force_outcome(("pocket", "3"))
    table.ledger.close()


def test_craps_rolls_and_touchdown_teams_can_be_forced(tmp_path: Path) -> None:
    c = enter_lab_mode(tmp_path, "[table]\ngame = craps\n")
    table = boot(c, ManualClock(1_800_000_000.0))
    table.start()
    assert table.force_outcome(("roll", "4-3", "6-6")) == 2
    assert table.play_round().text.startswith("4-3")
    table.open_round()
    assert table.play_round().text.startswith("6-6")
    with pytest.raises(Refused, match="'7' is not a craps outcome at this table: a roll is two dice"):
        table.force_outcome(("pocket", "7"))
    table.ledger.close()
    real = Rng(EntropySource(HealthParameters(min_entropy=7)), clock=lambda: 0.0, name="t")
    forced = ForcedRng(real, DrawPlan("below", 38), 2)
    roulette = driver_for(defaults())
    forced.force(parse_force(("team", "black", "red"), roulette) + parse_force(("pocket", "00"), roulette))
    assert forced.randbelow(38).generator_id != "forced"  # a team is due first: the spin is real
    assert [forced.randbelow(2).value for _ in range(2)] == [1, 0]  # black, red
    assert forced.randbelow(38).value == 37


SINGLE = "[roulette]\nwheel = single_zero\n[touchdown]\noffered = false\n"


@pytest.mark.parametrize(
    ("args", "config", "words"),
    [
        (("pocket", "00"), SINGLE, "pocket 00 is not on the single_zero wheel"),
        (("pocket", "37"), "", "not a roulette pocket"),
        (("roll", "7-1"), "[table]\ngame = craps\n", "two dice"),
        (("roll", "43"), "[table]\ngame = craps\n", "two dice"),
        (("outcome", "1-2-7"), "[table]\ngame = sicbo\n", "not a Sic Bo roll"),
        (("outcome", "five@5"), "[table]\ngame = bigsix\n", "not a Big Six stop"),
        (("team", "green"), "", "options: red, black"),
        (("team", "red"), SINGLE, "options: none"),
        (("card", "A"), "", "needs a kind"),
        (("pocket",), "", "needs a kind"),
    ],
)
def test_bad_forced_outcomes_are_refused(args: tuple[str, ...], config: str, words: str) -> None:
    with pytest.raises(ForceError, match=words):
        parse_force(args, driver_for(loads(config)))


@pytest.mark.parametrize(
    ("config", "text", "values"),
    [("[table]\ngame = sicbo\n", "2-5-5", (2, 5, 5)), ("[table]\ngame = bigsix\n", "flag@27", (27,))],
)
def test_every_game_takes_its_own_forced_outcomes(config: str, text: str, values: tuple[int, ...]) -> None:
    assert parse_force(("outcome", text), driver_for(loads(config))) == (("outcome", values),)
