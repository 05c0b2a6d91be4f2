"""Renders the betting layouts to PNG for a person to look at, and times a full 1920x1080 frame.

Run: ``SDL_VIDEODRIVER=dummy .venv/bin/python -m tests.seat.layout_pictures /tmp/layouts``.
The tests use its helpers (catalogue lookup, fonts, a sample view) too.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from functools import cache
from pathlib import Path

import pygame

from terminal.games.craps.catalog import WAGERS as CRAPS_WAGERS
from terminal.i18n import load_catalogue
from terminal.seat.layouts import Layout, LayoutView, StakeMark, craps_layout, roulette_layout

ROOT = Path(__file__).resolve().parents[2]
SIZES = ((1920, 1080), (1024, 768))
WHEELS = ("double_zero", "single_zero", "double_as_single")


def catalogue(lang: str) -> dict[str, str]:
    """The layout labels (``layout.*``) of ``lang``'s catalogue."""
    strings = load_catalogue(lang).strings
    return {k: v for k, v in strings.items() if k.startswith("layout.")}


def tr_for(lang: str) -> Callable[[str], str]:
    strings = catalogue(lang)
    return lambda key: strings[key]


@cache
def _font(size: int, bold: bool) -> pygame.font.Font:
    font = pygame.font.Font(None, round(size * 1.3))  # pygame's bundled font runs small for its size
    font.set_bold(bold)
    return font


def fonts(size: int, bold: bool) -> pygame.font.Font:
    return _font(size, bold)


def money(minor: int) -> str:
    return f"${minor // 100:,}" if minor % 100 == 0 else f"${minor / 100:,.2f}"


def layout_rect(size: tuple[int, int]) -> pygame.Rect:
    """The room the seat screen leaves the layout (as its frame cuts it: top bar, side panel, chip tray)."""
    w, h = size
    top, bottom, side = round(h * 0.08), round(h * 0.15), max(round(w * 0.24), round(h * 0.40))
    return pygame.Rect(0, top, w - side, h - top - bottom).inflate(-round(h * 0.02), -round(h * 0.02))


def view(
    lang: str,
    stakes: tuple[StakeMark, ...] = (),
    winners: tuple[tuple[str, int], ...] = (),
    outcome: str | None = None,
    point: int | None = None,
    locked: bool = False,
) -> LayoutView:
    return LayoutView(stakes, winners, outcome, point, locked, tr_for(lang), money, fonts)


def roulette_view(lang: str, wheel: str) -> LayoutView:
    zero = "straight:0-00" if wheel == "double_zero" else "straight:0"
    stakes = (
        StakeMark("straight:17", 500, None, True), StakeMark("split:17-20", 1000, None, True),
        StakeMark("corner:25-26-28-29", 2500, None, True), StakeMark("street:31-32-33", 500, None, True),
        StakeMark("line:7-8-9-10-11-12", 10000, None, True), StakeMark("red", 2500, None, True),
        StakeMark("dozen:2", 1000, None, True), StakeMark("column:3", 500, None, True),
        StakeMark("five_adjacent:17", 2500, None, True), StakeMark("touchdown", 500, None, True),
        StakeMark("split:0-1", 500, None, True), StakeMark(zero.split("-")[0], 500, None, True),
    )  # fmt: skip
    winners = (("straight:17", 17500), ("split:17-20", 18000), ("red", 5000), ("dozen:2", 3000))
    return view(lang, stakes, winners, "17")


def craps_view(lang: str) -> LayoutView:
    stakes = (
        StakeMark("pass", 1000, None, True), StakeMark("pass_odds", 2000, None, True),
        StakeMark("come", 500, 9, True), StakeMark("come_odds_9", 1000, None, True),
        StakeMark("dont_come", 500, 4, True), StakeMark("place_6", 1200, None, True),
        StakeMark("place_8", 1200, None, False), StakeMark("buy_10", 2500, None, True),
        StakeMark("lay_4", 4000, None, True), StakeMark("hard_8", 500, None, True),
        StakeMark("field", 500, None, True), StakeMark("horn_high:12", 500, None, True),
        StakeMark("hop_2_5", 100, None, True), StakeMark("fire", 500, None, True),
        StakeMark("all_small", 500, None, True), StakeMark("lucky_shooter", 500, None, True),
        StakeMark("come", 500, None, True), StakeMark("dont_pass", 500, None, True),
    )  # fmt: skip
    winners = (("field", 500), ("place_6", 1400), ("hop_2_5", 1500))
    return view(lang, stakes, winners, "2-4", point=6)


def layouts(size: tuple[int, int]) -> dict[str, Layout]:
    rect = layout_rect(size)
    found: dict[str, Layout] = {
        name: roulette_layout(rect, name, True, name == "double_zero") for name in WHEELS
    }
    found["single_zero_plain"] = roulette_layout(rect, "single_zero", False, False)
    found["craps"] = craps_layout(rect, frozenset(CRAPS_WAGERS))
    return found


def render(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    for size in SIZES:
        for name, layout in layouts(size).items():
            for lang in ("en", "es"):
                screen = pygame.Surface(size)
                screen.fill((20, 20, 24))
                v = craps_view(lang) if name == "craps" else roulette_view(lang, name)
                layout.draw(screen, v)
                pygame.image.save(screen, str(out / f"{name}_{size[0]}x{size[1]}_{lang}.png"))
            locked = pygame.Surface(size)
            layout.draw(locked, view("en", locked=True))
            pygame.image.save(locked, str(out / f"{name}_{size[0]}x{size[1]}_locked.png"))


def frame_ms(layout: Layout, v: LayoutView, frames: int = 60) -> float:
    screen = pygame.Surface((1920, 1080))
    layout.draw(screen, v)  # paints and caches the background
    times = []
    for _ in range(frames):
        start = time.perf_counter()
        screen.fill((0, 0, 0))
        layout.draw(screen, v)
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main(argv: list[str]) -> None:
    pygame.display.init()
    pygame.font.init()
    out = Path(argv[0] if argv else "/tmp/layouts")
    render(out)
    for name, layout in layouts((1920, 1080)).items():
        v = craps_view("en") if name == "craps" else roulette_view("en", name)
        print(f"{name}: median frame {frame_ms(layout, v):.2f} ms at 1920x1080")
    print(f"pictures in {out}")


if __name__ == "__main__":
    main(sys.argv[1:])
