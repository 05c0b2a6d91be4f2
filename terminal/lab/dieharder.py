"""An external, recognised battery on the production generator: dieharder (Debian's ``dieharder`` package).

The generator the table would use (``[rng]``, OS entropy behind the SP 800-90B health tests) is piped raw
into ``dieharder -g 200`` (its ``stdin_input_raw`` reader), exactly the bytes ``python -m rng dump --out
-`` writes, for as long as dieharder reads: nothing is rewound or reused (a file would be rewound when a
test wants more than it holds, which invalidates that test). ``-a`` runs every test dieharder ships with
its default sample sizes; ``--resolve`` adds ``-Y 1``: a WEAK result is run again with more samples until
it passes or fails, so no ambiguous verdict is left. The report names the dieharder version, every test
with its P-value and assessment, the bytes consumed and the time taken.
"""

from __future__ import annotations

import contextlib
import re
import shutil
import subprocess
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from rng import Rng

#: A result row of dieharder's table: name|ntup|tsamples|psamples|p-value|assessment.
ROW = re.compile(
    r"^\s*(?P<name>[a-z_0-9]+)\|\s*(?P<ntup>\d+)\|\s*(?P<tsamples>\d+)\|\s*(?P<psamples>\d+)\|"
    r"\s*(?P<p>[0-9.]+)\|\s*(?P<verdict>PASSED|WEAK|FAILED)"
)
VERSION = re.compile(r"dieharder version (\S+)")
ENDLESS = 1 << 62  # bytes offered: dieharder stops reading long before


@dataclass(frozen=True, slots=True)
class Result:
    """One dieharder test result (a test with several ``ntup`` values gives one row each)."""

    name: str
    ntup: int
    tsamples: int
    psamples: int
    p_value: float
    verdict: str


@dataclass(frozen=True, slots=True)
class Run:
    """A whole run: what was run, on which generator, how much it read, and every result."""

    version: str
    command: tuple[str, ...]
    generator_id: str
    bytes_read: int
    seconds: float
    results: tuple[Result, ...]

    @property
    def counts(self) -> dict[str, int]:
        """Results per assessment."""
        return {word: sum(r.verdict == word for r in self.results) for word in ("PASSED", "WEAK", "FAILED")}

    @property
    def passed(self) -> bool:
        """No test FAILED (dieharder's own threshold: P < 0.000001 or > 0.999999)."""
        return bool(self.results) and self.counts["FAILED"] == 0


def parse(text: str) -> tuple[str, tuple[Result, ...]]:
    """dieharder's version and result rows from its output."""
    version = VERSION.search(text)
    rows = tuple(
        Result(m["name"], int(m["ntup"]), int(m["tsamples"]), int(m["psamples"]), float(m["p"]), m["verdict"])
        for m in map(ROW.match, text.splitlines())
        if m is not None
    )
    return (version[1] if version else "unknown"), rows


def commands(tests: Sequence[int] | None, resolve: bool) -> list[tuple[str, ...]]:
    """The dieharder runs: one of every test (``-a``), or one run per test numbered (``-d N``)."""
    found = shutil.which("dieharder")
    if found is None:
        raise ValueError("dieharder is not installed: it is Debian's package 'dieharder' (apt-get install)")
    base, extra = (found, "-g", "200"), (("-Y", "1") if resolve else ())
    if tests is None:
        return [(*base, "-a", *extra)]
    return [(*base, "-d", str(test), *extra) for test in tests]


def feed(rng: Rng, argv: Sequence[str], log: IO[str], progress: Callable[[int], None]) -> int:
    """Run dieharder on the generator's output until it stops reading; returns the bytes it was given."""
    given = 0
    with subprocess.Popen(list(argv), stdin=subprocess.PIPE, stdout=log, stderr=subprocess.STDOUT) as proc:
        assert proc.stdin is not None  # Popen made the pipe
        try:
            for block in rng.stream(ENDLESS):
                proc.stdin.write(block)
                given += len(block)
                if given % (1 << 30) < len(block):
                    progress(given)
        except BrokenPipeError:  # dieharder has read all it wants and exited
            pass
        finally:
            with contextlib.suppress(BrokenPipeError):
                proc.stdin.close()
        status = proc.wait()
    if status != 0:
        raise ValueError(f"dieharder exited with status {status}; its output is in {log.name}")
    return given


def _check_results(path: Path, start: int, argv: Sequence[str]) -> None:
    """A run that wrote no result row (dieharder refused the test, e.g. ``-d 200`` without ``-n``) is an
    error, never a silent gap in the report."""
    with path.open(encoding="utf-8") as log:
        log.seek(start)
        text = log.read()
    if not parse(text)[1]:
        said = next((line.strip() for line in text.splitlines() if line.strip() and line[0] != "#"), "")
        raise ValueError(f"{' '.join(argv[1:])} gave no result: {said or 'no output'}")


def run(rng: Rng, out: Path, tests: Sequence[int] | None, resolve: bool,
        progress: Callable[[int], None]) -> Run:  # fmt: skip
    """Every chosen test, output to ``out/dieharder.txt``; the parsed run."""
    runs = commands(tests, resolve)
    started = time.monotonic()
    path = out / "dieharder.txt"
    given = 0
    with path.open("w", encoding="utf-8") as log:
        for one in runs:
            log.write(f"# {' '.join(one)}\n")
            log.flush()
            start = log.tell()
            given += feed(rng, one, log, progress)
            _check_results(path, start, one)
    version, results = parse(path.read_text(encoding="utf-8"))
    argv = runs[0] if len(runs) == 1 else (*runs[0][:3], "-d", ",".join(r[4] for r in runs), *runs[0][5:])
    return Run(version, argv, rng.generator_id, given, time.monotonic() - started, results)
