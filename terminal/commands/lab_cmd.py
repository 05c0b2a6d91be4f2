"""``terminal lab rng-report --out DIR``: the RNG evidence a lab files, in one HTML report with its dumps.

Writes ``raw.bin``, ``outcomes-{6,37,38}.txt``, three plots, ``rng-report.json`` and ``rng-report.html``
(plots embedded) into DIR; exit 0 when every self-test and test passed, 1 otherwise. A progress bar
(tqdm) shows on a terminal and stays quiet otherwise. The defaults (100 sequences of 1,000,000 bits, a
million outcomes per range) take a couple of minutes on one core.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

from terminal.commands import lab_regression
from terminal.commands.common import add_config_option, load_config


def _count(text: str) -> int:
    try:
        value = int(text.replace("_", ""))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a positive whole number, got {text!r}")
    return value


def _whole(text: str) -> int:
    try:
        value = int(text.replace("_", ""))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"expected 0 or more, got {text!r}")
    return value


def _tests(text: str) -> tuple[int, ...] | None:
    if text == "all":
        return None
    try:
        return tuple(int(part) for part in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected all or test numbers like 0,1,2, got {text!r}") from None


def register(commands: Any) -> None:
    """Add the ``lab`` command and its ``rng-report`` action."""
    parser = commands.add_parser(
        "lab", help="lab certification tools (rng-report, dieharder, regression)"
    )
    actions = parser.add_subparsers(dest="action", metavar="ACTION", parser_class=type(parser))
    actions.required = True
    report = actions.add_parser(
        "rng-report",
        help="dumps, the SP 800-22 battery, outcome tests, plots and one HTML report",
        description="The RNG evidence a lab files, generated through the production path.",
    )
    report.add_argument("--out", type=Path, required=True, metavar="DIR", help="folder for the evidence")
    report.add_argument(
        "--profile", choices=("quick", "lab"), default="quick",
        help="quick (default: 100 sequences, 10**6 outcomes per game) or lab (the run a lab files: "
        "1,000 sequences of 10**6 bits, 10**7 outcomes per game); the options below override it",
    )  # fmt: skip
    report.add_argument("--sequences", type=_count, help="battery sequences (quick 100, lab 1000)")
    report.add_argument("--bits", type=_count, help="bits per sequence (10**6)")
    report.add_argument("--outcomes", type=_count, help="scaled outcomes per range 6, 37, 38 (10**6)")
    report.add_argument(
        "--games", type=_whole, help="outcomes per game-level stream (quick 10**6, lab 10**7; 0: none)"
    )
    add_config_option(report)
    report.set_defaults(func=_rng_report)
    external = actions.add_parser(
        "dieharder",
        help="the dieharder battery (Debian's package) on the production generator's raw output",
        description="Pipe the production generator into dieharder -g 200 for as long as it reads; write "
        "dieharder.txt and dieharder.json into DIR; exit 1 if a test FAILED.",
    )
    external.add_argument("--out", type=Path, required=True, metavar="DIR", help="folder for the output")
    external.add_argument(
        "--tests", type=_tests, default=None, metavar="all|N,N,...",
        help="dieharder test numbers (dieharder -l lists them); default all (-a)",
    )  # fmt: skip
    external.add_argument("--resolve", action="store_true", help="re-run WEAK results until resolved (-Y 1)")
    add_config_option(external)
    external.set_defaults(func=_dieharder)
    lab_regression.register(actions)


def _rng_report(args: argparse.Namespace) -> int:
    loaded = load_config(args)
    if loaded is None:
        return 1
    try:
        from terminal.lab import rng_report
    except ImportError as missing:
        print(
            f"terminal lab: needs the 'lab' extra (numpy, scipy, matplotlib, tqdm): {missing}",
            file=sys.stderr,
        )
        return 1
    try:
        sizes = _sizes(args, rng_report.PROFILES[args.profile])
        args.out.mkdir(parents=True, exist_ok=True)
        started = time.monotonic()
        evidence, html_path = rng_report.write_report(loaded, args.out, sizes, args.config, started)
    except (ValueError, OSError) as bad:
        print(f"terminal lab rng-report: {bad}", file=sys.stderr)
        return 1
    failed = [f.name for f in evidence.families if not f.passed]
    failed += [f"outcomes[{o.k}]" for o in evidence.outcomes if not o.passed]
    failed += [r.label for r in evidence.selftests if r.passed != r.total]
    failed += list(evidence.game_family.failing) if evidence.game_family is not None else []
    for family in evidence.families:
        print(family.summary())
    if evidence.game_family is not None:
        print(evidence.game_family.summary())
    print(f"{'PASS' if evidence.passed else 'FAIL'} {evidence.generator_id}: report {html_path}")
    if failed:
        print(f"failed: {', '.join(failed)}")
    print(f"figures in {args.out / 'rng-report.json'}; {evidence.seconds:.0f} s")
    return 0 if evidence.passed else 1


def _sizes(args: argparse.Namespace, profile: Any) -> Any:
    """The profile's sizes with whatever the command line sets instead."""
    from dataclasses import replace

    chosen = {k: getattr(args, k) for k in ("sequences", "bits", "outcomes", "games")}
    return replace(profile, **{k: v for k, v in chosen.items() if v is not None})


def _dieharder(args: argparse.Namespace) -> int:
    loaded = load_config(args)
    if loaded is None:
        return 1
    import json
    from dataclasses import asdict

    from terminal.lab import dieharder
    from terminal.table.generator import production_rng

    def said(given: int) -> None:
        print(f"terminal lab dieharder: {given / 2**30:,.0f} GiB given so far", file=sys.stderr, flush=True)

    try:
        args.out.mkdir(parents=True, exist_ok=True)
        run = dieharder.run(production_rng(loaded), args.out, args.tests, args.resolve, said)
    except (ValueError, OSError) as bad:
        print(f"terminal lab dieharder: {bad}", file=sys.stderr)
        return 1
    record = asdict(run) | {"counts": run.counts, "passed": run.passed}
    (args.out / "dieharder.json").write_text(json.dumps(record, indent=1), encoding="utf-8")
    counts = ", ".join(f"{n} {word}" for word, n in run.counts.items())
    print(f"{'PASS' if run.passed else 'FAIL'} dieharder {run.version} on {run.generator_id}: "
          f"{len(run.results)} results ({counts}); {run.bytes_read:,} bytes read in {run.seconds:,.0f} s")
    print(f"command: {' '.join(run.command)} (stdin: the generator); output {args.out / 'dieharder.txt'}")
    return 0 if run.passed else 1
