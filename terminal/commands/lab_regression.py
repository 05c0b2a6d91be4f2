"""``terminal lab regression --out DIR``: every offered wager of every game, N rounds per game (10^8 by
default), in one report with the PAR beside each actual RTP and a pass or fail
(:mod:`terminal.lab.regression`).

Writes ``regression.json`` and ``regression.md`` into DIR; exit 0 when no wager fails, 1 when one does or
the run could not be made. ``--dask ADDRESS`` runs the chunks on a Dask scheduler (the ``cluster`` extra).
"""

from __future__ import annotations

import argparse
import sys
from functools import partial
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
from terminal.games.registry import GAMES
from terminal.lab import provenance, regression
from terminal.lab.progress import bar
from terminal.lab.simulate import Chunk, Progress, SimRun, SimSpec, default_workers, run_local
from terminal.sims.simulate_seam import PlanError

PROG = "terminal lab regression"



def _games(text: str) -> tuple[str, ...]:
    names = tuple(name.strip() for name in text.split(",") if name.strip())
    unknown = [name for name in names if name not in GAMES]
    if unknown or not names:
        raise argparse.ArgumentTypeError(f"unknown game {', '.join(unknown) or text!r}: choose from "
                                         f"{', '.join(GAMES)}")  # fmt: skip
    return names



def register(actions: Any) -> None:
    """Add the ``regression`` action to ``terminal lab``."""
    parser = actions.add_parser(
        "regression",
        help="every offered wager of every game for N rounds each: actual RTP against PAR, one report",
        description="The simulation regression a lab files (checklist item 65): every registered game, "
        "every offered wager, N rounds per game through the real rule engines and the certified DRBG; "
        "each actual RTP against its exact PAR with a family-wise interval and a pass or fail; "
        "regression.json and regression.md with the software fingerprint they ran on.",
    )
    parser.add_argument("--out", type=Path, required=True, metavar="DIR", help="folder for the report")
    parser.add_argument(
        "--rounds", type=positive_arg, default=regression.DEFAULT_ROUNDS, metavar="N",
        help=f"rounds per game (default {regression.DEFAULT_ROUNDS:,})",
    )  # fmt: skip
    parser.add_argument("--workers", type=positive_arg, metavar="K", help="processes (default: every core)")
    parser.add_argument(
        "--dask", metavar="SCHEDULER", help="run the chunks on this Dask scheduler (the cluster extra)"
    )
    parser.add_argument("--seed", type=seed_arg, metavar="HEX", help=f"seed every chunk's DRBG: {SEED_HELP}")
    parser.add_argument(
        "--confidence", type=confidence_arg, default=0.99,
        help="confidence of all the intervals together (0.99)",
    )  # fmt: skip
    every = ", ".join(GAMES)
    parser.add_argument("--games", type=_games, metavar="A,B", help=f"only these (default all: {every})")
    add_config_option(parser)
    parser.set_defaults(func=_run)


def _runner(args: argparse.Namespace) -> regression.Runner:
    if args.dask:
        from terminal.lab.simulate_dask import run_dask

        def on_dask(spec: SimSpec, chunks: tuple[Chunk, ...], progress: Progress) -> SimRun:
            return run_dask(spec, chunks, args.dask, progress)

        return on_dask
    return partial(_local, workers=args.workers or default_workers())


def _local(spec: SimSpec, chunks: tuple[Chunk, ...], progress: Progress, workers: int) -> SimRun:
    return run_local(spec, chunks, workers, progress)


def _command(args: argparse.Namespace) -> list[str]:
    """The command line that repeats this run (the report records it)."""
    argv = ["lab", "regression", "--rounds", str(args.rounds), "--out", str(args.out)]
    if args.seed is not None:
        argv += ["--seed", args.seed.hex()]
    if args.games:
        argv += ["--games", ",".join(args.games)]
    if args.dask:
        argv += ["--dask", args.dask]
    if args.workers:
        argv += ["--workers", str(args.workers)]
    return [*argv, "--confidence", f"{args.confidence:g}", "--config", str(args.config)]


def _run(args: argparse.Namespace) -> int:
    loaded = load_config(args)
    if loaded is None:
        return 1
    runner = _runner(args)
    runs = []
    try:
        for game in args.games or tuple(GAMES):
            with bar(args.rounds, f"regression {game}", "rounds") as advance:
                runs.append(regression.simulate_game(loaded, game, args.rounds, args.seed, runner, advance))
            done = runs[-1].run
            rate = done.rounds / done.seconds if done.seconds else 0
            print(f"{game}: {done.rounds:,} rounds in {done.seconds:,.1f} s ({rate:,.0f} rounds/s)")
        made = provenance.record()
        data = regression.report(runs, loaded, args.rounds, args.confidence, made, _command(args))
        json_path, md_path = regression.write(args.out, data)
    except (PlanError, KeyError, ValueError, RuntimeError, OSError) as exc:
        print(f"{PROG}: {exc}", file=sys.stderr)
        return 1
    failed = data["failed"]
    print(f"{data['result']}: {data['passed']} of {data['wagers_judged']} wagers within their interval; "
          f"failed: {', '.join(failed) if isinstance(failed, list) and failed else 'none'}")  # fmt: skip
    print(f"report {md_path}; data {json_path}")
    return 1 if data["result"] == "FAIL" else 0
