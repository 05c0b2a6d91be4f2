"""``tools/make_sounds.py`` makes effects that decode and are the same on every run; with espeak-ng present
(generation only) it speaks a line in each language."""

from __future__ import annotations

import importlib.util
import shutil
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest
import soundfile

from terminal.sound import calls

ROOT = Path(__file__).resolve().parents[2]


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_sounds", ROOT / "tools" / "make_sounds.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_effects_are_made_the_same_each_run_and_decode(tmp_path: Path) -> None:
    tool = _tool()
    first, second = tool.effects(), tool.effects()
    assert set(first) == set(calls.EFFECTS)
    for name in calls.EFFECTS:
        assert np.array_equal(first[name], second[name])
        assert 0.5 < float(np.max(np.abs(first[name]))) <= 1.0  # normalised, not clipped
    written = tool.make(tmp_path, "fx")
    for path in written:
        signal, rate = soundfile.read(path)
        assert rate == 22_050 and signal.ndim == 1 and signal.size > 1000


@pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng is only needed to make the voices")
def test_a_line_is_spoken_trimmed_and_normalised(tmp_path: Path) -> None:
    tool = _tool()
    for language in calls.LANGUAGES:
        words = "diecisiete, negro" if language == "es" else "seventeen, black"
        signal = tool.speak(words, language, tmp_path)
        assert 0.6 < signal.size / 22_050 < 2.5
        assert abs(float(np.max(np.abs(signal))) - 10 ** (-1 / 20)) < 1e-6
        assert abs(signal[0]) < 0.01 and abs(signal[-1]) < 0.01  # faded: no click
