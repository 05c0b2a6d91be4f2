"""The PAR sheet as the lab reads it: JSON (a list of rows) or a readable markdown document.

>>> from fractions import Fraction
>>> from terminal.games.par_rows import ParRow
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
from fractions import Fraction

from terminal.games.par_rows import ParRow, fraction_text, percent


def render_json(rows: Sequence[ParRow], floor: Fraction = Fraction(0)) -> str:
    """One JSON object per line inside a list: diffable, and still one JSON document. With an RTP floor
    (``[lab] rtp_floor``) each row also says its RTP and whether it is under the floor."""
    if not rows:
        return "[]"
    return "[\n" + ",\n".join("  " + json.dumps(_json(row, floor)) for row in rows) + "\n]"


def _json(row: ParRow, floor: Fraction) -> dict[str, object]:
    found = row.to_json()
    if floor:
        found |= {"rtp_pct": percent(1 - row.house_edge), "below_rtp_floor": 1 - row.house_edge < floor}
    return found


def render_markdown(rows: Sequence[ParRow], header: Sequence[str] = (), floor: Fraction = Fraction(0)) -> str:
    """A PAR sheet document: a heading, the ``header`` lines, then one table per game; with an RTP floor,
    a line naming every wager under it, each also marked in its row."""
    lines = ["# PAR sheet", ""]
    lines += [f"- {line}" for line in header]
    if floor:
        under = [f"{row.game} {row.wager} ({row.paytable})" for row in rows if 1 - row.house_edge < floor]
        named = ", ".join(under) if under else "none"
        lines += [f"- RTP floor {percent(floor)}% ([lab] rtp_floor): wagers under it: {named}"]
    lines += ["- house edge per unit wagered, exact; percentages rounded to 4 decimals for reading"]
    for game in dict.fromkeys(row.game for row in rows):
        lines += ["", f"## {game}", ""]
        lines += [
            "| wager | paytable | true odds | payout | house edge | % | note |",
            "|---|---|---|---|---|---|---|",
        ]
        lines += [_line(row, floor) for row in rows if row.game == game]
    return "\n".join(lines)


def _line(row: ParRow, floor: Fraction = Fraction(0)) -> str:
    note = row.note
    if floor and 1 - row.house_edge < floor:
        under = f"**RTP {percent(1 - row.house_edge)}% under the floor {percent(floor)}%**"
        note = f"{under}; {note}" if note else under
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
