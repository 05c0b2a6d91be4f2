"""``terminal screens --out DIR [--config PATH] [--lang en|es] [--size WxH ...] [--seed HEX] [--set NAME]``.

Renders every screen in every state as PNG files, headless (SDL's dummy driver), against a real table: a
controller with a real ledger in a temporary folder built from ``--config`` (every path moved there),
real seat clients over the protocol, states reached with real messages. The table's DRBG is seeded from
``--seed`` (a fixed default), so every run reaches the same states. One PNG per state and language, named
``seat_<state>_<lang>.png`` (``display_...``, ``service-<lang>-...`` for the table display and the service
screens; ``--only seat|display|service`` renders one group), in ``DIR``, or in ``DIR/<W>x<H>/`` for each
size when several ``--size`` are given. The run fails (exit 1) if two states of one language drew the very
same picture. The screen sets come from the registry ``terminal.tours.SCREEN_SETS``.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

from terminal.commands.common import SEED_HELP, add_config_option, load_config, seed_arg
from terminal.i18n import LANGUAGES


def _size(text: str) -> tuple[int, int]:
    from terminal.lab.screens_job import parse_size

    try:
        return parse_size(text)
    except ValueError as bad:
        raise argparse.ArgumentTypeError(str(bad)) from None


def register(commands: Any) -> None:
    """Add the ``screens`` command."""
    parser = commands.add_parser("screens", help="render every screen in every state to PNG (headless)")
    parser.add_argument("--out", type=Path, required=True, metavar="DIR", help="folder for the PNG files")
    add_config_option(parser)
    parser.add_argument("--lang", choices=LANGUAGES, help="one language (default: every language)")
    parser.add_argument(
        "--size", type=_size, action="append", default=[], metavar="WxH",
        help="screen size, e.g. 1920x1080, 1024x768, 2560x1080; repeat for several (default 1920x1080)",
    )  # fmt: skip
    parser.add_argument("--seed", type=seed_arg, help=f"the table's DRBG seed (default fixed): {SEED_HELP}")
    parser.add_argument("--set", action="append", default=[], metavar="NAME", help="only this screen set")
    parser.add_argument(
        "--only", choices=("seat", "display", "service"), help="only the seat, display or service sets"
    )
    parser.set_defaults(func=_run)


def _run(args: argparse.Namespace) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from terminal.lab.screens_job import DEFAULT_SEED, Job
    from terminal.tours import SCREEN_SETS, render_all  # pygame only for the command that needs it

    if args.only:
        args.set += [name for name in SCREEN_SETS if name.startswith(args.only)]
    unknown = [name for name in args.set if name not in SCREEN_SETS]
    if unknown:
        print(
            f"terminal screens: unknown set {unknown[0]!r}; sets: {', '.join(SCREEN_SETS)}", file=sys.stderr
        )
        return 2
    if args.config.is_file() and load_config(args) is None:  # its own problems, named by its file and line
        return 1
    try:
        base = args.config.read_text(encoding="utf-8") if args.config.is_file() else ""
    except OSError as failed:
        print(f"terminal screens: {args.config}: {failed.strerror}", file=sys.stderr)
        return 1
    sizes = args.size or [(1920, 1080)]
    written = 0
    for size in sizes:
        out = args.out / f"{size[0]}x{size[1]}" if len(sizes) > 1 else args.out
        job = Job(
            out, (args.lang,) if args.lang else LANGUAGES, _progress, size, args.seed or DEFAULT_SEED, base
        )
        try:
            written += len(render_all(job, tuple(args.set)))
        except (OSError, RuntimeError, ValueError) as failed:  # ScreensError, ConfigError, LiveTableError
            print(f"terminal screens: {failed}", file=sys.stderr)
            return 1
    print(f"{written} screens written to {args.out}")
    return 0


def _progress(line: str) -> None:
    print(line, file=sys.stderr, flush=True)
