"""The table's generator, made from ``[rng]``: the one constructor the table and the lab both use.

:func:`production_rng` is how the table makes its generator at boot and how the lab makes the generator
its evidence comes from (``terminal lab rng-report``, the game-level streams, ``terminal lab dieharder``):
the same mechanism, reseed policy, health-test parameters and personalization (``<table id>-rng``), so
the lab certifies the table's own generator and not a cousin. Only the clock and the entropy source are
injected (the table's clock; fixed bytes for tests and reproducible screenshots).
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable

from rng import EntropySource, HealthParameters, Rng
from terminal.config.model import Config


def production_rng(
    c: Config,
    clock: Callable[[], float] = time.monotonic,
    entropy: Callable[[int], bytes] = os.urandom,
    purpose: str = "rng",
) -> Rng:
    """The generator ``[rng]`` of ``c`` describes, instantiated from ``entropy`` (after its power-up test).

    ``purpose`` names the instance in its personalization: ``rng`` draws the outcomes; ``aux`` is a second
    instance of the same mechanism for the table's other draws (a Touchdown team the table assigns, a
    voucher's validation number), so what the players do never moves the generator the outcomes come
    from (outcome independence)."""
    health = HealthParameters(
        min_entropy=c.rng.min_entropy_per_byte, alpha_exponent=c.rng.health_alpha_exponent
    )
    return Rng(
        EntropySource(health, entropy),
        clock=clock,
        generator=c.rng.generator,
        reseed_interval=c.rng.reseed_interval,
        reseed_seconds=c.rng.reseed_seconds,
        name=f"{c.table.table_id}-{purpose}",
    )
