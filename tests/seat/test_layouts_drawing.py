"""Drawing the layouts: never raises, every label from the catalogue, cached background, fast frames."""

from __future__ import annotations

import re
from collections.abc import Callable

import pygame
import pytest

from terminal.games.craps.catalog import WAGERS as CRAPS_WAGERS
from terminal.games.craps.records import POINTS
from terminal.games.roulette.wheels import WHEELS
from terminal.i18n import load_catalogue
from terminal.seat.layouts import Layout, LayoutView, StakeMark, craps_layout, roulette_layout
from terminal.seat.layouts import paint as paint_module
from terminal.seat.layouts.layered import LayeredLayout
from tests.seat import layout_checks as checks

NUMERIC = re.compile(r"^[\d$+\-·.,%:]*$")


def load(lang: str) -> dict[str, str]:
    """The layout labels (``layout.*``) of ``lang``'s catalogue."""
    return {k: v for k, v in load_catalogue(lang).strings.items() if k.startswith("layout.")}


class Recorder:
    """Fonts that remember every string drawn, and a catalogue lookup that remembers every key asked."""

    def __init__(self) -> None:
        self.drawn: list[str] = []
        self.keys: list[str] = []
        self.cache: dict[tuple[int, bool], pygame.font.Font] = {}
        paint_module._TEXT_CACHE.clear()
        drawn = self.drawn

        class Font(pygame.font.Font):
            def render(self, text: str | bytes | None, *args: object, **kwargs: object) -> pygame.Surface:
                drawn.append(str(text))
                return super().render(text, *args, **kwargs)  # type: ignore[arg-type]

        self.font_class = Font  # made once: the layouts ask for a font at every label

    def fonts(self, size: int, bold: bool) -> pygame.font.Font:
        if (size, bold) not in self.cache:
            self.cache[size, bold] = self.font_class(None, size)
        return self.cache[size, bold]

    def tr(self, key: str) -> str:
        self.keys.append(key)
        return "K" + key.replace(".", "_").upper()  # one word, so wrapping keeps it whole

    def view(self, layout: Layout, outcome: str | None, point: int | None, locked: bool) -> LayoutView:
        stakes = tuple(
            StakeMark(a.spot, 100 * (k + 1), None, k % 3 != 0) for k, a in enumerate(layout.areas())
        )
        moved = tuple(StakeMark(s, 500, n, True) for s in ("come", "dont_come") for n in POINTS)
        junk = (StakeMark("straight:99", 5, None, True), StakeMark("nonsense", 5, 4, True))
        winners = tuple((a.spot, 1000 * k) for k, a in enumerate(layout.areas()))
        money: Callable[[int], str] = lambda minor: f"${minor / 100:.2f}"  # noqa: E731
        return LayoutView(stakes + moved + junk, winners, outcome, point, locked, self.tr, money, self.fonts)


def every_layout() -> list[Layout]:
    rect = checks.RECTS["1024x768"]
    found = [roulette_layout(rect, w, fa, td) for w in WHEELS for fa in (True, False) for td in (True, False)]
    return [*found, craps_layout(rect, frozenset(CRAPS_WAGERS)), craps_layout(rect, frozenset({"pass"}))]


OUTCOMES = ("17", "0", "00", "36", "4-3", "6-6", "1-1", "garbage", "7-9", None)


def test_drawing_never_raises_and_every_word_drawn_is_a_catalogue_label_or_a_number() -> None:
    surface = pygame.Surface((1100, 700))
    for layout in every_layout():
        recorder = Recorder()
        for k, outcome in enumerate(OUTCOMES):
            point = (None, *POINTS)[k % 7]
            layout.draw(surface, recorder.view(layout, outcome, point, locked=k % 2 == 1))
        labels = {recorder.tr(key) for key in set(recorder.keys)}
        words = {w for text in recorder.drawn for w in text.split()}
        literal = {w for w in words if w not in labels and not NUMERIC.match(w)}
        assert not literal, f"{type(layout).__name__} drew literal text {sorted(literal)}"
        assert labels, "the layout drew no label at all"


def test_catalogue_has_every_key_in_both_languages() -> None:
    en, es = load("en"), load("es")
    assert set(en) == set(es)
    asked: set[str] = set()
    surface = pygame.Surface((1100, 700))
    for layout in every_layout():
        recorder = Recorder()
        layout.draw(surface, recorder.view(layout, "4-3", 6, False))
        layout.draw(surface, recorder.view(layout, "17", None, True))
        asked |= set(recorder.keys)
        assert isinstance(layout, LayeredLayout)
        asked |= set(layout.label_keys)
    assert asked <= set(en), sorted(asked - set(en))
    same = [k for k in en if en[k] == es[k] and not NUMERIC.match(en[k].replace(" ", ""))]
    assert len(same) <= 5, f"untranslated Spanish labels: {same}"  # ODDS, ON, OFF, TOUCHDOWN are shared


def test_background_is_painted_once_per_language_and_lock_state(monkeypatch: pytest.MonkeyPatch) -> None:
    layout = craps_layout(checks.RECTS["1920x1080"], frozenset(CRAPS_WAGERS))
    assert isinstance(layout, LayeredLayout)
    calls: list[int] = []
    original = type(layout).paint_background
    monkeypatch.setattr(
        type(layout), "paint_background", lambda self, s, v: calls.append(1) or original(self, s, v)
    )
    en, es = Recorder(), Recorder()
    surface = pygame.Surface((1920, 1080))
    for _ in range(3):
        layout.draw(surface, en.view(layout, None, None, False))
    assert len(calls) == 1
    spanish = LayoutView((), (), None, None, False, lambda k: "ES" + k, str, es.fonts)
    layout.draw(surface, spanish)
    layout.draw(surface, en.view(layout, None, None, True))
    assert len(calls) == 3


def _pixel_sum(surface: pygame.Surface, pos: tuple[int, int]) -> int:
    c = surface.get_at(pos)
    return int(c.r) + int(c.g) + int(c.b)


def test_locked_dims_winners_glow_and_the_dolly_marks_the_number() -> None:
    layout = roulette_layout(checks.RECTS["1920x1080"], "double_zero", True, False)
    rec = Recorder()
    base = LayoutView((), (), None, None, False, rec.tr, str, rec.fonts)
    felt = layout.area("dozen:3").rect
    probe = (felt.left + 6, felt.bottom - 6)
    plain, dim, lit = (pygame.Surface((1920, 1080)) for _ in range(3))
    layout.draw(plain, base)
    layout.draw(dim, LayoutView((), (), None, None, True, rec.tr, str, rec.fonts))
    layout.draw(lit, LayoutView((), (("dozen:3", 500),), "17", None, False, rec.tr, str, rec.fonts))
    assert _pixel_sum(dim, probe) < _pixel_sum(plain, probe)
    glow = lit.get_at(probe)
    assert glow.r > plain.get_at(probe).r + 40 and glow.r > glow.b  # yellow over green
    cell = layout.geometry.grid.cell_rect(17).move(layout.rect.topleft)
    corner = (cell.right - 5, cell.top + 5)  # the dolly stands on the box's corner, beside the number
    assert lit.get_at(corner) != plain.get_at(corner)
