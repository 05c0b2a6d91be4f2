"""The moments players hear (bets closing, no more bets, the result called) are cued once each, at the
right frame, and never while the table is stopped."""

from __future__ import annotations

from terminal.display import samples
from terminal.display.cues import CLOSING_S, Cue, cues
from terminal.display.model import DisplayModel, apply
from terminal.display.scene import Scene, Stage, scene_at, settle_time
from terminal.net import messages as m


def _heard(
    model: DisplayModel, start: float, end: float, timeline: list[tuple[float, object]] | None = None
) -> list[tuple[float, Cue, Stage]]:
    """Frame by frame from ``start`` to ``end``, each message of ``timeline`` applied when it arrives."""
    heard: list[tuple[float, Cue, Stage]] = []
    before: Scene | None = None
    pending = list(timeline or [])
    for k in range(int((end - start) * 60)):
        t = start + k / 60
        while pending and pending[0][0] <= t:
            model = apply(model, pending.pop(0)[1], t)
        scene = scene_at(model, t, 20)
        heard += [(t, cue, scene.stage) for cue in cues(before, scene)]
        before = scene
    return heard


def test_a_round_is_heard_in_order_once_each() -> None:
    model = samples.base()
    timeline: list[tuple[float, object]] = [
        (100.0, samples.table_state(model, samples.ROUND, "open", 10_000)),
        (111.0, m.Result(samples.ROUND, "17", ())),
        (111.0, m.History((m.HistoryEntry(samples.ROUND, "17", False),))),
    ]
    heard = _heard(model, 100.0, 130.0, timeline)
    assert [cue for _, cue, _ in heard] == [Cue("bets_closing"), Cue("no_more_bets"), Cue("result", "17")]
    (closing, _, _), (closed, _, _), (called, _, stage) = heard
    assert abs(closing - (110.0 - CLOSING_S)) < 0.02 and abs(closed - 110.0) < 0.02
    assert abs(called - (111.0 + settle_time(model))) < 0.02 and stage is Stage.RESULT


def test_nothing_is_cued_while_the_table_is_stopped() -> None:
    model, t = samples.betting(samples.base())
    model = samples.tilted(model, t)
    assert _heard(model, t, t + 25.0) == []
