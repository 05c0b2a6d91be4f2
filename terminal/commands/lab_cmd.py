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

from terminal.commands.common import add_config_option, load_config


def _count(text: str) -> int:
    try:
        value = int(text.replace("_", ""))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a positive whole number, got {text!r}")
    return value


def register(commands: Any) -> None:
    """Add the ``lab`` command and its ``rng-report`` action."""
    parser = commands.add_parser("lab", help="lab certification tools (rng-report)")
    actions = parser.add_subparsers(dest="action", metavar="ACTION", parser_class=type(parser))
    actions.required = True
    report = actions.add_parser(
        "rng-report",
        help="dumps, the SP 800-22 battery, outcome tests, plots and one HTML report",
        description="The RNG evidence a lab files, generated through the production path.",
    )
    report.add_argument("--out", type=Path, required=True, metavar="DIR", help="folder for the evidence")
    report.add_argument("--sequences", type=_count, default=100, help="battery sequences (default 100)")
    report.add_argument("--bits", type=_count, default=1_000_000, help="bits per sequence (default 10**6)")
    report.add_argument(
        "--outcomes", type=_count, default=1_000_000, help="scaled outcomes per range (default 1,000,000)"
    )
    add_config_option(report)
    report.set_defaults(func=_rng_report)


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
        sizes = rng_report.Sizes(args.sequences, args.bits, args.outcomes)
        args.out.mkdir(parents=True, exist_ok=True)
        started = time.monotonic()
        evidence, html_path = rng_report.write_report(loaded, args.out, sizes, args.config, started)
    except (ValueError, OSError) as bad:
        print(f"terminal lab rng-report: {bad}", file=sys.stderr)
        return 1
    failed = [f.name for f in evidence.families if not f.passed]
    failed += [f"outcomes[{o.k}]" for o in evidence.outcomes if not o.passed]
    failed += [r.label for r in evidence.selftests if r.passed != r.total]
    print(f"{'PASS' if evidence.passed else 'FAIL'} {evidence.generator_id}: report {html_path}")
    if failed:
        print(f"failed: {', '.join(failed)}")
    print(f"figures in {args.out / 'rng-report.json'}; {evidence.seconds:.0f} s")
    return 0 if evidence.passed else 1
