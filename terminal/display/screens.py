"""Headless screenshots of the table display in every state a person needs to see it in.

``render_display_screens(config, out_dir)`` paints each sample state (the betting countdown on a seasoned
and a young table, no more bets, the wheel mid-spin and the ball dropping, at rest on 17, the kick-off on
0 and 00, the single-zero wheel, the Touchdown drive down by down, dice tumbling and the calls of a roll,
a tilt, out of service, link lost, lab mode) into a hidden window of ``[display]`` size and writes PNGs.
"""

from __future__ import annotations

import gc
from collections.abc import Callable
from pathlib import Path

from terminal.config import Config
from terminal.display import samples
from terminal.display.gl import pyglet
from terminal.display.model import DisplayModel, apply
from terminal.display.painter import Painter
from terminal.display.scene import STATS_PAGE_S, scene_at, settle_time
from terminal.games.statistics import BOARDS
from terminal.i18n import load_catalogue

Shot = tuple[str, Callable[[], tuple[DisplayModel, float]]]


def _shots(c: Config) -> list[Shot]:
    wheel = c.roulette.wheel
    rl = samples.base("roulette", wheel)
    dz = samples.base("roulette", "double_zero")
    sz = samples.base("roulette", "single_zero")
    cr = samples.base("craps")
    six = samples.craps_run(cr, samples.RUN[:1])  # the come-out 4-2: the point is 6
    run = samples.craps_run(cr, samples.RUN)  # the shooter's run, on a come-out again
    test_run = samples.craps_run(samples.base("craps", test=True), samples.RUN)
    drive = (32, 8, 0, 19)  # red 15, black 3, green 0, red 5
    return [
        ("display-roulette-betting", lambda: samples.betting(rl)),
        ("display-roulette-young-table", lambda: samples.betting(samples.base("roulette", wheel, spins=9))),
        ("display-roulette-no-more-bets", lambda: samples.locked(samples.at_rest(rl, "17")[0], 130.0, 202)),
        ("display-roulette-mid-spin", lambda: samples.spun(samples.seen(rl), "17", 3.0)),
        ("display-roulette-ball-dropping", lambda: samples.spun(samples.seen(rl), "17", 5.6)),
        ("display-roulette-rest-17", lambda: samples.at_rest(rl, "17")),
        ("display-roulette-rest-0-kickoff", lambda: samples.kickoff(dz, "0", 8.5)),
        ("display-roulette-rest-00-kickoff", lambda: samples.kickoff(dz, "00", 8.5)),
        (
            "display-roulette-rest-0-no-wagers",
            lambda: samples.at_rest(dz, "0", view=samples.touchdown_view(phase="open")),
        ),
        ("display-roulette-single-zero-betting", lambda: samples.betting(sz)),
        ("display-roulette-single-zero-rest-17", lambda: samples.at_rest(sz, "17")),
        *[(f"display-touchdown-down-{k}", _down(dz, drive[:k])) for k in range(1, 5)],
        ("display-touchdown-mid-drive", lambda: samples.down(dz, drive[:2], 7.2)),
        ("display-b2b-board-betting", lambda: samples.betting(samples.with_sides(dz))),
        ("display-blazing-bonus-running", lambda: samples.bonus(dz, settle_time_s() + 2.4)),
        ("display-blazing-bonus", lambda: samples.bonus(dz, settle_time_s() + 5.0)),
        ("display-craps-betting", lambda: samples.betting(six)),
        (
            "display-craps-mid-tumble",
            lambda: samples.spun(samples.seen(six), "4-3", 0.9, view=samples.after(six, "4-3")),
        ),
        ("display-craps-seven-out", lambda: samples.at_rest(six, "4-3", view=samples.after(six, "4-3"))),
        ("display-craps-hot-roller", lambda: samples.betting(samples.hot_run(cr))),
        ("display-craps-point-set", lambda: samples.at_rest(run, "5-3", view=samples.after(run, "5-3"))),
        *_faced("sicbo", "2-5-5", "6-6-6", 1.2),
        *_faced("bigsix", "flag@27", "five@4", 3.0),
        *_faced("props_hops", "6-1", "5-5", 1.2),
        *_faced("high_roll", "5-5-5-2-3-4-6-1-2-3", "5x3:5-5-1-2-3-6-4", 1.4),
        *_tdf(),
        *_crapless(),
        ("display-props_hops-shake-marks", lambda: samples.betting(samples.props_hops_marked())),
        ("display-tilt", lambda: (samples.tilted(samples.betting(rl)[0]), 100.0)),
        ("display-out-of-service", lambda: (samples.serviced(samples.betting(rl)[0]), 100.0)),
        ("display-link-lost", lambda: (samples.unlinked(rl), 5.0)),
        ("display-roulette-attract", lambda: samples.betting(samples.seen(rl))),  # no play since -1e5 s
        ("display-craps-attract", lambda: samples.betting(samples.seen(run))),
        ("display-lab-mode-test", lambda: samples.at_rest(samples.base("roulette", wheel, test=True), "17")),
        (
            "display-craps-lab-mode-test",
            lambda: samples.at_rest(test_run, "5-3", view=samples.after(test_run, "5-3")),
        ),
        *(shot for game in BOARDS for shot in _stats(game)),
    ]


STATS_SPINS = 600  # a seasoned table: both windows of the statistics full


def _stats(game: str) -> list[Shot]:
    """Each panel of the game's statistics board in turn, in the winners' box while bets are taken."""
    model = samples.base(game, spins=STATS_SPINS)
    if game == "craps":  # the shooter's line as the real engine makes it of the rolls on the board
        model = apply(model, samples.played(samples.rolled(model)), 0.0)
    pages = stats_pages(model)
    return [(f"display-{game}-stats-{k + 1}", _at_page(model, k, pages)) for k in range(pages)]


def _at_page(model: DisplayModel, page: int, pages: int) -> Callable[[], tuple[DisplayModel, float]]:
    t = STATS_PAGE_S * (pages * 20 + page) + 1.0  # a betting window when panel ``page`` has its turn
    return lambda: samples.betting(model, t)


def stats_pages(model: DisplayModel) -> int:
    """How many panels the statistics board of ``model`` has."""
    shown = scene_at(samples.betting(model)[0], 100.0, 20).stats
    return shown.pages if shown is not None else 0


def settle_time_s() -> float:
    """When the main ball lands, after its result arrived."""
    return settle_time(samples.base("roulette"))


def _faced(game: str, outcome: str, triple: str, moving_s: float) -> list[Shot]:
    """A game presented through its registered face: betting, no more bets, mid-motion, at rest twice."""
    model = samples.base(game)
    return [
        (f"display-{game}-betting", lambda: samples.betting(model)),
        (f"display-{game}-young-table", lambda: samples.betting(samples.base(game, spins=7))),
        (f"display-{game}-no-more-bets", lambda: samples.locked(model)),
        (f"display-{game}-in-motion", lambda: samples.spun(samples.seen(model), outcome, moving_s)),
        (f"display-{game}-rest-{_named(outcome)}", lambda: samples.at_rest(model, outcome)),
        (f"display-{game}-rest-{_named(triple)}", lambda: samples.at_rest(model, triple)),
        (f"display-{game}-lab-mode-test", lambda: samples.at_rest(samples.base(game, test=True), outcome)),
    ]


def _named(outcome: str) -> str:
    """An outcome as a file name writes it (``flag@27`` → ``flag-27``, ``5x3:5-5-1`` → ``5x3-5-5-1``)."""
    return outcome.replace("@", "-").replace(":", "-")


def _tdf() -> list[Shot]:
    """Three Dice Football: the drive before and after a down, a touchdown calling the extra point roll,
    Trips TD, and the shots every faced game has."""
    shots = _faced("tdf", "6-4-2", "4-4-4", 1.2)
    first = ("5-3-1",)  # +7 from the 20: 2nd Down on the 13, play 2
    goal = (*first, "6-4-2")  # +8: 1st & Goal on the 5, play 3
    model = samples.tdf_drive(samples.base("tdf"), first)
    near = samples.tdf_drive(samples.base("tdf"), goal)
    mid = [
        ("display-tdf-betting", lambda: samples.betting(model)),
        ("display-tdf-no-more-bets", lambda: samples.locked(model)),
        (
            "display-tdf-in-motion",
            lambda: samples.spun(samples.seen(model), "6-4-2", 1.2, view=samples.tdf_view(goal)),
        ),
        ("display-tdf-rest-6-4-2", lambda: samples.at_rest(model, "6-4-2", view=samples.tdf_view(goal))),
        (
            "display-tdf-rest-touchdown",
            lambda: samples.at_rest(near, "4-3-1", view=samples.tdf_view((*goal, "4-3-1"))),
        ),
        (
            "display-tdf-rest-4-4-4",
            lambda: samples.at_rest(model, "4-4-4", view=samples.tdf_view((*first, "4-4-4"), False)),
        ),
        (
            "display-tdf-rest-turnover",
            lambda: samples.at_rest(near, "1-1-6", view=samples.tdf_view((*goal, "1-1-6"))),
        ),
    ]
    scored = samples.tdf_drive(samples.base("tdf"), (*goal, "4-3-1"))  # a touchdown: the extra point next
    full = samples.tdf_view(goal)  # a full table of sixteen seats (GAMES.md §6.1), every one a winner
    mid.append(("display-tdf-sixteen-winners", lambda: samples.at_rest(model, "6-4-2", view=full, seats=16)))
    mid.append(
        (
            "display-tdf-rest-extra-point",
            lambda: samples.at_rest(scored, "1-5-1", view=samples.tdf_view((*goal, "4-3-1", "1-5-1"))),
        )
    )
    replaced = {name for name, _ in mid}
    return [*(shot for shot in shots if shot[0] not in replaced), *mid]


def _crapless() -> list[Shot]:
    """Crapless: the states of a faced game, each roll sent with the table's view after it (the puck, the
    Fire points and the marks as its engine leaves them), and a shooter's run with points made."""
    model = samples.base("crapless")
    young = samples.base("crapless", spins=7)
    test = samples.base("crapless", test=True)
    run = samples.crapless_run(model)

    def rest(m: DisplayModel, roll: str) -> tuple[DisplayModel, float]:
        return samples.at_rest(m, roll, view=samples.crapless_after(m, roll))

    return [
        ("display-crapless-betting", lambda: samples.betting(model)),
        ("display-crapless-young-table", lambda: samples.betting(young)),
        ("display-crapless-no-more-bets", lambda: samples.locked(model)),
        (
            "display-crapless-in-motion",
            lambda: samples.spun(samples.seen(model), "4-3", 0.9, view=samples.crapless_after(model, "4-3")),
        ),
        ("display-crapless-rest-4-3", lambda: rest(model, "4-3")),
        ("display-crapless-rest-6-6", lambda: rest(model, "6-6")),
        ("display-crapless-lab-mode-test", lambda: rest(test, "4-3")),
        ("display-crapless-point-fire", lambda: samples.betting(run)),
        ("display-crapless-point-made", lambda: rest(run, "3-1")),
    ]


def _down(model: DisplayModel, downs: tuple[int, ...]) -> Callable[[], tuple[DisplayModel, float]]:
    return lambda: samples.down(model, downs, 10.0)


def render_display_screens(config: Config, out_dir: Path) -> list[Path]:
    """Render every sample state to ``out_dir/<name>.png``; returns the files written."""
    # Garbage is collected before each screen, so every PNG is the same whatever the process did before:
    # when the collector happened to free an earlier painter's text (and the glyph texture it held) decided
    # where later glyphs were packed, and 40 of 258 screens differed by a few anti-aliased pixels of digits
    # from one build to the next with no change to what they draw.
    # What the process holds after the first collection is alive: frozen, the collections before each screen
    # walk only what the screens made (they took half of a render: a full walk of every object loaded, 53
    # times). A process that froze objects already (the test suite does) keeps these frozen too.
    frozen_before = gc.get_freeze_count()
    gc.collect()
    gc.freeze()
    window = pyglet.window.Window(config.display.width, config.display.height, visible=False)
    try:
        painter = Painter(window, load_catalogue(config.seat.language), config.display.history_length)
        written = []
        for name, make in _shots(config):
            gc.collect()
            model, t = make()
            attract = config.display.attract_seconds if name.endswith("-attract") else 0
            painter.paint(scene_at(model, t, config.display.history_length, attract))
            written.append(painter.save(out_dir / f"{name}.png"))
        return written
    finally:
        window.close()
        if not frozen_before:
            gc.unfreeze()
