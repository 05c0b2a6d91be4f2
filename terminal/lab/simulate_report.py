"""A simulation's verdicts against the PAR sheet, as JSON and as a markdown report a lab can file.

The PAR RTP of a wager is ``1 - house edge`` from each game's ``terminal/games/<game>/par.py`` for the
configuration's paytables.
Odds wagers (Pass, Don't Pass, Come, Don't Come odds, and Put odds on N, tallied per number as ``put_odds_N``
behind each ``put_N``) are not on the PAR sheet (no wager id of their own: they ride behind a flat bet):
they pay true odds, so their RTP is exactly 1 at the stakes played. A row's ``conditions`` (a wager's edge
under a named condition, as High Roll Dice's circles with an Extra Roll held) are keys ``wager:condition``.
Touchdown's team is assigned at random, so where the yard map makes the teams differ its PAR is the mean
of the two rows. Each wager's interval is at a family-wise confidence (Bonferroni over the wagers).
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable
from fractions import Fraction
from pathlib import Path

from terminal.config import Config
from terminal.config.game_rules import ConfigSettings
from terminal.games.par_rows import fraction_text
from terminal.games.registry import game as find_game
from terminal.lab.simulate import SimRun
from terminal.sims.simulate_stats import Verdict, family_z, judge

ODDS_KEYS = ("pass_odds", "dont_pass_odds", "come_odds", "dont_come_odds")
_ENGINE_TEXT = {
    "fast": "the real settlement code asked once per table state and outcome, its answers counted",
    "plain": "the real settlement code called for every wager of every round",
}


def par_rtps(c: Config, game: str) -> dict[str, Fraction]:
    """The exact PAR RTP of every wager key the simulation tallies for ``game``."""
    rows = find_game(game).par_rows(ConfigSettings(c), all_paytables=False)
    grouped: dict[str, list[Fraction]] = {}
    for row in rows:
        key = row.wager
        if key == "horn_high":
            key = "horn_high:12" if row.note.endswith(" 12") else "horn_high:11"
        grouped.setdefault(key, []).append(1 - row.house_edge)
        for condition, edge in row.conditions:  # tallied apart: the wager under that condition
            grouped.setdefault(f"{row.wager}:{condition}", []).append(1 - edge)
    par = {key: sum(values, Fraction(0)) / len(values) for key, values in grouped.items()}
    if any(row.wager == "pass" for row in rows):  # odds ride behind the line bets
        par |= dict.fromkeys(ODDS_KEYS, Fraction(1))
    par |= {f"put_odds_{key.removeprefix('put_')}": Fraction(1) for key in grouped if key.startswith("put_")}
    return par


def verdicts(run: SimRun, par: dict[str, Fraction], confidence: float) -> tuple[float, list[Verdict]]:
    """The family critical z and one verdict per tallied wager; a wager with no PAR figure is an error."""
    tallies = run.tallies
    missing = sorted(set(tallies) - set(par))
    if missing:
        raise KeyError(f"no PAR figure for simulated wagers {', '.join(missing)}")
    z_crit = family_z(max(len(tallies), 1), confidence)
    return z_crit, [judge(key, tally, float(par[key]), z_crit) for key, tally in tallies.items()]


def _num(value: float) -> float | None:
    return None if math.isnan(value) else round(value, 8)


def to_json(run: SimRun, c: Config, par: dict[str, Fraction], confidence: float) -> dict[str, object]:
    """Everything the run found, with every chunk's integer sums so anyone can merge them again."""
    z_crit, judged = verdicts(run, par, confidence)
    return {
        "game": run.spec.game,
        "config": str(c.path),
        "table": {"venue": c.table.venue, "table_id": c.table.table_id},
        "generator": run.spec.generator,
        "engine": run.spec.engine,
        "seed": run.spec.seed.hex() if run.spec.seed is not None else None,
        "rounds_requested": run.requested,
        "rounds_played": run.rounds,
        "chunks": len(run.outcomes),
        "workers": run.workers,
        "where": run.where,
        "seconds": round(run.seconds, 3),
        "rounds_per_second": round(run.rounds / run.seconds) if run.seconds else None,
        "refused": run.refused,
        "confidence": confidence,
        "z_critical": round(z_crit, 6),
        "flagged": [v.key for v in judged if v.verdict == "OUTSIDE"],
        "wagers": [_wager_json(v, par[v.key]) for v in judged],
        "per_chunk": [
            {
                "rounds": o.rounds,
                "refused": o.refused,
                "tallies": {k: list(t.as_tuple()) for k, t in o.tallies},
            }
            for o in run.outcomes
        ],
        "tally_fields": ["count", "staked", "staked_sq", "net", "net_sq", "stake_x_net"],
    }


def _wager_json(v: Verdict, par: Fraction) -> dict[str, object]:
    t = v.tally
    return {
        "wager": v.key,
        "settlements": t.count,
        "staked": t.staked,
        "returned": t.staked + t.net,
        "rtp": _num(t.rtp),
        "par_rtp": _num(v.par_rtp),
        "par_house_edge": fraction_text(1 - par),
        "standard_error": _num(t.standard_error),
        "z": _num(v.z),
        "ci_low": _num(v.low),
        "ci_high": _num(v.high),
        "verdict": v.verdict,
        "sums": list(t.as_tuple()),
    }


def markdown(report: dict[str, object], plots: Iterable[str]) -> str:
    """The readable report: what was run, one row per wager, the flagged wagers and the plots."""
    wagers = report["wagers"]
    assert isinstance(wagers, list)  # built by to_json
    seed = report["seed"] or "none (each chunk seeded from the OS entropy source)"
    lines = [
        f"# Simulation report: {report['game']}",
        "",
        f"- configuration `{report['config']}`, table {_table(report)}",
        f"- generator {report['generator']}, one instance per chunk; seed {seed}",
        f"- engine {report['engine']} ({_ENGINE_TEXT.get(str(report['engine']), '')})",
        f"- rounds {report['rounds_requested']:,} requested, {report['rounds_played']:,} played "
        "(wagers still working at a chunk's end are played out with no new wagers)",
        f"- {report['chunks']} chunks on {report['workers']} workers ({report['where']}), "
        f"{report['seconds']} s, {report['rounds_per_second']:,} rounds/s; wagers refused by the rules: "
        f"{report['refused']}",
        f"- intervals: {float(report['confidence']) * 100:g}% for all wagers together "  # type: ignore[arg-type]
        f"(Bonferroni: ±{report['z_critical']} standard errors each)",
        "",
        "| wager | settlements | staked | actual RTP | PAR RTP | interval | z | verdict |",
        "|---|---:|---:|---:|---:|---|---:|---|",
    ]
    for w in wagers:
        lines.append(
            f"| {w['wager']} | {w['settlements']:,} | {w['staked']:,} | {_pct(w['rtp'])} "
            f"| {_pct(w['par_rtp'])} "
            f"| {_pct(w['ci_low'])} – {_pct(w['ci_high'])} | {_z(w['z'])} | {w['verdict']} |"
        )
    flagged = report["flagged"]
    lines += ["", f"**Outside the interval:** {', '.join(flagged) if flagged else 'none'}."]  # type: ignore[arg-type]
    lines += ["", *(f"![{name}]({name})" for name in plots)]
    return "\n".join(lines) + "\n"


def _table(report: dict[str, object]) -> str:
    table = report["table"]
    return f"{table['table_id']} at {table['venue']}" if isinstance(table, dict) else "?"


def _pct(value: object) -> str:
    return f"{float(value) * 100:.4f}%" if isinstance(value, float | int) else "—"


def _z(value: object) -> str:
    return f"{float(value):+.2f}" if isinstance(value, float | int) else "—"


def write(out: Path, report: dict[str, object], plots: Iterable[str]) -> tuple[Path, Path]:
    """``simulation.json`` and ``simulation.md`` in ``out``."""
    out.mkdir(parents=True, exist_ok=True)
    json_path, md_path = out / "simulation.json", out / "simulation.md"
    json_path.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    md_path.write_text(markdown(report, plots), encoding="utf-8")
    return json_path, md_path
