"""Crapless Craps for the fast engine: the seam's wagers (``Setup.simulate``) split into independent parts.

The plan is the seam's (every offered wager at an exact stake) with Horn High twice, high on 12 and high
on 11, tallied under ``horn_high:12`` and ``horn_high:11``: the PAR sheet's two Horn High rows (high on
2 or 12, on 3 or 11), which the seam, tallying by wager id, cannot tell apart. A standing wager is kept
up, not placed again; a refusal counted is the rules' (Come on a come-out, Fire once a point is set,
Hard Rock'n Dice once a total is marked).

The seam's own fast path (:mod:`terminal.sims.simulate_seam`) memoises the whole crapless play, whose
table state carries the Fire Bet's points made and the totals marked for Hard Rock'n Dice: millions of
states, so it is asked the real code nearly every roll. Here the same wagers, through the same engine
(:class:`~terminal.games.crapless.engine.CraplessEngine`: its ``place`` and ``settle``), are four parts
that never read each other, each keeping only the part of the table state its wagers read
(:data:`READS`; every other field set to its come-out value after each step, :func:`project`):

- ``one_roll`` (Field, the propositions, Horn, World, hops): nothing; one state;
- ``line`` (Pass, Come, Put, Place, Buy, hardways): the point;
- ``fire`` (the Fire Bet): the point, whether the shooter has set one, and the points made;
- ``hard_rockn`` (Six String, Fab Four, The Tenor): the totals marked since the last 7.

That is exact: :func:`terminal.games.crapless.records.next_state` computes each field from the same
field and the roll (the marks from the marks, the points made from the point and the points made), and
no wager's placing or settling reads a field its part drops. Odds sit in the line part with their flat
wager (placing reads it): full odds behind every Come and Put number (``come_odds_N``, ``put_odds_N``:
the largest the rules take behind the plan's flat), and behind Pass the largest every point takes. Odds
are placed only while their flat stands on its number (not asked otherwise, so never a refusal); they
settle on the roll their flat does. The line and one-roll parts see the two dice (hardways, hops); Fire
and Hard Rock'n Dice the total alone.

:func:`play_plain` is the reference: the whole plan through one engine, asked every roll, with the draws
and the wind-down of :func:`terminal.sims.fastsim.play` (the requested rolls in batches, then one roll at
a time until no wager stands). The two give the same sums for the same seed (tests/sims).
"""

from __future__ import annotations

import hashlib
import pickle
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

from rng import Rng
from terminal.config import Config
from terminal.games.crapless.engine import CraplessEngine, CraplessPlay
from terminal.games.crapless.records import TableState, Wager
from terminal.games.crapless.rules import HARD_ROCKN_WAGERS, POINTS, CraplessRules
from terminal.games.seam import DrawPlan
from terminal.sims import fastsim
from terminal.sims.simulate_seam import SEAT, draw_outcomes, seam_plan
from terminal.sims.simulate_stats import ChunkOutcome, Tally
from terminal.sims.tabulate import Settled, Step

DICE = DrawPlan("dice", 2)
WIDTH = 36  # outcome (die1 - 1) * 6 + (die2 - 1), as the seam numbers a draw of two dice
ROLLS = tuple((o // 6 + 1, o % 6 + 1) for o in range(WIDTH))
BATCH = fastsim.BATCH
READS: dict[str, tuple[str, ...]] = {
    "one_roll": (),
    "line": ("point",),
    "fire": ("point", "pointed", "fire_points"),
    "hard_rockn": ("marks",),
}
_BY_TOTAL = tuple(sum(roll) - 2 for roll in ROLLS)  # classes 0..10: 2..12


def family(spot: str) -> str:
    """The part a spot of the plan plays in."""
    kind = spot.split(":")[0]
    if kind == "fire_bet":
        return "fire"
    if kind in HARD_ROCKN_WAGERS:
        return "hard_rockn"
    if kind in ("pass", "come", "pass_odds") or kind.startswith(
        ("put_", "come_odds_", "place_", "buy_", "hard_")
    ):
        return "line"
    return "one_roll"


@dataclass(frozen=True, slots=True)
class CraplessPlan:
    """What a chunk plays: the game's engine and the ``(spot, stake)`` wagers kept up (``Setup.simulate``)."""

    engine: CraplessEngine
    wagers: tuple[tuple[str, int], ...]


def crapless_plan(c: Config, game: str) -> CraplessPlan:
    """The seam's plan of ``game`` (crapless) under ``c``: every offered wager at an exact stake."""
    seam = seam_plan(c, game)
    if not isinstance(seam.engine, CraplessEngine):
        raise TypeError(f"{game} is not played by the crapless engine")
    highs: tuple[tuple[str, int], ...] = ()
    if "horn_high" in seam.engine.rules.offered():  # one per PAR row: high on 12 (as on 2), on 11 (as 3)
        stake = 60 * seam.engine.rules.unit  # five equal parts, each paying whole units
        highs = (("horn_high:12", stake), ("horn_high:11", stake))
    return CraplessPlan(seam.engine, (*seam.wagers, *highs, *odds_wagers(seam.engine.rules, seam.wagers)))


def odds_wagers(rules: CraplessRules, flats: tuple[tuple[str, int], ...]) -> tuple[tuple[str, int], ...]:
    """Full odds behind every flat wager of ``flats``: per number behind Come and each Put, and behind
    Pass the largest every point takes (one amount, whatever the point). Each pays true odds exactly: the
    flat is a multiple of 60 units, the odds a whole multiple of it."""
    stakes = dict(flats)
    odds: list[tuple[str, int]] = []
    if "pass" in stakes:
        odds.append(("pass_odds", min(rules.odds_limit(n, stakes["pass"]) for n in POINTS)))
    if "come" in stakes:
        odds += [(f"come_odds_{n}", rules.odds_limit(n, stakes["come"])) for n in POINTS]
    odds += [
        (f"put_odds_{n}", rules.odds_limit(n, stakes[f"put_{n}"])) for n in POINTS if f"put_{n}" in stakes
    ]
    return tuple(odds)


def flats_of(wagers: tuple[Wager, ...]) -> set[tuple[str, int]]:
    """The odds ``wagers`` back, as (odds kind, number): Pass backs Pass odds (number 0: whatever the
    point), a Come moved to N the Come odds on N, a Put on N the Put odds on N."""
    keys: set[tuple[str, int]] = set()
    for w in wagers:
        kind = w.spot.kind
        if kind == "pass":
            keys.add(("pass_odds", 0))
        elif kind == "come" and w.number is not None:
            keys.add(("come_odds", w.number))
        elif kind == "put":
            keys.add(("put_odds", w.spot.number))
    return keys


def backed(point: int | None, flats: set[tuple[str, int]], spot: str) -> bool:
    """Whether the seat holds the flat wager an odds ``spot`` rides behind, on its number (any other spot:
    True), ``flats`` being what the seat's wagers back (:func:`flats_of`). Pass odds need the point too."""
    if spot == "pass_odds":
        return point is not None and ("pass_odds", 0) in flats
    kind, _, number = spot.rpartition("_")
    if kind in ("come_odds", "put_odds"):
        return (kind, int(number)) in flats
    return True


def tally_key(spot: str, kind: str) -> str:
    """The tally a settlement counts under: its wager id, Horn High by its high number (the PAR rows'), Put
    odds by their number (``put_odds_N``, beside ``put_N``): the plan keeps a Put and its odds up on every
    number, so all ten odds lose together on a 7; tallied as one, their settlements would not be the
    independent draws the interval assumes (a run of 4,000,000 rolls put the pooled row at z = +4.07)."""
    return spot if kind in ("horn_high", "put_odds") else kind


def project(play: CraplessPlay, reads: tuple[str, ...]) -> CraplessPlay:
    """``play`` with every table field its part does not read at its come-out value, its wagers in the
    plan's order (no fresh refs: a step's placing is over). The order of the wagers changes nothing a
    step settles or refuses: each wager is settled on its own, and placing reads the seat's wagers as a
    set."""
    s = play.state
    state = TableState(
        s.point if "point" in reads else None,
        s.pointed if "pointed" in reads else False,
        s.fire_points if "fire_points" in reads else (),
        s.marks if "marks" in reads else (),
    )
    wagers = tuple(sorted(play.wagers, key=_order))  # the same wagers, the same state, whatever came first
    return CraplessPlay(state, wagers)


def _order(wager: Wager) -> tuple[int, str]:
    return len(wager.ref), wager.ref  # sim2 before sim10


def _place(engine: CraplessEngine, wagers: tuple[tuple[int, str, int], ...], play: Any) -> tuple[Any, int]:
    """Every wager of ``wagers`` the seat does not hold, placed through the rules; the refusals counted."""
    refused = 0
    held = {w.ref for w in play.wagers}
    flats = flats_of(play.wagers)  # kept up as placing goes: a Put placed here backs its odds below
    for n, spot, stake in wagers:
        ref = f"sim{n}"
        if ref in held or not backed(play.state.point, flats, spot):  # kept up, or odds with no flat yet
            continue
        try:
            _, play = engine.place(play, SEAT, ref, spot, stake)
        except ValueError:
            refused += 1
        else:
            flats |= flats_of(play.wagers[-1:])  # the wager just placed (placing appends it)
    return play, refused


def _settle(engine: CraplessEngine, spots: tuple[str, ...], play: Any, outcome: int) -> tuple[Any, Settled]:
    settled = engine.settle(play, engine.outcome(ROLLS[outcome]))
    return settled.play, tuple(
        (tally_key(spots[int(s.wager_ref.removeprefix("sim"))], s.kind), s.stake, s.net)
        for s in settled.settlements
    )


@dataclass(frozen=True, slots=True)
class CraplessPart:
    """One family of the plan's wagers (numbered as in the plan) as a part of the fast engine."""

    engine: CraplessEngine
    name: str
    wagers: tuple[tuple[int, str, int], ...]
    spots: tuple[str, ...]  # every spot of the plan, by number (a settlement's tally key)
    paced = False

    @property
    def key(self) -> Hashable:
        content = pickle.dumps((self.engine.rules, self.wagers, self.spots, READS[self.name]))
        return ("crapless", self.name, hashlib.sha256(content).hexdigest())

    @property
    def classes(self) -> tuple[int, ...]:
        return _BY_TOTAL if self.name in ("fire", "hard_rockn") else tuple(range(WIDTH))

    def start(self) -> Step[Any]:
        play, refused = _place(self.engine, self.wagers, self.engine.start())
        return Step(project(play, READS[self.name]), (), refused)

    def step(self, state: Any, outcome: int, placing: bool) -> Step[Any]:
        play, settled = _settle(self.engine, self.spots, state, outcome)
        refused = 0
        if placing:
            play, refused = _place(self.engine, self.wagers, play)
        return Step(project(play, READS[self.name]), settled, refused)

    def idle(self, state: Any) -> bool:
        return not state.wagers

    def extra(self, state: Any) -> int:
        return 0


@dataclass(frozen=True, slots=True)
class CraplessModel:
    """The fast engine's model: two dice drawn as the table draws them, the plan's four parts."""

    plan: CraplessPlan
    width = WIDTH

    @property
    def parts(self) -> tuple[CraplessPart, ...]:
        numbered = tuple((n, spot, stake) for n, (spot, stake) in enumerate(self.plan.wagers))
        spots = tuple(spot for spot, _ in self.plan.wagers)
        return tuple(
            CraplessPart(self.plan.engine, name, mine, spots)
            for name in READS
            if (mine := tuple(w for w in numbered if family(w[1]) == name))
        )

    def draw(self, rng: Rng, count: int) -> list[int]:
        return draw_outcomes(DICE, rng, count)

    def draw_one(self, rng: Rng) -> int:
        return draw_outcomes(DICE, rng, 1)[0]


def play_fast(plan: CraplessPlan, rounds: int, rng: Rng) -> ChunkOutcome:
    """``rounds`` rolls through the fast engine, then until every wager placed is settled."""
    return fastsim.play(CraplessModel(plan), rounds, rng)


def play_plain(plan: CraplessPlan, rounds: int, rng: Rng) -> ChunkOutcome:
    """The reference: the whole plan through one engine asked every roll, drawn as :func:`play_fast` draws
    (batches of the requested rolls, then one at a time until no wager stands)."""
    engine = plan.engine
    numbered = tuple((n, spot, stake) for n, (spot, stake) in enumerate(plan.wagers))
    spots = tuple(spot for spot, _ in plan.wagers)
    sums: dict[str, list[int]] = {}

    def tally(settled: Settled) -> None:
        for key, stake, net in settled:
            row = sums.setdefault(key, [0, 0, 0, 0, 0, 0])
            for k, value in enumerate((1, stake, stake * stake, net, net * net, stake * net)):
                row[k] += value

    if rounds < 1:
        return ChunkOutcome(0, ())
    play, refused = _place(engine, numbered, engine.start())
    played = 0
    while played < rounds:
        count = min(BATCH, rounds - played)
        for outcome in draw_outcomes(DICE, rng, count):
            play, settled = _settle(engine, spots, play, outcome)
            tally(settled)
            played += 1
            if played < rounds:
                play, more = _place(engine, numbered, play)
                refused += more
    while play.wagers:  # no wager cut short: roll on without placing
        play, settled = _settle(engine, spots, play, draw_outcomes(DICE, rng, 1)[0])
        tally(settled)
        played += 1
    tallies = tuple(sorted((key, Tally(*row)) for key, row in sums.items()))
    return ChunkOutcome(played, tallies, refused)
