"""The external battery: dieharder fed by the production generator through a pipe, never a rewound file."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from terminal.cli import main
from terminal.lab import dieharder

SAMPLE = """#=============================================================================#
#            dieharder version 3.31.1 Copyright 2003 Robert G. Brown          #
#=============================================================================#
   rng_name    |rands/second|   Seed   |
stdin_input_raw|  1.37e+07  |3153576263|
#=============================================================================#
        test_name   |ntup| tsamples |psamples|  p-value |Assessment
#=============================================================================#
   diehard_birthdays|   0|       100|     100|0.28355967|  PASSED
      sts_serial|   2|    100000|     100|0.99999980|  FAILED
      rgb_bitdist|   3|    100000|     100|0.99712345|   WEAK
"""


def test_the_output_is_read_row_by_row() -> None:
    version, rows = dieharder.parse(SAMPLE)
    assert version == "3.31.1"
    assert [(r.name, r.ntup, r.verdict) for r in rows] == [
        ("diehard_birthdays", 0, "PASSED"), ("sts_serial", 2, "FAILED"), ("rgb_bitdist", 3, "WEAK")
    ]
    assert rows[0].p_value == pytest.approx(0.28355967) and rows[1].psamples == 100
    run = dieharder.Run("3.31.1", ("dieharder",), "g", 0, 0.0, rows)
    assert run.counts == {"PASSED": 1, "WEAK": 1, "FAILED": 1} and not run.passed


def test_rng_dump_to_a_pipe_stops_quietly_when_the_reader_has_enough() -> None:
    dump = subprocess.Popen(
        [sys.executable, "-m", "rng", "dump", "--bytes", "100000000000", "--out", "-"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )  # fmt: skip
    assert dump.stdout is not None
    head = dump.stdout.read(3_000_000)
    dump.stdout.close()
    _, err = dump.communicate(timeout=300)
    assert len(head) == 3_000_000 and len(set(head[:4096])) > 200
    assert dump.returncode == 0 and b"to standard output" in err and b"Traceback" not in err


@pytest.mark.skipif(shutil.which("dieharder") is None, reason="dieharder (Debian's package) is not installed")
def test_a_dieharder_test_on_the_production_generator(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cfg = tmp_path / "kiosk.cfg"
    cfg.write_text("", encoding="utf-8")
    # Test 100 (sts_monobit) reads the pipe like any other and takes a third of the time of test 0's
    # birthdays; which test runs is dieharder's business, the pipe, the parse and the verdict are ours.
    status = main(["lab", "dieharder", "--out", str(tmp_path), "--tests", "100", "--config", str(cfg)])
    figures = json.loads((tmp_path / "dieharder.json").read_text())
    assert status == (0 if figures["passed"] else 1)
    assert [r["name"] for r in figures["results"]] == ["sts_monobit"]
    assert figures["command"][1:] == ["-g", "200", "-d", "100"]  # stdin_input_raw: the generator, unrewound
    assert figures["bytes_read"] > 0 and figures["generator_id"].startswith("ctr_drbg_aes256/")
    assert "sts_monobit" in (tmp_path / "dieharder.txt").read_text()
    assert "dieharder 3." in capsys.readouterr().out


def test_bad_test_numbers_are_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as bad:
        main(["lab", "dieharder", "--out", str(tmp_path), "--tests", "x"])
    assert bad.value.code == 2 and "test numbers" in capsys.readouterr().err


@pytest.mark.skipif(shutil.which("dieharder") is None, reason="dieharder (Debian's package) is not installed")
def test_a_test_dieharder_refuses_is_an_error_not_a_gap(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cfg = tmp_path / "kiosk.cfg"
    cfg.write_text("", encoding="utf-8")
    # rgb_bitdist (200) needs -n: alone, dieharder prints an error and exits 0 without a result row
    assert main(["lab", "dieharder", "--out", str(tmp_path), "--tests", "200", "--config", str(cfg)]) == 1
    err = capsys.readouterr().err
    assert "-d 200 gave no result: Error:" in err and len(err.strip().splitlines()) == 1
