"""Where every board of the table display sits, per screen shape: laid out for the aspect, never stretched.

Three designs, each in its own design pixels: ``wide`` (16:9, 1920×1080), ``square`` (4:3, 1440×1080, a
1024×768 screen) and ``ultra`` (64:27, 2560×1080, a 2560×1080 screen). :func:`layout_for` picks the
design nearest the window's shape and scales it evenly (the same factor across and up), centring what is
left over. Each design places the panels twice: with the Touchdown field (a double-zero roulette table
that offers it) and without it (single zero, or not offered), so no space is left empty; craps has its
own. A panel's contents are placed inside its rectangle by its view.

Pure: no pyglet.

>>> layout_for(1024, 768).name, layout_for(2560, 1080).name, layout_for(1920, 1080).name
('square', 'ultra', 'wide')
>>> fit = layout_for(1024, 768); round(fit.scale, 4), fit.offset
(0.7111, (0.0, 0.0))
"""

from __future__ import annotations

from dataclasses import dataclass

Rect = tuple[float, float, float, float]  # x, y, width, height in the design's pixels (y up)


@dataclass(frozen=True, slots=True)
class Panels:
    """The boards around the stage of one arrangement. ``field`` is None where there is no Touchdown."""

    outcome: Rect
    winners: Rect
    history: Rect
    hot_cold: Rect
    field: Rect | None = None


@dataclass(frozen=True, slots=True)
class CrapsStage:
    """The craps stage: the felt tray the dice land on, the row of point boxes, the side wagers' boards."""

    tray: Rect
    points: Rect
    boards: Rect
    panels: Panels


@dataclass(frozen=True, slots=True)
class Design:
    """One screen shape's layout in its own design pixels."""

    name: str
    width: float
    height: float
    top: Rect  # round, table, headline, countdown
    wheel: tuple[float, float, float]  # centre x, centre y, radius
    touchdown: Panels  # roulette with the Touchdown field
    plain: Panels  # roulette without it
    craps: CrapsStage

    def panels(self, game: str, touchdown: bool) -> Panels:
        """The arrangement of ``game`` (with the Touchdown field or without)."""
        if game == "craps":
            return self.craps.panels
        return self.touchdown if touchdown else self.plain

    def wheel_box(self) -> Rect:
        """The wheel's square with its pointer."""
        cx, cy, r = self.wheel
        return (cx - r * 1.054, cy - r * 1.054, r * 2.108, r * 2.108)


WIDE = Design(
    "wide",
    1920,
    1080,
    top=(0, 965, 1920, 115),
    wheel=(570, 555, 385),
    touchdown=Panels(
        outcome=(1130, 710, 760, 235),
        field=(1130, 400, 760, 290),
        winners=(1130, 165, 760, 220),
        history=(30, 20, 1180, 125),
        hot_cold=(1230, 20, 660, 125),
    ),
    plain=Panels(
        outcome=(1130, 710, 760, 235),
        winners=(1130, 165, 760, 525),
        history=(30, 20, 1180, 125),
        hot_cold=(1230, 20, 660, 125),
    ),
    craps=CrapsStage(
        tray=(40, 330, 1060, 615),
        points=(40, 160, 1060, 150),
        boards=(1130, 165, 760, 530),
        panels=Panels(
            outcome=(1130, 710, 760, 235),
            winners=(60, 345, 760, 220),
            history=(30, 20, 1180, 125),
            hot_cold=(1230, 20, 660, 125),
        ),
    ),
)

SQUARE = Design(
    "square",
    1440,
    1080,
    top=(0, 965, 1440, 115),
    wheel=(365, 580, 320),
    touchdown=Panels(
        outcome=(730, 735, 690, 215),
        field=(730, 405, 690, 315),
        winners=(730, 165, 690, 225),
        history=(20, 20, 690, 125),
        hot_cold=(730, 20, 690, 125),
    ),
    plain=Panels(
        outcome=(730, 735, 690, 215),
        winners=(730, 165, 690, 555),
        history=(20, 20, 690, 125),
        hot_cold=(730, 20, 690, 125),
    ),
    craps=CrapsStage(
        tray=(30, 340, 680, 605),
        points=(30, 160, 680, 165),
        boards=(730, 165, 690, 555),
        panels=Panels(
            outcome=(730, 735, 690, 215),
            winners=(45, 355, 650, 190),
            history=(20, 20, 690, 125),
            hot_cold=(730, 20, 690, 125),
        ),
    ),
)

ULTRA = Design(
    "ultra",
    2560,
    1080,
    top=(0, 965, 2560, 115),
    wheel=(570, 555, 385),
    touchdown=Panels(
        outcome=(1130, 710, 760, 235),
        field=(1130, 165, 760, 530),
        winners=(1930, 165, 600, 530),
        history=(30, 20, 2500, 125),
        hot_cold=(1930, 710, 600, 235),
    ),
    plain=Panels(
        outcome=(1130, 165, 760, 780),
        winners=(1930, 165, 600, 530),
        history=(30, 20, 2500, 125),
        hot_cold=(1930, 710, 600, 235),
    ),
    craps=CrapsStage(
        tray=(40, 330, 1060, 615),
        points=(40, 160, 1060, 150),
        boards=(1130, 165, 760, 530),
        panels=Panels(
            outcome=(1130, 710, 760, 235),
            winners=(1930, 165, 600, 530),
            history=(30, 20, 2500, 125),
            hot_cold=(1930, 710, 600, 235),
        ),
    ),
)

DESIGNS = (WIDE, SQUARE, ULTRA)


@dataclass(frozen=True, slots=True)
class Fit:
    """A design fitted to a window: window pixel = offset + design pixel × scale."""

    design: Design
    scale: float
    offset: tuple[float, float]

    @property
    def name(self) -> str:
        return self.design.name


def layout_for(width: int, height: int) -> Fit:
    """The design whose shape is nearest ``width``×``height``, scaled evenly and centred."""
    aspect = width / height
    design = min(DESIGNS, key=lambda d: abs(d.width / d.height - aspect))
    scale = min(width / design.width, height / design.height)
    offset = ((width - design.width * scale) / 2, (height - design.height * scale) / 2)
    return Fit(design, scale, offset)


def stage_box(design: Design) -> Rect:
    """Where the stage of a game that registered its face sits: the craps tray with its point boxes."""
    tx, ty, tw, th = design.craps.tray
    bottom = design.craps.points[1]
    return (tx, bottom, tw, ty + th - bottom)


DIE = 150.0  # the largest die's side


def die_size(tray: Rect) -> float:
    """A die's side on ``tray``: the full size on a wide felt, smaller on a narrow one."""
    return min(DIE, tray[2] * 0.142)
