"""The service screens render headless against a real controller, and the app behaves like a service menu."""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from terminal import config as configuration
from terminal.devices.events import ServiceKeyTurned
from terminal.i18n import load_catalogue
from terminal.lab.service_demo import DirectLink, demo_table, render_service_screens
from terminal.service import intents as i
from terminal.service.app import ServiceApp
from terminal.service.screens import login, typing

SHOTS = ("key-off", "login", "meters", "events", "recall", "recall-round", "tilts", "selftest", "config",
         "config-diff", "ramclear-confirm", "vouchers", "voucher-void", "handpay", "report")  # fmt: skip


@dataclass(frozen=True, slots=True)
class Rendered:
    """What one run of every service screen drew, seen through the screens' own drawing calls."""

    paths: tuple[Path, ...]
    frames: tuple[pygame.Surface, ...]  # what each path was written from, in the same order
    cut: tuple[tuple[str, bool], ...]  # each text cut short by ``ui.fit``, and whether in a table's cell
    sizes: tuple[int, ...]  # the size of every ``Ui.text`` asked for
    fonts: tuple[int, ...]  # the pixel size of every font the screens fetched
    smallest: tuple[int, ...]  # each frame's smallest side of a touch area, in pixels
    astray: tuple[str, ...]  # frames whose last touch area's centre did not map back to it


Renders = Callable[[str, tuple[int, int]], Rendered]


@pytest.fixture(scope="module")
def rendered(tmp_path_factory: pytest.TempPathFactory) -> Renders:
    """Every service screen in a language and size, rendered once for all the tests that check it (each
    run builds a real table and draws 15 screens: seconds)."""
    done: dict[tuple[str, tuple[int, int]], Rendered] = {}

    def render(lang: str, size: tuple[int, int]) -> Rendered:
        if (lang, size) not in done:
            done[lang, size] = _render(tmp_path_factory.mktemp(f"service-{lang}"), lang, size)
        return done[lang, size]

    return render


def _render(tmp: Path, lang: str, size: tuple[int, int]) -> Rendered:
    from terminal.service import ui, widgets

    cut: list[tuple[str, bool]] = []
    sizes: list[int] = []
    fonts: list[int] = []
    smallest: list[int] = []
    astray: list[str] = []
    frames: list[pygame.Surface] = []
    in_table = [False]
    fit, row, text, get, draw = ui.fit, widgets._row, ui.Ui.text, ui.Fonts.get, ServiceApp.draw
    write = pygame.image.save

    def saved(surface: pygame.Surface, path: str) -> None:
        """Keep the frame; write only the first as a PNG, checked to hold the very frame drawn (every screen
        is written by the same call; 15 PNG encodes and read-backs cost most of a render)."""
        frames.append(surface.copy())
        if len(frames) == 1:
            write(surface, path)

    def fitting(font: Any, shown: str, width: int | None) -> str:
        out = fit(font, shown, width)
        cut.extend([(shown, in_table[0])] if out != shown else [])
        return out

    def table_row(*args: Any, **kw: Any) -> None:
        in_table[0] = True
        try:
            row(*args, **kw)
        finally:
            in_table[0] = False

    def sized(self: ui.Ui, label: str, pos: tuple[int, int], size: int = 30, *args: Any, **kw: Any) -> Any:
        sizes.append(size)
        return text(self, label, pos, size, *args, **kw)

    def font(self: ui.Fonts, px: int, bold: bool = False) -> pygame.font.Font:
        fonts.append(px)
        return get(self, px, bold)

    def drawn(self: ServiceApp, surface: ui.Ui) -> None:
        draw(self, surface)
        smallest.append(min(min(surface.px(rect).size) for rect, _ in surface.hits))
        rect, intent = surface.hits[-1]
        if surface.click(surface.px(rect).center) != intent:  # pixels map back to the area
            astray.append(f"{self.state.screen}: {intent}")

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(ui, "fit", fitting)
        patch.setattr(widgets, "_row", table_row)
        patch.setattr(ui.Ui, "text", sized)
        patch.setattr(ui.Fonts, "get", font)
        patch.setattr(ServiceApp, "draw", drawn)
        patch.setattr(pygame.image, "save", saved)
        paths = render_service_screens(configuration.defaults(tmp), tmp / "out", lang, size)
    return Rendered(
        tuple(paths), tuple(frames), tuple(cut), tuple(sizes), tuple(fonts), tuple(smallest), tuple(astray)
    )


@pytest.mark.parametrize("lang", [pytest.param("en", marks=pytest.mark.slow), "es"])  # es: longer words
def test_every_service_screen_renders(rendered: Renders, lang: str) -> None:
    """Every screen draws, and no label, button, chip or note is cut short ("Bloqueo desp..."): only a
    table's cell may end in '...' (a long event detail)."""
    drawn = rendered(lang, (1920, 1080))
    assert [text for text, in_table in drawn.cut if not in_table] == []
    paths = drawn.paths
    assert [p.name for p in paths] == [f"service-{lang}-{name}.png" for name in SHOTS]
    assert len(drawn.frames) == len(paths)
    first = pygame.image.load(str(paths[0]))  # the PNG written holds the frame drawn
    assert pygame.image.tobytes(first, "RGB") == pygame.image.tobytes(drawn.frames[0], "RGB")
    for path, image in zip(paths, drawn.frames, strict=True):
        assert image.get_size() == (1920, 1080)
        dialog = path.name.endswith(("confirm.png", "void.png"))  # a two-person dialog shades the screen
        amber = (63, 47, 11) if dialog else (246, 186, 44)
        assert image.get_at((960, 94))[:3] == amber  # the line under the SERVICE MODE bar
        colours = {tuple(image.get_at((x, y))[:3]) for x in range(0, 1920, 40) for y in range(100, 1000, 40)}
        assert len(colours) > 4, f"{path.name} looks empty"


def test_the_catalogues_define_the_same_keys() -> None:
    service = [{k for k in load_catalogue(lang).keys if k.startswith("service.")} for lang in ("en", "es")]
    assert service[0] == service[1] and len(service[0]) > 50


def test_the_app_logs_in_greys_out_what_the_role_may_not_do_and_shows_refusals(tmp_path: Path) -> None:
    controller, cabinet = demo_table(configuration.defaults(tmp_path), tmp_path)
    cabinet.on_event(None, ServiceKeyTurned(controller.table.clock.wall(), True))
    app = ServiceApp(DirectLink(controller), "en", "T-01", 8)
    app.post(*login(("anna", "0000")))
    assert app.state.session is None and "tries left" in app.state.status and not app.state.status_ok
    assert app.state.fields.pin == ""  # a PIN is forgotten after each try
    app.post(*login(("anna", "1357")))
    assert app.state.session is not None and app.state.screen == "meters"
    s = app.state
    assert s.may("handpay") and not s.may("config_view") and not s.may("ram_clear")
    app.post(i.Intent(i.GO, "handpay"), i.Intent(i.ACT, "handpay", ("2",)))
    assert "seat 2" in app.state.status and app.state.status_ok
    assert controller.table.cashier.credits(2) == 0
    app.post(i.Intent(i.ACT, "config"))  # the screen greys it out; the controller refuses it anyway
    assert "may not config_view" in app.state.status
    controller.table.ledger.close()


def test_a_voucher_is_voided_end_to_end_through_the_screen(tmp_path: Path) -> None:
    import json

    from terminal.ledger import EventCode

    controller, cabinet = demo_table(configuration.defaults(tmp_path), tmp_path)
    cabinet.on_event(None, ServiceKeyTurned(controller.table.clock.wall(), True))
    number = json.loads(controller.table.ledger.events(EventCode.VOUCHER_ISSUE)[-1].detail)["number"]
    app = ServiceApp(DirectLink(controller), "en", "T-01", 8)
    app.post(*login(("anna", "1357")), i.Intent(i.GO, "vouchers"))
    for digit in number:
        app.post(i.Intent(i.KEY, digit))
    app.post(i.Intent(i.LOOKUP_VOUCHER), i.Intent(i.ASK_SECOND, "voucher_void", (number, "Printer fault")))
    confirm = app.state.confirm
    assert confirm is not None and confirm.command == "void_voucher"
    both = (*typing("my_pin", "1357"), *typing("second", "anna"), *typing("second_pin", "1357"))
    app.post(*both, i.Intent(i.CONFIRM))
    assert "two different people" in app.state.status and app.state.confirm is not None
    assert app.state.confirm.my_pin == app.state.confirm.second_pin == ""  # PINs forgotten, dialog open
    both = (*typing("my_pin", "1357"), *typing("second", "boss"), *typing("second_pin", "9999"))
    app.post(*both, i.Intent(i.CONFIRM))
    assert app.state.confirm is None and "voided" in app.state.status
    assert controller.table.ledger.voucher(number, now=controller.table.clock.wall()).state == "voided"
    controller.table.ledger.close()


def test_the_technician_turns_the_simulated_key_then_logs_in_and_exports_the_day(tmp_path: Path) -> None:
    controller, _ = demo_table(configuration.defaults(tmp_path), tmp_path)
    app = ServiceApp(DirectLink(controller), "en", "T-01", 8)
    app.post(*login(("tech", "2468")))  # no key yet: refused
    assert app.state.session is None and "service key" in app.state.status
    app.post(i.Intent(i.TURN_KEY))
    assert app.state.key_on and controller.desk is not None and controller.desk.key_on()
    app.post(*login(("tech", "2468")))
    assert app.state.session is not None
    app.post(i.Intent(i.GO, "report"), i.Intent(i.ACT, "report_export", ("",)))
    csv_path = tmp_path / "out" / f"dayreport-T-01-{controller.table.clock.wall():%Y-%m-%d}.csv"
    assert app.state.status_ok and csv_path.name in app.state.status and str(tmp_path) not in app.state.status
    rows = csv_path.read_text(encoding="utf-8").splitlines()
    wagered = next(r for r in rows if r.startswith("money,wagered,"))
    assert int(wagered.split(",")[2]) == controller.table.ledger.meters()["wagered"] > 0
    assert csv_path.with_suffix(".pdf").read_bytes().startswith(b"%PDF")
    app.post(i.Intent(i.TURN_KEY))  # key off: back to play, back to the login screen
    assert not app.state.key_on and app.state.session is None and not controller.desk.key_on()
    controller.table.ledger.close()


def test_service_text_under_14_px_is_refused_and_no_screen_draws_any(
    rendered: Renders,
) -> None:
    from terminal.service import ui

    surface = pygame.Surface((200, 100))
    with pytest.raises(ValueError, match="14 px"):
        ui.Ui(surface).text("tiny", (0, 0), 13)
    sizes = rendered("es", (1920, 1080)).sizes
    assert sizes and min(sizes) >= ui.MIN_TEXT_PX


@pytest.mark.parametrize(
    "size",  # 1920x1080 in make check (rendered once for the tests above); the other sizes in make test
    [
        (1920, 1080),
        pytest.param((1024, 768), marks=pytest.mark.slow),
        pytest.param((2560, 1080), marks=pytest.mark.slow),
    ],
)
def test_each_size_is_laid_out_for_itself_text_never_under_the_seats_floor_touches_big_enough(
    rendered: Renders, size: tuple[int, int]
) -> None:
    """Drawn at the screen's own resolution (not a 1080p picture scaled): every font in the seat's typeface
    at least the seat's floor for the height (14 px at 1080 lines, 12 px at 768),
    nothing cut short, every touch area at least 48 px at 1080 lines (40 at 768, the seat's rule), and a
    touch lands on the area drawn under it."""
    from terminal.service import ui

    drawn = rendered("es", size)
    assert len(drawn.frames) == len(SHOTS) and all(f.get_size() == size for f in drawn.frames)
    assert pygame.image.load(str(drawn.paths[0])).get_size() == size
    assert min(drawn.fonts) >= ui.floor_px(size[1])
    assert min(drawn.smallest) >= max(40, round(48 * size[1] / 1080))
    assert drawn.astray == ()
    assert drawn.cut == ()


@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_event_of_the_ledger_has_a_name_on_the_service_screen(lang: str) -> None:
    """The event log names each kind of event in the screen's language, never the ledger's code word."""
    from terminal.ledger.events import EventCode

    cat = load_catalogue(lang)
    missing = [code.name.lower() for code in EventCode if not cat.has(f"service.event.{code.name.lower()}")]
    assert missing == []
