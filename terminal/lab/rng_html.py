"""The RNG report as one self-contained HTML file (plots embedded as PNG data), and its JSON twin."""

from __future__ import annotations

import base64
import html
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from terminal.lab.rng_evidence import Evidence

STYLE = """
body { font: 15px/1.45 system-ui, sans-serif; margin: 2em auto; max-width: 1200px; color: #222; }
h1 { font-size: 1.6em; } h2 { font-size: 1.25em; margin-top: 1.6em; border-bottom: 1px solid #ccc; }
table { border-collapse: collapse; margin: .6em 0; } td, th { padding: 3px 10px; border: 1px solid #ddd; }
th { background: #f2f2f2; text-align: left; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
.pass { color: #17692b; font-weight: 600; } .fail { color: #b00020; font-weight: 600; } .na { color: #777; }
.verdict { font-size: 1.3em; padding: .5em 1em; display: inline-block; border: 2px solid; }
img { max-width: 100%; border: 1px solid #eee; } code { font-size: 90%; }
"""


def _esc(value: object) -> str:
    return html.escape(str(value))


def _word(ok: bool | None) -> str:
    if ok is None:
        return '<span class="na">N/A</span>'
    return '<span class="pass">PASS</span>' if ok else '<span class="fail">FAIL</span>'


def _table(head: Sequence[str], rows: Sequence[Sequence[str]], numeric: frozenset[int] = frozenset()) -> str:
    out = ["<table><tr>", *(f"<th>{_esc(h)}</th>" for h in head), "</tr>"]
    for row in rows:
        cells = (f'<td class="num">{c}</td>' if i in numeric else f"<td>{c}</td>" for i, c in enumerate(row))
        out += ["<tr>", *cells, "</tr>"]
    out.append("</table>")
    return "".join(out)


def _image(path: Path, alt: str) -> str:
    data = base64.b64encode(path.read_bytes()).decode("ascii")
    return f'<p><img alt="{_esc(alt)}" src="data:image/png;base64,{data}"></p>'


def render(e: Evidence, plots: dict[str, Path], config_path: Path, when: str) -> str:
    """The whole report."""
    s = e.sizes
    parts = [
        "<!doctype html><html><head><meta charset='utf-8'>",
        f"<title>RNG evidence {_esc(e.generator_id)}</title>",
        f"<style>{STYLE}</style></head><body>",
        "<h1>RNG evidence report</h1>",
        f'<p class="verdict {"pass" if e.passed else "fail"}">Overall: {"PASS" if e.passed else "FAIL"}</p>',
        _table(
            ("item", "value"),
            (
                ("generator", f"{_esc(e.generator)}, instance <code>{_esc(e.generator_id)}</code>"),
                ("entropy", "OS source through SP 800-90B repetition-count and adaptive-proportion tests"),
                ("scaling", f"exact rejection (no modulo, no floats); words rejected: {e.rejections}"),
                ("configuration", f"<code>{_esc(config_path)}</code>"),
                ("generated", _esc(when)),
                ("battery input", f"{s.sequences} sequences × {s.bits:,} bits of raw DRBG output (raw.bin)"),
                ("scaled outcomes", f"{s.outcomes:,} per range (6, 37, 38), <code>Rng.randbelow</code>"),
                ("game-level streams", f"{s.games:,} outcomes per game, each its own generator, drawn by the "
                 "game's driver as the table draws a round" if s.games else "not run"),
                ("run time", f"{e.seconds:,.0f} s"),
            ),
        ),
        "<h2>1. Self-tests</h2>",
        _table(
            ("result", "passed/total", "test"),
            [(_word(r.passed == r.total), f"{r.passed}/{r.total}", _esc(r.label)) for r in e.selftests],
        ),
        "<h2>2. Statistical battery: NIST SP 800-22 and outcome tests</h2>",
        "<p>Every test's verdict. Families of sub-tests are judged as families (SP 800-22 §4.2 with the "
        f"battery's false-alarm rate held at {e.alpha:.0%}: the 148 templates against a binomial bound on "
        "how many may fall outside the §4.2.1 range by chance, the others by their worst member with the "
        "budget shared out). A test that no sequence was long enough for is N/A.</p>",
        _table(
            ("verdict", "test", "sub-tests", "outside §4.2.1", "most failing sequences", "P_T < 0.0001"),
            [_family_row(f) for f in e.families],
            numeric=frozenset({2, 3, 4, 5}),
        ),
        _literal(e),
        _image(plots["pvalues"], "P-value distribution"),
        "<h2>3. Scaled outcomes (production path)</h2>",
        _table(
            ("verdict", "range", "draws", "chi-square", "chi-square P", "runs P", "lag-1 correlation", "P"),
            [
                (
                    _word(o.passed), str(o.k), f"{o.n:,}", f"{o.chi_square:.2f} (df {o.k - 1})",
                    f"{o.chi_square_p:.4f}", f"{o.runs_p:.4f}", f"{o.serial[0]:+.5f}", f"{o.serial_p:.4f}",
                )
                for o in e.outcomes
            ],
            numeric=frozenset({1, 2, 3, 4, 5, 6, 7}),
        ),
        _image(plots["histograms"], "outcome histograms"),
        _image(plots["serial"], "serial correlation"),
        *_games(e),
        "<h2>5. Files</h2>",
        _table(
            ("file", "bytes", "SHA-256"),
            [(_esc(n), f"{b:,}", f"<code>{h}</code>") for n, b, h in e.files],
        ),
        *(f"<p>{_esc(n)}</p>" for n in e.notes),
        "</body></html>",
    ]
    return "\n".join(parts)


def _games(e: Evidence) -> list[str]:
    """Section 4: the game-level family, one table per stream."""
    if e.game_family is None:
        return []
    parts = [
        "<h2>4. Game-level tests (independent streams through the production path)</h2>",
        f"<p>{_word(e.game_family.passed)} {_esc(e.game_family.summary())}</p>",
    ]
    for g in e.games:
        parts.append(
            f"<h3>{_esc(g.name)}: {g.n:,} outcomes from <code>{_esc(g.generator_id)}</code> "
            f"({g.seconds:,.0f} s)</h3>"
        )
        rows = [
            (_word(c.p_value >= e.game_family.threshold), _esc(c.name), f"{c.statistic:.5g}",
             str(c.df) if c.df else "", f"{c.p_value:.4f}")
            for c in g.checks
        ]  # fmt: skip
        parts.append(_table(("verdict", "check", "statistic", "df", "P"), rows, numeric=frozenset({2, 3, 4})))
    return parts


def _family_row(f: Any) -> tuple[str, ...]:
    if not f.applicable:
        return (_word(None), _esc(f.name), str(f.subtests), "", "", "")
    outside, uniform = str(f.proportion_failures), str(f.uniformity_failures)
    if f.counted:
        outside += f" (≤ {f.proportion_allowed})"
        uniform += f" (≤ {f.uniformity_allowed})"
    return (
        _word(f.passed), _esc(f.name), str(f.subtests), outside,
        f"{f.worst_failing} (≤ {f.worst_allowed})", uniform,
    )  # fmt: skip


def _literal(e: Evidence) -> str:
    out = [v for v in e.verdicts if not v.passed and v.p_values]
    if not out:
        return "<p>Every sub-test lies inside the literal §4.2.1/§4.2.2 bounds.</p>"
    names = ", ".join(f"{_esc(v.name)} ({v.passed_sequences}/{len(v.p_values)})" for v in out)
    return f"<p>Sub-tests outside the literal per-sub-test bounds ({len(out)}, counted above): {names}.</p>"


def to_json(e: Evidence) -> dict[str, Any]:
    """The report's figures as JSON (P-values included) for the lab's own tools."""
    return {
        "generator": e.generator, "generator_id": e.generator_id, "passed": e.passed,
        "sizes": {"sequences": e.sizes.sequences, "bits": e.sizes.bits, "outcomes": e.sizes.outcomes,
                  "games": e.sizes.games},
        "selftests": [{"label": r.label, "passed": r.passed, "total": r.total} for r in e.selftests],
        "families": [
            {k: getattr(f, k) for k in f.__dataclass_fields__} for f in e.families
        ],
        "subtests": [
            {"name": v.name, "passed_sequences": v.passed_sequences, "sequences": len(v.p_values),
             "proportion_low": v.proportion_low, "uniformity": v.uniformity, "p_values": list(v.p_values)}
            for v in e.verdicts
        ],
        "outcomes": [
            {"range": o.k, "draws": o.n, "counts": list(o.counts), "chi_square": o.chi_square,
             "chi_square_p": o.chi_square_p, "runs_p": o.runs_p, "serial": list(o.serial),
             "serial_p": o.serial_p, "passed": o.passed}
            for o in e.outcomes
        ],
        "games": [
            {"stream": g.name, "generator_id": g.generator_id, "outcomes": g.n, "counts": list(g.counts),
             "seconds": g.seconds,
             "checks": [
                 {"name": c.name, "statistic": c.statistic, "df": c.df, "p": c.p_value} for c in g.checks
             ]}
            for g in e.games
        ],
        "game_family": None if e.game_family is None else {
            k: getattr(e.game_family, k) for k in e.game_family.__dataclass_fields__
        },
        "files": [{"name": n, "bytes": b, "sha256": h} for n, b, h in e.files],
        "seconds": e.seconds,
    }  # fmt: skip
