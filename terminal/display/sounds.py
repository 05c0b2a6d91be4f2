"""The table display's part in the table's sounds: each frame's :class:`Scene` as a :class:`Moment`.

The display is the croupier (:class:`terminal.sound.cues.TableVoice`): "place your bets" when the window
opens on screen, "bets closing" in its last seconds, "no more bets" when it closes, and the outcome
called once the ball has landed or the dice rest (the :class:`Stage` ``result``), never before.
"""

from __future__ import annotations

from terminal.display.model import DisplayModel
from terminal.display.scene import Scene, Stage
from terminal.sound.cues import Moment

_STAGES = {Stage.BETTING: "betting", Stage.CLOSED: "closed", Stage.SPINNING: "closed", Stage.RESULT: "result"}


def moment_of(model: DisplayModel, scene: Scene) -> Moment:
    """What the display shows in ``scene``, for the announcer."""
    result = model.result
    shown = result if result is not None and scene.stage is Stage.RESULT else None
    # While a result is in flight the craps point on screen is the one before it (the boards are held).
    in_flight = result is not None and scene.stage in (Stage.SPINNING, Stage.RESULT)
    craps = result.before.craps if in_flight and result is not None else model.craps
    return Moment(
        game=scene.game,
        round_id=scene.round_id,
        stage=_STAGES.get(scene.stage, "idle"),
        seconds_left=scene.countdown or 0,
        outcome=shown.outcome if shown is not None else None,
        result_round=shown.round_id if shown is not None else None,
        point=craps.point if craps is not None else None,
    )
