"""The Blazing 7's bonus balls as functions of time, computed FROM the persisted pockets.

Once the main ball has landed on 7, 17 or 27, three balls run one after another: each shows the pockets
flashing by in wheel order, slowing, and lands on the pocket the RNG drew (persisted with the spin before
anything showed it). The animation is chosen from the pockets, never the other way round.

>>> from terminal.games.roulette.wheels import WHEELS
>>> order = WHEELS["double_zero"].order
>>> balls_at(order, (7, 30, 27), start=10.0, t=10.0 + SETTLED_S)
(('7', True), ('30', True), ('27', True))
>>> [landed for _, landed in balls_at(order, (7, 30, 27), start=10.0, t=10.0 + FIRST_S + RUN_S + 0.01)]
[True, False, False]
"""

from __future__ import annotations

import math

from terminal.games.roulette.wheels import pocket_text

FIRST_S = 0.6  # after the main ball lands, before the first bonus ball runs
RUN_S = 1.4  # how long a ball runs before it lands
GAP_S = 0.8  # between one ball's landing and the next's
PER_S = 12.0  # pockets flashing by per second, at the start of a run
SETTLED_S = FIRST_S + RUN_S + 2 * GAP_S  # when the last ball has landed


def land_time(start: float, k: int) -> float:
    """When ball ``k`` (0, 1, 2) lands, for a main ball that landed at ``start``."""
    return start + FIRST_S + RUN_S + k * GAP_S


def balls_at(
    order: tuple[int, ...], balls: tuple[int, ...], start: float, t: float
) -> tuple[tuple[str, bool], ...]:
    """What each ball shows at ``t``: the pocket under it and whether it has landed. A running ball counts
    down through the wheel's pockets to its own, slowing as it goes (the pockets left fall with the square
    of the time left), so it always lands on the drawn pocket."""
    shown = []
    for k, pocket in enumerate(balls):
        left = land_time(start, k) - t
        if left <= 0:
            shown.append((pocket_text(pocket), True))
            continue
        left = min(left, RUN_S)
        ahead = math.ceil(PER_S * left * left / (2 * RUN_S) * 2)  # decelerating: more pockets early on
        at = (order.index(pocket) + ahead) % len(order)
        shown.append((pocket_text(order[at]), False))
    return tuple(shown)
