"""The stage view of each game that registered a face (:mod:`terminal.display.stage_faces`), by name: one
registration per game (it sits in ``layout.stage_box``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from terminal.display.bigsix_view import BigSixView
from terminal.display.crapless_view import CraplessStageView
from terminal.display.gl import pyglet
from terminal.display.high_roll_view import HighRollView
from terminal.display.kit import Batch, Scale
from terminal.display.layout import Rect
from terminal.display.props_hops_view import PropsHopsView
from terminal.display.scene import Scene
from terminal.display.sicbo_view import SicBoView
from terminal.display.tdf_view import TdfStageView
from terminal.i18n import Catalogue


class StageView(Protocol):
    """A game's stage: built once for a window, painted for each frame's scene."""

    def draw(self, window: pyglet.window.Window, scene: Scene) -> None: ...

    def batches(self) -> tuple[Batch, ...]: ...


Make = Callable[[Scale, Catalogue, Rect, str, pyglet.math.Mat4], StageView]


class _SicBo:
    def __init__(self, sc: Scale, cat: Catalogue, rect: Rect, venue: str, origin: pyglet.math.Mat4) -> None:
        self.view = SicBoView(sc, cat, rect)

    def draw(self, window: pyglet.window.Window, scene: Scene) -> None:
        self.view.draw(scene)

    def batches(self) -> tuple[Batch, ...]:
        return (self.view.static, self.view.dynamic)


class _BigSix:
    def __init__(self, sc: Scale, cat: Catalogue, rect: Rect, venue: str, origin: pyglet.math.Mat4) -> None:
        self.view = BigSixView(sc, rect, venue, origin)

    def draw(self, window: pyglet.window.Window, scene: Scene) -> None:
        self.view.draw(window, scene)

    def batches(self) -> tuple[Batch, ...]:
        return (self.view.static, self.view.face, self.view.top)


class _PropsHops:
    def __init__(self, sc: Scale, cat: Catalogue, rect: Rect, venue: str, origin: pyglet.math.Mat4) -> None:
        self.view = PropsHopsView(sc, cat, rect)

    def draw(self, window: pyglet.window.Window, scene: Scene) -> None:
        self.view.draw(scene)

    def batches(self) -> tuple[Batch, ...]:
        return (self.view.static, self.view.dynamic)


class _HighRoll:
    def __init__(self, sc: Scale, cat: Catalogue, rect: Rect, venue: str, origin: pyglet.math.Mat4) -> None:
        self.view = HighRollView(sc, cat, rect)

    def draw(self, window: pyglet.window.Window, scene: Scene) -> None:
        self.view.draw(scene)

    def batches(self) -> tuple[Batch, ...]:
        return (self.view.static, self.view.boxes, self.view.dynamic)


class _Tdf:
    def __init__(self, sc: Scale, cat: Catalogue, rect: Rect, venue: str, origin: pyglet.math.Mat4) -> None:
        self.view = TdfStageView(sc, cat, rect)

    def draw(self, window: pyglet.window.Window, scene: Scene) -> None:
        self.view.draw(scene)

    def batches(self) -> tuple[Batch, ...]:
        return (self.view.static, self.view.dynamic)


class _Crapless:
    def __init__(self, sc: Scale, cat: Catalogue, rect: Rect, venue: str, origin: pyglet.math.Mat4) -> None:
        self.view = CraplessStageView(sc, cat, rect)

    def draw(self, window: pyglet.window.Window, scene: Scene) -> None:
        self.view.draw(scene)

    def batches(self) -> tuple[Batch, ...]:
        return (self.view.static, self.view.dynamic)


VIEWS: dict[str, Make] = {
    "sicbo": _SicBo,
    "bigsix": _BigSix,
    "props_hops": _PropsHops,
    "high_roll": _HighRoll,
    "tdf": _Tdf,
    "crapless": _Crapless,
}


def venue_of(table: str) -> str:
    """The venue of a scene's ``"venue · table id"``."""
    return table.rpartition(" · ")[0] if " · " in table else table
