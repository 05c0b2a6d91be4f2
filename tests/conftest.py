"""What every test shares: Hypothesis without its per-example deadline or its too-slow health check.

The suite runs in parallel (``make test``/``make check``) on machines that may be busy; Hypothesis's
default deadline (200 ms an example) then fails examples for being slow, not wrong, and its ``too_slow``
health check fails a property whose examples took long to generate. Speed is measured in
``benchmarks/``, never asserted in a test. Every property keeps its own number of examples.
"""

from __future__ import annotations

from hypothesis import HealthCheck, settings

settings.register_profile("suite", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("suite")
