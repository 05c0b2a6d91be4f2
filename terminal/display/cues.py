"""The display's moments to be heard: bets closing, no more bets, the result called.

:func:`cues` compares two consecutive frames' scenes and names what happened between them, once each:
``place_bets`` when a window opens on screen, ``bets_closing`` when the countdown reaches
:data:`CLOSING_S`, ``no_more_bets`` when betting stops, and ``result`` (with the outcome, for the call
"seventeen red", and the craps point it was rolled on) when the ball has landed or the dice rest.
Nothing is cued while a banner stops the table. Pure: the app hands each cue to its sound player.

>>> from terminal.display import samples
>>> from terminal.display.scene import scene_at
>>> model, t = samples.spun(samples.base(), "17", 0.0)
>>> cues(scene_at(model, t + 6.4, 20), scene_at(model, t + 6.6, 20))
(Cue(name='result', outcome='17', point=None),)
"""

from __future__ import annotations

from dataclasses import dataclass

from terminal.display.scene import Scene, Stage

CLOSING_S = 5  # seconds left in the window when "bets closing" is heard
NAMES = ("place_bets", "bets_closing", "no_more_bets", "result")


@dataclass(frozen=True, slots=True)
class Cue:
    """A moment to play a sound for; ``outcome`` is the result called (``17``, ``4-3``), else empty;
    ``point`` the craps point the roll was made on (None: a come-out, or roulette)."""

    name: str
    outcome: str = ""
    point: int | None = None


def cues(before: Scene | None, now: Scene) -> tuple[Cue, ...]:
    """What happened between the frame ``before`` and the frame ``now`` that players should hear."""
    if before is None or now.banner is not None:
        return ()
    found: list[Cue] = []
    if now.stage is Stage.BETTING and before.stage is not Stage.BETTING:
        found.append(Cue("place_bets"))
    closing = now.countdown is not None and now.countdown <= CLOSING_S
    if now.stage is Stage.BETTING and closing and (before.countdown is None or before.countdown > CLOSING_S):
        found.append(Cue("bets_closing"))
    if before.stage is Stage.BETTING and now.stage in (Stage.CLOSED, Stage.SPINNING):
        found.append(Cue("no_more_bets"))
    if now.stage is Stage.RESULT and before.stage is not Stage.RESULT and now.history:
        point = before.craps.point if before.craps is not None else None  # held until the dice rest
        found.append(Cue("result", now.history[0].outcome, point))
    return tuple(found)
