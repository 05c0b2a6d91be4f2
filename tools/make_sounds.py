"""Make every clip of ``assets/sounds/``: the calls spoken by eSpeak NG, the effects synthesised here.

    apt-get install -y espeak-ng          # generation only: the program never needs it
    .venv/bin/python tools/make_sounds.py [--out assets/sounds] [--only voice|fx]

Voices: each line of :data:`terminal.sound.calls.SCRIPT`, in English (``en-us``) and Latin-American
Spanish (``es-419``, the ``es_US`` of the catalogues), spoken by ``espeak-ng`` to a WAV, then trimmed of
its silence, faded in and out over 5 ms and peak-normalised to -1 dBFS. Effects: a chip landing on
another (two clay clacks: damped partials of a small disc over a burst of noise), a two-note tick for
"bets closing", a falling two-note chime for the lock, a rising arpeggio for a win; from a fixed seed,
so each run makes the same sound. Everything is written as mono Ogg Vorbis at 22,050 Hz (soundfile),
which ``pygame.mixer`` decodes; the whole set is about 1.5 MB.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import soundfile

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run from a checkout without installing

from terminal.sound.calls import EFFECTS, LANGUAGES, SCRIPT  # noqa: E402  (after the path above)

RATE = 22_050
QUALITY = 0.75  # soundfile's Vorbis compression level (0: best, 1: smallest); speech stays clear
VOICES = {"en": ("en-us", 150, 42), "es": ("es-419", 150, 45)}  # espeak voice, words a minute, pitch
Float = np.ndarray  # a mono signal, float64 in -1..1


def speak(words: str, language: str, work: Path) -> Float:
    """``words`` spoken by eSpeak NG in ``language``, trimmed and normalised."""
    voice, speed, pitch = VOICES[language]
    wav = work / "line.wav"
    subprocess.run(
        ["espeak-ng", "-v", voice, "-s", str(speed), "-p", str(pitch), "-w", str(wav), words], check=True
    )
    signal, rate = soundfile.read(wav, dtype="float64")
    if rate != RATE:
        raise SystemExit(f"espeak-ng wrote {rate} Hz, expected {RATE}: update RATE or resample")
    return finish(trim(signal))


def trim(signal: Float, threshold: float = 0.01, pad_s: float = 0.03) -> Float:
    """``signal`` without the silence before and after it (keeping ``pad_s`` of each)."""
    loud = np.flatnonzero(np.abs(signal) > threshold * np.max(np.abs(signal)))
    if loud.size == 0:
        return signal
    pad = int(pad_s * RATE)
    return signal[max(0, loud[0] - pad) : loud[-1] + pad]


def finish(signal: Float, peak_db: float = -1.0, fade_s: float = 0.005) -> Float:
    """Fade the ends (no click) and scale the peak to ``peak_db``."""
    fade = min(int(fade_s * RATE), signal.size // 2)
    if fade:
        ramp = np.linspace(0.0, 1.0, fade)
        signal = signal.copy()
        signal[:fade] *= ramp
        signal[-fade:] *= ramp[::-1]
    peak = float(np.max(np.abs(signal))) or 1.0
    return signal * (10 ** (peak_db / 20) / peak)


def _time(seconds: float) -> Float:
    return np.arange(int(seconds * RATE)) / RATE


def bell(frequency: float, seconds: float, decay: float) -> Float:
    """A struck bell: the note and two inharmonic partials, dying away."""
    t = _time(seconds)
    partials = ((1.0, 1.0), (2.76, 0.35), (5.4, 0.12))
    tone = sum(level * np.sin(2 * np.pi * frequency * ratio * t) for ratio, level in partials)
    return np.asarray(tone * np.exp(-t / decay))


def clack(rng: np.random.Generator) -> Float:
    """One clay chip striking another: a few damped high partials over a very short noise burst."""
    t = _time(0.06)
    modes = sum(
        level * np.sin(2 * np.pi * f * t + rng.uniform(0, 2 * np.pi)) * np.exp(-t / d)
        for f, level, d in ((2350.0, 1.0, 0.008), (3900.0, 0.7, 0.006), (6100.0, 0.4, 0.004))
    )
    noise = rng.normal(0.0, 0.5, t.size) * np.exp(-t / 0.002)
    return np.asarray(modes + noise)


def place(*parts: tuple[float, Float]) -> Float:
    """Sounds laid at their start times (seconds) on one track."""
    length = max(int(start * RATE) + part.size for start, part in parts)
    track = np.zeros(length)
    for start, part in parts:
        at = int(start * RATE)
        track[at : at + part.size] += part
    return track


def effects() -> dict[str, Float]:
    """Every effect of :data:`terminal.sound.calls.EFFECTS`, the same on every run."""
    rng = np.random.default_rng(20_240_616)
    made = {
        "chip": place((0.0, clack(rng)), (0.045, 0.6 * clack(rng))),
        "closing": place((0.0, bell(1318.5, 0.25, 0.05)), (0.16, bell(1318.5, 0.3, 0.06))),
        "lock": place((0.0, bell(880.0, 0.5, 0.12)), (0.18, bell(659.3, 0.7, 0.18))),
        "win": place(*((0.11 * i, bell(f, 0.9, 0.22)) for i, f in enumerate((523.3, 659.3, 784.0, 1046.5)))),
    }
    missing = set(EFFECTS) - set(made)
    if missing:
        raise SystemExit(f"no recipe for effect(s) {sorted(missing)}")
    return {name: finish(signal, peak_db=-3.0) for name, signal in made.items()}


def write(path: Path, signal: Float) -> None:
    """``signal`` as mono Ogg Vorbis at :data:`RATE`."""
    path.parent.mkdir(parents=True, exist_ok=True)
    soundfile.write(path, signal, RATE, format="OGG", subtype="VORBIS", compression_level=QUALITY)


def make(out: Path, only: str | None) -> list[Path]:
    """Write the clips under ``out``; returns the files written."""
    written = []
    if only in (None, "fx"):
        for name, signal in effects().items():
            written.append(out / "fx" / f"{name}.ogg")
            write(written[-1], signal)
    if only in (None, "voice"):
        if shutil.which("espeak-ng") is None:
            raise SystemExit("espeak-ng is not installed: apt-get install -y espeak-ng (generation only)")
        with tempfile.TemporaryDirectory() as work:
            for language in LANGUAGES:
                for line in SCRIPT:
                    written.append(out / language / f"{line.name}.ogg")
                    write(written[-1], speak(line.words(language), language, Path(work)))
    return written


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "assets" / "sounds", help="folder of the clips")
    parser.add_argument("--only", choices=("voice", "fx"), help="make only the voices or the effects")
    args = parser.parse_args(argv)
    written = make(args.out, args.only)
    total = sum(path.stat().st_size for path in written)
    print(f"{len(written)} clips, {total / 1024:.0f} KiB, in {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
