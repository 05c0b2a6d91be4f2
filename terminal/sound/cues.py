"""When a face makes a sound: the moments of a round, read from what the face shows, frame by frame.

Each face describes each frame as a :class:`Moment` (the round, its stage, the seconds left to bet, the
result on screen and the craps point). :class:`Announcer` compares it with the frame before and names
what just happened: the window opened, is closing, closed; a result is on screen; this seat won.
:class:`SeatSounds` plays a seat's part on its own speaker (the chip, a tick as betting closes, the
lock, the win; and, with ``[sound] seat_calls``, the calls in the player's language). The table display
has its own cues from its scene (:mod:`terminal.display.cues`) and says them through
:func:`terminal.display.sounds.table_voice`; both call an outcome with :func:`call_for`.

A seat describes a result once it shows it. Nothing is said on the first frame (a seat starting
mid-round does not call a stale result).

>>> a = Announcer()
>>> a.hear(Moment("roulette", 7, "betting", 25))
()
>>> a.hear(Moment("roulette", 7, "betting", 5)), a.hear(Moment("roulette", 7, "closed"))
(('closing',), ('closed',))
>>> a.hear(Moment("roulette", 7, "result", outcome="17", result_round=7))
('result',)
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from terminal.sound import calls
from terminal.sound.player import Sound

CLOSING_SECONDS = 5  # "bets closing" when this many seconds are left
_ROLL = re.compile(r"\s*([1-6])\s*-\s*([1-6])(?:\s*\(\d+\))?\s*$")
_POCKET = re.compile(r"\s*(00|[0-9]|[12][0-9]|3[0-6])\s*$")

OPEN, CLOSING, CLOSED, RESULT, WIN = "open", "closing", "closed", "result", "win"


@dataclass(frozen=True, slots=True)
class Moment:
    """What a face shows in one frame. ``stage``: ``betting`` | ``closed`` | ``result`` | ``idle``;
    ``result_round`` and ``outcome`` only once the face shows that result; ``won``: this seat's win in it."""

    game: str
    round_id: int
    stage: str
    seconds_left: int = 0
    outcome: str | None = None
    result_round: int | None = None
    point: int | None = None
    won: int = 0
    tier: str = ""  # the win's tier (terminal.net.win_tier: win, big, huge), "" for no win


def call_for(outcome: str, point: int | None) -> str | None:
    """The clip calling ``outcome``: a pocket (``"17"``, ``"00"``) or a roll (``"4-3"``, ``"4-3 (7)"``)
    made with the craps ``point`` on (None: a come-out); None for an outcome no clip calls (a Sic Bo roll,
    a Big Six stop: their results are shown, and the win is heard)."""
    roll = _ROLL.match(outcome)
    if roll is not None:
        return calls.craps_call(int(roll[1]), int(roll[2]), point)
    return calls.roulette_call(outcome.strip()) if _POCKET.match(outcome) else None


class Announcer:
    """Moments in, the events between this frame and the last out."""

    def __init__(self) -> None:
        self._last: Moment | None = None
        self._long_window = -1  # the round whose window was seen with more than CLOSING_SECONDS left
        self._closing = self._closed = -1  # the rounds already told
        self._called = -1
        self._won = -1
        self.point: int | None = None  # the craps point before the result being called

    def hear(self, now: Moment) -> tuple[str, ...]:
        """The events of ``now`` (in the order to play them)."""
        last, self._last = self._last, now
        if last is None:  # the first frame: remember, say nothing
            self._called = self._won = now.result_round if now.result_round is not None else -1
            self._closed = now.round_id if now.stage != "betting" else -1
            self.point = now.point
            if now.stage == "betting" and now.seconds_left > CLOSING_SECONDS:
                self._long_window = now.round_id
            return ()
        events: list[str] = []
        fresh = now.result_round is not None and now.result_round != self._called
        if not fresh:
            self.point = now.point  # until a new result shows, the point on screen is the one it rolls on
        if now.stage == "betting":
            self._betting(last, now, events)
        elif last.stage == "betting" and self._closed != last.round_id:
            self._closed = last.round_id
            events.append(CLOSED)
        if fresh and now.outcome is not None:
            self._called = now.result_round or 0
            events.append(RESULT)
            if now.won > 0 and self._won != now.result_round:
                self._won = now.result_round or 0
                events.append(WIN)
        return tuple(events)

    def _betting(self, last: Moment, now: Moment, events: list[str]) -> None:
        if last.stage == "betting" and last.round_id != now.round_id and self._closed != last.round_id:
            self._closed = last.round_id  # a window closed and the next opened between two frames
            events.append(CLOSED)
        if last.stage != "betting" or last.round_id != now.round_id:
            events.append(OPEN)
        if now.seconds_left > CLOSING_SECONDS:
            self._long_window = now.round_id
        elif now.seconds_left > 0 and self._long_window == now.round_id != self._closing:
            self._closing = now.round_id
            events.append(CLOSING)


#: The effects a win plays, by its tier: a bigger win layers more of the table's sounds over the win.
WIN_EFFECTS: dict[str, tuple[str, ...]] = {
    "win": (calls.WIN,),
    "big": (calls.WIN, calls.CHIP),
    "huge": (calls.WIN, calls.CHIP, calls.CLOSING_TICK),
}


class SeatSounds:
    """A seat's own speaker: effects for the player, and the calls in their language if ``calls``."""

    def __init__(self, sound: Sound, *, calls: bool = False) -> None:
        self.sound = sound
        self.calls = calls
        self.announcer = Announcer()

    def chip(self) -> None:
        """A chip landed on the layout (the seat sent it: the player hears the touch at once)."""
        self.sound.effect(calls.CHIP)

    def frame(self, moment: Moment, language: str) -> None:
        """Play whatever ``moment`` brings; voices in ``language``, the player's choice right now."""
        for event in self.announcer.hear(moment):
            if event == CLOSING:
                self.sound.effect(calls.CLOSING_TICK)
                self._say(calls.BETS_CLOSING, language)
            elif event == CLOSED:
                self.sound.effect(calls.LOCK)
                self._say(calls.NO_MORE_BETS, language)
            elif event == RESULT and moment.outcome is not None:
                call = call_for(moment.outcome, self.announcer.point)
                if call is not None:
                    self._say(call, language)
            elif event == WIN:
                for effect in WIN_EFFECTS.get(moment.tier, (calls.WIN,)):
                    self.sound.effect(effect)

    def _say(self, name: str, language: str) -> None:
        if self.calls:
            self.sound.say(name, language)
