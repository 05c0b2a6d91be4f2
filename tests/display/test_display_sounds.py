"""The table display says each call in the table's language at its moment: "place your bets" as a window
opens, "bets closing", "no more bets", and the outcome only once the ball has landed or the dice rest."""

from __future__ import annotations

from terminal.display import samples
from terminal.display.cues import cues
from terminal.display.model import DisplayModel, apply
from terminal.display.scene import Scene, scene_at, settle_time
from terminal.display.sounds import table_voice
from terminal.net import messages as m
from terminal.sound.player import RecordingSink, Sound


def _hear(
    model: DisplayModel, start: float, end: float, timeline: list[tuple[float, object]], sound: Sound
) -> list[tuple[float, str]]:
    """Frame by frame, as the app does: each cue of each frame to the voice; (time, clip) of what it said."""
    assert isinstance(sound.sink, RecordingSink)
    voice = table_voice(sound)
    said: list[tuple[float, str]] = []
    before: Scene | None = None
    pending = list(timeline)
    for k in range(int((end - start) * 60)):
        t = start + k / 60
        while pending and pending[0][0] <= t:
            model = apply(model, pending.pop(0)[1], t)
        scene = scene_at(model, t, 20)
        count = len(sound.sink.played)
        for cue in cues(before, scene):
            voice(cue)
        said += [(t, p.clip) for p in sound.sink.played[count:]]
        before = scene
    return said


def _round(model: DisplayModel, outcome: str) -> list[tuple[float, object]]:
    return [
        (100.0, samples.table_state(model, samples.ROUND, "open", 10_000)),
        (111.0, m.Result(samples.ROUND, outcome, ())),
        (111.0, m.History((m.HistoryEntry(samples.ROUND, outcome.split(" ")[0], False),))),
        (111.01, samples.table_state(model, samples.ROUND + 1, "open", 25_000)),
    ]


def test_a_roulette_round_is_called_in_spanish_after_the_ball_lands() -> None:
    model = samples.base()
    model = apply(model, samples.table_state(model, samples.ROUND - 1, "locked", 0), 99.0)
    sound = Sound(RecordingSink(), 80, "es")
    said = _hear(model, 99.0, 130.0, _round(model, "17"), sound)  # the next window closes at 131
    assert [clip for _, clip in said] == [
        "es/place_bets", "es/bets_closing", "es/no_more_bets", "es/roulette_17", "es/place_bets",
    ]  # fmt: skip
    called = next(t for t, clip in said if clip == "es/roulette_17")
    assert called >= 111.0 + settle_time(model) - 0.02  # never while the ball still runs
    assert sound.sink is not None and all(p.volume == 0.8 for p in sound.sink.played)  # type: ignore[attr-defined]


def test_a_craps_roll_is_called_on_the_point_it_was_rolled_on() -> None:
    model = samples.craps(samples.base("craps"), 6, "2-4")
    model = apply(model, samples.table_state(model, samples.ROUND - 1, "locked", 0), 99.0)
    timeline = _round(model, "3-4 (7)")
    timeline.insert(2, (111.0, samples.seven_out("3-4")))  # the table's view after the roll: no point
    said = _hear(model, 99.0, 125.0, timeline, Sound(RecordingSink(), 80, "en"))
    assert ("en/out_7" in [clip for _, clip in said]) and "en/winner_7" not in [clip for _, clip in said]


def test_volume_zero_says_nothing() -> None:
    model = samples.base()
    assert _hear(model, 99.0, 135.0, _round(model, "17"), Sound(RecordingSink(), 0, "en")) == []
