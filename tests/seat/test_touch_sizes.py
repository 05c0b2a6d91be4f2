"""Every spot can be touched: every touch area of the seat is at least 48 px each way at 1920x1080 and 40 px
at 1024x768, for every spot of every game and wheel, on the felt or through a picker.

The tables are the real offers a configuration makes (``terminal.table.views.offer``), drawn by a real
seat app at each screen size; the spots expected are the rule engines' own (``legal_spots``,
``offered_spots``), not the layouts'.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from terminal import config as configuration
from terminal.games.craps.spots import offered_spots
from terminal.games.roulette.spots import legal_spots
from terminal.games.roulette.wheels import WHEELS
from terminal.net import messages as m
from terminal.seat import intents as i
from terminal.seat import picker
from terminal.seat.app import SeatApp
from terminal.seat.layouts import picked
from terminal.seat.model import LinkStatus
from terminal.seat.pointer import Gesture
from terminal.table.views import offer
from tests.seat.seat_states import Sent, craps_views, roulette_views, seat_state, table_state

SIZES = {(1920, 1080): 48, (2560, 1080): 48, (1024, 768): 40, (1280, 720): 40}
TABLES = {
    "double_zero": "[roulette]\nwheel = double_zero\n",
    "single_zero": "[roulette]\nwheel = single_zero\n[touchdown]\noffered = false\n",
    "double_as_single": "[roulette]\nwheel = double_as_single\n[touchdown]\noffered = false\n",
    "double_zero_no_track": "[roulette]\nwheel = double_zero\nfive_adjacent = false\n",
    "double_zero_sides": "[b2b]\noffered = true\n[blazing7s]\noffered = true\n",
    "single_zero_sides_no_track": "[roulette]\nwheel = single_zero\nfive_adjacent = false\n"
    "[touchdown]\noffered = false\n[b2b]\noffered = true\n[blazing7s]\noffered = true\n",
    "craps": "[table]\ngame = craps\n",
}


def _offer(table: str, tmp: Path) -> m.Offer:
    return offer(configuration.loads(TABLES[table], "<touch>", tmp))


def _expected(table: str, offered: m.Offer) -> set[str]:
    """Every spot the rule engine accepts at this table."""
    kinds = frozenset(w.wager for w in offered.wagers)
    if table == "craps":
        return {str(s) for s in offered_spots(kinds)}
    wheel = next(r.value for r in offered.rules if r.key == "wheel")
    spots = {s.text for s in legal_spots(WHEELS[wheel], "five_adjacent" in kinds)}
    return spots | ({"touchdown", "b2b", "blazing7s"} & kinds)


def _app(table: str, size: tuple[int, int], tmp: Path) -> SeatApp:
    game = "craps" if table == "craps" else "roulette"
    offered = _offer(table, tmp)
    state = table_state(game)
    if game == "roulette":
        wheel = next(r.value for r in offered.rules if r.key == "wheel")
        state = replace(state, variant=wheel)
    app = SeatApp("seat-1", Sent(), size=size)
    views = roulette_views() if game == "roulette" else craps_views()
    app.receive([LinkStatus(True, ""), state, offered, *views, seat_state()], 0.0)
    return app


def _small(rects: list[tuple[str, pygame.Rect]], least: int) -> list[tuple[str, tuple[int, int]]]:
    return [(name, r.size) for name, r in rects if r.width < least or r.height < least]


@pytest.mark.parametrize("size", list(SIZES), ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("table", list(TABLES))
def test_every_spot_has_a_touch_area_a_finger_can_use(
    table: str, size: tuple[int, int], tmp_path: Path
) -> None:
    least = SIZES[size]
    app = _app(table, size, tmp_path)
    assert app.frame.touch >= least
    layout = app.game.layout
    assert layout is not None
    areas = layout.areas()
    assert not _small([(a.spot, a.rect) for a in areas], least)
    direct = {a.spot for a in areas if picked(a.spot) is None}
    through: dict[str, str] = {}
    for a in areas:
        name = picked(a.spot)
        if name is not None:
            through.update(dict.fromkeys(layout.picker(name).spots, name))
    expected = _expected(table, app.control.model.offer)
    assert expected <= direct | set(through), sorted(expected - direct - set(through))
    assert layout.spots() == expected
    for name in sorted(set(through.values())):
        _check_picker(app, name, least)


def _check_picker(app: SeatApp, name: str, least: int) -> None:
    """The picker opens on a tap of its area; its buttons are finger-sized, apart, and inside its card."""
    layout = app.game.layout
    assert layout is not None
    area = next(a for a in layout.areas() if picked(a.spot) == name)
    app.gesture(_tap(area.center), 1.0)
    assert app.control.ui.picker == name
    found = layout.picker(name)
    box = picker.card(app.frame, found)
    assert app.frame.layout.contains(box), (name, box)
    rects = [(c.spot, c.rect) for c in picker.choices(app.control, app.frame, found, 1.0)]
    rects.append(("close", picker.close_button(app.frame, found)))
    assert not _small(rects, least), name
    assert [spot for spot, _ in rects[:-1]] == list(found.spots)
    for n, (spot, rect) in enumerate(rects):
        assert box.contains(rect), (name, spot)
        assert not any(rect.colliderect(other) for _, other in rects[n + 1 :]), (name, spot)
    app.act(i.Intent(i.PICK), 1.0)


def _tap(pos: tuple[int, int]) -> Gesture:
    return Gesture("tap", pos)


@pytest.mark.parametrize("size", list(SIZES), ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game", ["roulette", "craps"])
def test_every_button_and_chip_of_the_game_screen_is_finger_sized(game: str, size: tuple[int, int]) -> None:
    least = SIZES[size]
    app = _app("craps" if game == "craps" else "double_zero", size, Path("."))
    buttons = [(b.key, b.rect) for b in app.game.buttons()]
    chips = [(f"chip {value}", rect) for rect, _, value in app.game.chips()]
    assert not _small(buttons + chips, least)


def test_a_tap_on_a_picker_button_places_the_chip_and_a_tap_beside_the_card_closes_it(tmp_path: Path) -> None:
    app = _app("craps", (1920, 1080), tmp_path)
    sent = app.control._sender  # the app's Sent list
    layout = app.game.layout
    assert layout is not None
    box = next(a for a in layout.areas() if a.spot == "pick:point:6")
    app.gesture(_tap(box.center), 1.0)
    found = layout.picker("point:6")
    buy = next(c for c in picker.choices(app.control, app.frame, found, 1.0) if c.spot == "buy_6")
    app.gesture(_tap(buy.rect.center), 1.0)
    assert isinstance(sent, Sent) and sent.messages[-1] == m.PlaceWager("buy_6", app.control.ui.chip)
    assert app.control.ui.picker == "point:6"  # still open: another chip may follow
    corner = (app.frame.layout.left + 5, app.frame.layout.top + 5)
    app.gesture(_tap(corner), 1.0)
    assert app.control.ui.picker is None


@pytest.mark.parametrize("size", list(SIZES), ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_button_of_the_pages_overlays_and_hardware_is_finger_sized(size: tuple[int, int]) -> None:
    from terminal.seat import hardware, overlays, pages

    least = SIZES[size]
    app = _app("double_zero", size, Path("."))
    found: list[tuple[str, pygame.Rect]] = []
    for screen in ("help", "history", "session", "cashout", "stats"):
        app.act(i.Intent(i.SCREEN, screen), 1.0)
        found += [(f"{screen} {b.key}", b.rect) for b in pages.buttons(app.control, app.frame)]
    app.act(i.Intent(i.SCREEN, "game"), 1.0)
    app.act(i.Intent(i.HARDWARE), 1.0)
    found += [(f"hardware {key}", rect) for rect, key, _, _ in hardware.keys(app.control, app.frame)]
    app.act(i.Intent(i.HARDWARE), 1.0)
    app.receive([m.TeamPrompt("seat-1", 5, 15_000)], 1.0)
    found += [(f"prompt {b.key}", b.rect) for b in overlays.buttons(app.control, app.frame, 1.0)]
    app.act(i.Intent(i.TEAM, "red"), 1.0)
    app.control.ui = replace(app.control.ui, reality_check=True)
    found += [(f"reality {b.key}", b.rect) for b in overlays.buttons(app.control, app.frame, 1.0)]
    assert len(found) > 10
    assert not _small(found, least)
