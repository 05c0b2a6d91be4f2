"""Every history tile on the table display is legible: its text reads at WCAG's 4.5:1 on the tile's colour,
and its edge (the rim) stands out from the panel at WCAG's 3:1 for a graphical object, so a black tile is
not lost on the dark panel. Before, a black pocket's or a craps roll's tile was 1.02:1 on the panel (its
edge invisible), and white on the green zero, on Big Six's 1, 10 and flag read at 2.3 to 4.4:1.

The colours are read from ``assets/theme.toml`` and the ratio is computed here from WCAG 2's definition,
not through the display's own :mod:`terminal.display.ink`; the ink each tile gets is the display's.
"""

from __future__ import annotations

import itertools
import tomllib
from pathlib import Path

import pytest

from terminal.display.ink import ink_on

THEME = Path(__file__).resolve().parents[2] / "assets" / "theme.toml"
DISPLAY = tomllib.loads(THEME.read_text(encoding="utf-8"))["display"]


def _ratio(one: tuple[int, ...], other: tuple[int, ...]) -> float:
    """WCAG 2 contrast ratio: relative luminance of linearised sRGB, (L1 + 0.05) / (L2 + 0.05)."""

    def lum(colour: tuple[int, ...]) -> float:
        lin = [
            (c / 255) / 12.92 if c / 255 <= 0.04045 else ((c / 255 + 0.055) / 1.055) ** 2.4
            for c in colour[:3]
        ]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]

    high, low = sorted((lum(one), lum(other)), reverse=True)
    return (high + 0.05) / (low + 0.05)


#: Every colour a history tile is filled with: roulette's pockets, a craps roll, a voided round, Big Six's
#: symbols and Sic Bo's Big, Small and Triple (terminal/display/side_view.py, stage_faces).
TILES = {
    **{name: DISPLAY[name] for name in ("red", "black", "green", "dice_tile", "void_tile")},
    **{f"bigsix.{name}": colour for name, colour in DISPLAY["bigsix"].items()},
    **{f"sicbo.{name}": DISPLAY["sicbo"][name] for name in ("big", "small", "triple")},
    **{f"props_hops.{name}": DISPLAY["props_hops"][name] for name in ("low", "high", "seven")},
    **{f"high_roll.{name}": DISPLAY["high_roll"][name] for name in ("first", "extra")},
    **{f"tdf.{name}": DISPLAY["tdf"][name] for name in ("gain", "no_gain", "penalty", "turnover", "trips")},
}


def test_the_tiles_are_every_history_colour_a_face_draws() -> None:
    from terminal.display import theme
    from terminal.display.stage_faces import FACES

    rolls = ["-".join(map(str, dice)) for dice in itertools.product(range(1, 7), repeat=3)]  # Sic Bo
    rolls += ["-".join(map(str, dice)) for dice in itertools.product(range(1, 7), repeat=2)]  # two dice
    stops = [f"{symbol}@{n}" for symbol in FACES["bigsix"].universe for n in range(54)]  # Big Six
    rolls += ["5-5-5-2-3-4-6-1-2-3", "5x3:5-5-1-2-3-6-4", "1-2-3-4-5-6"]  # High Roll: ten, extra, six
    drawn = {theme.VOID_TILE, *theme.OUTCOME_COLOURS.values()}
    for game, face in FACES.items():
        outcomes = [o for o in (*rolls, *stops) if face.accepts(o)]
        assert outcomes, game
        drawn |= {face.colour(outcome) for outcome in outcomes}
    assert drawn <= {tuple(colour) for colour in TILES.values()}


@pytest.mark.parametrize("name", sorted(TILES))
def test_a_history_tile_s_number_reads_at_four_and_a_half_to_one(name: str) -> None:
    fill = tuple(TILES[name])
    ink = ink_on(fill)  # type: ignore[arg-type]
    assert ink in (tuple(DISPLAY["white"]), tuple(DISPLAY["tile_ink"]))
    assert _ratio(ink, fill) >= 4.5, f"{name}: {_ratio(ink, fill):.2f}:1"


def test_every_tile_s_rim_stands_out_from_the_panel() -> None:
    assert _ratio(DISPLAY["tile_rim"], DISPLAY["panel"]) >= 3.0
