"""``[windows]``: placements read with clear errors, resolved against the monitors present, and real
windows (pygame's dummy driver, pyglet headless) opened where the plan says."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from terminal import config
from terminal.config import ConfigError
from terminal.windows import AUTO, Monitor, Placement, PlacementError, parse_placement, plan_window

DESK = (Monitor(0, 0, 1920, 1080),)
KIOSK = (Monitor(0, 0, 1920, 1080), Monitor(1920, 0, 1280, 800), Monitor(3200, 0, 1280, 800))


@pytest.mark.parametrize(
    ("text", "placement"),
    [
        ("auto", AUTO), (" Fullscreen ", Placement("fullscreen", 0)),
        ("fullscreen@2", Placement("fullscreen", 2)),
        ("1280x720+10+20", Placement("window", 0, 10, 20, 1280, 720)),
        ("800x600+0+0@1", Placement("window", 1, 0, 0, 800, 600)),
    ],
)  # fmt: skip
def test_placements_are_read(text: str, placement: Placement) -> None:
    assert parse_placement(text) == placement


@pytest.mark.parametrize(
    "text", ["full", "1280x720", "1280x720+0", "100x100+0+0", "fullscreen@16", "-1x2+0+0"]
)
def test_bad_placements_say_what_is_allowed(text: str) -> None:
    with pytest.raises(PlacementError, match=r"must be auto|from 320x240|past the last"):
        parse_placement(text)


def test_a_bad_placement_in_the_file_names_line_and_key(tmp_path: Path) -> None:
    with pytest.raises(ConfigError) as refused:
        config.loads("[windows]\ndisplay = auto\nseat_1 = big\n", "kiosk.cfg", tmp_path)
    (problem,) = refused.value.problems
    assert (problem.line, problem.section, problem.key, problem.value) == (3, "windows", "seat_1", "big")
    assert "WIDTHxHEIGHT+X+Y" in str(problem)


def test_windows_placed_over_each_other_on_this_machine_are_refused(tmp_path: Path) -> None:
    text = "[table]\nlocal_seats = 1, 2\n[windows]\ndisplay = fullscreen@0\nseat_2 = 800x600+0+0@0\n"
    with pytest.raises(ConfigError, match="seat_2 = 800x600\\+0\\+0@0 covers display"):
        config.loads(text, "kiosk.cfg", tmp_path)
    side_by_side = text.replace("seat_2 = 800x600+0+0@0", "seat_1 = 900x600+0+0@1\nseat_2 = 900x600+960+0@1")
    assert config.loads(side_by_side, "kiosk.cfg", tmp_path).windows.seat_2.x == 960
    elsewhere = "[table]\nlocal_seats = 1\n[windows]\ndisplay = fullscreen\nseat_5 = fullscreen\n"
    assert config.loads(elsewhere, "kiosk.cfg", tmp_path).windows.seat_5.mode == "fullscreen"  # not here


def test_auto_on_one_monitor_tiles_the_windows_without_overlap() -> None:
    windows = ("display", "seat_1", "seat_2")
    plans = [plan_window(w, {}, windows, DESK, (1920, 1080)) for w in windows]
    assert not any(p.fullscreen for p in plans)
    for p in plans:
        assert p.x >= 0 and p.x + p.width <= 1920 and p.y >= 0 and p.y + p.height <= 1080
        assert abs(p.width / p.height - 16 / 9) < 0.01  # the configured shape
    for a in plans:
        for b in plans:
            if a is not b:
                apart_x = a.x + a.width <= b.x or b.x + b.width <= a.x
                assert apart_x or a.y + a.height <= b.y or b.y + b.height <= a.y


def test_auto_on_a_kiosk_gives_each_window_its_own_monitor_full_screen() -> None:
    windows = ("display", "seat_1", "seat_2")
    plans = [plan_window(w, {}, windows, KIOSK, (1920, 1080)) for w in windows]
    assert [(p.monitor, p.fullscreen, p.x, p.width) for p in plans] == [
        (0, True, 0, 1920), (1, True, 1920, 1280), (2, True, 3200, 1280),
    ]  # fmt: skip


def test_written_placements_are_followed_and_a_missing_monitor_falls_back() -> None:
    placements = {"display": parse_placement("fullscreen@2"), "seat_1": parse_placement("800x600+40+30@1")}
    windows = ("display", "seat_1")
    display = plan_window("display", placements, windows, KIOSK, (1920, 1080))
    assert (display.monitor, display.fullscreen, display.x) == (2, True, 3200)
    seat = plan_window("seat_1", placements, windows, KIOSK, (1920, 1080))
    assert (seat.fullscreen, seat.x, seat.y, seat.width, seat.height) == (False, 1960, 30, 800, 600)
    lost = plan_window("display", placements, windows, DESK, (1920, 1080))
    assert not lost.fullscreen and "monitor 2 is not connected (1 monitor)" in lost.note


def test_a_seat_window_opens_where_the_plan_says() -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from terminal.seat.window import monitors, open_window
    from terminal.windows import WindowPlan

    pygame.display.init()
    try:
        found = monitors()
        assert found and found[0].width > 0  # SDL's dummy driver has one screen
        screen = open_window(lambda _m: WindowPlan(0, False, 10, 10, 800, 600), "seat 1")
        assert screen.get_size() == (800, 600)
        full = open_window(lambda ms: WindowPlan(0, True, 0, 0, ms[0].width, ms[0].height), "seat 1")
        assert full.get_size() == (found[0].width, found[0].height)
    finally:
        pygame.display.quit()
