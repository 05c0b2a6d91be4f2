"""``[rng] background_advance``: the table cycles its generator after every round and while it is idle.

Two tables are built on generators instantiated from the same (deterministic) entropy, so they would draw
the same outcomes; the only difference between them is what the table does with the generator. Time is
the injected manual clock: the idle timer runs only when the test moves it.
"""

from __future__ import annotations

import itertools
from pathlib import Path

from rng import EntropySource, HealthParameters, Rng, RngFailure
from terminal.table.boot import driver_for
from terminal.table.clock import ManualClock
from terminal.table.table import Table
from tests.table.harness import make_config, make_table


def _entropy() -> object:
    counter = itertools.count()
    return lambda n: bytes((next(counter) * 7 + 3) % 251 for _ in range(n))


def _table(tmp: Path, name: str, text: str = "") -> Table:
    folder = tmp / name
    folder.mkdir()
    c = make_config(folder, text)
    clock = ManualClock(1_800_000_000.0)
    table = make_table(c, clock)
    source = EntropySource(HealthParameters(min_entropy=8), _entropy())  # type: ignore[arg-type]
    table.rng = Rng(source, clock=clock.monotonic, name="twin")
    assert table.driver.game == driver_for(c).game
    return table


def _next_words(table: Table) -> list[int]:
    return [table.rng.randbelow(2**64).value for _ in range(4)]


def test_twins_draw_alike_when_nothing_happens(tmp_path: Path) -> None:
    """The control: the same entropy gives the same stream, so a difference below is the table's doing."""
    a, b = _table(tmp_path, "a"), _table(tmp_path, "b")
    assert _next_words(a) == _next_words(b)


def test_the_state_moves_while_the_table_is_idle(tmp_path: Path) -> None:
    a, b = _table(tmp_path, "a"), _table(tmp_path, "b")
    a.start()
    b.start()  # both opened a window: each cycled once
    assert a.rng.cycles == b.rng.cycles == 1
    assert isinstance(a.clock, ManualClock)
    for _ in range(5):  # a sits idle for half a second of its clock, ticked as the controller does
        a.clock.advance(0.1)
        a.tick()
        b.tick()  # b is ticked as often, but its clock does not move: no time, no cycle
    assert a.rng.cycles == 6
    assert b.rng.cycles == 1
    assert _next_words(a) != _next_words(b)


def test_ticks_faster_than_the_interval_cycle_once_per_interval(tmp_path: Path) -> None:
    table = _table(tmp_path, "a", "[rng]\nadvance_ms = 250\n")
    table.start()
    assert isinstance(table.clock, ManualClock)
    for _ in range(10):  # a second of 0.1 s ticks: cycles at 0.3, 0.6 and 0.9 s (0.25 s after each)
        table.clock.advance(0.1)
        table.tick()
    assert table.rng.cycles == 1 + 3


def test_every_round_cycles_the_generator(tmp_path: Path) -> None:
    table = _table(tmp_path, "a")
    table.start()
    for played in range(1, 4):
        table.play_round()
        table.open_round()
        assert table.rng.cycles == 1 + played


def test_background_advance_off_leaves_the_stream_alone(tmp_path: Path) -> None:
    text = "[rng]\nbackground_advance = false\n"
    a, b = _table(tmp_path, "a", text), _table(tmp_path, "b", text)
    a.start()
    b.start()
    assert isinstance(a.clock, ManualClock)
    for _ in range(5):
        a.clock.advance(1.0)
        a.tick()
    assert a.rng.cycles == b.rng.cycles == 0
    assert _next_words(a) == _next_words(b)


def test_a_generator_failing_while_idle_tilts_the_table(tmp_path: Path) -> None:
    table = _table(tmp_path, "a")
    table.start()

    class Broken:
        """The generator, whose next request fails its continuous test."""

        def __init__(self, real: Rng) -> None:
            self.real = real

        def advance(self) -> None:
            raise RngFailure("continuous test failed: planted")

    table.rng = Broken(table.rng)  # type: ignore[assignment]
    assert isinstance(table.clock, ManualClock)
    table.clock.advance(1.0)
    table.tick()
    assert table.tilts.blocks_table()
    assert [t.kind.value for t in table.tilts.active] == ["rng_failure"]
    table.clock.advance(1.0)
    table.tick()  # a failed generator is left alone until a technician's self-test: no second event
    failures = [e for e in table.ledger.events() if e.code.name == "RNG_SELFTEST_FAIL"]
    assert len(failures) == 1 and "advance" in failures[0].detail
