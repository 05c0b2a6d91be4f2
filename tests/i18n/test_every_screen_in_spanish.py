"""Every screen rendered in Spanish draws only words that came from the catalogue.

The whole ``terminal screens --lang es`` run (seats against a real table, the table display, every service
screen) is rendered with three recorders: every string the catalogue handed out, every string a pygame
font rendered (the seat, its layouts and the service screens) and every string a display label showed.
A drawn string passes when it is a catalogue string, a line of one (wrapped, or cut with "..."), or data:
numbers, money, times, dice and spot numbers, and the few identifiers a technician types (user ids, the
table id, ``kiosk.cfg`` keys and values on the configuration screen).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pygame
import pytest

from terminal.i18n import Catalogue
from tests.display import frames

#: Data rather than words: amounts, counts, times, dates, dice, percentages, ids and hashes, and the Big
#: Six wheel's pictures of its joker and flag (★, ⚑).
DATA = re.compile(
    r"^[\s\d$€£+\-−·.,:;/%()#×x=<>|…*_\u202f\u00a0★⚑]*"
    r"(a\.\s?m\.|p\.\s?m\.|AM|PM|US\$|T-\d+|[0-9a-f]{8,}|\.\.\.)?[\s\d$.,:\u202f\u00a0-]*$"
)


class Recorded:
    """What one run handed out and drew."""

    def __init__(self) -> None:
        self.catalogue: list[str] = []
        self.drawn: list[str] = []
        self.inserted: list[str] = []  # the words put into a catalogue sentence's fields: words too
        self.whole: list[str] = []  # the catalogue's text with no words put into it


@pytest.fixture
def recorded(monkeypatch: pytest.MonkeyPatch) -> Iterator[Recorded]:
    seen = Recorded()
    original_text = Catalogue.text

    def text(self: Catalogue, key: str, **args: Any) -> str:
        out = original_text(self, key, **args)
        seen.catalogue.append(out)
        inserted = [value for value in args.values() if isinstance(value, str)]
        seen.inserted += inserted
        if all(DATA.match(value) or value in seen.catalogue for value in inserted):
            seen.whole.append(out)  # only numbers, or the catalogue's own words, put into it
        return out

    base = pygame.font.Font

    class Font(base):  # type: ignore[misc, valid-type]
        def render(self, text: Any, *args: Any, **kwargs: Any) -> pygame.Surface:
            seen.drawn.append(str(text))
            return super().render(text, *args, **kwargs)

    monkeypatch.setattr(Catalogue, "text", text)
    monkeypatch.setattr(pygame.font, "Font", Font)
    from terminal.display import kit

    original_show = kit.Text.show

    def show(self: kit.Text, text: str, *args: Any, **kwargs: Any) -> None:
        seen.drawn.append(text)
        original_show(self, text, *args, **kwargs)

    monkeypatch.setattr(kit.Text, "show", show)
    from terminal.seat import text as seat_text
    from terminal.seat.layouts import paint

    paint._TEXT_CACHE.clear()  # labels drawn by an earlier test would not be rendered again
    seat_text._FONTS.clear()  # nor by a font an earlier test loaded (not the recording Font above)
    yield seen
    paint._TEXT_CACHE.clear()
    seat_text._FONTS.clear()
    pygame.init()  # the service screens quit pygame when done; tests after this one draw text


@pytest.fixture
def unencoded(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every screen is drawn as ever; its file holds a SHA-256 of its pixels instead of a PNG of them. This
    test reads the words drawn, and ``render_all``'s check that no two states drew the same picture compares
    the files, which the digests of the pixels decide as the PNGs did; encoding the PNGs was half this
    test's time (the screens' own tests check their PNGs). The display's screens skip the collection of
    garbage before each (``frames.Uncollected``)."""
    from terminal.display import screens as display_screens
    from terminal.display.painter import Painter

    def digest(pixels: bytes | np.ndarray, size: tuple[int, int]) -> bytes:
        return hashlib.sha256(pixels).digest() + f" {size[0]}x{size[1]}".encode()

    def save_seat(surface: pygame.Surface, path: str, *args: Any) -> None:
        Path(path).write_bytes(digest(pygame.image.tobytes(surface, "RGB"), surface.get_size()))

    def save_display(self: Painter, path: Path) -> Path:
        path.parent.mkdir(parents=True, exist_ok=True)
        size = self.window.get_framebuffer_size()  # the bytes pyglet's read-back gives, read 5 times faster
        path.write_bytes(digest(frames.frame(*size), size))  # hashed as they lie in the array, not copied
        return path

    monkeypatch.setattr(pygame.image, "save", save_seat)
    monkeypatch.setattr(Painter, "save", save_display)
    monkeypatch.setattr(display_screens, "gc", frames.Uncollected())


def _explained(line: str, phrases: list[str]) -> bool:
    """Whether ``line`` is catalogue text and data: each phrase in it removed (whole words), data remains."""
    rest = line.strip().removesuffix("...").removesuffix("…")
    if rest and any(rest in phrase for phrase in phrases):  # the whole line, or a wrapped or cut piece
        return True
    for phrase in phrases:  # longest first, so a sentence goes before a word inside it
        if phrase in rest:
            rest = re.sub(rf"(?<!\w){re.escape(phrase)}(?!\w)", " ", rest)
    return not rest.strip() or bool(DATA.match(rest))


def foreign(drawn: list[str], catalogue: list[str], allowed: set[str]) -> list[str]:
    """The drawn lines that are neither catalogue text, pieces of it joined with data, nor data."""
    found = {p.strip() for text in catalogue for p in (text, *text.split("\n"))} | allowed
    phrases = sorted((p for p in found if p), key=len, reverse=True)
    return sorted({line for line in set(drawn) if not _explained(line, phrases)})


def test_the_check_catches_a_word_that_is_not_from_the_catalogue() -> None:
    catalogue = ["Cobrar", "Apuesta máxima por puesto: $5.00", "PUESTO"]
    drawn = ["Cobrar", "$1,234.50", "3:07:09\u202fp.m.", "Apuesta máxima", "Cob...", "PUESTO 3   $175.00"]
    assert foreign(drawn, catalogue, set()) == []
    assert foreign(["Cash out", "Cobrar", "door_open: main door"], catalogue, set()) == [
        "Cash out",
        "door_open: main door",
    ]


def _typed_by_a_technician() -> set[str]:
    """Identifiers shown as they are typed or written in kiosk.cfg: user ids, config sections, keys and
    values (the configuration screen lists the file as the technician edits it)."""
    from terminal import config as configuration
    from terminal.lab.service_demo import DEMO_USERS

    found = {user for user, _, _ in DEMO_USERS}
    section = ""
    for line in configuration.template().splitlines():
        if line.startswith("["):
            section = line.strip("[]")
            found |= {section}
        elif "=" in line and not line.startswith(("#", ";")):
            key, _, value = (part.strip() for part in line.partition("="))
            found |= {key, f"[{section}] {key}", value}
    return found


#: Lines another part of issue #16 is replacing now, with who: each goes when its fix lands.
PENDING = {
    "controller silent past the heartbeat timeout": "screens-display: a public, coded link-loss message",
}
SETS = {
    "seats and display": ("seat_roulette", "seat_craps", "seat_test_mode", "display"),
    "service": ("service",),
}


@pytest.mark.slow
@pytest.mark.parametrize(
    "group",
    [
        "seats and display",
        "service",
    ],
)
def test_every_screen_in_spanish_draws_only_catalogue_text(
    recorded: Recorded, unencoded: None, tmp_path: Path, group: str
) -> None:
    from terminal.lab.screens_job import Job
    from terminal.tours import render_all

    written = render_all(Job(tmp_path, ("es",)), SETS[group])
    assert len(written) >= 14
    allowed = _typed_by_a_technician() | set(PENDING)
    left = foreign(recorded.drawn, recorded.catalogue, allowed)
    assert left == [], f"drawn in Spanish but not from the catalogue: {left}"
    # "Ahora no: credits on seat 2": a sentence from the catalogue with English put into its field
    files = {v for v in recorded.inserted if re.fullmatch(r"[\w.-]+\.(csv|pdf)(, [\w.-]+\.(csv|pdf))*", v)}
    inside = foreign(recorded.inserted, recorded.whole, allowed | files)
    assert inside == [], f"put into a Spanish sentence but not from the catalogue: {inside}"
