"""Every game the registry declares makes every registration of docs/adding-a-game.md's checklist.

:func:`checklist` asks each registry the faces, the lab and the catalogues keep, by the game's name, and
says which item is missing; the test fails naming the game and the items. A planted game that registers
nothing but its declaration is found lacking every item but the declaration's own.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

import pytest

from terminal import config
from terminal.config.game_rules import ConfigSettings
from terminal.games import registry
from terminal.games.registry import GAMES
from terminal.games.seam import Game

os.environ.setdefault("TERMINAL_DISPLAY_HEADLESS", "1")  # the display's stage views import pyglet

SCENE_STAGES = ("roulette", "craps")
"""The games the display's scene draws itself (terminal/display/scene.py); any other game registers a stage
face and a stage view."""

Check = Callable[[Game], bool]


def _setup(game: Game) -> Any:
    return game.setup(ConfigSettings(config.loads("")))


def _first_outcome(game: Game) -> str:
    draw = _setup(game).draw
    values = (1,) * draw.n if draw.recipe == "dice" else (0,)
    return str(_setup(game).engine.outcome((*values, *(0 for _ in draw.extra))).text)


def _par(game: Game) -> bool:
    rows = game.par_rows(ConfigSettings(config.loads("")), all_paytables=True)
    return bool(rows) and all(r.game == game.name for r in rows)


def _meters(game: Game) -> bool:
    """The meters screen sets each wager's meters beside its PAR figure: rows name the game's wager ids."""
    rows = game.par_rows(ConfigSettings(config.loads("")), all_paytables=True)
    return {r.wager for r in rows} <= set(game.wagers)


def _simulate(game: Game) -> bool:
    from terminal.sims import STRATEGIES

    return game.name in STRATEGIES or bool(_setup(game).simulate)


def _layout(game: Game) -> bool:
    from terminal.seat.layout_port import LAYOUTS

    return game.name in LAYOUTS


def _marks(game: Game) -> bool:
    from terminal.seat.marks import MARKS

    return game.name in MARKS


def _stage(game: Game) -> bool:
    from terminal.display.stage_faces import FACES
    from terminal.display.stage_views import VIEWS

    return game.name in SCENE_STAGES or (game.name in FACES and game.name in VIEWS)


def _help(game: Game) -> bool:
    from terminal.seat.help_content import GAME_HELP

    return game.name in GAME_HELP


def _tour(game: Game) -> bool:
    from terminal.tours import SCREEN_SETS

    return f"seat_{game.name}" in SCREEN_SETS


def _i18n(game: Game) -> bool:
    from terminal.i18n import load_catalogue

    names = (f"service.selftest.game_{game.name}", f"rolling.{game.name}")
    keys = (*names, *(f"wager.{w}" for w in game.wagers))
    return all(load_catalogue(language).has(key) for language in ("en", "es") for key in keys)


def _reveal(game: Game) -> bool:
    return 0 < game.reveal_seconds(_first_outcome(game)) <= game.show_seconds


CHECKLIST: tuple[tuple[str, Check], ...] = (
    ("rules: the declaration in terminal/games/registry.py GAMES", lambda g: registry.GAMES.get(g.name) is g),
    ("config: its [section] in terminal/config (Config.<name>)", lambda g: hasattr(config.loads(""), g.name)),
    ("PAR: Game.par_rows, from terminal/games/<name>/par.py", _par),
    ("draw: Setup.draw and the lab's outcome ranges (Game.streams)", lambda g: bool(g.streams)),
    ("simulate: a strategy in terminal/sims STRATEGIES or the seam's Setup.simulate", _simulate),
    ("seat layout: terminal/seat/layout_port.py LAYOUTS", _layout),
    ("seat history marks: terminal/seat/marks.py MARKS", _marks),
    ("display stage: terminal/display/stage_faces.py FACES and stage_views.py VIEWS", _stage),
    ("help: terminal/seat/help_content.py GAME_HELP", _help),
    ("tour: terminal/tours SCREEN_SETS['seat_<name>']", _tour),
    ("bots: Setup.bot_menu and Setup.showcase", lambda g: bool(_setup(g).bot_menu and _setup(g).showcase)),
    ("i18n: wager.<id> for every wager, the game's name and rolling.<name>, English and Spanish", _i18n),
    ("meters: the PAR rows name the game's own wager ids", _meters),
    ("reveal time: Game.reveal_seconds within show_seconds", _reveal),
)


def checklist(game: Game) -> list[str]:
    """The items of the checklist ``game`` lacks (an item that raises is lacking)."""
    missing = []
    for item, check in CHECKLIST:
        try:
            ok = check(game)
        except Exception:  # an item that cannot be asked is an item not made
            ok = False
        if not ok:
            missing.append(item)
    return missing


@pytest.mark.parametrize("name", list(GAMES))
def test_a_registered_game_makes_every_registration(name: str) -> None:
    assert checklist(GAMES[name]) == []


@dataclass(frozen=True, slots=True)
class _Renamed:
    """A registered game under a new name: the same rules, PAR and draw, and nothing else registered."""

    inner: Any
    name: str

    def __getattr__(self, attr: str) -> Any:
        return getattr(self.inner, attr)

    def setup(self, settings: Any) -> Any:
        return replace(self.inner.setup(settings), game=self.name)

    def par_rows(self, settings: Any, all_paytables: bool) -> list[Any]:
        return [replace(r, game=self.name) for r in self.inner.par_rows(settings, all_paytables)]


def test_a_game_registered_and_nothing_else_is_found_lacking(monkeypatch: pytest.MonkeyPatch) -> None:
    """Sic Bo's declaration under a new name, put in the registry: everything a face, the lab or the
    catalogues keep by name is missing, and said; the rules, the PAR, the draw, the bots, the meters and
    the reveal time come with the declaration (and so does the seam's simulation, ``Setup.simulate``)."""
    planted = _Renamed(GAMES["sicbo"], "dice")
    monkeypatch.setitem(registry.GAMES, "dice", planted)
    assert checklist(planted) == [
        "config: its [section] in terminal/config (Config.<name>)",
        "seat layout: terminal/seat/layout_port.py LAYOUTS",
        "seat history marks: terminal/seat/marks.py MARKS",
        "display stage: terminal/display/stage_faces.py FACES and stage_views.py VIEWS",
        "help: terminal/seat/help_content.py GAME_HELP",
        "tour: terminal/tours SCREEN_SETS['seat_<name>']",
        "i18n: wager.<id> for every wager, the game's name and rolling.<name>, English and Spanish",
    ]
