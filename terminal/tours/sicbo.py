"""Sic Bo's seat tour: the layout with wagers across it, a roll that pays this seat with its winners lit,
the last results, and the pages."""

from __future__ import annotations

from pathlib import Path

from terminal.lab.screens_job import Job
from terminal.tours import simple

WAGERS = (
    ("small", 5), ("total_10", 1), ("two_dice:2-5", 1), ("one_of_a_kind:5", 2), ("any_three_of_a_kind", 1),
    ("two_of_a_kind:3", 1),
)  # fmt: skip


def tour(job: Job) -> list[Path]:
    """Sic Bo: betting across the layout, a winning roll lit, the history of rolls, help."""
    return simple.tour(job, "sicbo", WAGERS)
