"""Touch and mouse as posted pygame events: a tap counts once, a long-press removes, buttons work."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from terminal.net import messages as m
from terminal.seat import layout_port
from tests.seat.seat_states import linked_app

RED_AREA = pygame.Rect(100, 200, 300, 150)


class _StubLayout:
    """A one-spot stand-in for the layouts package (the real one is tested in test_layouts_*)."""

    rect = pygame.Rect(10, 96, 1400, 800)

    def hit(self, pos: tuple[int, int]) -> str | None:
        return "red" if RED_AREA.collidepoint(pos) else None

    def areas(self) -> tuple[Any, ...]:
        return ()

    def spots(self) -> frozenset[str]:
        return frozenset({"red"})

    def picker(self, name: str) -> Any:
        raise KeyError(name)

    def anchor(self, spot: str, number: int | None = None) -> tuple[int, int]:
        return RED_AREA.center

    def draw(self, surface: pygame.Surface, view: Any) -> None:
        pygame.draw.rect(surface, (200, 0, 0), RED_AREA)

    def refusal(self, spot: str, remove: bool, view: Any) -> str | None:
        return None


@pytest.fixture
def stub_layout(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(layout_port, "make_layout", lambda table, offer, rect, touch=0: _StubLayout())
    monkeypatch.setattr(layout_port, "layout_view", lambda *args, **kw: args)


def _post_and_feed(app: Any, events: list[pygame.event.Event], now: float) -> None:
    pygame.event.clear()
    for event in events:
        pygame.event.post(event)
    for event in pygame.event.get():
        app.handle_event(event, now)
    app.update(now)


def _finger(kind: int, pos: tuple[int, int], size: tuple[int, int] = (1920, 1080)) -> pygame.event.Event:
    return pygame.event.Event(kind, x=pos[0] / size[0], y=pos[1] / size[1], finger_id=1, touch_id=1)


def _mouse(kind: int, pos: tuple[int, int], touch: bool) -> pygame.event.Event:
    return pygame.event.Event(kind, pos=pos, button=1, touch=touch)


def _button(app: Any, key: str) -> tuple[int, int]:
    return next(b.rect.center for b in app.game.buttons() if b.key == key)


def test_a_touch_and_its_synthesised_mouse_events_count_once() -> None:
    app, sent = linked_app()
    undo = _button(app, "button.undo")
    _post_and_feed(
        app,
        [
            _finger(pygame.FINGERDOWN, undo),
            _mouse(pygame.MOUSEBUTTONDOWN, undo, True),
            _finger(pygame.FINGERUP, undo),
            _mouse(pygame.MOUSEBUTTONUP, undo, True),
        ],
        1.0,
    )
    assert sent.messages == [m.UndoWager()]


def test_a_mouse_click_counts_once_too() -> None:
    app, sent = linked_app()
    ready = _button(app, "button.ready")
    _post_and_feed(
        app, [_mouse(pygame.MOUSEBUTTONDOWN, ready, False), _mouse(pygame.MOUSEBUTTONUP, ready, False)], 1.0
    )
    assert sent.messages == [m.BetsDone()]


def test_tapping_a_chip_selects_it() -> None:
    app, _ = linked_app()
    rect, _, value = app.game.chips()[2]
    _post_and_feed(app, [_finger(pygame.FINGERDOWN, rect.center), _finger(pygame.FINGERUP, rect.center)], 1.0)
    assert app.control.ui.chip == value == 2500


def test_a_tap_on_the_layout_places_the_selected_chip_once(stub_layout: None) -> None:
    app, sent = linked_app()
    spot = RED_AREA.center
    _post_and_feed(
        app,
        [
            _finger(pygame.FINGERDOWN, spot),
            _mouse(pygame.MOUSEBUTTONDOWN, spot, True),
            _finger(pygame.FINGERUP, spot),
            _mouse(pygame.MOUSEBUTTONUP, spot, True),
        ],
        1.0,
    )
    assert sent.messages == [m.PlaceWager("red", 100)]


def test_a_long_press_removes_the_wager_and_places_nothing(stub_layout: None) -> None:
    app, sent = linked_app(long_press_ms=600)
    from tests.seat.seat_states import seat_state, wager

    app.receive([seat_state(wagers=(wager("red", 500),))], 0.5)
    spot = RED_AREA.center
    _post_and_feed(app, [_finger(pygame.FINGERDOWN, spot)], 1.0)
    app.update(1.3)
    assert sent.messages == []  # not yet: 300 ms
    app.update(1.61)
    _post_and_feed(app, [_finger(pygame.FINGERUP, spot)], 1.7)
    assert sent.messages == [m.RemoveWager("red")]


def test_a_touch_after_the_lock_is_refused_on_screen(stub_layout: None) -> None:
    app, sent = linked_app()
    spot = RED_AREA.center
    _post_and_feed(
        app, [_finger(pygame.FINGERDOWN, spot), _finger(pygame.FINGERUP, spot)], 21.0
    )  # window over
    assert sent.messages == []
    assert app.control.model.notice is not None and app.control.model.notice.key == "bets.closed"
    surface = pygame.Surface((1920, 1080))
    app.draw(surface, 21.1)
    edge = app.frame.layout.topleft
    assert surface.get_at((edge[0] + 2, edge[1] + 2))[:3] == (200, 30, 30)  # the layout's edge flashes red


def test_a_touch_on_a_button_after_the_lock_is_refused_too() -> None:
    app, sent = linked_app()
    double = _button(app, "button.double")
    _post_and_feed(app, [_finger(pygame.FINGERDOWN, double), _finger(pygame.FINGERUP, double)], 21.0)
    assert sent.messages == []
    assert app.control.model.notice is not None and app.control.model.notice.key == "bets.closed"


def test_the_screen_scales_to_every_aspect_from_4_3_to_21_9() -> None:
    for size in ((1024, 768), (1280, 720), (1920, 1080), (2560, 1080), (640, 480)):
        app, _ = linked_app(size=size)
        surface = pygame.Surface(size)
        app.draw(surface, 1.0)
        screen = pygame.Rect(0, 0, *size)
        buttons = app.game.buttons()
        assert all(screen.contains(b.rect) for b in buttons), size
        for n, a in enumerate(buttons):
            assert not any(a.rect.colliderect(b.rect) for b in buttons[n + 1 :]), (size, a.key)
        assert all(screen.contains(rect) for rect, _, _ in app.game.chips()), size
        assert not any(rect.colliderect(b.rect) for rect, _, _ in app.game.chips() for b in buttons), size
