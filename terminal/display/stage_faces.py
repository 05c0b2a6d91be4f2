"""Each game the display presents through :class:`~terminal.display.stage_face.StageFace`, by name: one
registration per game (roulette and craps have the scene's own stages). Pure: no pyglet."""

from __future__ import annotations

from terminal.display import (
    bigsix_stage,
    crapless_stage,
    high_roll_stage,
    props_hops_stage,
    sicbo_stage,
    tdf_stage,
)
from terminal.display.stage_face import StageFace

FACES: dict[str, StageFace] = {
    "sicbo": sicbo_stage.FACE,
    "bigsix": bigsix_stage.FACE,
    "props_hops": props_hops_stage.FACE,
    "high_roll": high_roll_stage.FACE,
    "tdf": tdf_stage.FACE,
    "crapless": crapless_stage.FACE,
}


def face_of(game: str) -> StageFace | None:
    """The face ``game`` registered, or None (a game the scene presents itself)."""
    return FACES.get(game)
