"""SP 800-22 against the standard's worked examples and Appendix B; the battery's criteria; the CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rng import battery
from rng import sp800_22 as basic
from rng import sp800_22_patterns as patterns
from rng.__main__ import main
from tests.rng.shared_vectors import LOCAL, shared_vectors

# The 100-bit example sequence of §2.1.8–2.3.8, 2.12.8, 2.13.8 (the first 100 bits of pi's expansion).
PI_100 = basic.from_text(
    "1100100100001111110110101010001000100001011010001100001000110100110001001100011001100010100010111000"
)


@pytest.mark.parametrize(
    ("test", "expected"),
    [
        (basic.frequency, (0.109599,)),
        (lambda b: basic.block_frequency(b, 10), (0.706438,)),
        (basic.runs, (0.500798,)),
        (basic.cumulative_sums, (0.219194, 0.114866)),
        (lambda b: basic.approximate_entropy(b, 2), (0.235301,)),
    ],
)
def test_worked_examples_on_100_bits(test, expected) -> None:  # type: ignore[no-untyped-def]
    assert test(PI_100) == pytest.approx(expected, abs=1e-6)


def test_local_piece_of_data_e_is_e() -> None:
    bits = basic.from_text((LOCAL / "sp800-22" / "data.e.head").read_text(encoding="ascii"))
    assert len(bits) > 100_000
    assert bits[:24].tolist() == [1, 0, 1, 0, 1, 1, 0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 1, 0, 1, 0, 1, 0, 0]
    # §2.5.8: the rank test on the first 100,000 bits of e.
    assert basic.rank(bits[:100_000]) == pytest.approx((0.532069,), abs=1e-6)


APPENDIX_B_E = {  # SP 800-22 rev. 1a Appendix B, data.e, first 1,000,000 bits
    "Frequency": (basic.frequency, 0, 0.953749),
    "BlockFrequency": (basic.block_frequency, 0, 0.211072),
    "CumulativeSums forward": (basic.cumulative_sums, 0, 0.669887),
    "CumulativeSums reverse": (basic.cumulative_sums, 1, 0.724266),
    "Runs": (basic.runs, 0, 0.561917),
    "LongestRun": (basic.longest_run, 0, 0.718945),
    "Rank": (basic.rank, 0, 0.306156),
    "FFT": (basic.dft, 0, 0.847187),
    "NonOverlappingTemplate 000000001": (patterns.non_overlapping_template, 0, 0.078790),
    "OverlappingTemplate": (patterns.overlapping_template, 0, 0.110434),
    "Universal": (patterns.universal, 0, 0.282568),
    "ApproximateEntropy": (basic.approximate_entropy, 0, 0.700073),
    "RandomExcursions x=+1": (patterns.random_excursions, 4, 0.786868),
    "RandomExcursionsVariant x=-1": (patterns.random_excursions_variant, 8, 0.826009),
    "Serial 1": (basic.serial, 0, 0.766182),
    "Serial 2": (basic.serial, 1, 0.462921),
    "LinearComplexity (reference code's pi)": (
        lambda b: patterns.linear_complexity(b, 500, patterns.REFERENCE_CODE_PI),
        0,
        0.826335,
    ),
    "Serial m=2, §2.11.8": (lambda b: basic.serial(b, 2), 0, 0.843764),
}


@pytest.fixture(scope="module")
def e_million() -> basic.Bits:
    path = shared_vectors("sp800-22") / "data.e"
    return basic.from_text(path.read_text(encoding="ascii"))[:1_000_000]


@pytest.mark.parametrize("name", APPENDIX_B_E)
def test_appendix_b_data_e(name: str, e_million: basic.Bits) -> None:
    test, index, expected = APPENDIX_B_E[name]
    result = test(e_million)
    assert result is not None
    assert result[index] == pytest.approx(expected, abs=1e-6)


def test_uniformity_and_proportion_criteria() -> None:
    low, high = battery.proportion_bounds(100)
    assert (low, high) == pytest.approx((0.99 - 3 * (0.0099 / 100) ** 0.5, 0.99 + 3 * (0.0099 / 100) ** 0.5))
    even = tuple((i + 0.5) / 100 for i in range(100))
    assert battery.uniformity(even) == pytest.approx(1.0)
    assert battery.uniformity(tuple(0.05 for _ in range(100))) < 1e-4
    assert battery.judge("x", even).passed is True  # 1 of 100 under 0.01 and spread evenly
    five_low = tuple(0.001 if i < 5 else (i + 0.5) / 100 for i in range(100))
    assert battery.judge("x", five_low).passed is False  # 95/100 is under the 0.9602 bound
    assert battery.judge("x", tuple(0.5 + i / 1000 for i in range(100))).passed is False  # bunched
    assert battery.judge("x", tuple((i + 0.5) / 10 for i in range(10))).uniformity is None
    assert battery.judge("none", ()).passed is False


def test_bad_sequences_fail_the_battery() -> None:
    zeros = basic.from_bytes(bytes(2000))
    verdicts = {v.name: v for v in battery.run_battery([zeros])}
    assert not verdicts["Frequency"].passed
    assert not verdicts["chi-square[37]"].passed


def test_read_bits_auto_detects_the_format() -> None:
    assert battery.read_bits(b"01 1\n0").tolist() == [0, 1, 1, 0]
    assert battery.read_bits(b"\x80\x01").tolist() == [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]
    with pytest.raises(ValueError, match="3 requested"):
        battery.split(battery.read_bits(bytes(10)), 40, 3)


def test_cli_selftest(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["selftest"]) == 0
    out = capsys.readouterr().out
    assert "PASS 1/1  pr_true/CTR_DRBG.rsp [AES-256 use df]" in out
    assert out.strip().endswith("21/21 groups passed")


def test_cli_dump_outcomes_and_battery(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    dump = tmp_path / "raw.bin"
    assert main(["dump", "--bytes", "25000", "--out", str(dump)]) == 0
    assert dump.stat().st_size == 25000
    values = tmp_path / "values.txt"
    assert main(["outcomes", "--range", "38", "--count", "500", "--out", str(values)]) == 0
    numbers = [int(line) for line in values.read_text().split()]
    assert len(numbers) == 500 and set(numbers) <= set(range(38)) and len(set(numbers)) > 30
    capsys.readouterr()
    status = main(["battery", "--input", str(dump), "--bits", "100000", "--sequences", "2", "--json"])
    report = json.loads(capsys.readouterr().out)
    assert report["sequences"] == 2 and report["bits"] == 100_000
    names = {t["name"] for t in report["tests"]}
    assert {"Frequency", "LinearComplexity", "chi-square[37]", "NonOverlappingTemplate[000000001]"} <= names
    assert status == (0 if report["passed"] else 1)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["outcomes", "--range", "0", "--count", "5"], "positive whole number"),
        (["dump", "--bytes", "x", "--out", "f"], "positive whole number"),
        (["battery", "--input", "/nonexistent/file"], "No such file"),
        (["battery", "--input", "SELF", "--bits", "999999999"], "sequence(s) of"),
    ],
)
def test_cli_bad_input_is_one_line_and_non_zero(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = [str(Path(__file__)) if a == "SELF" else a for a in argv]
    try:
        status = main(argv)
    except SystemExit as exit_:
        status = int(exit_.code or 0)
    err = capsys.readouterr().err.strip()
    assert status != 0
    assert message in err and len(err.splitlines()) == 1
