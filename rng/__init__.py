"""The certified RNG module: NIST SP 800-90A DRBGs, SP 800-90B health tests, unbiased scaling.

Imports nothing from ``terminal``. The table draws every outcome through :class:`Rng` (the recipe
layer); :mod:`rng.drbg` is the hazmat layer; :mod:`rng.battery` (needs the ``lab`` extra) is lab-only.
"""

from __future__ import annotations

from rng.entropy import EntropySource, HealthParameters
from rng.errors import HealthTestFailure, RngFailure
from rng.recipes import Audit, Draw, Rng

__all__ = ["Audit", "Draw", "EntropySource", "HealthParameters", "HealthTestFailure", "Rng", "RngFailure"]
