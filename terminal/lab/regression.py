"""The simulation regression (checklist item 65): every offered wager of every game, N rounds each, in
one report with the PAR beside each actual RTP, its interval and a pass or fail.

Each registered game (:mod:`terminal.games.registry`: nothing here names one) is simulated as ``terminal
simulate`` does it (:mod:`terminal.lab.simulate`: the game's strategy under the configuration, the rounds
cut into chunks, each on its own certified DRBG, on the local pool or a Dask scheduler). Each wager's
actual RTP is judged against its exact PAR RTP (:func:`terminal.lab.simulate_report.par_rtps`) with one
family-wise confidence over every wager of every game (Bonferroni): ``pass`` when the PAR lies within the
interval, ``FAIL`` when it does not. A wager that settled fewer than
:data:`~terminal.sims.simulate_stats.MIN_SETTLEMENTS` times or never varied (a jackpot never hit in a
short run) is ``too few``: listed, not judged. A PAR row the simulation does not play (one the game's
simulation leaves out) is listed as ``not simulated``. The run passes when no wager fails.

The report (``regression.json`` and ``regression.md``) records the software it ran on
(:mod:`terminal.lab.provenance`), the command, the configuration, the seed and each game's exact integer
sums, so the figures can be checked and the run repeated.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from terminal.config import Config
from terminal.games.par_rows import fraction_text
from terminal.lab import simulate_report
from terminal.lab.simulate import Chunk, Progress, SimRun, SimSpec, plan_chunks
from terminal.sims import plan_for
from terminal.sims.simulate_stats import Verdict, family_z, judge

DEFAULT_ROUNDS = 10**8
WORDS = {"within": "pass", "OUTSIDE": "FAIL", "too few": "too few"}
Runner = Callable[[SimSpec, tuple[Chunk, ...], Progress], SimRun]


@dataclass(frozen=True, slots=True)
class GameRun:
    """One game's part of the regression: its run and its exact PAR per wager."""

    game: str
    run: SimRun
    par: dict[str, Fraction]


def simulate_game(c: Config, game: str, rounds: int, seed: bytes | None, runner: Runner,
                  progress: Progress = lambda n: None) -> GameRun:  # fmt: skip
    """``rounds`` rounds of ``game`` under ``c`` on ``runner`` (the local pool or Dask)."""
    spec = SimSpec(game, plan_for(c, game), seed, c.rng.generator, c.rng.reseed_interval)
    run = runner(spec, plan_chunks(rounds), progress)
    return GameRun(game, run, simulate_report.par_rtps(c, game))


def judged(runs: Sequence[GameRun], confidence: float) -> tuple[float, list[tuple[str, Verdict]]]:
    """The family critical z over every simulated wager of every game, and each (game, verdict)."""
    count = sum(len(r.run.tallies) for r in runs)
    z_crit = family_z(max(count, 1), confidence)
    out = []
    for r in runs:
        missing = sorted(set(r.run.tallies) - set(r.par))
        if missing:
            raise KeyError(f"{r.game}: no PAR figure for simulated wagers {', '.join(missing)}")
        out += [(r.game, judge(k, tally, float(r.par[k]), z_crit)) for k, tally in r.run.tallies.items()]
    return z_crit, out


def _num(value: float) -> float | None:
    return None if math.isnan(value) else round(value, 8)


def report(
    runs: Sequence[GameRun], c: Config, rounds: int, confidence: float, provenance: dict[str, object],
    command: Sequence[str],
) -> dict[str, object]:  # fmt: skip
    """The whole regression as JSON: provenance, each game's run and every wager's verdict."""
    z_crit, verdicts = judged(runs, confidence)
    games = []
    for r in runs:
        mine = [v for g, v in verdicts if g == r.game]
        games.append({
            "game": r.game,
            "rounds_requested": r.run.requested,
            "rounds_played": r.run.rounds,
            "chunks": len(r.run.outcomes),
            "workers": r.run.workers,
            "where": r.run.where,
            "seconds": round(r.run.seconds, 3),
            "rounds_per_second": round(r.run.rounds / r.run.seconds) if r.run.seconds else None,
            "refused": r.run.refused,
            "wagers": [_wager(v, r.par[v.key]) for v in mine],
            "not_simulated": sorted(set(r.par) - set(r.run.tallies)),
        })  # fmt: skip
    words = [WORDS[v.verdict] for _, v in verdicts]
    return {
        "kind": "simulation regression (checklist item 65)",
        "provenance": provenance,
        "command": list(command),
        "config": str(c.path),
        "table": {"venue": c.table.venue, "table_id": c.table.table_id},
        "generator": c.rng.generator,
        "seed": runs[0].run.spec.seed.hex() if runs and runs[0].run.spec.seed is not None else None,
        "rounds_per_game": rounds,
        "confidence": confidence,
        "z_critical": round(z_crit, 6),
        "wagers_judged": words.count("pass") + words.count("FAIL"),
        "passed": words.count("pass"),
        "failed": [f"{g}:{v.key}" for g, v in verdicts if v.verdict == "OUTSIDE"],
        "too_few": [f"{g}:{v.key}" for g, v in verdicts if v.verdict == "too few"],
        "result": "FAIL" if "FAIL" in words else "pass",
        "seconds": round(sum(r.run.seconds for r in runs), 3),
        "games": games,
        "tally_fields": ["count", "staked", "staked_sq", "net", "net_sq", "stake_x_net"],
    }


def _wager(v: Verdict, par: Fraction) -> dict[str, object]:
    t = v.tally
    return {
        "wager": v.key,
        "par_rtp": _num(float(par)),
        "par_house_edge": fraction_text(1 - par),
        "rtp": _num(t.rtp),
        "ci_low": _num(v.low),
        "ci_high": _num(v.high),
        "z": _num(v.z),
        "standard_error": _num(t.standard_error),
        "settlements": t.count,
        "staked": t.staked,
        "returned": t.staked + t.net,
        "verdict": WORDS[v.verdict],
        "sums": list(t.as_tuple()),
    }


def markdown(data: dict[str, object]) -> str:
    """The readable report: what ran on which software, then one table per game."""
    prov = data["provenance"]
    games = data["games"]
    assert isinstance(prov, dict) and isinstance(games, list)  # built by report()
    seed = data["seed"] or "none (each chunk seeded from the OS entropy source)"
    dirty = " (with uncommitted changes)" if prov.get("git_uncommitted_changes") else ""
    failed, too_few = data["failed"], data["too_few"]
    assert isinstance(failed, list) and isinstance(too_few, list)
    lines = [
        f"# Simulation regression: {data['rounds_per_game']:,} rounds per game",
        "",
        f"**Result: {data['result']}**: {data['passed']} of {data['wagers_judged']} wagers judged within "
        f"their interval; failed: {', '.join(failed) or 'none'}; too few settlements to judge: "
        f"{len(too_few)}.",
        "",
        f"- software fingerprint `{prov.get('software_fingerprint')}` ({prov.get('software_files')} files), "
        f"git `{prov.get('git_commit') or 'unknown'}`{dirty}, Python {prov.get('python')}, "
        f"{prov.get('machine')}; written {prov.get('written')}",
        f"- command `terminal {' '.join(str(a) for a in data['command'])}`",  # type: ignore[attr-defined]
        f"- configuration `{data['config']}`, table {_table(data)}; generator {data['generator']}, one "
        f"instance per chunk; seed {seed}",
        f"- intervals: {float(str(data['confidence'])) * 100:g}% for every wager of every game together "
        f"(Bonferroni: ±{data['z_critical']} standard errors each)",
        f"- {data['seconds']:,} s of simulation in all",
    ]
    for g in games:
        lines += [
            "",
            f"## {g['game']}",
            "",
            f"{g['rounds_played']:,} rounds played ({g['rounds_requested']:,} requested; wagers still "
            f"working at a chunk's end played out), {g['chunks']} chunks on {g['workers']} workers "
            f"({g['where']}), {g['seconds']:,} s, {g['rounds_per_second'] or 0:,} rounds/s; refused by the "
            f"rules: {g['refused']:,}",
            "",
            "| wager | PAR RTP | actual RTP | interval | z | settlements | verdict |",
            "|---|---:|---:|---|---:|---:|---|",
        ]
        for w in g["wagers"]:
            lines.append(
                f"| {w['wager']} | {_pct(w['par_rtp'])} | {_pct(w['rtp'])} | {_pct(w['ci_low'])} – "
                f"{_pct(w['ci_high'])} | {_z(w['z'])} | {w['settlements']:,} | {w['verdict']} |"
            )
        if g["not_simulated"]:
            lines += ["", f"On the PAR sheet, not simulated: {', '.join(g['not_simulated'])}."]
    return "\n".join(lines) + "\n"


def _table(data: dict[str, object]) -> str:
    table = data["table"]
    return f"{table['table_id']} at {table['venue']}" if isinstance(table, dict) else "?"


def _pct(value: object) -> str:
    return f"{float(value) * 100:.4f}%" if isinstance(value, float | int) else "—"


def _z(value: object) -> str:
    return f"{float(value):+.2f}" if isinstance(value, float | int) else "—"


def write(out: Path, data: dict[str, object]) -> tuple[Path, Path]:
    """``regression.json`` and ``regression.md`` in ``out``."""
    out.mkdir(parents=True, exist_ok=True)
    json_path, md_path = out / "regression.json", out / "regression.md"
    json_path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    md_path.write_text(markdown(data), encoding="utf-8")
    return json_path, md_path
