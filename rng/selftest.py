"""Power-up self-tests: known answers for the DRBG mechanisms and known behaviour of the health tests.

:func:`power_up` runs before a generator serves anything; any failure raises :class:`RngFailure`, which
the table turns into a tilt. Messages name the failing test, never any state.

>>> [r.label for r in health_checks()]
['health: clean source passes', 'health: stuck source trips RCT', 'health: biased source trips APT']
>>> power_up("ctr_drbg_aes256")[0].passed
1
"""

from __future__ import annotations

from collections.abc import Iterable

from rng.cavp import GroupResult, run_case
from rng.entropy import HealthParameters, HealthTests
from rng.errors import HealthTestFailure, RngFailure
from rng.kat import KNOWN_ANSWERS

__all__ = ["RngFailure", "health_checks", "known_answers", "power_up"]

PRODUCTION_MECHANISMS = {"ctr_drbg_aes256": "AES-256 use df", "hmac_drbg_sha256": "SHA-256"}


def known_answers(mechanisms: Iterable[str] | None = None) -> list[GroupResult]:
    """Replay the embedded CAVP cases (all, or those of the named CAVP mechanisms)."""
    wanted = None if mechanisms is None else set(mechanisms)
    results = []
    for label, name, fields in KNOWN_ANSWERS:
        if wanted is None or name in wanted:
            case = tuple((key, bytes.fromhex(value)) for key, value in fields)
            results.append(GroupResult(label, int(run_case(name, case)), 1))
    return results


def _trips(samples: bytes, params: HealthParameters, test: str) -> bool:
    try:
        HealthTests(params).feed(samples)
    except HealthTestFailure as failure:
        return str(failure).startswith(test)
    return False


def health_checks() -> list[GroupResult]:
    """The health tests themselves: silent on a varied stream, tripped by a stuck and a biased one."""
    params = HealthParameters(min_entropy=8, alpha_exponent=40)
    clean = bytes(range(256)) * 4  # no repeats, each value 4 times in 1,024: passes both tests
    stuck = bytes([0x5A]) * params.rct_cutoff
    # Half the samples one value, never two alike in a row: only the APT can see it.
    biased = bytes(b for i in range(params.window) for b in (0x33, i % 255 + 1) if b)[: params.window]
    checks = (
        ("health: clean source passes", not _trips(clean, params, "")),
        ("health: stuck source trips RCT", _trips(stuck, params, "repetition count")),
        ("health: biased source trips APT", _trips(biased, params, "adaptive proportion")),
    )
    return [GroupResult(label, int(ok), 1) for label, ok in checks]


def power_up(generator: str) -> list[GroupResult]:
    """The self-test before ``generator`` may serve: its known answers and the health checks."""
    if generator not in PRODUCTION_MECHANISMS:
        raise ValueError(f"unknown generator {generator!r}")
    results = known_answers([PRODUCTION_MECHANISMS[generator]]) + health_checks()
    failed = [r.label for r in results if r.passed != r.total]
    if failed:
        raise RngFailure(f"power-up self-test failed: {'; '.join(failed)}")
    return results
