"""Big Six on the table display: a large upright wheel, pegs between its 54 sections, a leather clapper at
the top that the pegs flick as they pass, turning three to four times (:data:`REVOLUTIONS`) and coming to rest
with the clapper just past the peg into the drawn section.

Angles are degrees clockwise; section ``i`` (clockwise from the joker, GAMES.md §5) is centred at
``i × STEP`` on the wheel, and the wheel's turn ``angle`` brings the section at ``-angle`` under the
clapper. The turn eases out from where the last result left it, so the wheel slows; the clapper leans
away from each peg as it passes and stands straight in mid-section.

Nothing before the wheel rests says the outcome (issue 29): the wheel turns on a path of its own (from the
last result, not toward the new one) until its last half turn, only then closes on the drawn section, and
is still turning when the clapper catches the peg into that section; it rests just past that peg, so the
clapper is over the drawn section for less than a frame before :data:`SETTLE_S`, the round's reveal time
(:mod:`terminal.games.reveal`). Pure: no pyglet.

>>> pose = pose_at("five@4", 10.0, "one@1", 10.0 + SETTLE_S)
>>> pose.section, pose.at_rest, round(pose.clapper, 6), round(under_clapper(pose.angle), 6)
(4, True, 0.0, 3.6)
>>> turns = (pose_at("five@4", 10.0, "one@1", 10.0).angle - pose.angle) / 360
>>> 3 <= turns < 4
True
"""

from __future__ import annotations

from dataclasses import dataclass

from terminal.display.stage_face import RGBA, Call, StageFace
from terminal.games.bigsix.game import REVEAL_S
from terminal.games.bigsix.rules import ODDS, SECTIONS, SIZE, WAGERS, Stop
from terminal.theme import looks

STEP = 360.0 / SIZE
REVOLUTIONS = 3.5  # and half a turn either way to close on the drawn section: three to four turns
SETTLE_S = REVEAL_S  # the game declares 8 s to show an outcome: the wheel rests before that
PAST_PEG = 0.10  # at rest the clapper is this far (in sections) past the peg it caught, short of mid-section
STILL_TURNING = 0.6  # the share of its turn the wheel keeps at the end (the peg stops it, turning)
CLOSING_DEG = 360.0  # the last of its turn in which the wheel closes on the drawn section (either way)
CLAPPER_DEG = 22.0
SHORT = {"one": "1", "two": "2", "five": "5", "ten": "10", "twenty": "20", "joker": "★", "flag": "⚑"}
COLOURS: dict[str, RGBA] = looks("display", "bigsix").rgba_table()


@dataclass(frozen=True, slots=True)
class WheelPose:
    """The wheel at one instant: its turn, the clapper's lean (degrees), the section it rests on."""

    angle: float
    clapper: float
    at_rest: bool
    section: int | None  # lit once the wheel rests on a result


def stop_of(outcome: str) -> Stop | None:
    """``"five@4"`` → its :class:`Stop`; anything else → None."""
    try:
        return Stop.parse(outcome.strip())
    except ValueError:
        return None


def rest_angle(section: int) -> float:
    """The turn that puts the middle of ``section`` under the clapper."""
    return -section * STEP


def under_clapper(angle: float) -> float:
    """The section position (sections, fractional; .0 is a section's middle) under the clapper."""
    return (-angle / STEP) % SIZE


def clapper_lean(angle: float, speed: float) -> float:
    """The clapper's lean: pushed aside by the peg under it, straight in mid-section, leaning against the
    turn (``speed``'s sign)."""
    off = (under_clapper(angle) + 0.5) % 1.0  # 0 at a peg, 0.5 at mid-section
    near = min(off, 1.0 - off)
    push = max(0.0, 1.0 - near / 0.3)
    return CLAPPER_DEG * push * (1.0 if speed < 0 else -1.0) if speed else 0.0


def pose_at(outcome: str | None, start: float, last: str | None, t: float) -> WheelPose:
    """The wheel at ``t`` for ``outcome`` arriving at ``start``; before any result at rest on ``last``."""
    stop = stop_of(outcome) if outcome is not None else None
    before = stop_of(last) if last is not None else None
    begin = rest_angle(before.section if before is not None else 0)
    if stop is None:
        return WheelPose(begin, 0.0, True, None)
    end = rest_angle(stop.section) + (0.5 - PAST_PEG) * STEP  # just past the peg into the section
    gap = (begin - end + 180.0) % 360.0 - 180.0  # from the drawn section to the wheel's own path, -180..180
    u = min(1.0, max(0.0, (t - start) / SETTLE_S))
    left = 1.0 - u
    ahead = 360.0 * REVOLUTIONS * ((1.0 - STILL_TURNING) * left**3 + STILL_TURNING * left)
    closing = min(1.0, ahead / CLOSING_DEG)
    angle = end + ahead + gap * closing  # clockwise from the sections' side: the angle falls
    rate = 360.0 * REVOLUTIONS * (3.0 * (1.0 - STILL_TURNING) * left**2 + STILL_TURNING) / SETTLE_S
    speed = -rate * (1.0 + (gap / CLOSING_DEG if closing < 1.0 else 0.0))
    rested = u >= 1.0
    return WheelPose(end if rested else angle, 0.0 if rested else clapper_lean(angle, speed), rested,
                     stop.section if rested else None)  # fmt: skip


def _stop(outcome: str) -> Stop:
    stop = stop_of(outcome)
    if stop is None:
        raise ValueError(f"{outcome!r} is not a Big Six stop (symbol@section, as five@4)")
    return stop


def _call(outcome: str) -> Call:
    symbol = _stop(outcome).symbol
    return "display.call_bigsix", (("symbol", f"display.symbol_{symbol}"),)


def _words(outcome: str) -> Call:
    symbol = _stop(outcome).symbol
    return "display.bigsix_words", (("symbol", f"display.symbol_{symbol}"), ("odds", str(ODDS[symbol])))


FACE = StageFace(  # Big Six's face on the display
    settle_s=SETTLE_S,
    pose=pose_at,
    board=lambda text: text.strip(),
    accepts=lambda text: stop_of(text) is not None,
    call=_call,
    big=lambda outcome: SHORT[_stop(outcome).symbol],
    words=_words,
    colour=lambda outcome: COLOURS[_stop(outcome).symbol],
    tile=lambda outcome: SHORT[_stop(outcome).symbol],
    hot_key=lambda outcome: _stop(outcome).symbol,
    universe=WAGERS,
    needed=SIZE,
    hot_text=lambda key: SHORT[key],
    hot_colour=lambda key: COLOURS[key],
    labels=("display.winning_symbol", "display.last_symbol"),
    hot_count=3,  # seven symbols: three hot and three cold never show one twice
)

__all__ = ["FACE", "SECTIONS", "WheelPose", "pose_at"]
