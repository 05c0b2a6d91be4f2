"""``terminal seat --seat N``: one player's seat screen, a client of the table controller.

The seat connects to ``[table] host/port`` (``--port`` overrides the port; ``terminal run`` passes the
one it picked) with its key from ``[seat] keys_path`` (provisioned by the controller on its first run) and
opens its window where ``[windows] seat_N`` puts it (``--fullscreen``: full
screen on that monitor), laid out for ``[seat] width/height`` when ``auto`` tiles it on a shared monitor.
Without a display it runs on SDL's dummy driver, which is useful only for ``--seconds`` smoke runs.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from terminal.commands.common import add_config_option, load_config, placer
from terminal.games.seam import MOST_SEATS
from terminal.net.keys import KeyStoreError, load_keys
from terminal.net.links import client_tls
from terminal.net.pki import PkiError


def _seat_number(text: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= MOST_SEATS:
        raise argparse.ArgumentTypeError(f"{text!r} is not a seat number 1-{MOST_SEATS}")
    return int(text)


def register(commands: Any) -> None:
    """Add the ``seat`` command."""
    parser = commands.add_parser("seat", help="run one player's seat screen (pygame)")
    add_config_option(parser)
    parser.add_argument("--seat", type=_seat_number, required=True, help="seat number (1-16)")
    parser.add_argument("--language", choices=("en", "es"), help="language (default: [seat] language)")
    parser.add_argument("--fullscreen", action="store_true", help="take the whole screen (a kiosk)")
    parser.add_argument("--seconds", type=float, help="quit after this many seconds (smoke tests)")
    parser.add_argument("--port", type=int, help="controller port (default: [table] port)")
    parser.set_defaults(func=_run)


def _run(args: argparse.Namespace) -> int:
    loaded = load_config(args)
    if loaded is None:
        return 1
    if args.seat > loaded.table.seats:
        print(
            f"terminal seat: seat {args.seat} is not one of the table's {loaded.table.seats}", file=sys.stderr
        )
        return 2
    try:
        keys = load_keys(loaded.seat.keys_path)
    except (KeyStoreError, OSError) as failed:
        print(f"terminal seat: no protocol key for seat {args.seat}: {failed}", file=sys.stderr)
        return 1
    key = keys.get(f"seat-{args.seat}")
    if key is None:
        print(f"terminal seat: {loaded.seat.keys_path} has no key for seat-{args.seat}", file=sys.stderr)
        return 1
    try:
        tls = client_tls(loaded, f"seat-{args.seat}", wait_s=10.0)  # the controller may be making it
    except PkiError as failed:
        print(f"terminal seat: no certificate for seat-{args.seat}: {failed}", file=sys.stderr)
        return 1
    from terminal.seat.main import run_seat  # pygame only for the command that needs it
    from terminal.sound.cues import SeatSounds
    from terminal.sound.level import FollowedLevel
    from terminal.sound.mixer import MixerSink
    from terminal.sound.player import Sound

    s = loaded.seat
    level = FollowedLevel(args.config, "seat_volume", loaded.sound.seat_volume)
    speaker = Sound(MixerSink(), level.level, args.language or s.language, follow=level)
    sound = SeatSounds(speaker, calls=loaded.sound.seat_calls)
    return run_seat(
        args.seat,
        key,
        loaded.table.host,
        args.port if args.port is not None else loaded.table.port,
        size=(s.width, s.height),
        language=args.language or s.language,
        long_press_ms=s.long_press_ms,
        reality_check_minutes=s.reality_check_minutes,
        helpline=loaded.table.helpline,
        attract_seconds=s.attract_seconds,
        fullscreen=args.fullscreen,
        max_seconds=args.seconds,
        tls=tls,
        place=placer(loaded, f"seat_{args.seat}", (s.width, s.height)),
        sound=sound,
    )
