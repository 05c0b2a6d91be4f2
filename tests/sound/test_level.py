"""A volume changed in service mode (written to kiosk.cfg) is heard at the face's next sound; a file that
does not load keeps the level it had."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from terminal.desk.config_change import edit_text
from terminal.sound.level import CHECK_S, FollowedLevel
from terminal.sound.player import RecordingSink, Sound


def _write(path: Path, text: str, stamp: int) -> None:
    path.write_text(text, encoding="utf-8")
    os.utime(path, ns=(stamp, stamp))  # a distinct modification time, whatever the file system's grain


def test_the_display_follows_a_volume_written_by_service_mode(tmp_path: Path) -> None:
    cfg = tmp_path / "kiosk.cfg"
    _write(cfg, "[sound]\ndisplay_volume = 80\n", 1_000_000_000)
    now = [0.0]
    level = FollowedLevel(cfg, "display_volume", 80, clock=lambda: now[0])
    sink = RecordingSink()
    sound = Sound(sink, 80, "en", follow=level)
    _write(cfg, edit_text(cfg.read_text(encoding="utf-8"), "sound", "display_volume", "25"), 2_000_000_000)
    sound.say("no_more_bets")
    now[0] = CHECK_S + 0.1
    sound.say("no_more_bets")
    assert [p.volume for p in sink.played] == [0.8, 0.25]  # at most CHECK_S late
    _write(cfg, edit_text(cfg.read_text(encoding="utf-8"), "sound", "display_volume", "0"), 3_000_000_000)
    now[0] = 2 * CHECK_S + 0.2
    sound.say("no_more_bets")
    assert len(sink.played) == 2  # muted from service mode: nothing more plays


def test_a_file_that_does_not_load_keeps_the_level(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    cfg = tmp_path / "kiosk.cfg"
    _write(cfg, "[sound]\nseat_volume = 40\n", 1_000_000_000)
    now = [0.0]
    level = FollowedLevel(cfg, "seat_volume", 40, clock=lambda: now[0])
    _write(cfg, "[sound]\nseat_volume = loud\n", 2_000_000_000)
    now[0] = CHECK_S + 0.1
    assert level() == 40
    assert any("volume stays 40%" in r.getMessage() for r in caplog.records)
