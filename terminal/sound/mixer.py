"""The sink that really plays: ``pygame.mixer``, for the seat and the table display alike.

Why ``pygame.mixer`` on the display too, although it draws with pyglet: the clips are Ogg Vorbis, which
the pygame wheel decodes itself (SDL_mixer is inside it), while ``pyglet.media`` decodes Vorbis only
through FFmpeg or GStreamer, system libraries a kiosk image would have to add; one player also means one
set of clips, one decoder and one behaviour to test. The mixer needs no window, so it sits beside
pyglet's without touching it.

The mixer opens on the first clip. With no audio device (a headless run, a machine without a sound
card, ``SDL_AUDIODRIVER=dummy`` aside) it logs one line and stays silent; it never raises into a face.
One channel is kept for the voice, so calls are said one after another (a call arriving while another
is said waits for it); effects take any other channel.
"""

from __future__ import annotations

import logging
from pathlib import Path

import pygame

LOG = logging.getLogger("terminal.sound")
FREQUENCY = 22050  # the clips' own rate: no resampling
CHANNELS = 8
VOICE = 0  # the reserved channel


class MixerSink:
    """Clips through ``pygame.mixer``; silent (one log line) when no mixer can open."""

    def __init__(self) -> None:
        self._ready: bool | None = None  # None: not tried yet
        self._sounds: dict[Path, pygame.mixer.Sound] = {}
        self._voice: pygame.mixer.Channel | None = None
        self._bad: set[Path] = set()  # clips that would not load: logged once, then skipped

    @property
    def ready(self) -> bool:
        """Whether the mixer is open (tries once)."""
        if self._ready is None:
            self._ready = self._open()
        return self._ready

    def _open(self) -> bool:
        try:
            # does nothing when the mixer is open already (a seat whose pygame.init() opened it)
            pygame.mixer.init(frequency=FREQUENCY, size=-16, channels=1, buffer=1024)
            pygame.mixer.set_num_channels(CHANNELS)
            pygame.mixer.set_reserved(1)  # channel 0: the voice only
            self._voice = pygame.mixer.Channel(VOICE)
        except pygame.error as failed:
            LOG.warning("sound off: no audio device (%s)", failed)
            return False
        return True

    def play(self, path: Path, volume: float, voice: bool) -> None:
        if not self.ready:
            return
        sound = self._load(path)
        if sound is None:
            return
        sound.set_volume(volume)
        if voice and self._voice is not None:
            if self._voice.get_busy():
                self._voice.queue(sound)  # said when the current call ends
            else:
                self._voice.play(sound)
        else:
            sound.play()

    def _load(self, path: Path) -> pygame.mixer.Sound | None:
        sound = self._sounds.get(path)
        if sound is None and path not in self._bad:
            try:
                sound = pygame.mixer.Sound(str(path))
            except (pygame.error, OSError) as failed:
                LOG.warning("sound: cannot play %s (%s)", path, failed)
                self._bad.add(path)
                return None
            self._sounds[path] = sound
        return sound

    def close(self) -> None:
        """Stop every clip and close the mixer (a face closing its window)."""
        if self._ready:
            pygame.mixer.quit()
        self._ready = False
