"""Every clip the program may play is on disk, decodes with the mixer the product uses, and says what its
name says; the calls are chosen from the outcome as a croupier or a stickman calls it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from terminal.assets import resolve
from terminal.sound import calls
from terminal.sound.cues import call_for
from terminal.sound.mixer import MixerSink
from terminal.sound.player import RecordingSink, Sound

# the wheel's reds, written out here rather than read from the code under test
RED = {1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36}


@pytest.fixture(scope="module")
def mixer() -> None:
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    pygame.mixer.init(frequency=22050, size=-16, channels=1)
    yield
    pygame.mixer.quit()


def test_every_clip_exists_and_decodes(mixer: None) -> None:
    refs = calls.all_refs()
    assert len(refs) == 2 * len(calls.SCRIPT) + len(calls.EFFECTS)
    for ref in refs:
        seconds = pygame.mixer.Sound(str(resolve(ref))).get_length()
        assert 0.08 < seconds < 3.0, (ref, seconds)


def test_the_set_is_small() -> None:
    folder = resolve("assets:sounds/fx/chip.ogg").parent.parent
    total = sum(p.stat().st_size for p in folder.rglob("*.ogg"))
    assert total < 3 * 1024 * 1024
    stray = {p.relative_to(folder).as_posix() for p in folder.rglob("*.ogg")}
    assert stray == {ref.removeprefix("assets:sounds/") for ref in calls.all_refs()}  # none unused


def test_every_roulette_pocket_has_its_call_with_its_colour() -> None:
    lines = {line.name: line for line in calls.SCRIPT}
    assert lines[calls.roulette_call("17")].words("en") == "seventeen, black"
    assert lines[calls.roulette_call("17")].words("es") == "diecisiete, negro"
    assert lines[calls.roulette_call("36")].words("es") == "treinta y seis, rojo"
    assert lines[calls.roulette_call("21")].words("en") == "twenty-one, red"
    assert lines[calls.roulette_call("00")].words("es") == "doble cero"
    for n in range(1, 37):
        words = lines[calls.roulette_call(str(n))]
        assert words.en.endswith("red" if n in RED else "black"), words
        assert words.es.endswith("rojo" if n in RED else "negro"), words
    with pytest.raises(ValueError, match="not a roulette pocket"):
        calls.roulette_call("37")


@pytest.mark.parametrize(
    ("roll", "point", "clip"),
    [
        ("1-1", None, "craps_2"), ("1-2", 6, "craps_3"), ("6-6", None, "craps_12"),
        ("3-4", None, "winner_7"), ("5-6", None, "winner_11"), ("2-4", None, "point_6"),
        ("3-4", 6, "out_7"), ("2-4", 6, "made_6"), ("3-3", 6, "made_6"), ("4-4", 6, "hard_8"),
        ("2-6", 6, "easy_8"), ("5-6", 4, "yo_11"), ("2-3", 4, "number_5"), ("4-5 (9)", 4, "number_9"),
    ],
)  # fmt: skip
def test_craps_calls(roll: str, point: int | None, clip: str) -> None:
    assert call_for(roll, point) == clip
    assert clip in calls.VOICES


def test_the_spanish_is_spanish() -> None:
    lines = {line.name: line for line in calls.SCRIPT}
    assert lines[calls.NO_MORE_BETS].es == "no va más"
    assert lines["out_7"].es == "siete, fuera" and lines["roulette_16"].es == "dieciséis, rojo"


def test_volume_zero_plays_nothing() -> None:
    sink = RecordingSink()
    silent = Sound(sink, 0, "es")
    silent.say(calls.NO_MORE_BETS)
    silent.effect(calls.WIN)
    assert sink.played == []
    Sound(sink, 35, "es").say(calls.NO_MORE_BETS)
    assert sink.clips() == ["es/no_more_bets"] and sink.played[0].volume == 0.35
    with pytest.raises(ValueError, match="from 0 to 100"):
        Sound(sink, 101)


def test_volume_zero_never_opens_the_mixer() -> None:
    sink = MixerSink()
    Sound(sink, 0).effect(calls.CHIP)
    assert sink._ready is None  # never tried: a muted table needs no audio device at all


def test_a_missing_clip_is_logged_once_and_skipped(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    def nowhere(ref: str) -> Path:
        return resolve(ref.replace("sounds/", "no-such-folder/"))

    sink = RecordingSink()
    sound = Sound(sink, 50, "en", resolver=nowhere)
    for _ in range(3):
        sound.effect(calls.CHIP)
    assert sink.played == []
    assert len([r for r in caplog.records if "not found" in r.getMessage()]) == 1


def test_no_audio_device_is_one_line_and_no_crash() -> None:
    """A machine without sound: the mixer cannot open; the face plays on silently after one log line."""
    script = (
        "from terminal.sound.mixer import MixerSink\n"
        "from terminal.sound.player import Sound\n"
        "s = Sound(MixerSink(), 80, 'es')\n"
        "for _ in range(3): s.say('no_more_bets'); s.effect('chip')\n"
        "print('played on')\n"
    )
    env = {**os.environ, "SDL_AUDIODRIVER": "no-such-driver", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    command = [sys.executable, "-c", script]
    done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "played on"
    assert [line for line in done.stderr.splitlines() if line.strip()] == [
        line for line in done.stderr.splitlines() if "sound off: no audio device" in line
    ]
    assert done.stderr.count("sound off") == 1


def test_the_mixer_plays_a_voice_then_queues_the_next(mixer: None) -> None:
    """The real sink on SDL's dummy device: a call is said on the voice channel, the next one waits."""
    sink = MixerSink()
    sound = Sound(sink, 100, "en")
    sound.say(calls.PLACE_BETS)
    voice = pygame.mixer.Channel(0)
    assert voice.get_busy()
    sound.say(calls.NO_MORE_BETS)
    queued = voice.get_queue()
    assert queued is not None and abs(queued.get_length() - pygame.mixer.Sound(
        str(resolve(calls.clip_ref(calls.NO_MORE_BETS, "en")))).get_length()) < 0.01
    voice.stop()
