"""The jurisdiction's RTP floor (``[lab] rtp_floor``): every offered wager that returns less than it.

A wager's RTP is 1 minus its exact house edge per unit wagered (the PAR sheet's figure, vig counted as
wagered). ``terminal config check`` fails naming each offered wager under the floor, and the PAR sheet
marks them and names them on a last line, so a lab reads the finding wherever it looks. With the floor
at 0 (shipped: no jurisdiction set) nothing is under it.

>>> from terminal import config
>>> c = config.loads("[table]\\ngame = craps\\n[lab]\\nrtp_floor = 0.80\\n")
>>> sorted({row.wager for row in below_floor(c)})
['fire']
"""

from __future__ import annotations

from fractions import Fraction

from terminal.config import Config
from terminal.config.game_rules import ConfigSettings, game_of
from terminal.games.par_rows import ParRow, percent


def offered_rows(c: Config) -> list[ParRow]:
    """The PAR rows of every wager the configured game offers, under its configured paytables."""
    return game_of(c).par_rows(ConfigSettings(c), all_paytables=False)


def rtp(row: ParRow) -> Fraction:
    """A wager's return to player per unit wagered, exactly."""
    return 1 - row.house_edge


def below_floor(c: Config, rows: list[ParRow] | None = None) -> list[ParRow]:
    """The offered wagers (or ``rows``) whose RTP is under ``[lab] rtp_floor``."""
    floor = c.lab.rtp_floor
    return [row for row in (offered_rows(c) if rows is None else rows) if floor and rtp(row) < floor]


def describe(row: ParRow, floor: Fraction) -> str:
    """One line naming the wager, its paytable, its RTP and the floor."""
    return (
        f"{row.game} {row.wager} (paytable {row.paytable}): RTP {percent(rtp(row))}% is under the "
        f"floor {percent(floor)}%"
    )
