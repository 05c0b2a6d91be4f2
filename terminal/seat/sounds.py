"""The seat's part in the table's sounds: each frame of the seat model as a :class:`Moment`.

The seat plays through :class:`terminal.sound.cues.SeatSounds` (the chip, a tick as betting closes, the
lock, the win; the calls in the player's language with ``[sound] seat_calls``). The betting stage is the
table's window (open, its countdown running, the link up), not the seat's own locks: a hand-pay or a
tilt at this seat shows its own screen and is not "no more bets".
"""

from __future__ import annotations

from terminal.net.win_tier import round_of
from terminal.seat.model import SeatModel
from terminal.sound.cues import Moment

CLOSED_PHASES = ("locked", "drawn", "settled")


def moment_of(model: SeatModel, now: float) -> Moment:
    """What the seat shows at ``now``, for the announcer."""
    table = model.table
    if table is None:
        return Moment("roulette", 0, "idle")
    showing = model.result if model.showing_result(now) else None
    if table.phase == "open" and model.link == "up" and model.countdown_ms(now) > 0:
        stage = "betting"
    elif showing is not None:
        stage = "result"
    elif table.phase in CLOSED_PHASES:
        stage = "closed"
    else:
        stage = "idle"
    craps = model.craps
    mine = round_of(showing.settlements, model.seat) if showing is not None else None
    won = mine.paid if mine is not None and mine.won else 0  # a round that lost money plays no win
    return Moment(
        game=table.game,
        round_id=table.round_id,
        stage=stage,
        seconds_left=(model.countdown_ms(now) + 999) // 1000,
        outcome=showing.outcome if showing is not None else None,
        result_round=showing.round_id if showing is not None else None,
        point=craps.point if craps is not None else None,
        won=won,
        tier=mine.tier if mine is not None and mine.won else "",
    )
