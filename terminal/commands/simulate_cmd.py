"""``terminal simulate``: millions of rounds through the real rule engines and DRBG, RTP against PAR.

Writes ``simulation.json`` (every figure and every chunk's integer sums), ``simulation.md`` (the readable
report) and two plots into ``--out`` (default ``[lab] output_dir``/simulate-GAME).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from terminal.commands.common import (
    SEED_HELP,
    add_config_option,
    confidence_arg,
    load_config,
    positive_arg,
    seed_arg,
)
from terminal.config import Config
from terminal.games.catalog import GAMES
from terminal.lab import simulate_plots, simulate_report
from terminal.lab.progress import bar
from terminal.lab.simulate import ENGINES, SimRun, SimSpec, default_workers, plan_chunks, run_local
from terminal.sims import plan_for
from terminal.sims.simulate_seam import PlanError

PROG = "terminal simulate"




def register(commands: Any) -> None:
    """Add the ``simulate`` command."""
    parser = commands.add_parser(
        "simulate",
        help="simulate rounds through the real engine and RNG: actual RTP per wager against PAR",
        description="Every offered wager played through the real rule engines and the certified DRBG "
        "(one generator per chunk); actual RTP per wager against the exact PAR figure with a confidence "
        "interval; JSON, a markdown report and plots.",
    )
    parser.add_argument("--game", choices=tuple(GAMES), required=True, help="which game")
    parser.add_argument(
        "--rounds", type=positive_arg, required=True, metavar="N", help="spins or rolls to play"
    )
    parser.add_argument("--workers", type=positive_arg, metavar="K", help="processes (default: every core)")
    parser.add_argument(
        "--seed",
        type=seed_arg,
        metavar="HEX",
        help=f"seed every chunk's DRBG from this (reproducible): {SEED_HELP}",
    )
    parser.add_argument(
        "--out", type=Path, metavar="DIR", help="output folder (default [lab] output_dir/simulate-GAME)"
    )
    parser.add_argument("--scheduler", metavar="ADDRESS", help="run on this Dask scheduler (cluster extra)")
    parser.add_argument(
        "--confidence",
        type=confidence_arg,
        default=0.99,
        help="family-wise confidence of the intervals (0.99)",
    )
    parser.add_argument(
        "--engine",
        choices=ENGINES,
        default="fast",
        help="fast: the real settlement code asked once per state and outcome (default); plain: asked "
        "every round (the same sums for the same seed, many times slower)",
    )
    parser.add_argument("--no-plots", action="store_true", help="skip the plots")
    add_config_option(parser)
    parser.set_defaults(func=_run)


def _run(args: argparse.Namespace) -> int:
    loaded = load_config(args)
    if loaded is None:
        return 1
    try:
        spec = _spec(loaded, args)
        run = _simulate(spec, args)
        report = simulate_report.to_json(
            run, loaded, simulate_report.par_rtps(loaded, args.game), args.confidence
        )
    except (PlanError, KeyError, RuntimeError, OSError) as exc:
        print(f"{PROG}: {exc}", file=sys.stderr)
        return 1
    out: Path = args.out or loaded.lab.output_dir / f"simulate-{args.game}"
    plots = () if args.no_plots else _plots(run, loaded, args, out)
    json_path, md_path = simulate_report.write(out, report, plots)
    _print_summary(report, json_path, md_path)
    return 0


def _spec(c: Config, args: argparse.Namespace) -> SimSpec:
    plan = plan_for(c, args.game)
    return SimSpec(args.game, plan, args.seed, c.rng.generator, c.rng.reseed_interval, engine=args.engine)


def _simulate(spec: SimSpec, args: argparse.Namespace) -> SimRun:
    chunks = plan_chunks(args.rounds)
    with bar(args.rounds, f"simulate {args.game}", "rounds") as advance:
        if args.scheduler:
            from terminal.lab.simulate_dask import run_dask

            return run_dask(spec, chunks, args.scheduler, advance)
        return run_local(spec, chunks, args.workers or default_workers(), advance)


def _plots(run: SimRun, c: Config, args: argparse.Namespace, out: Path) -> tuple[str, ...]:
    out.mkdir(parents=True, exist_ok=True)
    z_crit, judged = simulate_report.verdicts(run, simulate_report.par_rtps(c, args.game), args.confidence)
    simulate_plots.convergence(run, judged, z_crit, out / "convergence.png")
    simulate_plots.deviation(judged, z_crit, args.game, out / "deviation.png")
    return ("convergence.png", "deviation.png")


def _print_summary(report: dict[str, object], json_path: Path, md_path: Path) -> None:
    flagged = report["flagged"]
    played = report["rounds_played"]
    print(
        f"{report['game']}: {played:,} round{'' if played == 1 else 's'} in {report['seconds']} s "
        f"({report['rounds_per_second']:,} rounds/s) on {report['workers']} workers ({report['where']})"
    )
    print(
        f"wagers outside the {float(str(report['confidence'])) * 100:g}% interval: "
        f"{', '.join(flagged) if isinstance(flagged, list) and flagged else 'none'}"
    )
    print(f"report {md_path}; data {json_path}")
