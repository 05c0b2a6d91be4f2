"""Software identity (version, manifest, games and paytables) and the install log, wherever they show."""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

import pytest
from pypdf import PdfReader

from terminal import config as configuration
from terminal.cli import main
from terminal.net.messages import service as sm
from terminal.software import installs
from terminal.software.manifest import ROOT
from terminal.table import identity as ident
from tests.desk.test_service import _cmd, _desk, _login


def _tree(tmp: Path) -> list[str]:
    """``--root`` of a small program tree (two modules of this one) for the maker's manifest and its check:
    the identity and the install log are what these tests read, and hashing this interpreter's whole
    site-packages (``--root`` left out) twice would be most of their time. ``test_launcher_attacks`` signs
    and runs the real install with its runtime."""
    root = tmp / "install"
    for name in ("terminal/__init__.py", "terminal/money.py"):
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(ROOT / name, root / name)
    return ["--root", str(root)]


def _config(tmp: Path, text: str = "") -> configuration.Config:
    (tmp / "kiosk.cfg").write_text(text, encoding="utf-8")
    return configuration.load(tmp / "kiosk.cfg")


def test_a_game_identifier_follows_its_rule_modules(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    by_hand = hashlib.sha256()
    craps = sorted((ident.GAMES_DIR / "craps").glob("*.py"))
    assert {p.name for p in craps} >= {"settle.py", "fire.py", "lucky_shooter.py", "rules.py"}
    for name in ("base", "catalog", "one_round", "paytables", "seam", *(f"craps/{p.stem}" for p in craps)):
        by_hand.update(name.encode() + b"\0" + (ident.GAMES_DIR / f"{name}.py").read_bytes())
    assert ident.rules_digest("craps") == by_hand.hexdigest()[:12]
    copy = tmp_path / "games"
    shutil.copytree(ident.GAMES_DIR, copy)
    monkeypatch.setattr(ident, "GAMES_DIR", copy)
    games = ("craps", "roulette", "sicbo", "bigsix")
    before = {game: ident.rules_digest(game) for game in games}
    (copy / "craps" / "fire.py").write_text((copy / "craps" / "fire.py").read_text() + "\n# changed\n")
    after = {game: ident.rules_digest(game) for game in games}
    assert after["craps"] != before["craps"]  # a craps rule changed: its identifier did
    assert [after[g] for g in games[1:]] == [before[g] for g in games[1:]]  # the other games' did not
    (copy / "seam.py").write_text((copy / "seam.py").read_text() + "\n# changed\n")
    assert all(ident.rules_digest(game) != after[game] for game in games)  # the shared seam is every game's


def test_paytable_ids_follow_the_configuration(tmp_path: Path) -> None:
    text = "[table]\ngame = craps\n[fire_bet]\noffered = false\n[lucky_shooter]\npaytable = C\n"
    text += "[hot_roller]\npaytable = B\n"
    c = _config(tmp_path, text)
    games = {g.game: g for g in ident.identity(c).games}
    assert games["craps"].running and not games["roulette"].running
    assert games["craps"].paytables == ("craps:standard", "lucky_shooter:C", "bonus_craps:1", "hot_roller:B")
    assert games["roulette"].identifier.startswith("roulette/double_zero/")


def test_terminal_verify_prints_the_identity_and_the_last_install(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cfg = tmp_path / "kiosk.cfg"
    cfg.write_text("", encoding="utf-8")
    assert main(["verify", "keygen", "--private", str(tmp_path / "maker.key"), "--config", str(cfg)]) == 0
    out = str(tmp_path / "MANIFEST.sha256")
    key = str(tmp_path / "maker.key")
    make = ["verify", "make-manifest", "--key", key, "--out", out, "--config", str(cfg), *_tree(tmp_path)]
    assert main([*make, "--by", "maker-ana"]) == 0
    capsys.readouterr()
    assert main(["verify", "--config", str(cfg), *_tree(tmp_path)]) == 0
    printed = capsys.readouterr().out
    assert "OK 2 files match" in printed
    c = configuration.load(cfg)
    for label, value in ident.identity(c).lines():
        assert f"{label}" in printed and value in printed
    assert "paytables roulette" in printed and "roulette:standard, touchdown:A" in printed
    assert "by maker-ana: ok" in printed


def test_make_manifest_logs_every_install_done_or_failed(tmp_path: Path) -> None:
    cfg = tmp_path / "kiosk.cfg"
    cfg.write_text("", encoding="utf-8")
    main(["verify", "keygen", "--private", str(tmp_path / "maker.key"), "--config", str(cfg)])
    out = str(tmp_path / "MANIFEST.sha256")
    make = ["verify", "make-manifest", "--out", out, "--config", str(cfg), *_tree(tmp_path)]
    assert main([*make, "--key", str(tmp_path / "maker.key"), "--by", "ana"]) == 0
    (tmp_path / "bad.key").write_text("not a key")
    assert main([*make, "--key", str(tmp_path / "bad.key"), "--by", "bob"]) == 1
    log = configuration.load(cfg).lab.install_log
    entries, problem = installs.read(log)
    assert problem is None and [(e.who, e.result[:6]) for e in entries] == [("ana", "ok"), ("bob", "failed")]
    manifest = Path(out).read_bytes()
    assert entries[0].manifest_sha256 == hashlib.sha256(manifest).hexdigest()
    assert entries[0].files == len(manifest.decode().splitlines()) - 1 and entries[1].manifest_sha256 == ""
    assert log.stat().st_mode & 0o077 == 0


def test_the_log_keeps_every_install_and_shows_the_last_ten_newest_first(tmp_path: Path) -> None:
    log = tmp_path / "installs.jsonl"
    for i in range(12):
        entry = installs.Install(f"2026-01-{i + 1:02d}T00:00:00Z", "0.1.0", "a" * 64, "ok", f"u{i}", 1)
        installs.append(log, entry)
    recent, problem = installs.last(log)
    assert problem is None and [e.who for e in recent] == [f"u{i}" for i in range(11, 1, -1)]
    assert len(installs.read(log)[0]) == 12
    lines = log.read_text().splitlines()
    edited = json.loads(lines[4]) | {"who": "someone else"}
    lines[4] = json.dumps(edited, sort_keys=True, separators=(",", ":"))
    log.write_text("\n".join(lines) + "\n")
    assert installs.read(log)[1] == "installs.jsonl line 6: the line before it was changed or removed"


def test_service_selftest_shows_identity_and_installs(tmp_path: Path) -> None:
    desk = _desk(tmp_path)
    c = desk.table.config
    entry = installs.Install("2026-01-02T03:04:05Z", "0.1.0", "c" * 64, "ok", "ana", 9)
    installs.append(c.lab.install_log, entry)
    _login(desk, "tom")
    report = _cmd(desk, "selftest")
    assert isinstance(report, sm.SelfTestReport)
    rows = {(line.kind, line.game): line.value for line in report.identity}
    expected = ident.identity(c)
    assert rows[("version", "")] == expected.version
    assert rows[("game_running", "roulette")] == expected.games[0].identifier
    assert rows[("paytables", "craps")] == ", ".join(expected.games[1].paytables)
    assert [(i.who, i.manifest) for i in report.installs] == [("ana", "c" * 16)] and report.install_log == ""


def test_the_end_of_day_report_names_the_game_and_its_paytables(tmp_path: Path) -> None:
    desk = _desk(tmp_path)
    c = desk.table.config
    _login(desk, "tom")
    reply = _cmd(desk, "report_export", desk.table.clock.wall().date().isoformat())
    assert isinstance(reply, sm.ServiceDone), reply
    summary = ident.identity(c).summary()
    assert "roulette/double_zero/" in summary and "roulette:standard" in summary
    csvs = list(c.lab.output_dir.rglob("*.csv"))
    pdfs = list(c.lab.output_dir.rglob("*.pdf"))
    assert csvs and pdfs, list(c.lab.output_dir.rglob("*"))
    assert f"report,game,{summary}" in csvs[0].read_text(encoding="utf-8").replace('"', "")
    text = "".join(page.extract_text() for page in PdfReader(pdfs[0]).pages[:1])
    assert "roulette/double_zero/" in text.replace("\n", " ")
