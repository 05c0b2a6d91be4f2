"""The simulation's two plots (matplotlib, headless): RTP converging on the PAR line, and each wager's z.

``convergence.png``: cumulative actual RTP after each chunk for up to 16 wagers (spread over the range of
house edges), the PAR RTP as a dashed line and the interval the run should stay in (the final standard
error scaled back to each point). ``deviation.png``: every wager's deviation from PAR in standard errors
with the family's critical values.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from terminal.lab.simulate import SimRun
from terminal.sims.simulate_stats import Tally, Verdict

PANELS = 16


def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def pick(judged: list[Verdict], most: int = PANELS) -> list[Verdict]:
    """Up to ``most`` wagers spread evenly over the PAR RTPs (all of them when there are few)."""
    ranked = sorted(judged, key=lambda v: (v.par_rtp, v.key))
    if len(ranked) <= most:
        return ranked
    step = (len(ranked) - 1) / (most - 1)
    return [ranked[round(i * step)] for i in range(most)]


def convergence(run: SimRun, judged: list[Verdict], z_crit: float, path: Path) -> Path:
    """Cumulative RTP per chunk against the PAR line."""
    plt = _pyplot()
    chosen = pick(judged)
    cols = 4
    rows = max(1, math.ceil(len(chosen) / cols))
    fig, axes = plt.subplots(rows, cols, figsize=(16, 3.2 * rows), squeeze=False)
    rounds, cumulative = _cumulative(run)
    for ax, verdict in zip(axes.flat, chosen, strict=False):
        _panel(ax, verdict, rounds, cumulative, z_crit)
    for ax in list(axes.flat)[len(chosen) :]:
        ax.set_visible(False)
    fig.suptitle(
        f"{run.spec.game}: cumulative actual RTP (solid) converging on PAR (dashed); "
        f"band = PAR ± {z_crit:.2f} standard errors",
        fontsize=13,
    )
    fig.tight_layout(rect=(0, 0, 1, 0.96))
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path


def _cumulative(run: SimRun) -> tuple[list[int], list[dict[str, Tally]]]:
    rounds: list[int] = []
    totals: list[dict[str, Tally]] = []
    running: dict[str, Tally] = {}
    played = 0
    for outcome in run.outcomes:
        played += outcome.rounds
        for key, tally in outcome.tallies:
            running[key] = running[key].merge(tally) if key in running else tally
        rounds.append(played)
        totals.append(dict(running))
    return rounds, totals


def _panel(
    ax: Any, verdict: Verdict, rounds: list[int], cumulative: list[dict[str, Tally]], z_crit: float
) -> None:
    key, par = verdict.key, verdict.par_rtp * 100
    xs = [r for r, totals in zip(rounds, cumulative, strict=True) if key in totals]
    tallies = [totals[key] for totals in cumulative if key in totals]
    ys = [t.rtp * 100 for t in tallies]
    final = verdict.tally
    se = final.standard_error * 100
    if se > 0 and final.count:
        half = [z_crit * se * math.sqrt(final.count / t.count) for t in tallies]
        ax.fill_between(xs, [par - h for h in half], [par + h for h in half], color="#cfe3f5", label="band")
    ax.axhline(par, color="#1f4e79", linestyle="--", linewidth=1.2, label=f"PAR {par:.3f}%")
    colour = "#b00020" if verdict.verdict == "OUTSIDE" else "#2e7d32"
    ax.plot(xs, ys, color=colour, linewidth=1.6, label=f"actual {ys[-1]:.3f}%" if ys else "actual")
    ax.set_title(f"{key} ({verdict.verdict})", fontsize=11)
    ax.set_xlabel("rounds", fontsize=9)
    ax.set_ylabel("RTP %", fontsize=9)
    ax.tick_params(labelsize=8)
    ax.ticklabel_format(axis="x", style="sci", scilimits=(0, 0))
    ax.legend(fontsize=8, loc="lower right")
    if se > 0 and final.count and tallies:
        spread = max(abs(y - par) for y in ys[len(ys) // 4 :] or ys)
        margin = max(spread, 2 * z_crit * se) * 1.3
        ax.set_ylim(par - margin, par + margin)


def deviation(judged: list[Verdict], z_crit: float, game: str, path: Path) -> Path:
    """Each wager's (actual - PAR) / standard error, with the critical values."""
    plt = _pyplot()
    shown = [v for v in judged if not math.isnan(v.z)]
    height = max(3.0, 0.26 * len(shown) + 1.2)
    fig, ax = plt.subplots(figsize=(10, height))
    names = [v.key for v in shown]
    zs = [v.z for v in shown]
    colours = ["#b00020" if abs(z) > z_crit else "#2e7d32" for z in zs]
    ax.barh(names, zs, color=colours)
    for x in (-z_crit, z_crit):
        ax.axvline(x, color="#b00020", linestyle="--", linewidth=1)
    ax.axvline(0, color="black", linewidth=0.8)
    ax.invert_yaxis()
    limit = max([z_crit * 1.25, *(abs(z) * 1.1 for z in zs)])
    ax.set_xlim(-limit, limit)
    ax.set_xlabel("deviation of actual RTP from PAR, in standard errors", fontsize=10)
    ax.set_title(f"{game}: per-wager deviation (critical ±{z_crit:.2f}, family-wise)", fontsize=12)
    ax.tick_params(axis="y", labelsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path
