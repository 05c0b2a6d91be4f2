"""The volume a face plays at, followed from ``kiosk.cfg``: a change made in service mode is heard at once.

Service mode writes a new ``[sound]`` level into the configuration file (two people, logged). A face on
the same machine re-reads the file when its modification time changes, looking at most every
:data:`CHECK_S` seconds and only when it is about to play; a file that does not load (half written,
edited by hand into a mistake) keeps the level it had, and says so once.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from pathlib import Path

from terminal import config

LOG = logging.getLogger("terminal.sound")
CHECK_S = 2.0


class FollowedLevel:
    """``[sound] <key>`` of the file at ``path``, as a callable returning the percentage now."""

    def __init__(
        self, path: Path, key: str, level: int, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.path, self.key, self.level, self.clock = path, key, level, clock
        self._checked = clock()
        self._stamp = self._mtime()

    def _mtime(self) -> int:
        try:
            return self.path.stat().st_mtime_ns
        except OSError:
            return -1

    def __call__(self) -> int:
        now = self.clock()
        if now - self._checked < CHECK_S:
            return self.level
        self._checked = now
        stamp = self._mtime()
        if stamp != self._stamp:
            self._stamp = stamp
            try:
                self.level = int(getattr(config.load(self.path).sound, self.key))
            except (config.ConfigError, OSError) as failed:
                LOG.warning("sound: %s did not load; the volume stays %d%% (%s)", self.path, self.level,
                            str(failed).splitlines()[0])  # fmt: skip
        return self.level
