"""``terminal display``: the shared table display, a client of the controller over the protocol.

It reads its key (client ``display``) from ``[seat] keys_path`` (the controller provisions the store on
its first start; the display waits a few seconds for it) and connects to ``[table] host:port``.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

from terminal.commands.common import add_config_option, load_config, placer
from terminal.net.keys import KeyStoreError, load_keys
from terminal.net.links import client_tls
from terminal.net.pki import PkiError


def register(commands: Any) -> None:
    """Add the ``display`` command."""
    parser = commands.add_parser("display", help="the shared table display (wheel, dice, history)")
    add_config_option(parser)
    parser.add_argument("--port", type=int, help="controller port (default: [table] port)")
    parser.set_defaults(func=_display)


def _key(path: Path, wait_s: float = 10.0) -> bytes:
    deadline = time.monotonic() + wait_s
    while True:
        try:
            keys = load_keys(path)
            if "display" in keys:
                return keys["display"]
            problem = f"{path}: no key for the display"
        except KeyStoreError as exc:
            problem = str(exc)
        if time.monotonic() > deadline:
            raise KeyStoreError(problem)
        time.sleep(0.2)


def _display(args: argparse.Namespace) -> int:
    loaded = load_config(args)
    if loaded is None:
        return 1
    try:
        key = _key(loaded.seat.keys_path)
        tls = client_tls(loaded, "display", wait_s=10.0)  # the controller may be making it
    except (KeyStoreError, PkiError) as exc:
        print(f"terminal display: {exc}", file=sys.stderr)
        return 1
    from terminal.display.app import DisplayApp  # pyglet loads only for this command
    from terminal.display.link import DisplayLink
    from terminal.display.sounds import table_voice
    from terminal.sound.level import FollowedLevel
    from terminal.sound.mixer import MixerSink
    from terminal.sound.player import Sound

    port = args.port if args.port is not None else loaded.table.port
    level = FollowedLevel(args.config, "display_volume", loaded.sound.display_volume)
    sound = Sound(MixerSink(), level.level, loaded.seat.language, follow=level)
    place = placer(loaded, "display", (loaded.display.width, loaded.display.height))
    link = DisplayLink(key, loaded.table.host, port, tls=tls)
    DisplayApp(loaded, link, on_cue=table_voice(sound), place=place).run()
    return 0
