"""The RNG report's plots (matplotlib, Agg): outcome histograms, P-value distribution, serial correlation.

Each function writes one PNG and returns its path; the report embeds them.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np

from rng.battery import Verdict
from rng.families import FamilyVerdict, family_of
from terminal.lab.rng_evidence import OutcomeStats

DPI = 110


def histograms(outcomes: Sequence[OutcomeStats], path: Path) -> Path:
    """Counts per outcome for each range, the expected count and its 95 % band."""
    fig, axes = plt.subplots(len(outcomes), 1, figsize=(11, 3.2 * len(outcomes)))
    for ax, o in zip(np.atleast_1d(axes), outcomes, strict=True):
        expected = o.n / o.k
        sd = math.sqrt(o.n * (1 / o.k) * (1 - 1 / o.k))
        ax.bar(range(o.k), o.counts, color="#4C72B0", width=0.8, label="observed")
        ax.axhline(expected, color="#C44E52", linestyle="--", label=f"expected {expected:,.1f}")
        ax.axhspan(expected - 1.96 * sd, expected + 1.96 * sd, color="#C44E52", alpha=0.12, label="95 % band")
        ax.set_ylim(expected - 5 * sd, expected + 5 * sd)
        ax.set_xlim(-0.8, o.k - 0.2)
        ax.set_xticks(range(o.k))
        ax.tick_params(axis="x", labelsize=7 if o.k > 10 else 9)
        ax.set_title(f"outcomes below {o.k}: n = {o.n:,}, chi-square P = {o.chi_square_p:.4f}", fontsize=10)
        ax.set_ylabel("count")
        ax.legend(loc="upper right", fontsize=8, ncol=3)
    fig.tight_layout()
    fig.savefig(path, dpi=DPI)
    plt.close(fig)
    return path


def p_values(verdicts: Sequence[Verdict], families: Sequence[FamilyVerdict], path: Path) -> Path:
    """Left: every P-value of every sub-test pooled in ten bins; right: each test's worst proportion."""
    pooled = np.array([p for v in verdicts for p in v.p_values])
    fig, (left, right) = plt.subplots(1, 2, figsize=(12, 4.6), gridspec_kw={"width_ratios": [1, 1.4]})
    left.hist(pooled, bins=10, range=(0, 1), color="#4C72B0", edgecolor="white")
    left.axhline(len(pooled) / 10, color="#C44E52", linestyle="--", label=f"uniform: {len(pooled) / 10:,.0f}")
    left.set_title(f"P-values of all sub-tests ({len(pooled):,})", fontsize=10)
    left.set_xlabel("P-value")
    left.set_ylabel("count")
    left.legend(fontsize=8)
    names, worst, bounds, colours = [], [], [], []
    by_family: dict[str, list[Verdict]] = {}
    for v in verdicts:
        if v.p_values:
            by_family.setdefault(family_of(v.name), []).append(v)
    for f in families:
        members = by_family.get(f.name)
        if not members:
            continue
        ratios = [v.passed_sequences / len(v.p_values) for v in members]
        names.append(f.name if len(f.name) <= 24 else f.name[:22] + "…")
        worst.append(min(ratios))
        bounds.append(min(v.proportion_low for v in members))
        colours.append("#55A868" if f.passed else "#C44E52")
    y = np.arange(len(names))
    right.barh(y, worst, color=colours, height=0.6, label="lowest proportion of passing sequences")
    right.scatter(bounds, y, marker="|", s=120, color="black", label="SP 800-22 §4.2.1 lower bound")
    right.set_yticks(y, names, fontsize=7)
    right.invert_yaxis()
    right.set_xlim(min([*worst, *bounds, 0.9]) - 0.01, 1.0)
    right.set_title("proportion passing, worst sub-test of each test (green: test passed)", fontsize=10)
    right.legend(fontsize=7, loc="upper center", bbox_to_anchor=(0.5, -0.06), ncol=2, frameon=False)
    fig.tight_layout()
    fig.savefig(path, dpi=DPI)
    plt.close(fig)
    return path


def serial_correlation(outcomes: Sequence[OutcomeStats], path: Path) -> Path:
    """Autocorrelation of each range's outcomes at lags 1..20 with the 95 % band of no correlation."""
    fig, ax = plt.subplots(figsize=(11, 4))
    for o, marker in zip(outcomes, "osd", strict=False):
        lags = np.arange(1, len(o.serial) + 1)
        ax.plot(lags, o.serial, marker=marker, linestyle="-", linewidth=1, label=f"below {o.k}")
    band = 1.96 / math.sqrt(min(o.n for o in outcomes))
    ax.axhspan(-band, band, color="grey", alpha=0.15, label="95 % band (no correlation)")
    ax.axhline(0, color="black", linewidth=0.6)
    ax.set_xlabel("lag")
    ax.set_ylabel("autocorrelation")
    ax.set_xticks(range(1, len(outcomes[0].serial) + 1))
    ax.set_ylim(-4 * band, 4 * band)
    ax.set_title("serial correlation of scaled outcomes", fontsize=10)
    ax.legend(fontsize=8, ncol=4)
    fig.tight_layout()
    fig.savefig(path, dpi=DPI)
    plt.close(fig)
    return path

