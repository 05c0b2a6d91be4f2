"""``terminal run``: the table. With a display it starts the controller, the table display, a window for
each ``[table] local_seats`` seat and, with ``[sas] enabled``, ``terminal sas run``, each its own process
started through the isolated launcher (``boot/launch.py``: each verifies the program and its runtime
before it loads them; bots at ``--bots`` other seats), and stops them all together. Without a display
(or with ``--headless``) it runs headless.

Headless, the real controller, ledger and RNG play ``--rounds`` rounds against ``--seats`` bot players
that connect over the authenticated protocol, and ``terminal sas run`` beside them with ``[sas] enabled``.
It prints progress and a summary, writes the summary as JSON to ``[lab] output_dir``, and exits 1 if the
ledger does not verify afterwards.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from typing import TYPE_CHECKING, Any

from terminal.commands.common import SEED_HELP, USAGE, add_config_option, load_config, seed_arg
from terminal.config import Config
from terminal.config.show import summary as config_summary
from terminal.software.manifest import ROOT

if TYPE_CHECKING:  # the headless table's pieces load only for a headless run (~0.2 s of every other start)
    from terminal.lab.headless import Observer
    from terminal.lab.supervisor import Child


def _positive(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a positive whole number")
    return int(text)


def _count(text: str) -> int:
    if not text.isdigit():
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number (0 or more)")
    return int(text)


def register(commands: Any) -> None:
    """Add the ``run`` command."""
    parser = commands.add_parser("run", help="run the table (headless without a display)")
    add_config_option(parser)
    parser.add_argument("--headless", action="store_true", help="run without windows, bots at the seats")
    parser.add_argument("--rounds", type=_positive, help="rounds to play (default: [table] headless_rounds)")
    parser.add_argument("--seats", type=_positive, help="bot seats (default: [table] seats)")
    parser.add_argument("--realtime", action="store_true", help="keep the configured window lengths")
    parser.add_argument(
        "--seed",
        type=seed_arg,
        metavar="HEX",
        help=f"seed of the bots' choices (default: fresh): {SEED_HELP}",
    )
    parser.add_argument(
        "--bots", type=_count, metavar="K", help="bot players at the seats without a window (default: all)"
    )
    parser.set_defaults(func=_run)


def _run(args: argparse.Namespace) -> int:
    loaded = load_config(args)
    if loaded is None:
        return 1
    seats = args.seats or loaded.table.seats
    if seats > loaded.table.seats:
        print(
            f"terminal run: --seats {seats} is more than the table's {loaded.table.seats} seats",
            file=sys.stderr,
        )
        return USAGE
    display = os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
    print("\n".join(config_summary(loaded)))
    if not args.headless and display:
        return run_table(loaded, args)
    return _headless(loaded, args, seats)


def _headless(loaded: Config, args: argparse.Namespace, seats: int) -> int:
    from rng import RngFailure
    from terminal.floor.errors import CredentialsError
    from terminal.lab.headless import HeadlessError, run_headless, write_summary
    from terminal.ledger import IntegrityError, LedgerError
    from terminal.table.table import RecoveryError

    rounds = args.rounds or loaded.table.headless_rounds
    pace = "real" if args.realtime else "fast"
    print(f"mode           headless, {seats} bot seats, {rounds} rounds, {pace} time")

    def progress(line: str) -> None:
        print(line, file=sys.stderr, flush=True)

    recorded: list[tuple[float, object]] = []
    try:
        result = run_headless(
            loaded, rounds=rounds, seats=seats, realtime=args.realtime, seed=_bot_seed(args.seed),
            progress=progress, observer=with_sas(loaded, args, _recorder(loaded, recorded)),
            clients=("sas",) if loaded.sas.enabled else (),  # the casino's system sees every round
        )  # fmt: skip
    except IntegrityError as broken:
        print(f"terminal run: the ledger does not verify, the table stays closed: {broken}", file=sys.stderr)
        return 1
    except RngFailure as failed:
        print(f"terminal run: RNG self-test failed, the table stays closed: {failed}", file=sys.stderr)
        return 1
    except LedgerError as failed:
        print(f"terminal run: ledger error: {failed}", file=sys.stderr)
        return 1
    except (RecoveryError, HeadlessError) as failed:
        print(f"terminal run: {failed}", file=sys.stderr)
        return 1
    except CredentialsError as refused:  # [floor] without credentials or TLS
        print(f"terminal run: the table stays closed: {refused}", file=sys.stderr)
        return 1
    print("\n".join(result.lines(loaded.money.currency)))
    print(f"summary        {write_summary(result, loaded.lab.output_dir)}")
    _screenshots(loaded, recorded)
    if result.verified and not result.audit:
        _seat_screenshots(loaded, seats)
    return 0 if result.verified and not result.audit else 1


def with_sas(c: Config, args: argparse.Namespace, observer: Observer,
             py: tuple[str, ...] | None = None) -> Observer:  # fmt: skip
    """``observer`` and, with ``[sas] enabled``, ``terminal sas run`` beside the headless table: started
    once the controller listens (as :func:`table_children` starts it beside a windowed one; the run plays
    its first round once it has linked), stopped (SIGTERM, then killed after 10 s) when the run ends."""
    if not c.sas.enabled:
        return observer
    data = getattr(args, "data", None)
    cfg = ("--config", str(args.config), *(("--data", str(data)) if data is not None else ()))

    async def observe(port: int, stop: asyncio.Event) -> None:
        argv = (*(py or launcher_command()), "sas", "run", *cfg, "--port", str(port))
        child = await asyncio.create_subprocess_exec(*argv)
        print(f"sas            terminal sas run started beside the table (pid {child.pid})", file=sys.stderr)
        try:
            await observer(port, stop)
            await stop.wait()
        finally:
            if child.returncode is None:
                child.terminate()
                try:
                    await asyncio.wait_for(child.wait(), 10)
                except TimeoutError:
                    child.kill()
                    await child.wait()

    return observe


def _bot_seed(seed: bytes | None) -> int | None:
    return None if seed is None else int.from_bytes(seed, "big")


def _recorder(c: Config, into: list[tuple[float, object]]) -> Observer:
    from terminal.display.replay import recorder  # the display's pieces load only when used

    return recorder(c, into)


def _screenshots(c: Config, recorded: list[tuple[float, object]]) -> None:
    try:
        from terminal.display.replay import render_run_screens

        shots = render_run_screens(c, recorded, c.lab.output_dir)
    except Exception as exc:  # no GL at all: the run itself still counts; say why there are no pictures
        print(f"screenshots    none: {type(exc).__name__}: {exc}", file=sys.stderr)
        return
    print(f"screenshots    {len(shots)} in {c.lab.output_dir}")


def run_table(c: Config, args: argparse.Namespace) -> int:
    """The whole table with windows: controller, display and local seats, each its own process."""
    from terminal.lab.supervisor import Supervisor, free_port

    local = tuple(seat for seat in c.table.local_seats if seat <= c.table.seats)
    others = [seat for seat in range(1, c.table.seats + 1) if seat not in local]
    if args.bots is not None and args.bots > len(others):
        print(f"terminal run: --bots {args.bots}: only {len(others)} seats have no window", file=sys.stderr)
        return USAGE
    bots = others[: args.bots if args.bots is not None else len(others)]
    port = c.table.port or free_port(c.table.host)
    controller, screens = table_children(c, args, launcher_command(), port, local, bots)
    sas = "; SAS on its lines" if c.sas.enabled else ""
    print(
        f"mode           windows: display, seats {list(local) or 'none'}; bots at {bots or 'none'}; "
        f"port {port}{sas}"
    )
    outcome = Supervisor(controller, screens, host=c.table.host, port=port).run()
    print("stopped        " + ", ".join(f"{name} exit {code}" for name, code in outcome.codes))
    return 0 if outcome.clean else 1


def table_children(
    c: Config, args: argparse.Namespace, py: tuple[str, ...], port: int, local: tuple[int, ...],
    bots: list[int],
) -> tuple[Child, tuple[Child, ...]]:  # fmt: skip
    """The controller, and what starts once it listens: the display, each local seat's window and, with
    ``[sas] enabled``, ``terminal sas run`` (each seat a machine on the casino's system, the ``sas``
    client of the controller). ``py`` starts each of them (:func:`launcher_command`)."""
    from terminal.lab.supervisor import Child

    data = getattr(args, "data", None)  # --data DIR: every process of the table reads the same data
    cfg = ("--config", str(args.config), *(("--data", str(data)) if data is not None else ()))
    controller = Child(
        "controller",
        (*py, "controller", *cfg, "--port", str(port), "--bot-seats", ",".join(map(str, bots))),
    )
    others = [Child("display", (*py, "display", *cfg, "--port", str(port)))]
    others += [Child(f"seat {seat}", (*py, "seat", *cfg, "--seat", str(seat), "--port", str(port)))
               for seat in local]  # fmt: skip
    if c.sas.enabled:
        others.append(Child("sas", (*py, "sas", "run", *cfg, "--port", str(port))))
    return controller, tuple(others)


def launcher_command() -> tuple[str, ...]:
    """How each process of the table starts: the isolated launcher (``boot/launch.py``, run ``-I -S -B``),
    which verifies the program and its runtime before anything of either is loaded."""
    return (sys.executable, "-I", "-S", "-B", str(ROOT / "boot" / "launch.py"))


def _seat_screenshots(loaded: Config, seats: int) -> None:
    """One PNG per seat screen as the run left the table (separable: the seat screens are optional here)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from terminal.lab.screens import seat_screenshots  # pygame only when screenshots are taken

    try:
        shots = seat_screenshots(loaded, loaded.lab.output_dir, seats)
    except (OSError, RuntimeError) as failed:
        print(f"screenshots    not written: {failed}", file=sys.stderr)
        return
    print(f"screenshots    {len(shots)} seat screens in {loaded.lab.output_dir} (seat-1.png ...)")
