"""The PAR sheet as the lab reads it: JSON (a list of rows) or a readable markdown document.

>>> from fractions import Fraction
>>> from terminal.par.rows import ParRow
>>> rows = [ParRow("roulette", "red", "standard", "10 to 9", "1 to 1", Fraction(1, 19))]
>>> print(render_json(rows)[:63])
[
  {"game": "roulette", "wager": "red", "paytable": "standard"
>>> json.loads(render_json(rows))[0]["house_edge"]
'1/19'
>>> print(render_markdown(rows, ("table T-01",)).splitlines()[-1])
| red | standard | 10 to 9 | 1 to 1 | 1/19 | 5.2632% |  |
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from terminal.par.rows import ParRow, fraction_text, percent


def render_json(rows: Sequence[ParRow]) -> str:
    """One JSON object per line inside a list: diffable, and still one JSON document."""
    if not rows:
        return "[]"
    return "[\n" + ",\n".join("  " + json.dumps(row.to_json()) for row in rows) + "\n]"


def render_markdown(rows: Sequence[ParRow], header: Sequence[str] = ()) -> str:
    """A PAR sheet document: a heading, the ``header`` lines, then one table per game."""
    lines = ["# PAR sheet", ""]
    lines += [f"- {line}" for line in header]
    lines += ["- house edge per unit wagered, exact; percentages rounded to 4 decimals for reading"]
    for game in dict.fromkeys(row.game for row in rows):
        lines += ["", f"## {game}", ""]
        lines += [
            "| wager | paytable | true odds | payout | house edge | % | note |",
            "|---|---|---|---|---|---|---|",
        ]
        lines += [_line(row) for row in rows if row.game == game]
    return "\n".join(lines)


def _line(row: ParRow) -> str:
    note = row.note
    if row.house_edge_resolved is not None:
        resolved = f"per unit resolved {fraction_text(row.house_edge_resolved)}"
        note = f"{note}; {resolved}" if note else resolved
    for s in row.stakes:
        edge = f"{fraction_text(s.house_edge)} = {percent(s.house_edge)}%"
        note += f"; {s.label} stake {s.stake} (vig {s.vig}): {edge}"
    return (
        f"| {row.wager} | {row.paytable} | {row.true_odds} | {row.payout} | {fraction_text(row.house_edge)} "
        f"| {percent(row.house_edge)}% | {note} |"
    )
