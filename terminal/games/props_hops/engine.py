"""Props & Hops as the table plays it: the seam's engine over the pure rules, and what screens are told.

The one-roll wagers live one shake, settled from their precomputed settlements. The Six Eight Shake
belongs to its seat across shakes, with its own marks (GAMES.md §6.2, decision 2): one per seat, never
increased, taken down whole in any betting window before a 7 (decision 3); its marks are the engine's
snapshot, so a restart resumes them exactly.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from terminal.games.base import IllegalBetError, Limits, Result, Settlement
from terminal.games.props_hops import six_eight
from terminal.games.props_hops.rules import (
    SHAKE,
    PropsHopsRules,
    Roll,
    Wager,
    check_spot,
    compile_wager,
    place,
    settle,
)
from terminal.games.seam import JSONObject, NoChoices, Placement, Settled, WagerLine

_ANY = Limits(1, 2**62, 1)  # rebuilding a wager the table already accepted: the limits were checked then


@dataclass(frozen=True, slots=True)
class PropsHopsView:
    """What every screen is told of a Props & Hops table: the paytable, the hop grid and the last shake."""

    paytable: str
    hop_grid: str  # the grid's text, rows separated by ``/``
    last_roll: str  # ``4-3``, empty before the first shake
    shake_marks: tuple[str, ...] = ()  # each standing Six Eight Shake's marks, ``"1-5 3-3"`` (the display)


@dataclass(frozen=True, slots=True)
class OneRoll:
    """A one-roll wager with its seat."""

    seat: int
    wager: Wager


@dataclass(frozen=True, slots=True)
class ShakeWager:
    """A seat's Six Eight Shake: its stake and the combinations thrown since it was placed."""

    ref: str
    seat: int
    stake: int
    paytable: str
    marks: six_eight.Marks = frozenset()
    standing: bool = False  # it has met a shake (placed in an earlier window)

    def to_json(self) -> JSONObject:
        return {"ref": self.ref, "seat": self.seat, "stake": self.stake, "paytable": self.paytable,
                "marks": [f"{a}-{b}" for a, b in sorted(self.marks)], "standing": self.standing}  # fmt: skip

    @classmethod
    def from_json(cls, data: JSONObject) -> ShakeWager:
        marks = frozenset(_combo(str(text)) for text in data.get("marks", []))
        return cls(str(data["ref"]), int(data["seat"]), int(data["stake"]), str(data["paytable"]), marks,
                   bool(data.get("standing", True)))  # fmt: skip


def _combo(text: str) -> tuple[int, int]:
    a, _, b = text.partition("-")
    combo = (int(a), int(b))
    if combo not in six_eight.WAYS:
        raise ValueError(f"{text!r} is not a Six Eight Shake combination")
    return combo


@dataclass(frozen=True, slots=True)
class PropsPlay:
    """The one-roll wagers of the round now open, and every seat's Six Eight Shake."""

    wagers: tuple[OneRoll, ...] = ()
    shakes: tuple[ShakeWager, ...] = ()


class PropsHopsEngine(NoChoices["PropsPlay"]):
    """The :class:`~terminal.games.seam.Engine` of a Props & Hops table."""

    def __init__(self, rules: PropsHopsRules) -> None:
        self.rules = rules

    def start(self) -> PropsPlay:
        return PropsPlay()

    def place(
        self, play: PropsPlay, seat: int, ref: str, spot: str, amount: int
    ) -> tuple[Placement, PropsPlay]:
        name = self.rules.paytable.name
        if spot == SHAKE:
            if any(s.seat == seat for s in play.shakes):
                raise IllegalBetError(SHAKE, "a seat has one Six Eight Shake at a time, never increased")
            self.rules.limits_for(SHAKE).check_stake(SHAKE, amount)
            shake = ShakeWager(ref, seat, amount, name)
            return Placement(ref, seat, SHAKE, SHAKE, name, amount), replace(
                play, shakes=(*play.shakes, shake)
            )
        wager = place(self.rules, ref, spot, amount)
        placed = Placement(ref, seat, wager.spot, wager.spot, wager.paytable, amount)
        return placed, replace(play, wagers=(*play.wagers, OneRoll(seat, wager)))

    def removable(self, play: PropsPlay, seat: int, spot: str | None) -> tuple[str, ...]:
        ones = tuple(w.wager.ref for w in play.wagers if w.seat == seat and spot in (None, w.wager.spot))
        # A Six Eight Shake comes down whole when its own spot is taken down (Take down), in any window
        # before a 7; "everything of this round" takes it only in the window it was placed.
        shakes = tuple(
            s.ref
            for s in play.shakes
            if s.seat == seat and (spot == SHAKE or (spot is None and not s.standing))
        )
        return (*ones, *shakes)

    def remove(self, play: PropsPlay, refs: Sequence[str]) -> PropsPlay:
        gone = set(refs)
        return PropsPlay(
            tuple(w for w in play.wagers if w.wager.ref not in gone),
            tuple(s for s in play.shakes if s.ref not in gone),
        )

    def outcome(self, values: tuple[int, ...]) -> Roll:
        first, second = values
        return Roll((first, second))

    def parse(self, text: str) -> Roll:
        return Roll.parse(text)

    def read_outcome(self, data: JSONObject) -> Roll:
        return Roll.from_json(data)

    def settle(self, play: PropsPlay, outcome: Roll) -> Settled[PropsPlay]:
        settlements = list(settle(tuple(w.wager for w in play.wagers), outcome, self.rules))
        table, kept = self.rules.paytable, []
        for shake in play.shakes:
            marks, state = six_eight.shake(shake.marks, outcome.dice)
            if state == "open":
                kept.append(replace(shake, marks=marks, standing=True))
                continue
            won = state == "win"
            back = table.payout(SHAKE).returned(shake.stake) if won else 0
            result = Result.WIN if won else Result.LOSE
            settlements.append(Settlement(shake.ref, SHAKE, shake.paytable, shake.stake, back, result, SHAKE))
        return Settled(tuple(settlements), False, PropsPlay((), tuple(kept)))

    def wagers_of(self, play: PropsPlay, seat: int) -> tuple[WagerLine, ...]:
        ones = tuple(
            WagerLine(w.wager.ref, w.wager.spot, w.wager.stake, True, False)
            for w in play.wagers
            if w.seat == seat
        )
        shakes = tuple(
            WagerLine(
                s.ref, SHAKE, s.stake, True, s.standing, None, tuple(sorted(a * 10 + b for a, b in s.marks))
            )
            for s in play.shakes
            if s.seat == seat
        )
        return (*ones, *shakes)

    def snapshot(self, play: PropsPlay) -> JSONObject:
        return {"shakes": [s.to_json() for s in play.shakes]}

    def restore(self, snapshot: JSONObject | None, pending: Sequence[Placement]) -> PropsPlay:
        in_play = {record.ref for record in pending}
        saved = snapshot.get("shakes", []) if snapshot else []
        shakes = [s for s in (ShakeWager.from_json(d) for d in saved) if s.ref in in_play]  # taken down: gone
        known = {s.ref for s in shakes}
        ones = []
        for record in pending:
            if record.kind == SHAKE:
                if record.ref not in known:  # placed after the last snapshot: no shake has met it yet
                    shakes.append(ShakeWager(record.ref, record.seat, record.stake, record.paytable))
                continue
            wager = compile_wager(
                self.rules, record.ref, check_spot(record.spot), _ANY.check(record.spot, record.stake)
            )
            ones.append(OneRoll(record.seat, wager))
        return PropsPlay(tuple(ones), tuple(shakes))

    def view(self, play: PropsPlay, last: Roll | None) -> PropsHopsView:
        last_text = last.text if last is not None else ""
        marks = tuple(" ".join(f"{a}-{b}" for a, b in sorted(s.marks)) for s in play.shakes if s.standing)
        return PropsHopsView(self.rules.paytable.name, self.rules.grid.text, last_text, marks)
