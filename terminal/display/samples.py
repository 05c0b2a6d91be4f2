"""Sample table states for screenshots, tests and the benchmark: models built through the real reducer
from the messages a table sends, in the order it sends them.

Each function returns a model (or ``(model, t)``: the model and the instant to paint). Outcomes, wins and
histories here are examples for pictures (a fixed pseudo-random sequence), never outcomes of the table;
the craps pictures play their rolls through the real craps engine, so every board agrees with the history.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from terminal.display.model import DisplayModel, LinkDown, LinkUp, apply
from terminal.display.scene import colour_of, settle_time
from terminal.games.bigsix.rules import ODDS, SECTIONS, Stop
from terminal.games.craps.engine import CrapsEngine, CrapsView
from terminal.games.craps.rules import CrapsRules
from terminal.games.high_roll.rules import PIP_FACE, Throw
from terminal.games.roulette.engine import B2BView, BlazingView, RouletteView, TeamView, TouchdownView
from terminal.games.roulette.touchdown import DEFAULT_YARDS, yards_moved
from terminal.games.roulette.wheels import WHEELS, parse_pocket, pocket_text
from terminal.games.sicbo.rules import Roll
from terminal.net import messages as m
from terminal.net.game_state import game_view
from terminal.net.tally import tally

PAST_DRAWS: dict[str, Callable[[random.Random], str]] = {
    "props_hops": lambda rng: f"{rng.randint(1, 6)}-{rng.randint(1, 6)}",
    "high_roll": lambda rng: "-".join(str(rng.randint(1, 6)) for _ in range(10)),
    "tdf": lambda rng: f"{rng.randint(1, 6)}-{rng.randint(1, 6)}-{rng.randint(1, 6)}",
    "crapless": lambda rng: f"{rng.randint(1, 6)}-{rng.randint(1, 6)}",
}
"""How a game presented through a registered face draws its example history (beside the games below)."""

LIMITS = m.LimitsView(100, 50_000, 250_000, 100)
ROUND = 201  # the round the samples play
TEAMS = (("seat-2", "red", False), ("seat-4", "black", True), ("seat-7", "red", False))


def past(game: str, wheel: str, spins: int) -> tuple[str, ...]:
    """``spins`` example results of this game and wheel, newest first (the same every call)."""
    rng = random.Random(f"{game}-{wheel}")
    if game in PAST_DRAWS:
        return tuple(PAST_DRAWS[game](rng) for _ in range(spins))
    if game == "sicbo":
        return tuple("-".join(str(rng.randint(1, 6)) for _ in range(3)) for _ in range(spins))
    if game == "bigsix":
        return tuple(Stop(rng.randrange(len(SECTIONS))).text for _ in range(spins))
    if game == "craps":
        return tuple(f"{rng.randint(1, 6)}-{rng.randint(1, 6)}" for _ in range(spins))
    order = WHEELS[wheel].order
    return tuple(pocket_text(rng.choice(order)) for _ in range(spins))


def table_state(model: DisplayModel, round_id: int, phase: str, countdown_ms: int) -> m.TableState:
    """A ``TableState`` for the model's game, wheel and lab mode."""
    wheel = {"roulette": model.wheel, "sicbo": "a", "bigsix": "standard"}.get(model.game, "none")
    return m.TableState(
        model.game, round_id, phase, countdown_ms, LIMITS, (100, 500, 2500), "USD", 1,
        "Keystone Casino", "T-01", 8, wheel, model.test_mode,
    )  # fmt: skip


def _result(round_id: int, outcome: str) -> m.Result:
    """The outcome with wagers that won and lost on it, as a table would settle them."""
    if "@" in outcome:  # a Big Six stop
        symbol = Stop.parse(outcome).symbol
        won = m.SettlementView("seat-2", symbol, 500, 500 * (1 + ODDS[symbol]), "win")
        return m.Result(round_id, outcome, (won, m.SettlementView("seat-7", "joker", 100, 0, "lose")))
    if outcome.count("-") >= 5:  # a High Roll throw (ten or six dice, or the extra roll's)
        return _high_roll_result(round_id, outcome)
    if outcome.count("-") == 2:  # a Sic Bo roll
        return _sicbo_result(round_id, Roll.parse(outcome))
    if "-" in outcome:
        first, second = (int(x) for x in outcome.split("-"))
        total = first + second
        field = total in (2, 3, 4, 9, 10, 11, 12)
        settled = (
            m.SettlementView("seat-3", "field", 1_000, 2_000 if field else 0, "win" if field else "lose"),
            m.SettlementView(
                "seat-5", "any_seven", 500, 2_500 if total == 7 else 0, "win" if total == 7 else "lose"
            ),
            m.SettlementView("seat-6", f"hop_{min(first, second)}_{max(first, second)}", 500, 8_000, "win"),
        )
        return m.Result(round_id, f"{outcome} ({total})", settled)
    colour = colour_of(outcome)
    wins: tuple[m.SettlementView, ...] = (
        m.SettlementView("seat-3", f"straight:{outcome}", 500, 18_000, "win"),
        m.SettlementView("seat-1", "red" if colour != "red" else "black", 2_000, 0, "lose"),
    )
    if colour != "green":
        wins += (m.SettlementView("seat-6", colour, 2_500, 5_000, "win"),)
    return m.Result(round_id, outcome, wins)


def _high_roll_result(round_id: int, outcome: str) -> m.Result:
    """A High Roll throw: Pip Street on its winning face won, Like Kind 4 won or lost."""
    throw = Throw.parse(outcome)
    pip = next(spot for spot, face in PIP_FACE.items() if face == throw.face)
    four = throw.count == 4
    settled = (
        m.SettlementView("seat-2", pip, 500, 2_000, "win"),
        m.SettlementView("seat-4", "like_kind_4", 500, 1_000 if four else 0, "win" if four else "lose"),
    )
    return m.Result(round_id, outcome, settled[1:] if throw.extra else settled)


def _sicbo_result(round_id: int, roll: Roll) -> m.Result:
    """A Sic Bo roll with Big or Small lost or won, and a total that won."""
    side = "big" if roll.total > 10 else "small"
    paid = 0 if roll.is_triple else 2_000
    settled = [m.SettlementView("seat-3", side, 1_000, paid, "win" if paid else "lose")]
    if 4 <= roll.total <= 17:
        settled.append(m.SettlementView("seat-5", f"total_{roll.total}", 500, 4_000, "win"))
    return m.Result(round_id, roll.to_json()["text"], tuple(settled))


def touchdown_view(
    downs: tuple[int, ...] = (), phase: str = "game", teams: tuple[tuple[str, str, bool], ...] = TEAMS
) -> m.GameView:
    """The ``GameView`` of a Touchdown game with ``downs`` played (``phase`` open: no game)."""
    if phase == "open":
        return game_view("roulette", ROUND, RouletteView("double_zero", TouchdownView("open", (), (), 0, ())))
    gains = tuple(yards_moved(DEFAULT_YARDS, pocket) for pocket in downs)
    ball = max(-50, min(50, sum(gains)))
    views = tuple(TeamView(seat, team, assigned) for seat, team, assigned in teams)
    drive = TouchdownView("game", downs, gains, ball, views)
    return game_view("roulette", ROUND, RouletteView("double_zero", drive))


def sides_view(previous: str, odds: int, trigger: str = "", balls: tuple[int, ...] = ()) -> m.GameView:
    """A double-zero table offering Touchdown (no game), B2B (``previous``, the ``odds`` drawn last) and
    Blazing 7's (the bonus ``balls`` started by ``trigger``; none: ``()``)."""
    idle = TouchdownView("open", (), (), 0, ())
    view = RouletteView("double_zero", idle, B2BView(previous, odds), BlazingView("1", trigger, balls))
    return game_view("roulette", ROUND, view)


def with_sides(model: DisplayModel) -> DisplayModel:
    """``model`` at a table offering B2B and Blazing 7's: the previous spin is the last on the board."""
    last = next((h.outcome for h in model.history if not h.void), "")
    return apply(model, sides_view(last, 25), 0.0)


def bonus(model: DisplayModel, after_s: float) -> tuple[DisplayModel, float]:
    """``after_s`` seconds after a spin of 17 that started a Blazing 7's bonus (balls 7, 30 and 27)."""
    before = apply(model, sides_view("5", 25), -1e6)
    return spun(before, "17", after_s, view=sides_view("17", 250, "17", (7, 30, 27)))


def craps_view(
    point: int | None, last_roll: str, fire: tuple[int, ...] = (6, 9, 4),
    bonus: tuple[int, ...] = (2, 3, 4, 6, 8, 11), rolls: int = 9,
) -> m.GameView:  # fmt: skip
    """The ``GameView`` of a craps table: shooter 4, with some points made and Bonus numbers hit."""
    return game_view("craps", ROUND, CrapsView(point, 4, rolls, False, fire, bonus, last_roll))


def seven_out(last_roll: str) -> m.GameView:
    """The ``GameView`` after a seven-out: a new shooter, Fire and Bonus cleared."""
    return game_view("craps", ROUND, CrapsView(None, 5, 0, True, (), (), last_roll))


def base(
    game: str = "roulette", wheel: str = "double_zero", test: bool = False, spins: int = 60
) -> DisplayModel:
    """A linked display that has seen ``spins`` results and the table's game view."""
    model = apply(DisplayModel(game=game, wheel=wheel, test_mode=test), LinkUp(), 0.0)
    entries = tuple(m.HistoryEntry(ROUND - 1 - k, o, False) for k, o in enumerate(past(game, wheel, spins)))
    model = _told(model, m.History(entries), 0.0)
    if game == "craps":
        return apply(model, craps_view(None, entries[0].outcome if entries else "3-4"), 0.0)
    if game == "crapless":
        return apply(model, crapless_played(rolled(model)), 0.0)
    if game == "roulette" and wheel == "double_zero":  # Touchdown: only on the double-zero wheel
        return apply(model, touchdown_view(phase="open"), 0.0)
    return model


def _told(model: DisplayModel, history: m.History, t: float) -> DisplayModel:
    """The history board and the statistics' counts of it, as the table sends them."""
    return apply(apply(model, history, t), tally(history), t)


def seen(model: DisplayModel) -> DisplayModel:
    """The display has seen the round before's result (the newest on its history board, with its winners),
    long ago: the pictures of a round in play show that round's winners as the last round's."""
    last = model.history[0]
    return apply(model, _result(last.round_id, last.outcome), -1e5)


def betting(model: DisplayModel, t: float = 100.0) -> tuple[DisplayModel, float]:
    """The betting window, 18 seconds to go."""
    return apply(model, table_state(model, ROUND, "open", 18_000), t), t


def locked(model: DisplayModel, t: float = 100.0, round_id: int = ROUND) -> tuple[DisplayModel, float]:
    """The window of ``round_id`` has closed; the outcome is being drawn."""
    model = apply(model, table_state(model, round_id, "open", 1_000), t - 2.0)
    return model, t


def crowd(round_id: int, outcome: str, seats: int) -> m.Result:
    """``outcome`` won by every one of ``seats`` seats (a full table of sixteen: the winners' list)."""
    won = tuple(
        m.SettlementView(f"seat-{n}", "over_four_yards", 100 * n, 200 * n, "win") for n in range(1, seats + 1)
    )
    return m.Result(round_id, outcome, won)


def spun(
    model: DisplayModel, outcome: str, after_s: float, t: float = 100.0, view: m.GameView | None = None,
    seats: int = 0,
) -> tuple[DisplayModel, float]:  # fmt: skip
    """``after_s`` seconds after the result ``outcome`` arrived, as the table sends it: ``Result``, then
    ``view`` (the game view after the outcome), the ``History`` with the outcome, and at once the next
    window (as a headless table does); ``seats``: that many seats won (0: a few, as the game settles)."""
    start = t - after_s
    model = apply(model, table_state(model, ROUND, "open", 0), start - 0.5)
    model = apply(model, crowd(ROUND, outcome, seats) if seats else _result(ROUND, outcome), start)
    if view is not None:
        model = apply(model, view, start)
    entries = tuple(
        m.HistoryEntry(h.round_id, h.outcome, h.void) for h in model.history if h.round_id != ROUND
    )
    model = _told(model, m.History((m.HistoryEntry(ROUND, outcome, False), *entries)), start)
    model = apply(model, table_state(model, ROUND + 1, "open", 25_000), start + 0.01)
    return model, t


def at_rest(
    model: DisplayModel, outcome: str, t: float = 100.0, view: m.GameView | None = None, seats: int = 0
) -> tuple[DisplayModel, float]:
    """The result settled and the winners shown (``seats``: that many seats won)."""
    return spun(model, outcome, settle_time(model) + 2.0, t, view, seats)


def touchdown(model: DisplayModel, downs: tuple[int, ...]) -> DisplayModel:
    """A Touchdown game in progress with ``downs`` played (pockets; 37 is 00)."""
    return apply(model, touchdown_view(downs), -1e6)


def down(model: DisplayModel, downs: tuple[int, ...], after_s: float) -> tuple[DisplayModel, float]:
    """``after_s`` seconds into the spin of the last of ``downs``: the game view after it is sent with
    the result (after the fourth down the table's game is over and its view idle again)."""
    before = touchdown(model, downs[:-1])
    after = touchdown_view(downs) if len(downs) < 4 else touchdown_view(phase="open")
    return spun(before, pocket_text(downs[-1]), after_s, view=after)


def kickoff(model: DisplayModel, pocket: str, after_s: float) -> tuple[DisplayModel, float]:
    """A spin of 0 or 00 that starts a Touchdown game: three seats had the wager, none has a team yet."""
    if parse_pocket(pocket) not in (0, 37):
        raise ValueError(f"only 0 or 00 kicks off a Touchdown game, not {pocket}")
    choosing = tuple((seat, "none", False) for seat, _, _ in TEAMS)
    return spun(model, pocket, after_s, view=touchdown_view((), teams=choosing))


def craps(model: DisplayModel, point: int | None, last_roll: str) -> DisplayModel:
    """The craps boards: a shooter with some points made and Bonus numbers hit."""
    return apply(model, craps_view(point, last_roll), -1e6)


HOT_RUN = ("4-4", "5-5", "4-6", "3-3", "2-4", "1-5", "2-3", "1-4", "2-2", "1-3", "3-5", "3-4")


def hot_run(model: DisplayModel) -> DisplayModel:
    """A hot shooter: since the last 7 (3-4), 4, 5, 6 and 10 complete and two ways of 8 thrown (the
    history board and every board from the same rolls)."""
    return craps_run(model, tuple(reversed(HOT_RUN)))


#: A shooter's run, oldest first, from a come-out: the point 6, then 8, 9 and 4 (Lucky Shooter marks), the
#: hard 6 made (a Fire point); come-out 9, then 10 and 5, the 9 made (a second Fire point): on the next
#: come-out 5-3 sets the point 8.
RUN = ("4-2", "5-3", "4-5", "1-3", "3-3", "5-4", "6-4", "2-3", "4-5")


def played(rolls: tuple[str, ...]) -> m.GameView:
    """The craps table's ``GameView`` after ``rolls`` (oldest first) on a new table, as the real engine
    plays them: every board a craps picture shows comes from the rolls on its history board."""
    engine = CrapsEngine(CrapsRules(), ())
    play, last = engine.start(), None
    for text in rolls:
        last = engine.parse(text)
        play = engine.settle(play, last).play
    return game_view("craps", ROUND, engine.view(play, last))


def rolled(model: DisplayModel) -> tuple[str, ...]:
    """The rolls on the model's history board, oldest first."""
    return tuple(h.outcome for h in reversed(model.history))


def after(model: DisplayModel, outcome: str) -> m.GameView:
    """The craps table's view once ``outcome`` follows the rolls on the model's history board."""
    return played((*rolled(model), outcome))


def craps_run(model: DisplayModel, rolls: tuple[str, ...]) -> DisplayModel:
    """The craps table once ``rolls`` (oldest first) follow the example past rolls, brought to a come-out
    first (a seven-out where a point stands): the history board and every board from the same rolls."""
    past_rolls = rolled(model)
    if _point(past_rolls) is not None:
        past_rolls = (*past_rolls, "3-4")
    every = (*past_rolls, *rolls)
    entries = tuple(m.HistoryEntry(ROUND - 1 - k, o, False) for k, o in enumerate(reversed(every)))
    model = _told(model, m.History(entries), 0.0)
    return apply(model, played(every), 0.0)


def _point(rolls: tuple[str, ...]) -> int | None:
    engine = CrapsEngine(CrapsRules(), ())
    play = engine.start()
    for text in rolls:
        play = engine.settle(play, engine.parse(text)).play
    return play.state.point


def tilted(model: DisplayModel, t: float = 100.0) -> DisplayModel:
    """A table tilt (main door open)."""
    return apply(model, m.Tilt("door_open", True, None, "door_open", "table: main door open"), t)


def serviced(model: DisplayModel, t: float = 100.0) -> DisplayModel:
    """The table in service mode (a technician turned the key)."""
    return apply(model, m.Tilt("service_mode", True, None, "out_of_service", "table: service key on"), t)


def unlinked(model: DisplayModel, t: float = 1.0) -> DisplayModel:
    """The display lost its link to the table."""
    return apply(model, LinkDown("reconnecting", "controller silent past the heartbeat timeout"), t)


def tdf_view(throws: tuple[str, ...], extra_point: bool = True) -> m.GameView:
    """Three Dice Football's view after ``throws`` (``"5-3-1"``), played through the real engine from a
    new game; with ``extra_point`` a seat holds an Extra Point wager (a touchdown calls the extra roll)."""
    from terminal.games.tdf.engine import TdfEngine
    from terminal.games.tdf.rules import Throw, make_rules

    engine = TdfEngine(make_rules())
    play = engine.start()
    if extra_point:
        play = engine.place(play, 1, "sample-xp", "extra_point", 100)[1]
    for text in throws:
        play = engine.settle(play, Throw.parse(text)).play
    return game_view("tdf", ROUND, engine.view(play, None))


def tdf_drive(model: DisplayModel, throws: tuple[str, ...]) -> DisplayModel:
    """A Three Dice Football game in progress with ``throws`` played."""
    return apply(model, tdf_view(throws), -1e6)


def crapless_played(rolls: tuple[str, ...], hard_rockn: bool = True) -> m.GameView:
    """The crapless table's ``GameView`` after ``rolls`` (oldest first), as its engine plays them: the
    puck, the Fire points and the marks a crapless picture shows come from the rolls on its history."""
    from terminal.games.crapless.engine import CraplessEngine
    from terminal.games.crapless.rules import CraplessRules

    engine = CraplessEngine(CraplessRules(hard_rockn_offered=hard_rockn), ())
    play, last = engine.start(), None
    for text in rolls:
        last = engine.parse(text)
        play = engine.settle(play, last).play
    return game_view("crapless", ROUND, engine.view(play, last))


#: A crapless shooter's run from a come-out: the point 2 made, the point 11 made, the point 4 set, with
#: 3, 5, 6, 9 and 12 rolled on the way (Hard Rock'n Dice marks since the last 7).
CRAPLESS_RUN = ("1-1", "4-5", "1-1", "5-6", "1-2", "5-6", "2-2", "2-3", "3-3", "6-6")


def crapless_run(model: DisplayModel, rolls: tuple[str, ...] = CRAPLESS_RUN) -> DisplayModel:
    """The crapless table once ``rolls`` (oldest first) follow a seven-out: the history board and the
    puck, Fire and marks from the same rolls."""
    every = (*rolled(model), "3-4", *rolls)
    entries = tuple(m.HistoryEntry(ROUND - 1 - k, o, False) for k, o in enumerate(reversed(every)))
    model = apply(model, m.History(entries), 0.0)
    return apply(model, crapless_played(every), 0.0)


def crapless_after(model: DisplayModel, outcome: str) -> m.GameView:
    """The crapless table's view once ``outcome`` follows the rolls on the model's history board."""
    return crapless_played((*rolled(model), outcome))


def props_hops_marked() -> DisplayModel:
    """A Props & Hops table on a hop grid of its own (1-6 and 1-1 swapped) with two standing Six Eight
    Shakes, one with 1-5 and 3-3 marked, one with 3-3 and 4-4."""
    from terminal.games.props_hops.engine import PropsHopsView
    from terminal.games.props_hops.rules import DEFAULT_GRID

    grid = DEFAULT_GRID.replace("1-6", "x").replace("1-1", "1-6").replace("x", "1-1")
    view = PropsHopsView("standard", grid, "2-2", ("1-5 3-3", "3-3 4-4"))
    return apply(base("props_hops"), game_view("props_hops", ROUND, view), 0.0)
