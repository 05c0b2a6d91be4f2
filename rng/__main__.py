"""``python -m rng``: the RNG module's own lab interface (selftest, dump, outcomes, battery).

This is the outer shell: the only place in ``rng`` that reads the real clock and builds the production
generator on the OS entropy source. Errors are one line on stderr with a non-zero exit status; long work
reports progress on stderr.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import asdict
from pathlib import Path
from typing import Any, BinaryIO, NoReturn

from rng.cavp import GroupResult, load_folder, mechanism, run_groups
from rng.entropy import EntropySource, HealthParameters
from rng.errors import RngFailure
from rng.recipes import GENERATORS, Rng
from rng.selftest import health_checks, known_answers

CHUNK = 1 << 20
DEFAULT_MIN_ENTROPY = 7.0  # bits per byte claimed for the OS source; the [rng] default of kiosk.cfg
DEFAULT_ALPHA_EXPONENT = 40


class OneLineParser(argparse.ArgumentParser):
    """Errors as one line: ``python -m rng <cmd>: error: …`` and exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see --help)\n")


@contextlib.contextmanager
def _bar(total: int, label: str, unit: str) -> Iterator[Callable[[int], None]]:
    """A tqdm bar on stderr when stdout and stderr are terminals; otherwise a no-op advance."""
    if not (sys.stdout.isatty() and sys.stderr.isatty()):
        yield lambda _: None
        return
    from tqdm import tqdm

    with tqdm(total=total, desc=label, unit=unit, file=sys.stderr) as progress:
        yield progress.update


def _progress(message: str) -> None:
    print(f"rng: {message}", file=sys.stderr, flush=True)


def _positive(text: str) -> int:
    try:
        value = int(text.replace("_", ""))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a positive whole number, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a positive whole number, got {text!r}")
    return value


def production_rng(args: argparse.Namespace) -> Rng:
    """The production generator on the OS entropy source and the monotonic clock."""
    params = HealthParameters(min_entropy=args.min_entropy, alpha_exponent=args.alpha_exponent)
    return Rng(EntropySource(params), clock=time.monotonic, generator=args.generator, name="lab")


def cmd_selftest(args: argparse.Namespace) -> int:
    """Known answers (embedded, and every CAVP group of --vectors), health checks, entropy start-up."""
    results: list[GroupResult] = known_answers() + health_checks()
    if args.vectors is not None:
        if not args.vectors.is_dir():
            raise ValueError(f"--vectors {args.vectors} is not a folder")
        groups = load_folder(args.vectors)
        if not groups:
            raise ValueError(f"--vectors {args.vectors} holds no CTR_DRBG.rsp or HMAC_DRBG.rsp")
        cases = sum(len(g.cases) for g in groups if mechanism(g.name) is not None)
        _progress(f"running {cases:,} CAVP cases (AES CTR_DRBG and HMAC_DRBG) from {args.vectors}")
        results += run_groups(groups)
    source = EntropySource(HealthParameters(args.min_entropy, args.alpha_exponent))
    try:
        source.startup()
        results.append(GroupResult("entropy: start-up health test on the OS source (1,024 samples)", 1, 1))
    except RngFailure:
        results.append(GroupResult("entropy: start-up health test on the OS source (1,024 samples)", 0, 1))
    for r in results:
        print(f"{'PASS' if r.passed == r.total else 'FAIL'} {r.passed}/{r.total}  {r.label}")
    failed = sum(r.passed != r.total for r in results)
    print(f"{len(results) - failed}/{len(results)} groups passed")
    return 1 if failed else 0


def _write_chunks(out: BinaryIO, total: int, chunks: Iterable[bytes]) -> int:
    """Write the chunks; returns the bytes written (fewer when a reader on a pipe closed it early)."""
    done = 0
    try:
        for chunk in chunks:
            out.write(chunk)
            done += len(chunk)
            if done % (64 * CHUNK) == 0 or done == total:
                _progress(f"{done:,}/{total:,} bytes")
        out.flush()
    except BrokenPipeError:  # an external battery (dieharder -g 200) stops reading once it has enough
        pass
    return done


def cmd_dump(args: argparse.Namespace) -> int:
    """Raw generator output to a file, or with ``--out -`` to standard output (a pipe into a battery)."""
    rng = production_rng(args)
    if str(args.out) == "-":
        done = _write_chunks(sys.stdout.buffer, args.bytes, rng.stream(args.bytes))
        with contextlib.suppress(BrokenPipeError, ValueError):
            sys.stdout.close()  # the reader may be gone: nothing is left to flush on exit
        _progress(f"wrote {done:,} bytes of {rng.generator_id} output to standard output")
        return 0
    with args.out.open("wb") as out:
        done = _write_chunks(out, args.bytes, rng.stream(args.bytes))
    print(f"wrote {done:,} bytes of {rng.generator_id} output to {args.out}")
    return 0


def cmd_outcomes(args: argparse.Namespace) -> int:
    """Scaled outcomes through the production path, one per line."""
    rng = production_rng(args)
    out = args.out.open("w", encoding="ascii") if args.out else sys.stdout
    try:
        step = max(1, args.count // 10)
        for i in range(args.count):
            out.write(f"{rng.randbelow(args.range).value}\n")
            if args.out and (i + 1) % step == 0:
                _progress(f"{i + 1:,}/{args.count:,} outcomes")
    finally:
        if args.out:
            out.close()
    return 0


def cmd_battery(args: argparse.Namespace) -> int:
    """SP 800-22 and the outcome tests on a file or on fresh production output."""
    try:
        from rng import battery
        from rng.families import judge_battery
    except ImportError as missing:
        raise ValueError(f"the battery needs numpy and scipy (the 'lab' extra): {missing}") from None
    if args.input is not None:
        bits = battery.read_bits(args.input.read_bytes(), args.format)
        sequences = battery.split(bits, args.bits, args.sequences)
        source = str(args.input)
    else:
        count = args.sequences or 100
        rng = production_rng(args)
        _progress(f"generating {count} sequences of {args.bits:,} bits")
        bits = battery.read_bits(rng.raw(-(-count * args.bits // 8)), "binary")
        sequences = battery.split(bits, args.bits, count)
        source = rng.generator_id
    with _bar(len(sequences), "battery", "sequences") as advance:
        verdicts = battery.run_battery(sequences, _progress, advance)
    families = judge_battery(verdicts)
    if args.json:
        print(json.dumps(_report(source, sequences, verdicts, families), indent=1))
    else:
        _print_report(source, len(sequences), args.bits, verdicts, families)
    return 0 if all(f.passed for f in families) else 1


def _report(
    source: str, sequences: Sequence[Any], verdicts: Sequence[Any], families: Sequence[Any]
) -> dict[str, Any]:
    return {
        "source": source,
        "sequences": len(sequences),
        "bits": len(sequences[0]),
        "tests": [
            {
                "name": v.name, "p_values": list(v.p_values), "passed_sequences": v.passed_sequences,
                "proportion_range": [v.proportion_low, v.proportion_high], "uniformity": v.uniformity,
                "passed": v.passed,
            }
            for v in verdicts
        ],
        "families": [asdict(f) for f in families],
        "passed": all(f.passed for f in families),
    }  # fmt: skip


def _print_report(
    source: str, count: int, bits: int, verdicts: Sequence[Any], families: Sequence[Any]
) -> None:
    print(f"battery: {source}, {count} sequence(s) of {bits:,} bits, alpha 0.01")
    for v in verdicts:
        shown = " ".join(f"{p:.6f}" for p in v.p_values[:10]) + (" ..." if len(v.p_values) > 10 else "")
        uniform = "n/a" if v.uniformity is None else f"{v.uniformity:.6f}"
        if not v.p_values:  # no sequence was long enough for this test: nothing was judged
            print(f"n/a {v.name}: sequences of {bits:,} bits are too short for it")
            continue
        print(
            f"{'ok ' if v.passed else 'OUT'} {v.name}: {v.passed_sequences}/{len(v.p_values)} "
            f"(min {v.proportion_low:.4f}) P_T {uniform}  P: {shown}"
        )
    judged = [v for v in verdicts if v.p_values]
    failed = sum(not v.passed for v in judged)
    print(f"{len(judged) - failed}/{len(judged)} sub-tests inside the literal SP 800-22 §4.2 bounds")
    print("verdict by test (families judged as families; battery false-alarm rate at most 1%):")
    for f in families:
        print(f.summary())
    bad = sum(not f.passed for f in families)
    print(f"{len(families) - bad}/{len(families)} tests passed")


def build_parser() -> argparse.ArgumentParser:
    """The command line."""
    parser = OneLineParser(prog="python -m rng", description="The certified RNG module's lab interface.")
    parser.add_argument("--generator", choices=tuple(GENERATORS), default="ctr_drbg_aes256")
    parser.add_argument(
        "--min-entropy", type=float, default=DEFAULT_MIN_ENTROPY, help="claimed bits per byte"
    )
    parser.add_argument("--alpha-exponent", type=int, default=DEFAULT_ALPHA_EXPONENT, help="health α = 2**-N")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=OneLineParser)
    commands.required = True
    selftest = commands.add_parser("selftest", help="known answers and health tests; exit 1 on any failure")
    selftest.add_argument("--vectors", type=Path, help="a CAVP drbg folder: run every AES and HMAC group")
    selftest.set_defaults(func=cmd_selftest)
    dump = commands.add_parser("dump", help="raw generator output, for external batteries")
    dump.add_argument("--bytes", type=_positive, required=True, help="how many (a pipe's reader may stop)")
    dump.add_argument("--out", type=Path, required=True, help="file to write, or - for standard output")
    dump.set_defaults(func=cmd_dump)
    outcomes = commands.add_parser("outcomes", help="scaled outcomes through the production path")
    outcomes.add_argument("--range", type=_positive, required=True, help="outcomes are 0..N-1")
    outcomes.add_argument("--count", type=_positive, required=True)
    outcomes.add_argument("--out", type=Path, help="file to write (default: standard output)")
    outcomes.set_defaults(func=cmd_outcomes)
    battery = commands.add_parser("battery", help="NIST SP 800-22 and outcome tests; exit 1 on any failure")
    battery.add_argument("--input", type=Path, help="raw binary or ASCII '0'/'1' (default: fresh output)")
    battery.add_argument("--format", choices=("auto", "binary", "ascii"), default="auto")
    battery.add_argument("--sequences", type=_positive, help="default: 100, or all that --input holds")
    battery.add_argument("--bits", type=_positive, default=1_000_000, help="bits per sequence")
    battery.add_argument("--json", action="store_true", help="the report as JSON")
    battery.set_defaults(func=cmd_battery)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    args = build_parser().parse_args(argv)
    try:
        status: int = args.func(args)
    except (ValueError, OSError) as error:
        print(f"python -m rng {args.command}: error: {error}", file=sys.stderr)
        return 2
    except RngFailure as failure:
        print(f"python -m rng {args.command}: RNG failure: {failure}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("python -m rng: interrupted", file=sys.stderr)
        return 130
    return status


if __name__ == "__main__":
    raise SystemExit(main())
