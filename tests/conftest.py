"""What every test shares: Hypothesis without its per-example deadline.

The suite runs in parallel (``make test``/``make check``) on machines that may be busy; Hypothesis's
default deadline (200 ms an example) then fails examples for being slow, not wrong. Speed is measured in
``benchmarks/``, never asserted in a test. Every property keeps its own number of examples.
"""

from __future__ import annotations

from hypothesis import settings

settings.register_profile("suite", deadline=None)
settings.load_profile("suite")
