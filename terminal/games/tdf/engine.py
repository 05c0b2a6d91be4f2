"""The seam's engine of a Three Dice Football table: the drive and the wagers that outlive a down.

The play holds the drive (yard line, series, down, play), the full-game wagers of the game in progress,
the single-play wagers of the next down, and whether the next throw is the extra point roll. Everything
that outlives a down is the engine's snapshot, which the ledger persists with each settlement, so a
restart resumes the drive exactly (GAMES.md §6: Restart).

Settlement follows the lifecycle of GAMES.md §6.1: a down that does not end the game settles its
single-play wagers; a touchdown collects Defense, settles the single-play, Quick Strike, Game Changer and
Game Length wagers, then either pays Touchdown at once or, when an Extra Point wager is in play, leaves
Touchdown and Extra Point to the extra point roll (the next throw: no down, no wagers); any other end
collects Touchdown and Extra Point, pays Defense, and settles the rest.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from terminal.games.base import IllegalBetError, Result, Settlement
from terminal.games.seam import JSONObject, NoChoices, Placement, Settled, WagerLine
from terminal.games.tdf.rules import (
    DEFENSE,
    EXTRA_POINT,
    FULL_GAME,
    SCORED,
    START,
    TOUCHDOWN,
    Drive,
    TdfRules,
    Throw,
    advance,
    check_spot,
    extra_entry,
    game_entry,
    single_entry,
)


@dataclass(frozen=True, slots=True)
class TdfView:
    """What every screen is told of a Three Dice Football table: the drive before the next throw, whether
    that throw is the extra point roll, the last throw, and how the last game ended while the next has
    not started (``td``, ``trips_td``, ``turnover``, ``downs``, ``extra_point``; empty mid-game) and the
    yard line it ended on."""

    paytable: str
    yard: int
    goal: bool
    down: int
    play: int
    extra_point: bool
    last_throw: str
    last_end: str
    last_yard: int


@dataclass(frozen=True, slots=True)
class Bet:
    """A wager with its seat; ``standing``: it has met a down (a full-game wager is fixed from then)."""

    ref: str
    seat: int
    spot: str
    stake: int
    paytable: str
    standing: bool = False

    def to_json(self) -> JSONObject:
        return {
            "ref": self.ref,
            "seat": self.seat,
            "spot": self.spot,
            "stake": self.stake,
            "paytable": self.paytable,
            "standing": self.standing,
        }

    @classmethod
    def from_json(cls, data: JSONObject) -> Bet:
        return cls(
            str(data["ref"]),
            int(data["seat"]),
            check_spot(str(data["spot"])),
            int(data["stake"]),
            str(data["paytable"]),
            bool(data.get("standing", True)),
        )


@dataclass(frozen=True, slots=True)
class Last:
    """How the last game ended and on which yard line, kept until the next game's first down (empty
    mid-game: the drive itself says where the ball is). Nothing of the throw itself: the play stays one
    value per drive state, which the lab's simulation counts on (its memo is per play and outcome)."""

    end: str = ""
    yard: int = 20


@dataclass(frozen=True, slots=True)
class TdfPlay:
    """The drive, the wagers in play, whether the extra point roll is next, and the last throw."""

    drive: Drive = START
    full: tuple[Bet, ...] = ()
    single: tuple[Bet, ...] = ()
    extra: bool = False
    last: Last = Last()


def _won(bet: Bet, rules: TdfRules, entry: str | None) -> Settlement:
    if entry is None:
        return Settlement(bet.ref, bet.spot, bet.paytable, bet.stake, 0, Result.LOSE, bet.spot)
    back = rules.paytable.payout(entry).returned(bet.stake)
    return Settlement(bet.ref, bet.spot, bet.paytable, bet.stake, back, Result.WIN, entry)


class TdfEngine(NoChoices["TdfPlay"]):
    """The :class:`~terminal.games.seam.Engine` of a Three Dice Football table."""

    def __init__(self, rules: TdfRules) -> None:
        self.rules = rules

    def start(self) -> TdfPlay:
        return TdfPlay()

    def place(self, play: TdfPlay, seat: int, ref: str, spot: str, amount: int) -> tuple[Placement, TdfPlay]:
        check_spot(spot)
        if play.extra:
            raise IllegalBetError(spot, "the extra point roll is next: it takes no wagers")
        if spot in FULL_GAME and play.drive.play > 1:
            on = play.drive.play
            reason = f"full-game wagers are placed before a game's first down; this game is on play {on}"
            raise IllegalBetError(spot, f"{reason}: wait for the next game")
        self.rules.limits_for(spot).check_stake(spot, amount)
        name = self.rules.paytable.name
        bet = Bet(ref, seat, spot, amount, name)
        placed = Placement(ref, seat, spot, spot, name, amount)
        if spot in FULL_GAME:
            return placed, replace(play, full=(*play.full, bet))
        return placed, replace(play, single=(*play.single, bet))

    def removable(self, play: TdfPlay, seat: int, spot: str | None) -> tuple[str, ...]:
        # Full-game wagers come down only in the window before the first down (they are fixed from its
        # lock, § 661a.3(c)); single-play wagers in any window, before their down.
        bets = (*play.single, *(b for b in play.full if not b.standing))
        return tuple(b.ref for b in bets if b.seat == seat and spot in (None, b.spot))

    def remove(self, play: TdfPlay, refs: Sequence[str]) -> TdfPlay:
        gone = set(refs)
        return replace(
            play,
            full=tuple(b for b in play.full if b.ref not in gone),
            single=tuple(b for b in play.single if b.ref not in gone),
        )

    def outcome(self, values: tuple[int, ...]) -> Throw:
        first, second, red = values[:3]
        return Throw((first, second, red))

    def parse(self, text: str) -> Throw:
        return Throw.parse(text)

    def read_outcome(self, data: JSONObject) -> Throw:
        return Throw.from_json(data)

    def settle(self, play: TdfPlay, outcome: Throw) -> Settled[TdfPlay]:
        if play.extra:
            return self._extra_point(play, outcome)
        dice, rules = outcome.dice, self.rules
        singles = [_won(b, rules, single_entry(b.spot, dice)) for b in play.single]
        step = advance(play.drive, dice)
        last = Last(step.end or "", step.yard)
        if step.end is None:
            assert step.drive is not None
            full = tuple(replace(b, standing=True) for b in play.full)
            return Settled(tuple(singles), False, TdfPlay(step.drive, full, (), False))
        end, plays = step.end, step.plays
        others = sorted(
            (b for b in play.full if b.spot not in (TOUCHDOWN, DEFENSE, EXTRA_POINT)),
            key=lambda b: FULL_GAME.index(b.spot),
        )  # Quick Strike, Game Changer, Game Length
        rest = [_won(b, rules, game_entry(b.spot, end, plays)) for b in others]
        defense = [b for b in play.full if b.spot == DEFENSE]
        touchdown = [b for b in play.full if b.spot == TOUCHDOWN]
        extra = [b for b in play.full if b.spot == EXTRA_POINT]
        if end in SCORED:  # § 661a.6(f)(1)
            first = [_won(b, rules, None) for b in defense]
            if extra:  # Touchdown and Extra Point wait for the extra point roll
                kept = tuple(replace(b, standing=True) for b in (*touchdown, *extra))
                return Settled((*first, *singles, *rest), False, TdfPlay(START, kept, (), True, last))
            paid = [_won(b, rules, TOUCHDOWN) for b in touchdown]
            return Settled((*first, *singles, *rest, *paid), False, TdfPlay(START, (), (), False, last))
        first = [_won(b, rules, None) for b in (*touchdown, *extra)]  # § 661a.6(f)(2)
        paid = [_won(b, rules, DEFENSE) for b in defense]
        return Settled((*first, *paid, *singles, *rest), False, TdfPlay(START, (), (), False, last))

    def _extra_point(self, play: TdfPlay, outcome: Throw) -> Settled[TdfPlay]:
        """The extra point roll: no down; Touchdown paid, Extra Point settled (§ 661a.6(f)(1)(iii)-(iv))."""
        rules, entry = self.rules, extra_entry(outcome.dice)
        made = [_won(b, rules, TOUCHDOWN if b.spot == TOUCHDOWN else entry) for b in play.full]
        last = Last("extra_point", 0)
        return Settled(tuple(made), False, TdfPlay(START, (), (), False, last))

    def wagers_of(self, play: TdfPlay, seat: int) -> tuple[WagerLine, ...]:
        return tuple(
            WagerLine(b.ref, b.spot, b.stake, True, b.standing)
            for b in (*play.full, *play.single)
            if b.seat == seat
        )

    def snapshot(self, play: TdfPlay) -> JSONObject:
        last = {"end": play.last.end, "yard": play.last.yard}
        full = [b.to_json() for b in play.full]
        return {"drive": play.drive.to_json(), "full": full, "extra": play.extra, "last": last}

    def restore(self, snapshot: JSONObject | None, pending: Sequence[Placement]) -> TdfPlay:
        if not snapshot:
            snapshot = {}
        in_play = {record.ref for record in pending}
        saved = [Bet.from_json(d) for d in snapshot.get("full", [])]
        full = [b for b in saved if b.ref in in_play]  # taken down or settled since: gone
        known = {b.ref for b in full}
        single: list[Bet] = []
        for record in pending:
            if record.ref in known:
                continue
            bet = Bet(record.ref, record.seat, check_spot(record.kind), record.stake, record.paytable)
            (full if bet.spot in FULL_GAME else single).append(bet)  # placed since the last down
        drive = Drive.from_json(snapshot["drive"]) if "drive" in snapshot else START
        data = snapshot.get("last", {})
        last = Last(str(data.get("end", "")), int(data.get("yard", drive.yard)))
        return TdfPlay(drive, tuple(full), tuple(single), bool(snapshot.get("extra", False)), last)

    def view(self, play: TdfPlay, last: Throw | None) -> TdfView:
        d, w = play.drive, play.last
        thrown = last.text if last is not None else ""
        return TdfView(
            self.rules.paytable.name, d.yard, d.goal, d.down, d.play, play.extra, thrown, w.end, w.yard
        )
