"""The screen sets of ``terminal screens``: each game's seat tour, registered once under its name.

A seat tour drives a real table and a real seat screen through every state of its game
(:mod:`terminal.lab.screens` has what the tours share); the sets that are no game's (the TEST watermark,
the table display, the service screens) come from there too. Adding a game's screens is one module here
and one line in :data:`SCREEN_SETS`. :func:`render_all` renders them and refuses a run in which two states
of one language drew identical pictures.
"""

from __future__ import annotations

from pathlib import Path

from terminal.lab.screens import Renderer, display, of_language, service, test_mode
from terminal.lab.screens_job import Job, ScreensError, duplicates
from terminal.seat.main import init_headless
from terminal.tours import (
    bet_management,
    bigsix,
    crapless,
    craps,
    high_roll,
    props_hops,
    roulette,
    sicbo,
    tdf,
)

SCREEN_SETS: dict[str, Renderer] = {
    "seat_roulette": roulette.tour,
    "seat_craps": craps.tour,
    "seat_sicbo": sicbo.tour,
    "seat_bigsix": bigsix.tour,
    "seat_props_hops": props_hops.tour,
    "seat_crapless": crapless.tour,
    "seat_test_mode": test_mode,
    "display": display,
    "service": service,
    "seat_bets": bet_management.tour,
    "seat_high_roll": high_roll.tour,
    "seat_tdf": tdf.tour,
}


def render_all(job: Job, only: tuple[str, ...] = ()) -> list[Path]:
    """Every registered screen set (or those named in ``only``) into ``job.out``; :class:`ScreensError`
    names any two states of one language that drew the very same picture."""
    init_headless()
    written: list[Path] = []
    for name, renderer in SCREEN_SETS.items():
        if not only or name in only:
            written += renderer(job)
    alike = [pair for language in job.languages for pair in duplicates(of_language(written, language))]
    if alike:
        names = "; ".join(f"{a.name} = {b.name}" for a, b in alike)
        raise ScreensError(f"{len(alike)} states drew the same picture as another: {names}")
    return written
