"""Rounds: wagers placed, the outcome persisted before anything shows it, settlement posted in one go.

The life of a round in the ledger (ARCHITECTURE.md): ``open`` → wagers placed, each moving the stake from
the seat's credits to its wagers in play at once → ``drawn``: the outcome and the audit record of the RNG
draw committed in their own durable transaction → ``settled``: every settlement, the postings, meters,
recall rows and the multi-round state in one transaction. A wager may be settled in a later round than
the one it was placed in (a pending side wager); it is settled exactly once.

>>> check_result(Settlement("w1", "red", "standard", 100, 200, Result.WIN))
>>> check_result(Settlement("w1", "red", "standard", 100, 100, Result.LOSE))
Traceback (most recent call last):
...
terminal.ledger.errors.WagerError: wager w1: a lose returns 0, not 100
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from terminal.games.base import Result, Settlement
from terminal.ledger import accounts, journal, meters
from terminal.ledger.chain import Chain
from terminal.ledger.errors import RoundError, WagerError
from terminal.ledger.journal import Entry
from terminal.money import check_amount


@dataclass(frozen=True, slots=True)
class WagerSpec:
    """A wager as placed: a reference unique in the ledger, seat, kind, spot, paytable and stake."""

    ref: str
    seat: int
    kind: str
    spot: str
    paytable: str
    stake: int


@dataclass(frozen=True, slots=True)
class Draw:
    """The audit record of the RNG draw behind an outcome."""

    generator: str
    counter: int
    reseed_epoch: int


def open_round(chain: Chain, time: str, game: str, detail: str) -> int:
    """Append a new round of ``game``; returns its id."""
    if not game:
        raise RoundError("a round needs a game name")
    (round_id,) = chain.append("rounds", [(time, game, detail)])
    return round_id


def phase(chain: Chain, round_id: int) -> str:
    """``open``, ``drawn`` or ``settled``; an unknown round raises :class:`RoundError`."""
    db = chain.db
    if db.execute("SELECT 1 FROM rounds WHERE id = ?", [round_id]).fetchone() is None:
        raise RoundError(f"round {round_id} does not exist")
    if db.execute("SELECT 1 FROM settlements WHERE round_id = ?", [round_id]).fetchone():
        return "settled"
    if db.execute("SELECT 1 FROM outcomes WHERE round_id = ?", [round_id]).fetchone():
        return "drawn"
    return "open"


def place_wagers(chain: Chain, time: str, round_id: int, specs: Sequence[WagerSpec]) -> list[int]:
    """Move each stake from its seat's credits to its wagers in play; returns the wager ids."""
    if phase(chain, round_id) != "open":
        raise RoundError(f"round {round_id} is {phase(chain, round_id)}: wagers are closed")
    game = chain.db.execute("SELECT game FROM rounds WHERE id = ?", [round_id]).fetchone()[0]
    _check_new_refs(chain, specs)
    stakes: Counter[int] = Counter()
    for spec in specs:
        stakes[spec.seat] += check_amount(spec.stake)
        if spec.stake == 0:
            raise WagerError(f"wager {spec.ref}: a stake of 0 is not a wager")
    postings: Counter[str] = Counter()
    for seat, total in stakes.items():
        postings[accounts.seat_credits(seat)] -= total
        postings[accounts.in_play(seat)] += total
    before = accounts.balances(chain.db, (accounts.seat_credits(s) for s in stakes))
    owner = specs[0].seat if len(stakes) == 1 else None
    txn = journal.post(chain, Entry("wager", time, owner, round_id, specs[0].ref), postings)
    rows, moved = [], Counter[str]()
    for spec in specs:
        credits = before[accounts.seat_credits(spec.seat)]
        before[accounts.seat_credits(spec.seat)] = credits - spec.stake
        rows.append(
            (
                spec.ref,
                round_id,
                spec.seat,
                game,
                spec.kind,
                spec.spot,
                spec.paytable,
                spec.stake,
                credits,
                txn,
            )
        )
        meters.add(moved, meters.wager_meters(game, spec.kind, spec.paytable, spec.stake))
    meters.bump(chain.db, moved)
    return chain.append("wagers", rows)


def _check_new_refs(chain: Chain, specs: Sequence[WagerSpec]) -> None:
    refs = [spec.ref for spec in specs]
    if not refs:
        raise WagerError("no wagers to place")
    repeated = [ref for ref, n in Counter(refs).items() if n > 1]
    marks = ", ".join("?" * len(refs))
    known = [r[0] for r in chain.db.execute(f"SELECT ref FROM wagers WHERE ref IN ({marks})", refs)]
    if repeated or known:
        raise WagerError(f"wager {(repeated or known)[0]} is already placed")


WITHDRAWN = "withdrawn"
_UNSETTLED = (
    "SELECT w.id, w.seat, w.game, w.kind, w.paytable, w.stake FROM wagers w "
    "LEFT JOIN results r ON r.wager_id = w.id WHERE w.ref = ? AND r.id IS NULL"
)


def withdraw_wagers(chain: Chain, time: str, round_id: int, refs: Sequence[str]) -> int:
    """Take unsettled wagers down while round ``round_id`` is open; returns the journal txn id.

    Each stake goes back to its seat. The wager and its withdrawal stay in the chained journal for the
    auditor, but a withdrawn wager counts on no meter: it was never at risk in a decided round, so
    coin-in and the per-wager RTP keep the PAR sheet's meaning (per unit wagered on a decision).
    """
    if phase(chain, round_id) != "open":
        raise RoundError(f"round {round_id} is {phase(chain, round_id)}: wagers are closed")
    if not refs or len(set(refs)) != len(refs):
        raise WagerError(f"withdraw needs distinct wager refs, got {list(refs)}")
    rows = []
    for ref in refs:
        row = chain.db.execute(_UNSETTLED, [ref]).fetchone()
        if row is None:
            raise WagerError(f"wager {ref} is not a wager in play: never placed, settled or withdrawn")
        rows.append(row)
    postings: Counter[str] = Counter()
    moved: Counter[str] = Counter()
    for _, seat, game, kind, paytable, stake in rows:
        postings[accounts.in_play(seat)] -= stake
        postings[accounts.seat_credits(seat)] += stake
        meters.add(moved, meters.wager_meters(game, kind, paytable, stake))
    seats = {row[1] for row in rows}
    owner = rows[0][1] if len(seats) == 1 else None
    txn = journal.post(chain, Entry("withdraw", time, owner, round_id, refs[0]), postings)
    chain.append("results", [(row[0], round_id, WITHDRAWN, row[5], WITHDRAWN, txn) for row in rows])
    meters.reverse(chain.db, moved)
    return txn


def record_outcome(chain: Chain, time: str, round_id: int, outcome: str, draw: Draw) -> int:
    """Persist the round's outcome and its draw (its own transaction, committed before settlement)."""
    if phase(chain, round_id) != "open":
        raise RoundError(f"round {round_id} already has its outcome; an outcome is drawn once")
    (outcome_id,) = chain.append(
        "outcomes", [(round_id, time, outcome, draw.generator, draw.counter, draw.reseed_epoch)]
    )
    return outcome_id


def check_result(s: Settlement) -> None:
    """Refuse a settlement whose result and amount returned disagree."""
    check_amount(s.returned)
    wanted = {Result.LOSE: s.returned == 0, Result.PUSH: s.returned == s.stake, Result.WIN: s.returned > 0}
    if not wanted[Result(s.result)]:
        rule = {
            Result.LOSE: "returns 0",
            Result.PUSH: f"returns the stake {s.stake}",
            Result.WIN: "returns more than 0",
        }
        raise WagerError(f"wager {s.wager_ref}: a {s.result.value} {rule[s.result]}, not {s.returned}")


_WAGER = "SELECT id, round_id, seat, game, kind, paytable, stake FROM wagers WHERE ref = ?"


def _placed(chain: Chain, s: Settlement) -> tuple[int, int, int, str]:
    row = chain.db.execute(_WAGER, [s.wager_ref]).fetchone()
    if row is None:
        raise WagerError(f"wager {s.wager_ref} was never placed")
    wager_id, _, seat, game, kind, paytable, stake = row
    if (kind, paytable, stake) != (s.kind, s.paytable, s.stake):
        raise WagerError(
            f"wager {s.wager_ref}: settled as {s.kind}/{s.paytable}/{s.stake}, "
            f"placed as {kind}/{paytable}/{stake}"
        )
    if chain.db.execute("SELECT 1 FROM results WHERE wager_id = ?", [wager_id]).fetchone():
        raise WagerError(f"wager {s.wager_ref} is already settled; nothing is paid twice")
    return wager_id, seat, stake, game


def settle_round(
    chain: Chain, time: str, round_id: int, settlements: Sequence[Settlement], state: str | None,
    void: bool = False,
) -> int:
    """Post every settlement, meters, recall rows and the multi-round state; returns the journal txn id.

    A ``void`` round (00 on a double_as_single wheel: nothing settles, the re-spin follows) is no game
    played: its settle transaction's memo says ``void`` and it counts on ``void_spins`` instead.
    """
    current = phase(chain, round_id)
    if current != "drawn":
        raise RoundError(f"round {round_id} is {current}: settle only after its outcome is persisted, once")
    if len({s.wager_ref for s in settlements}) != len(settlements):
        raise WagerError(f"round {round_id}: a wager appears twice in the settlement")
    game = chain.db.execute("SELECT game FROM rounds WHERE id = ?", [round_id]).fetchone()[0]
    placed = []
    for s in settlements:
        check_result(s)
        placed.append(_placed(chain, s))
    postings: Counter[str] = Counter()
    returned: Counter[int] = Counter()
    moved: Counter[str] = Counter({"void_spins" if void else "games_played": 1, f"game:{game}:rounds": 1})
    for s, (_, seat, stake, wager_game) in zip(settlements, placed, strict=True):
        postings[accounts.in_play(seat)] -= stake
        postings[accounts.seat_credits(seat)] += s.returned
        postings[accounts.HOUSE] += stake - s.returned
        returned[seat] += s.returned
        meters.add(moved, meters.won_meters(wager_game, s.kind, s.paytable, s.returned))
    seats = _seats_of_round(chain, round_id, returned)
    before = accounts.balances(chain.db, (accounts.seat_credits(seat) for seat in seats))
    entry = Entry("settle", time, None, round_id, f"round {round_id}", memo="void" if void else "")
    txn = journal.post(chain, entry, postings)
    chain.append(
        "results",
        [
            (wid, round_id, s.result.value, s.returned, s.entry, txn)
            for s, (wid, *_) in zip(settlements, placed, strict=True)
        ],
    )
    after = accounts.balances(chain.db, (accounts.seat_credits(seat) for seat in seats))
    recall = []
    for seat, (first_credits, staked) in sorted(seats.items()):
        start = before[accounts.seat_credits(seat)] if first_credits is None else first_credits
        recall.append((round_id, seat, start, staked, returned[seat], after[accounts.seat_credits(seat)]))
    chain.append("round_seats", recall)
    chain.append("settlements", [(round_id, time, txn)])
    if state is not None:
        chain.append("states", [(round_id, game, state)])
    meters.bump(chain.db, moved)
    return txn


def _seats_of_round(chain: Chain, round_id: int, settled: Counter[int]) -> dict[int, tuple[int | None, int]]:
    """Seat → (credits before its first wager this round, total staked this round)."""
    seats: dict[int, tuple[int | None, int]] = defaultdict(lambda: (None, 0))
    # Credits before the seat's first wager of the round, withdrawn or not; staked counts what stayed up.
    query = (
        "SELECT w.seat, w.credits_before, CASE WHEN r.id IS NULL THEN w.stake ELSE 0 END FROM wagers w "
        "LEFT JOIN results r ON r.wager_id = w.id AND r.result = 'withdrawn' "
        "WHERE w.round_id = ? ORDER BY w.id"
    )
    for seat, credits_before, stake in chain.db.execute(query, [round_id]):
        first, staked = seats[seat]
        seats[seat] = (credits_before if first is None else first, staked + stake)
    for seat in settled:
        seats[seat] = seats[seat]
    return dict(seats)


def record_state(chain: Chain, round_id: int | None, game: str, state: str) -> int:
    """Append a multi-round state for ``game`` outside a settlement (e.g. a new shooter)."""
    (state_id,) = chain.append("states", [(round_id, game, state)])
    return state_id
