"""``terminal screens``: --config, --size, a seed that reaches the same states every run, no twin states."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from terminal import tours as screens
from terminal.cli import main
from terminal.lab.live_table import LiveTable
from terminal.lab.screens_job import DEFAULT_SEED, Job, ScreensError, duplicates, parse_size


def test_sizes_are_parsed_and_nonsense_is_refused() -> None:
    assert parse_size("2560x1080") == (2560, 1080) and parse_size(" 1024X768 ") == (1024, 768)
    for bad in ("1920", "1920x", "axb", "10x10", "99999x1080"):
        with pytest.raises(ValueError, match="size"):
            parse_size(bad)


def test_the_job_builds_the_table_from_the_users_file_with_every_path_in_the_temporary_folder(
    tmp_path: Path,
) -> None:
    user = "[table]\nvenue = Casino del Sol\n[ledger]\npath = /srv/real/ledger.sqlite\n"
    job = Job(tmp_path / "out", ("es",), size=(1024, 768), base_text=user)
    folder = tmp_path / "run"
    folder.mkdir()
    c = job.config(folder, (("table", "game", "craps"),))
    assert c.table.venue == "Casino del Sol" and c.table.game == "craps"
    assert c.ledger.path.is_relative_to(folder) and c.seat.keys_path.is_relative_to(folder)
    assert (c.seat.width, c.seat.height, c.display.width, c.display.height) == (1024, 768, 1024, 768)


def _outcomes(job: Job, folder: Path, rounds: int) -> list[str]:
    folder.mkdir()
    with LiveTable(job.config(folder), job.entropy("roulette")) as table:
        for _ in range(rounds):
            table.open_next()
            table.play()
        return [str(outcome) for _, outcome in table.call(lambda: table.table.ledger.outcomes(rounds))]


def test_the_same_seed_plays_the_same_rounds_and_another_seed_does_not(tmp_path: Path) -> None:
    same = Job(tmp_path, ("en",))
    first, again = _outcomes(same, tmp_path / "a", 6), _outcomes(same, tmp_path / "b", 6)
    other = _outcomes(Job(tmp_path, ("en",), seed=DEFAULT_SEED + b"\x01"), tmp_path / "c", 6)
    assert len(first) == 6 and first == again
    assert first != other


def _round_times(job: Job, folder: Path, rounds: int) -> list[str]:
    folder.mkdir()
    with LiveTable(job.config(folder), job.entropy("roulette"), job.start) as table:
        for _ in range(rounds):
            table.open_next()
            table.play()
        ids = [round_id for round_id, _ in table.call(lambda: table.table.ledger.outcomes(rounds))]
        return [table.call(lambda n=n: table.table.ledger.recall(n).time) for n in ids]


def test_every_run_starts_the_tables_clock_at_the_same_time(tmp_path: Path) -> None:
    """The rounds (and a printed voucher) carry the same times in every run: two runs draw the same pixels."""
    job = Job(tmp_path, ("en",))
    first, again = _round_times(job, tmp_path / "a", 2), _round_times(job, tmp_path / "b", 2)
    assert len(first) == 2 and first == again
    assert first[0].startswith("2026-11-23T14:00"), first


def test_twin_pictures_are_found_and_fail_the_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def twins(job: Job) -> list[Path]:
        surface = pygame.Surface(job.size)
        written = []
        for name in ("seat_a_en.png", "seat_b_en.png", "seat_a_es.png"):
            path = job.out / name
            job.out.mkdir(parents=True, exist_ok=True)
            pygame.image.save(surface, str(path))
            written.append(path)
        return written

    monkeypatch.setattr(screens, "SCREEN_SETS", {"twins": twins})
    with pytest.raises(ScreensError, match=r"seat_a_en\.png = seat_b_en\.png"):
        screens.render_all(Job(tmp_path, ("en", "es")))
    assert duplicates([tmp_path / "seat_a_en.png", tmp_path / "seat_a_es.png"]) != []  # one language: twins


def test_the_command_takes_config_and_size(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = tmp_path / "kiosk.cfg"
    config.write_text("[table]\nvenue = Casino del Sol\n", encoding="utf-8")
    out = tmp_path / "out"
    args = ["screens", "--out", str(out), "--config", str(config), "--set", "seat_test_mode", "--lang", "es"]
    assert main([*args, "--size", "1024x768", "--size", "2560x1080"]) == 0
    for size in ((1024, 768), (2560, 1080)):
        shot = pygame.image.load(str(out / f"{size[0]}x{size[1]}" / "seat_test_watermark_es.png"))
        assert shot.get_size() == size


def test_the_command_refuses_a_bad_size_and_a_bad_config(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as usage:
        main(["screens", "--out", str(tmp_path), "--size", "big"])
    assert usage.value.code == 2 and "WIDTHxHEIGHT" in capsys.readouterr().err
    bad = tmp_path / "kiosk.cfg"
    bad.write_text("[table]\nseats = twelve\n", encoding="utf-8")
    assert main(["screens", "--out", str(tmp_path), "--config", str(bad), "--set", "seat_test_mode"]) == 1
    err = capsys.readouterr().err
    assert "kiosk.cfg:2: [table] seats = 'twelve'" in err  # the config command's own message: file and line
