"""Props & Hops' seat tour: the hop grid and the props with wagers across them (a Hop wager lights its
group), a shake that pays this seat with its winners lit, the last results, and the pages."""

from __future__ import annotations

from pathlib import Path

from terminal.lab.screens_job import Job
from terminal.tours import simple

WAGERS = (
    ("hop_center", 2), ("field", 1), ("any_number_2_5", 1), ("double_3_3", 1), ("one_six_and_under", 1),
    ("six_eight_shake", 1),
)  # fmt: skip


def tour(job: Job) -> list[Path]:
    """Props & Hops: betting across the layout, a winning shake lit, the history of shakes, help."""
    return simple.tour(job, "props_hops", WAGERS)
