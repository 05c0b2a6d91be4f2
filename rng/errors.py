"""The RNG module's failure exceptions; the table turns any :class:`RngFailure` into a tilt.

Messages name what failed and the public parameters involved, never state, seed or entropy bytes.
"""

from __future__ import annotations


class RngFailure(RuntimeError):
    """The RNG must not be used: a self-test, a health test or a continuous test failed."""


class HealthTestFailure(RngFailure):
    """An SP 800-90B continuous health test (repetition count or adaptive proportion) tripped."""
