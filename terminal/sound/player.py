"""Playing a clip by name: :class:`Sound` turns a clip name and a language into a file and a volume, and
hands it to a :class:`Sink` (``pygame.mixer`` in a face, a :class:`RecordingSink` in tests). The volume
may follow the configuration file (``follow``: :class:`terminal.sound.level.FollowedLevel`).

The volume is a percentage (``[sound] display_volume`` / ``seat_volume``); at 0 nothing reaches the sink.
A clip missing from the assets is logged once and skipped: a sound never stops a screen.

>>> sink = RecordingSink()
>>> Sound(sink, 50, "es").say("no_more_bets")
>>> [(p.path.parent.name, p.path.name, p.volume, p.voice) for p in sink.played]
[('es', 'no_more_bets.ogg', 0.5, True)]
>>> Sound(sink, 0, "es").effect("chip"); len(sink.played)
1
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from terminal.assets import AssetNotFoundError, resolve
from terminal.sound.calls import clip_ref

LOG = logging.getLogger("terminal.sound")


class Sink(Protocol):
    """Where clips go: ``voice`` clips are said one after another, effects play at once over them."""

    def play(self, path: Path, volume: float, voice: bool) -> None: ...


@dataclass(frozen=True, slots=True)
class Played:
    """One clip handed to a sink."""

    path: Path
    volume: float
    voice: bool

    @property
    def clip(self) -> str:
        """``<lang>/<name>`` for a voice, ``fx/<name>`` for an effect: what the tests compare."""
        return f"{self.path.parent.name}/{self.path.stem}"


@dataclass(slots=True)
class RecordingSink:
    """A sink that keeps what it was given (tests, and a face's own check of what it would say)."""

    played: list[Played] = field(default_factory=list)

    def play(self, path: Path, volume: float, voice: bool) -> None:
        self.played.append(Played(path, volume, voice))

    def clips(self) -> list[str]:
        """The clips played so far, oldest first (``["en/place_bets", "fx/chip"]``)."""
        return [p.clip for p in self.played]


class Sound:
    """A face's sounds at one volume and language; without a sink (tests, screenshots) it is silent."""

    def __init__(
        self,
        sink: Sink | None,
        volume: int,
        language: str = "en",
        resolver: Callable[[str], Path] = resolve,
        follow: Callable[[], int] | None = None,
    ) -> None:
        if not 0 <= volume <= 100:
            raise ValueError(f"volume {volume} must be from 0 to 100")
        self.sink, self.volume, self.language = sink, volume, language
        self._resolve = resolver
        self._follow = follow  # the level as service mode last set it (terminal.sound.level)
        self._missing: set[str] = set()

    @classmethod
    def silent(cls) -> Sound:
        """A face's sound in tests and headless runs: plays nothing, needs no audio device."""
        return cls(None, 0)

    def say(self, name: str, language: str | None = None) -> None:
        """Say voice clip ``name`` in ``language`` (default: this face's language)."""
        self._play(clip_ref(name, language or self.language), voice=True)

    def effect(self, name: str) -> None:
        """Play effect ``name`` (a chip, a tick, a win)."""
        self._play(clip_ref(name, ""), voice=False)

    def _play(self, ref: str, *, voice: bool) -> None:
        if self._follow is not None:
            self.volume = self._follow()
        if self.sink is None or self.volume == 0:
            return
        try:
            path = self._resolve(ref)
        except AssetNotFoundError as missing:
            if ref not in self._missing:  # once per clip: a missing file must not flood the log
                self._missing.add(ref)
                LOG.warning("sound: %s", missing)
            return
        self.sink.play(path, self.volume / 100, voice)
