"""Service mode at the controller: key, PINs, lockout, idle logout, roles, two people, blocked changes."""

from __future__ import annotations

import asyncio
import json
from datetime import UTC, datetime
from pathlib import Path

import pytest

from terminal.desk.desk import COMMANDS, ServiceDesk, ServiceRefused
from terminal.desk.roles import ROLE_ACTS, TWO_PERSON, markdown_table
from terminal.desk.users import ScryptParams, UserError, UserStore
from terminal.devices.events import ServiceKeyTurned
from terminal.ledger import EventCode
from terminal.net.messages import ServiceCommand, body_from_json, body_to_json
from terminal.net.messages import service as sm
from terminal.table.cabinet import Cabinet
from terminal.table.controller import Controller
from terminal.table.table import Table
from terminal.table.tilts import Role, Tilt, TiltKind
from tests.table.harness import make_config, scripted_table

FAST = ScryptParams(n=2**4, r=8, p=1)  # cheap hashes for tests; production uses ScryptParams()
PINS = {"ann": "1111", "tom": "2222", "lia": "3333", "dan": "4444", "dee": "5555", "ted": "6666"}
ROLES = {"ann": Role.ATTENDANT, "tom": Role.TECHNICIAN, "lia": Role.LAB, "dan": Role.ADMINISTRATOR,
         "dee": Role.ADMINISTRATOR, "ted": Role.TECHNICIAN}  # fmt: skip
CONFIG = "[service]\npin_attempts = 3\nlockout_seconds = 60\nidle_logout_seconds = 120\n"


def _store() -> UserStore:
    entropy = iter(range(1000))
    store = UserStore().init("dan", PINS["dan"], lambda n: bytes([next(entropy)]) * n, FAST)
    admin = store.find("dan")
    assert admin is not None
    for user, role in ROLES.items():
        if user != "dan":
            store = store.add(admin, user, role, PINS[user], lambda n: bytes([next(entropy)]) * n, FAST)
    return store


def _desk(tmp_path: Path, *outcomes: object) -> ServiceDesk:
    c = make_config(tmp_path, CONFIG)
    table = scripted_table(c, *outcomes)
    table.start()
    Cabinet(table).on_event(None, ServiceKeyTurned(datetime.now(UTC), True))
    return ServiceDesk.for_table(table, _store())


def _cmd(desk: ServiceDesk, command: str, *args: str, client: str = "service") -> object:
    return desk.handle(client, ServiceCommand(command, args))


def _login(desk: ServiceDesk, user: str, client: str = "service") -> None:
    reply = _cmd(desk, "login", user, PINS[user], client=client)
    assert isinstance(reply, sm.ServiceSession) and reply.user == user


def _advance(table: Table, seconds: float) -> None:
    table.clock.advance(seconds)  # type: ignore[attr-defined]


# Arguments that pass the role check and reach the act (the act may still refuse them for its own reasons).
SAMPLE_ARGS = {
    "events": ("", "", "", "1"), "recall": ("1",), "recall_seat": ("1",), "report": ("",),
    "voucher": ("123456789012345671",), "reprint_voucher": ("123456789012345671",),
    "handpay": ("1",), "clear_tilt": ("door_open", ""),
    "void_voucher": ("x", "y", "z", "123456789012345671", "reason"), "config_preview": ("table.seats=6",),
    "config_change": ("x", "y", "z", "table.seats=6"), "ram_clear": ("x", "y", "z"),
}  # fmt: skip


def _command_for(act: str) -> str | None:
    return next((name for name, spec in COMMANDS.items() if spec.act == act), None)


@pytest.mark.parametrize("act", sorted(ROLE_ACTS))
def test_every_act_is_refused_to_every_role_the_table_does_not_list(tmp_path: Path, act: str) -> None:
    desk = _desk(tmp_path)
    command = _command_for(act)
    users = {role: next(u for u, r in ROLES.items() if r is role) for role in Role}
    for role in Role:
        if command is None:  # managing users is the CLI's act: the store enforces it
            admin = desk.auth.store.find(users[role])
            assert admin is not None
            if role not in ROLE_ACTS[act]:
                with pytest.raises(UserError, match="needs an administrator"):
                    desk.auth.store.add(admin, "new", Role.LAB, "9999", lambda n: bytes(n), FAST)
            continue
        _login(desk, users[role])
        try:
            _cmd(desk, command, *SAMPLE_ARGS.get(command, ()))
            refusal = ""
        except ServiceRefused as refused:
            refusal = str(refused)
        if role in ROLE_ACTS[act]:
            assert "may not" not in refusal, (act, role, refusal)
        else:
            assert f"may not {act}" in refusal, (act, role, refusal)
            logged = desk.table.ledger.events(EventCode.SERVICE_ACTION)[-1]
            assert (logged.user, logged.role) == (users[role], role.name.lower())
            assert "refused" in json.loads(logged.detail)


def test_login_needs_the_service_key(tmp_path: Path) -> None:
    desk = _desk(tmp_path)
    Cabinet(desk.table).on_event(None, ServiceKeyTurned(datetime.now(UTC), False))
    with pytest.raises(ServiceRefused, match="service key"):
        _login(desk, "tom")


def test_the_key_stops_wagers_and_money_and_says_why(tmp_path: Path) -> None:
    desk = _desk(tmp_path)
    assert desk.table.tilts.blocks_seat(1)
    assert "service_mode" in desk.table.tilts.reasons(1)
    controller = Controller(desk.table)
    assert controller.seat_state(1).locked == "service_mode"


def test_wrong_pins_lock_the_user_out_until_the_lockout_ends(tmp_path: Path) -> None:
    desk = _desk(tmp_path)
    for _ in range(2):
        with pytest.raises(ServiceRefused, match="tries left"):
            _cmd(desk, "login", "tom", "0000")
    with pytest.raises(ServiceRefused, match="locked out for 60 s"):
        _cmd(desk, "login", "tom", "0000")
    with pytest.raises(ServiceRefused, match="locked out"):
        _login(desk, "tom")  # the right PIN is refused while locked
    _advance(desk.table, 59)
    with pytest.raises(ServiceRefused, match="locked out"):
        _login(desk, "tom")
    _advance(desk.table, 2)
    _login(desk, "tom")
    failed = [e for e in desk.table.ledger.events(EventCode.SERVICE_LOGIN) if "refused" in e.detail]
    assert len(failed) == 5 and all("0000" not in e.detail and "2222" not in e.detail for e in failed)


def test_an_idle_session_is_logged_out(tmp_path: Path) -> None:
    desk = _desk(tmp_path)
    _login(desk, "tom")
    _advance(desk.table, 100)
    assert isinstance(_cmd(desk, "meters"), sm.MetersReport)  # activity resets the idle timer
    _advance(desk.table, 119)
    assert isinstance(_cmd(desk, "tilts"), sm.TiltList)
    _advance(desk.table, 121)
    with pytest.raises(ServiceRefused, match="logged out after 120 s idle"):
        _cmd(desk, "meters")
    with pytest.raises(ServiceRefused, match="not logged in"):
        _cmd(desk, "meters")


def test_expire_idle_ends_and_logs_sessions(tmp_path: Path) -> None:
    desk = _desk(tmp_path)
    _login(desk, "tom")
    _login(desk, "ann", client="seat-2")
    _advance(desk.table, 60)
    _cmd(desk, "tilts")
    _advance(desk.table, 70)
    assert desk.expire_idle() == ("seat-2",)
    assert json.loads(desk.table.ledger.events(EventCode.SERVICE_LOGOUT)[-1].detail)["reason"] == "idle"


def _voucher(desk: ServiceDesk) -> str:
    desk.table.cashier.bill_stacked(1, 10_000)
    tilts = desk.table.tilts
    tilts.state = tilts.state.cleared(TiltKind.SERVICE_MODE, None, role=None, condition_over=True)
    number = desk.table.cashier.cash_out(1).number
    desk.table.tilts.raise_tilt(Tilt(TiltKind.SERVICE_MODE, None, "service key on"))
    return number


@pytest.mark.parametrize("command", sorted(c for c, spec in COMMANDS.items() if spec.act in TWO_PERSON))
def test_two_person_acts_refuse_the_same_person_twice(tmp_path: Path, command: str) -> None:
    desk = _desk(tmp_path)
    _login(desk, "dan")
    rest = SAMPLE_ARGS[command][3:]
    with pytest.raises(ServiceRefused, match="two different people, not dan twice"):
        _cmd(desk, command, PINS["dan"], "dan", PINS["dan"], *rest)
    with pytest.raises(ServiceRefused, match="wrong user or PIN for dee"):
        _cmd(desk, command, PINS["dan"], "dee", "0000", *rest)  # the second PIN is checked
    with pytest.raises(ServiceRefused, match="wrong user or PIN for dan"):
        _cmd(desk, command, "0000", "dee", PINS["dee"], *rest)  # and the first person's PIN again


def test_a_voucher_is_voided_by_two_people_with_a_reason(tmp_path: Path) -> None:
    desk = _desk(tmp_path)
    number = _voucher(desk)
    _login(desk, "ann")
    info = _cmd(desk, "voucher", number)
    assert isinstance(info, sm.VoucherInfo) and (info.state, info.amount) == ("outstanding", 10_000)
    with pytest.raises(ServiceRefused, match=r"lia .lab. may not voucher_void"):
        _cmd(desk, "void_voucher", PINS["ann"], "lia", PINS["lia"], number, "torn")  # second role checked
    done = _cmd(desk, "void_voucher", PINS["ann"], "dan", PINS["dan"], number, "torn ticket")
    assert isinstance(done, sm.ServiceDone)
    assert desk.table.ledger.voucher(number, now=desk.table.clock.wall()).state == "voided"
    event = desk.table.ledger.events(EventCode.VOUCHER_VOID)[-1]
    assert (event.user, json.loads(event.detail)["second_user"]) == ("ann", "dan")


def test_a_config_change_is_refused_while_a_seat_has_credits(tmp_path: Path) -> None:
    desk = _desk(tmp_path)
    desk.table.cashier.bill_stacked(3, 2_000)
    _login(desk, "tom")
    with pytest.raises(ServiceRefused, match="credits on seat 3"):
        _cmd(desk, "config_change", PINS["tom"], "dan", PINS["dan"], "table.seats=6")
    preview = _cmd(desk, "config_preview", "table.seats=6")
    assert isinstance(preview, sm.ConfigDiff) and preview.blocked == "credits on seat 3"
    assert "seats" not in desk.table.config.path.read_text(encoding="utf-8")


def test_a_round_in_progress_refuses_a_config_change(tmp_path: Path) -> None:
    desk = _desk(tmp_path)
    table = desk.table
    table.cashier.bill_stacked(1, 500)
    table.tilts.state = table.tilts.state.cleared(TiltKind.SERVICE_MODE, None, role=None, condition_over=True)
    table.wagers.place(1, "red", 500)  # every credit is on the layout: no credits, but a wager in play
    table.tilts.raise_tilt(Tilt(TiltKind.SERVICE_MODE, None, "service key on"))
    assert table.cashier.credits(1) == 0
    _login(desk, "tom")
    with pytest.raises(ServiceRefused, match=r"round .* is in progress"):
        _cmd(desk, "config_change", PINS["tom"], "dan", PINS["dan"], "table.seats=6")


def test_a_config_change_is_validated_written_and_logged_before_and_after(tmp_path: Path) -> None:
    desk = _desk(tmp_path)
    _login(desk, "tom")
    with pytest.raises(ServiceRefused, match="seats"):
        _cmd(desk, "config_change", PINS["tom"], "dan", PINS["dan"], "table.seats=12")  # the loader refuses
    diff = _cmd(desk, "config_change", PINS["tom"], "dan", PINS["dan"], "table.seats=6")
    assert isinstance(diff, sm.ConfigDiff) and diff.applied
    assert [(c.section, c.key, c.before, c.after) for c in diff.changes] == [("table", "seats", "8", "6")]
    text = desk.table.config.path.read_text(encoding="utf-8")
    assert "seats = 6" in text and CONFIG.strip().splitlines()[1] in text
    event = desk.table.ledger.events(EventCode.CONFIG_CHANGE)[-1]
    detail = json.loads(event.detail)
    assert (detail["before"], detail["after"]) == ({"table.seats": "8"}, {"table.seats": "6"})
    assert (event.user, event.role, detail["second_user"]) == ("tom", "technician", "dan")


def test_a_hand_pay_is_paid_by_an_attendant_and_unlocks_the_seat(tmp_path: Path) -> None:
    desk = _desk(tmp_path)
    desk.table.cashier.bill_stacked(2, 5_000)
    desk.table.tilts.raise_tilt(Tilt(TiltKind.HANDPAY, 2, "award of 180000 on straight"))
    _login(desk, "ann")
    assert isinstance(_cmd(desk, "handpay", "2"), sm.ServiceDone)
    assert desk.table.cashier.credits(2) == 0
    assert not any(t.kind is TiltKind.HANDPAY for t in desk.table.tilts.active)
    assert desk.table.ledger.meters()["handpays"] == 5_000
    event = desk.table.ledger.events(EventCode.HANDPAY)[-1]
    assert (event.user, event.role) == ("ann", "attendant")


def test_an_integrity_failure_is_cleared_only_by_an_administrator(tmp_path: Path) -> None:
    desk = _desk(tmp_path)
    desk.table.tilts.raise_tilt(Tilt(TiltKind.LEDGER_INTEGRITY, None, "row 7 edited"))
    _login(desk, "tom")
    with pytest.raises(ServiceRefused, match="needs the administrator role"):
        _cmd(desk, "clear_tilt", "ledger_integrity", "")
    _login(desk, "dan")
    _cmd(desk, "clear_tilt", "ledger_integrity", "")  # the ledger verifies again, so it may clear
    assert not any(t.kind is TiltKind.LEDGER_INTEGRITY for t in desk.table.tilts.active)


def test_ram_clear_needs_two_people_and_starts_a_new_epoch(tmp_path: Path) -> None:
    desk = _desk(tmp_path)
    desk.table.ledger.archive_dir = tmp_path / "archive"  # the harness ledger has none; production does
    _login(desk, "tom")
    done = _cmd(desk, "ram_clear", PINS["tom"], "dee", PINS["dee"])
    assert isinstance(done, sm.ServiceDone)
    assert desk.table.ledger.epoch() == 2
    assert desk.table.ledger.events(EventCode.RAM_CLEAR)[-1].user == "tom"


def test_selftests_run_on_demand_and_software_verification_waits_for_its_hook(tmp_path: Path) -> None:
    desk = _desk(tmp_path)
    _login(desk, "lia")
    report = _cmd(desk, "selftest")
    assert isinstance(report, sm.SelfTestReport)
    assert [(r.name, r.status) for r in report.results] == [
        ("rng", "pass"), ("ledger", "pass"), ("software", "not_installed")]  # fmt: skip
    assert "no manifest" in report.results[2].detail  # a development build: said plainly, not a failure
    assert desk.table.ledger.events(EventCode.SOFTWARE_VERIFY_SKIPPED)
    desk.software_verification = None
    assert _cmd(desk, "selftest").results[2].status == "not_installed"  # type: ignore[attr-defined]
    desk.software_verification = lambda: ("fail", "terminal/table/table.py differs from the manifest")
    assert _cmd(desk, "selftest").results[2].status == "fail"  # type: ignore[attr-defined]


def test_meters_recall_and_events_after_real_rounds(tmp_path: Path) -> None:
    desk = _desk(tmp_path, 17, 3)
    table = desk.table
    table.tilts.state = table.tilts.state.cleared(TiltKind.SERVICE_MODE, None, role=None, condition_over=True)
    table.cashier.bill_stacked(1, 10_000)
    table.wagers.place(1, "straight:17", 100)
    table.wagers.place(1, "red", 200)
    first = table.play_round().round_id
    table.open_round()
    table.wagers.place(1, "red", 200)
    table.play_round()
    table.tilts.raise_tilt(Tilt(TiltKind.SERVICE_MODE, None, "service key on"))
    _login(desk, "tom")
    meters = _cmd(desk, "meters")
    assert isinstance(meters, sm.MetersReport)
    straight = next(w for w in meters.wagers if w.wager == "straight")
    assert (straight.wagered, straight.won, straight.count) == (100, 3_600, 1)
    assert straight.actual_ppm == 36_000_000 and straight.par_ppm == 1_000_000 - round(1_000_000 / 19)
    red = next(w for w in meters.wagers if w.wager == "red")
    assert (red.wagered, red.won, red.actual_ppm) == (400, 400, 1_000_000)  # 17 is black, 3 is red
    named = {m.name: m.value for m in meters.meters}
    assert named["games_played"] == 2 and named["cash_in"] == 10_000
    recall = _cmd(desk, "recall", str(first))
    assert isinstance(recall, sm.RoundRecall) and recall.outcome == "17"
    assert sorted((w.spot, w.stake, w.returned) for w in recall.wagers) == [
        ("red", 200, 0),
        ("straight:17", 100, 3_600),
    ]
    assert recall.seats[0].credits_before == 10_000 and recall.seats[0].credits_after == 10_000 - 300 + 3_600
    listing = _cmd(desk, "recall_seat", "1")
    assert isinstance(listing, sm.RecallList) and [r.round_id for r in listing.rounds][-1] == first
    page = _cmd(desk, "events", "bill_stacked", "", "", "1")
    assert isinstance(page, sm.EventPage) and page.total == 1 and page.events[0].name == "bill_stacked"
    everything = _cmd(desk, "events", "", "", "", "1")
    assert isinstance(everything, sm.EventPage) and everything.total > page.total
    assert everything.events[0].id > everything.events[-1].id  # newest first
    for reply in (meters, recall, listing, page, everything):  # every reply survives the wire
        assert body_from_json(reply.TYPE, reply.VERSION, body_to_json(reply)) == reply  # type: ignore[attr-defined]


def test_the_controller_pushes_the_reply_to_the_service_client(tmp_path: Path) -> None:
    desk = _desk(tmp_path)
    pushed: list[tuple[str, object]] = []

    class Server:
        async def push(self, client: str, message: object) -> bool:
            pushed.append((client, message))
            return True

        async def broadcast(self, message: object) -> int:
            return 0

    controller = Controller(desk.table, server=Server(), desk=desk)  # type: ignore[arg-type]
    ack = asyncio.run(controller.on_message("service", ServiceCommand("login", ("tom", PINS["tom"]))))
    assert ack is None and isinstance(pushed[0][1], sm.ServiceSession) and pushed[0][0] == "service"
    with pytest.raises(ValueError, match="may not force_outcome"):
        asyncio.run(controller.on_message("service", ServiceCommand("force_outcome", ())))


def test_the_ledger_selftest_checks_the_sealed_mark(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    desk = _desk(tmp_path)
    _login(desk, "lia")
    monkeypatch.setattr(desk.table.ledger, "check_mark", lambda: "12 rows behind the sealed mark")
    report = _cmd(desk, "selftest")
    assert isinstance(report, sm.SelfTestReport)
    ledger = next(r for r in report.results if r.name == "ledger")
    assert ledger.status == "fail" and "12 rows behind the sealed mark" in ledger.detail
    assert any(t.kind is TiltKind.LEDGER_INTEGRITY for t in desk.table.tilts.active)


def test_clearing_an_rng_failure_runs_the_selftest_and_reseeds(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from rng import RngFailure

    desk = _desk(tmp_path)
    _login(desk, "tom")
    desk.table.tilts.raise_tilt(Tilt(TiltKind.RNG_FAILURE, None, "health test tripped"))
    reseeded: list[bool] = []
    monkeypatch.setattr(desk.table.rng, "reseed", lambda: reseeded.append(True), raising=False)

    def broken(generator: object) -> None:
        raise RngFailure("known answer mismatch")

    monkeypatch.setattr("terminal.table.health.power_up", broken)
    with pytest.raises(ServiceRefused, match="self-test failed; the tilt stays"):
        _cmd(desk, "clear_tilt", "rng_failure", "")
    assert any(t.kind is TiltKind.RNG_FAILURE for t in desk.table.tilts.active) and not reseeded
    monkeypatch.undo()
    monkeypatch.setattr(desk.table.rng, "reseed", lambda: reseeded.append(True), raising=False)
    done = _cmd(desk, "clear_tilt", "rng_failure", "")
    assert isinstance(done, sm.ServiceDone) and "reseeded" in done.message and reseeded == [True]
    assert not any(t.kind is TiltKind.RNG_FAILURE for t in desk.table.tilts.active)


def test_the_controller_tells_an_idle_session_it_ended(tmp_path: Path) -> None:
    desk = _desk(tmp_path)
    _login(desk, "tom")
    pushed: list[tuple[str, object]] = []

    class Server:
        async def push(self, client: str, message: object) -> bool:
            pushed.append((client, message))
            return True

    controller = Controller(desk.table, desk=desk, server=Server())  # type: ignore[arg-type]
    _advance(desk.table, 121)
    assert asyncio.run(controller.expire_service()) == ("service",)
    assert pushed == [("service", sm.ServiceLoggedOut("logged out: idle"))]


def test_the_service_guide_prints_the_table_of_roles_the_controller_enforces() -> None:
    readme = (Path(__file__).resolve().parents[2] / "docs" / "service.md").read_text(encoding="utf-8")
    table = markdown_table()
    assert table in readme
    assert table.count("\n") == len(ROLE_ACTS) + 1  # a header, a rule and one row per act


def test_ram_clear_archives_a_ledger_that_no_longer_verifies(tmp_path: Path) -> None:
    """A row edited before the last checkpoint: the table runs, its self-test fails, and the two-person RAM
    clear archives the file as it is instead of refusing (it could never verify again)."""
    import sqlite3

    from terminal.ledger import Actor

    desk = _desk(tmp_path, 17, 17)
    table = desk.table
    table.ledger.archive_dir = tmp_path / "archive"
    table.tilts.clear_tilt(TiltKind.SERVICE_MODE, None, Role.TECHNICIAN, condition_over=True)
    table.cashier.bill_stacked(1, 1000)
    table.wagers.place(1, "red", 100)
    table.play_round()  # meters move: the audit's mark now holds them
    table.open_round()
    table.ledger.cancel_credits(1, Actor("ann", "attendant"), now=table.clock.wall())  # no money held
    table.tilts.raise_tilt(Tilt(TiltKind.SERVICE_MODE, None, "key on"))
    outside = sqlite3.connect(table.ledger.path)
    outside.execute("DROP TRIGGER events_no_update")
    outside.execute("UPDATE events SET detail = '{}' WHERE id = 1")
    outside.commit()
    outside.close()
    assert table.health.self_test_ledger() is not None  # found, tilted
    _login(desk, "tom")
    done = _cmd(desk, "ram_clear", PINS["tom"], "dee", PINS["dee"])
    assert isinstance(done, sm.ServiceDone), done
    (copy,) = (tmp_path / "archive").glob("*-broken.sqlite")
    assert copy.with_suffix(".broken.json").exists()
    assert table.ledger.epoch() == 2 and table.ledger.verify().ok
    cleared = table.ledger.events(EventCode.RAM_CLEAR)[-1]
    assert cleared.user == "tom" and '"broken":true' in cleared.detail
    table.tilts.clear_tilt(TiltKind.LEDGER_INTEGRITY, None, Role.ADMINISTRATOR, condition_over=True)
    _cmd(desk, "logout")
    table.tilts.clear_tilt(TiltKind.SERVICE_MODE, None, Role.TECHNICIAN, condition_over=True)
    table.cashier.bill_stacked(1, 1000)
    table.wagers.place(1, "black", 300)
    table.play_round()  # the new epoch's meters audit clean from zero: no finding, no tilt
    assert table.auditor.findings == [] and not table.tilts.active
