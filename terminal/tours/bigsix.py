"""Big Six's seat tour: the seven symbols with their odds, a spin that pays this seat, the last symbols,
and the pages."""

from __future__ import annotations

from pathlib import Path

from terminal.lab.screens_job import Job
from terminal.tours import simple

WAGERS = (("one", 5), ("two", 2), ("five", 1), ("twenty", 1), ("flag", 1))


def tour(job: Job) -> list[Path]:
    """Big Six: betting on the symbols, a winning spin, the history of symbols, help."""
    return simple.tour(job, "bigsix", WAGERS)
