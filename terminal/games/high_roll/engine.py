"""High Roll Dice as the table plays it: the seam's engine over the rules, and what screens are told.

A round is one throw, or two when a seat bought the Extra Roll. The first throw settles Pip Street, Like
Kind (the circle equal to the count paid, circles below collected) and Millionaire Row, and collects the
Extra Roll's price. When any seat bought an Extra Roll the winning face's dice are set aside (``Aside``)
and the circles above the count ride; the table's next throw is the extra roll, re-throwing the other
dice, and nothing can be placed until it has been thrown (:meth:`HighRollEngine.continues`). The set-aside
dice are the engine's snapshot, and the riding circles are wagers still in play in the ledger, so a
restart between the two throws resumes the round exactly.

>>> from terminal.games.high_roll.rules import make_rules
>>> engine = HighRollEngine(make_rules())
>>> play = engine.start()
>>> for n, spot in enumerate(("pip_street_ace", "like_kind_3", "like_kind_5", "extra_roll")):
...     _, play = engine.place(play, 1, f"w{n}", spot, 500)
>>> done = engine.settle(play, Throw((1, 1, 1, 6, 6, 2, 3, 4, 5, 2)))
>>> [(s.kind, s.result.value, s.returned) for s in done.settlements]
[('pip_street_ace', 'win', 2000), ('like_kind_3', 'win', 800), ('extra_roll', 'lose', 0)]
>>> engine.continues(done.play), done.play.aside
(True, Aside(face=1, count=3, first=(1, 1, 1, 6, 6, 2, 3, 4, 5, 2)))
>>> extra = engine.outcome_in(done.play, (1, 1, 3, 4, 5, 6, 2, 2, 2, 2))
>>> extra.text, extra.count
('1x3:1-1-3-4-5-6-2', 5)
>>> [(s.kind, s.result.value, s.returned) for s in engine.settle(done.play, extra).settlements]
[('like_kind_5', 'win', 1500)]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from terminal.games.base import IllegalBetError, Result, Settlement
from terminal.games.high_roll.rules import (
    EXTRA,
    LIKE_KIND,
    NINE,
    NO_MATCH,
    PIP_FACE,
    PIPS,
    TEN,
    WAGERS,
    HighRollRules,
    Throw,
    check_spot,
    circle,
    rethrow,
)
from terminal.games.seam import JSONObject, NoChoices, Placement, Settled, WagerLine

_ORDER = {spot: n for n, spot in enumerate(WAGERS)}  # Pip Street, then Like Kind, then Millionaire Row


@dataclass(frozen=True, slots=True)
class HighRollView:
    """What every screen is told of a High Roll table: the dice, the paytable and the set-aside group.

    ``aside_face`` / ``aside_count``: the dice set aside between the two throws (0 when none are);
    ``first``: the first throw's text while they are; ``last``: the last throw's text.
    """

    dice: int
    paytable: str
    extra_roll: bool
    millionaire_row: bool
    aside_face: int
    aside_count: int
    first: str
    last: str


@dataclass(frozen=True, slots=True)
class Bet:
    """A wager on the table: this round's, or a circle riding on the extra roll."""

    ref: str
    seat: int
    spot: str
    stake: int
    paytable: str


@dataclass(frozen=True, slots=True)
class Aside:
    """The first throw's winning face and count, kept between the two throws, and the throw itself."""

    face: int
    count: int
    first: tuple[int, ...]

    def to_json(self) -> JSONObject:
        return {"face": self.face, "count": self.count, "first": list(self.first)}

    @classmethod
    def from_json(cls, data: JSONObject) -> Aside:
        first = tuple(int(d) for d in data["first"])
        aside = cls(int(data["face"]), int(data["count"]), first)
        check = Throw(first)
        if (check.face, check.count) != (aside.face, aside.count):
            raise ValueError(f"the set-aside dice {aside} do not match their first throw")
        return aside


@dataclass(frozen=True, slots=True)
class HighRollPlay:
    """This round's wagers; between the two throws, the set-aside dice and the circles riding on them."""

    bets: tuple[Bet, ...] = ()
    aside: Aside | None = None


def _win(bet: Bet, returned: int, entry: str) -> Settlement:
    return Settlement(bet.ref, bet.spot, bet.paytable, bet.stake, returned, Result.WIN, entry)


def _lose(bet: Bet) -> Settlement:
    return Settlement(bet.ref, bet.spot, bet.paytable, bet.stake, 0, Result.LOSE, bet.spot)


class HighRollEngine(NoChoices["HighRollPlay"]):
    """The :class:`~terminal.games.seam.Engine` of a High Roll Dice table."""

    def __init__(self, rules: HighRollRules) -> None:
        self.rules = rules

    def start(self) -> HighRollPlay:
        return HighRollPlay()

    # -- wagers ------------------------------------------------------------------------------------------
    def place(
        self, play: HighRollPlay, seat: int, ref: str, spot: str, amount: int
    ) -> tuple[Placement, HighRollPlay]:
        rules = self.rules
        if play.aside is not None:
            raise IllegalBetError(spot, "the extra roll is still to be thrown: wagers open after it")
        check_spot(rules, spot)
        rules.limits_for(spot).check_stake(spot, amount)
        mine = [b for b in play.bets if b.seat == seat]
        if any(b.spot == spot for b in mine):
            raise IllegalBetError(spot, "one wager per spot and round")
        pips = [b for b in mine if b.spot in PIPS]
        if spot not in PIPS and not pips:
            raise IllegalBetError(spot, "a Pip Street wager is needed to play (§ 675a.2(e)(1))")
        if spot == EXTRA and not any(b.spot in LIKE_KIND for b in mine):
            raise IllegalBetError(spot, "the Extra Roll needs a Like Kind wager")
        if spot not in (NINE, TEN) and pips and amount != pips[0].stake:
            raise IllegalBetError(
                spot, f"every wager of the round is the seat's unit, {pips[0].stake}; a new unit clears them"
            )
        bet = Bet(ref, seat, spot, amount, rules.paytable.name)
        placed = Placement(ref, seat, spot, spot, bet.paytable, amount)
        return placed, replace(play, bets=(*play.bets, bet))

    def removable(self, play: HighRollPlay, seat: int, spot: str | None) -> tuple[str, ...]:
        if play.aside is not None:  # the riding circles stay until the extra roll decides them
            return ()
        mine = [b for b in play.bets if b.seat == seat]
        gone = {b.ref for b in mine if spot in (None, b.spot)}
        left = [b for b in mine if b.ref not in gone]
        if not any(b.spot in PIPS for b in left):  # no Pip Street: nothing else can play
            gone |= {b.ref for b in left}
        elif not any(b.spot in LIKE_KIND for b in left):  # the last Like Kind cancels the Extra Roll
            gone |= {b.ref for b in left if b.spot == EXTRA}
        return tuple(b.ref for b in mine if b.ref in gone)

    def remove(self, play: HighRollPlay, refs: Sequence[str]) -> HighRollPlay:
        out = set(refs)
        return replace(play, bets=tuple(b for b in play.bets if b.ref not in out))

    # -- outcomes ----------------------------------------------------------------------------------------
    def continues(self, play: HighRollPlay) -> bool:
        """The next throw is the extra roll of the round in play: it takes no wagers."""
        return play.aside is not None

    def outcome(self, values: tuple[int, ...]) -> Throw:
        return Throw(tuple(values))

    def outcome_in(self, play: HighRollPlay, values: tuple[int, ...]) -> Throw:
        """The throw ``values`` give in ``play``: the extra roll's re-thrown dice between the two throws."""
        if play.aside is None:
            return Throw(tuple(values))
        return rethrow(play.aside.face, play.aside.count, values)

    def parse(self, text: str) -> Throw:
        throw = Throw.parse(text)
        if not throw.extra and len(throw.dice) != self.rules.dice:
            raise ValueError(f"{text!r} is not a throw of {self.rules.dice} dice")
        return throw

    def read_outcome(self, data: JSONObject) -> Throw:
        return Throw.from_json(data)

    def settle(self, play: HighRollPlay, outcome: Throw) -> Settled[HighRollPlay]:
        if play.aside is not None:
            return self._settle_extra(play, play.aside, outcome)
        if outcome.extra:
            raise ValueError(f"the extra roll {outcome.text} came with no dice set aside")
        return self._settle_first(play, outcome)

    def _settle_first(self, play: HighRollPlay, throw: Throw) -> Settled[HighRollPlay]:
        rules, table = self.rules, self.rules.paytable
        face, count = throw.face, throw.count
        extra = {b.seat for b in play.bets if b.spot == EXTRA}
        settlements, riding = [], []
        for bet in sorted(play.bets, key=lambda b: _ORDER[b.spot]):
            spot = bet.spot
            if spot in PIPS:
                won = PIP_FACE[spot] == face
            elif spot == NO_MATCH:
                won = throw.no_match
            elif spot in LIKE_KIND:
                k = circle(spot)
                won = k == count
                if not won and bet.seat in extra and k > count:  # above the count: it rides
                    riding.append(bet)
                    continue
            elif spot == EXTRA:  # the price goes to the house; never paid, never returned
                settlements.append(_lose(bet))
                continue
            else:  # Millionaire Row: exactly nine, exactly ten
                if count == (9 if spot == NINE else 10):
                    settlements.append(_win(bet, bet.stake + rules.award(spot), spot))
                else:
                    settlements.append(_lose(bet))
                continue
            settlements.append(_win(bet, table.payout(spot).returned(bet.stake), spot) if won else _lose(bet))
        if not extra:
            return Settled(tuple(settlements), False, HighRollPlay())
        aside = Aside(face, count, throw.dice)
        note = f"extra roll: {count} x {face} set aside"
        return Settled(tuple(settlements), False, HighRollPlay(tuple(riding), aside), (note,))

    def _settle_extra(self, play: HighRollPlay, aside: Aside, throw: Throw) -> Settled[HighRollPlay]:
        if not throw.extra:  # the draw's ten dice: the first 10 - c1 are re-thrown
            throw = rethrow(aside.face, aside.count, throw.dice)
        if (throw.face_aside, throw.aside) != (aside.face, aside.count):
            raise ValueError(
                f"the extra roll {throw.text} is not of the dice set aside ({aside.count} x {aside.face})"
            )
        table, count = self.rules.paytable, throw.count
        settlements = []
        for bet in sorted(play.bets, key=lambda b: _ORDER[b.spot]):
            entry = f"extra_{bet.spot}"
            won = circle(bet.spot) == count
            settlements.append(
                _win(bet, table.payout(entry).returned(bet.stake), entry) if won else _lose(bet)
            )
        return Settled(tuple(settlements), False, HighRollPlay())

    # -- views and persistence ---------------------------------------------------------------------------
    def wagers_of(self, play: HighRollPlay, seat: int) -> tuple[WagerLine, ...]:
        """The seat's wagers; between the two throws its riding circles, each marked with the dice set
        aside (the winning face, once per die)."""
        aside = play.aside
        marks = (aside.face,) * aside.count if aside is not None else ()
        return tuple(
            WagerLine(b.ref, b.spot, b.stake, True, aside is not None, None, marks)
            for b in play.bets
            if b.seat == seat
        )

    def snapshot(self, play: HighRollPlay) -> JSONObject:
        return {"aside": play.aside.to_json()} if play.aside is not None else {}

    def restore(self, snapshot: JSONObject | None, pending: Sequence[Placement]) -> HighRollPlay:
        saved = (snapshot or {}).get("aside")
        aside = Aside.from_json(saved) if saved else None
        bets = []
        for record in pending:
            if record.kind not in WAGERS:
                raise ValueError(f"{record.kind!r} is not a High Roll wager")
            bets.append(Bet(record.ref, record.seat, record.kind, record.stake, record.paytable))
        if aside is not None and any(b.spot not in LIKE_KIND for b in bets):
            raise ValueError("between the two throws only riding Like Kind circles can be in play")
        return HighRollPlay(tuple(bets), aside)

    def view(self, play: HighRollPlay, last: Throw | None) -> HighRollView:
        rules, aside = self.rules, play.aside
        first = "-".join(str(d) for d in aside.first) if aside is not None else ""
        return HighRollView(
            rules.dice, rules.paytable.name, rules.extra_roll, rules.millionaire_row,
            aside.face if aside else 0, aside.count if aside else 0, first, last.text if last else "",
        )  # fmt: skip
