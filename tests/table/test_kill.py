"""SIGKILL the headless table in every commit window of a round, and prove the table survives every kill.

Each run is the real headless table (``terminal run --headless``'s :func:`run_headless`: controller,
ledger, RNG, bots over the protocol) in its own process, forked from one that imported it once
(``kill_child``), and it SIGKILLs itself at a chosen point, so where it dies is chosen, not left to
timing. The points: a learning run lists every kind of ledger transaction the running table commits
(its *windows*: a bill stacked, a wager placed or withdrawn, a round opened, the outcome persisted, the
round settled, an event logged, each step of the boot...); then the table is killed just before and just
after a commit of each window, in its first rounds after the restart (the wagers left standing by the
kills before in play). Between two ledger statements the database holds what the last commit left, so
these points reach every state a kill at any instant can leave (a kill inside SQLite's own commit is
SQLite's atomic commit, tested by ``tests/ledger``). The boot's windows are the same code in every game:
they are killed in the first game only, as is the configuration's first record; every game's new ledger
is killed once while it is being made.

After each kill the ledger is checked from outside: it verifies, every meter agrees with the journal,
the credit identity holds, no round has two outcomes, and every wager that was standing from an earlier
round when the process died (a Touchdown game, a craps point wager, Lucky Shooter, Fire, Bonus, Hot
Roller) is still in play or was settled, never lost, and every Hot Roller was paid on the combinations
the ledger's outcomes threw while it stood. A last run plays to completion. The test fails unless every
window of the boot and of the round's own phases (opened, wagers placed, outcome persisted, settled) was
killed both before and after; the windows that wait on a bot's move or money (a bill fed when low, a
withdrawal, a cash-out, a voucher fed back) are killed when a run reaches them, and the test prints
which it reached. Touchdown across a restart at each down is also covered deterministically in
``test_recovery.py``.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from terminal import config as configuration
from terminal.ledger import Ledger, report
from tests.table.kill_child import Kill

ROOT = Path(__file__).resolve().parents[2]
LEARN_ROUNDS = 4  # rounds of the learning run and of each kill run (three times as many on a retry)
#: The new ledger's first boot: the database made (three commits), the configuration recorded. They
#: never commit again on the same ledger, so they are killed first, before the learning run.
FIRST_BOOT = (
    Kill("table/births.py:open_ledger", 2, False),  # the ledger is made in births.open_ledger
    Kill("table/config_record.py:examine", 1, False),
    Kill("table/config_record.py:examine", 1, True),
)
#: The windows every round commits in: opened, wagers placed, the outcome persisted, settled.
ROUND_PHASES = (
    "table/table.py:open_round",
    "table/wagering.py:place",
    "table/table.py:_draw",
    "table/table.py:_settle_and_show",
)
Commits = dict[str, dict[str, int]]  # kill_child's note of a run: commits per window at boot, in rounds


class Fork:
    """The table, imported once in ``kill_child``'s process, forked for each run."""

    def __init__(self, folder: Path) -> None:
        self.log = folder / "stderr.txt"
        self._said = self.log.open("wb")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tests.table.kill_child"],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self._said,
            text=True,
        )

    def play(self, cfg: Path, rounds: int, seed: int, kill: Kill | None) -> tuple[int, object]:
        """One run of the table: its exit code (-9: killed) and what it noted (the kill, or the commits)."""
        assert self.process.stdin is not None and self.process.stdout is not None
        note = cfg.parent / "note.json"
        note.unlink(missing_ok=True)
        request = [str(cfg), rounds, seed, kill and [kill.window, kill.n, kill.after], str(note)]
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        answer = self.process.stdout.readline()
        assert answer, self.log.read_text(encoding="utf-8", errors="replace")
        text = note.read_text(encoding="utf-8") if note.exists() else ""
        return int(answer), json.loads(text) if text else None

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait(timeout=60)
        self._said.close()


@pytest.fixture(scope="module")
def fork(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Fork]:
    server = Fork(tmp_path_factory.mktemp("fork"))
    yield server
    server.close()


def _inspect(cfg: Path) -> dict[str, tuple[int, str | None]]:
    """Check every invariant of the ledger as the killed process left it; return standing wagers."""
    ledger = Ledger.from_config(configuration.load(cfg), now=datetime.now(UTC))
    try:
        assert ledger.verify().ok
        assert ledger.audit() == []
        assert report.identity(report.summary(ledger.db))[1]
        doubled = ledger.db.execute(
            "SELECT round_id FROM outcomes GROUP BY round_id HAVING count(*) > 1"
        ).fetchall()
        assert doubled == []
        _hot_rollers_settled_as_thrown(ledger)
        _EXTRA_ROLLS["checked"] = _extra_rolls_follow_their_first_throw(ledger)
        _drives_settled_as_thrown(ledger)
        _crapless_counts_settled_as_thrown(ledger)
        last = ledger.resume()
        current = last.id if last is not None else 0
        wagers = ledger.db.execute(
            "SELECT w.ref, w.round_id, r.result FROM wagers w LEFT JOIN results r ON r.wager_id = w.id"
        ).fetchall()
        return {ref: (round_id, result) for ref, round_id, result in wagers if round_id < current or result}
    finally:
        ledger.close()


ROCKN = "[hard_rockn_dice]\noffered = true\n"  # crapless: Hard Rock'n Dice played by the bots too
SIDES = "[b2b]\noffered = true\n[blazing7s]\noffered = true\n"  # B2B and Blazing 7's played by the bots too


# Hot Roller's numbers and their combinations (§ 623b.2(a)(2)(iii)), and paytable A, written out again
_HOT_NUMBERS = {4: {(1, 3), (2, 2)}, 5: {(1, 4), (2, 3)}, 6: {(1, 5), (2, 4), (3, 3)},
                8: {(2, 6), (3, 5), (4, 4)}, 9: {(3, 6), (4, 5)}, 10: {(4, 6), (5, 5)}}  # fmt: skip
_HOT_PAYS_A = {2: 5, 3: 10, 4: 20, 5: 50, 6: 200}


def _hot_rollers_settled_as_thrown(ledger: Ledger) -> None:
    """Every settled Hot Roller paid on the combinations the ledger's outcomes threw from its round to the
    first 7: the marks it carried through every kill were the dice's, none lost and none invented."""
    settled = ledger.db.execute(
        "SELECT w.round_id, w.stake, r.round_id, r.returned FROM wagers w JOIN results r ON r.wager_id = w.id"
        " WHERE w.kind = 'hot_roller'"
    ).fetchall()
    outcomes = ledger.db.execute("SELECT round_id, outcome FROM outcomes").fetchall() if settled else ()
    rolls = {round_id: tuple(json.loads(text)["dice"]) for round_id, text in outcomes}
    for placed, stake, ended, returned in settled:
        thrown = [rolls[n] for n in sorted(rolls) if placed <= n <= ended]
        assert sum(thrown[-1]) == 7 and all(sum(d) != 7 for d in thrown[:-1])
        pairs = {(min(d), max(d)) for d in thrown}
        complete = sum(1 for combos in _HOT_NUMBERS.values() if combos <= pairs)
        assert returned == (stake * (1 + _HOT_PAYS_A[complete]) if complete >= 2 else 0)


_EXTRA_PAYS = {3: 6, 4: 1, 5: 2, 6: 4, 7: 10, 8: 50}  # High Roll's circles on the extra roll (§ 675a.5(d))


_EXTRA_ROLLS: dict[str, int] = {"checked": 0}  # the last ledger's High Roll extra rolls, for the print


def _extra_rolls_follow_their_first_throw(ledger: Ledger) -> int:
    """Every High Roll extra roll re-threw the dice its first throw did not set aside (the face and count
    the set-aside state carried through every kill), and every circle riding on it was paid on its count."""
    rows = ledger.db.execute("SELECT round_id, outcome FROM outcomes ORDER BY round_id").fetchall()
    before: dict[str, object] = {}
    extra = 0
    for round_id, text in rows:
        outcome = json.loads(text)
        if "aside" in outcome:
            assert (before.get("face"), before.get("count")) == (outcome["face"], outcome["aside"]), round_id
            assert len(outcome["dice"]) == 10 - outcome["aside"]
            settled = ledger.db.execute(
                "SELECT w.kind, w.stake, r.returned FROM wagers w JOIN results r ON r.wager_id = w.id"
                " WHERE r.round_id = ?",
                (round_id,),
            ).fetchall()
            for kind, stake, returned in settled:
                k = int(kind.rsplit("_", 1)[1])
                assert returned == (stake * (1 + _EXTRA_PAYS[k]) if k == outcome["count"] else 0), kind
            extra += 1
        before = outcome
    return extra


_GAME_WAGERS = ("touchdown", "defense", *(f"game_length_{n}" for n in range(1, 7)))


def _drives_settled_as_thrown(ledger: Ledger) -> None:
    """Every settled Three Dice Football full-game wager (Touchdown, Defense, Game Length) settled on the
    drive the ledger's throws made from its game's first down, replayed here by GAMES.md §6.1's rules (not
    the engine's): the drive carried through every kill, never restarted, never invented."""
    from tests.games.test_tdf import replay_drive

    marks = ",".join("?" * len(_GAME_WAGERS))
    settled = ledger.db.execute(
        "SELECT w.kind, w.round_id, r.round_id, r.result FROM wagers w JOIN results r ON r.wager_id = w.id"
        f" WHERE w.game = 'tdf' AND w.kind IN ({marks}) AND r.result IN ('win', 'lose')",  # not withdrawn
        _GAME_WAGERS,
    ).fetchall()
    outcomes = ledger.db.execute("SELECT round_id, outcome FROM outcomes").fetchall() if settled else ()
    throws = {round_id: tuple(json.loads(text)["dice"]) for round_id, text in outcomes}
    for kind, placed, ended, result in settled:
        rounds = [n for n in sorted(throws) if placed <= n <= ended]
        end, plays = replay_drive([throws[n] for n in rounds])
        scored = end in ("td", "trips")
        last = rounds[plays - 1]  # the round of the down that ended the game
        assert ended == last or (kind == "touchdown" and scored and ended == rounds[plays]), (kind, placed)
        won = scored if kind == "touchdown" else not scored if kind == "defense" else plays == int(kind[-1])
        assert result == ("win" if won else "lose"), (kind, placed, ended, end, plays)


# Crapless Craps (GAMES.md §6.4), written out again: the Fire Bet pays on the different points made (a
# come-out total other than 7 repeated before a 7), Hard Rock'n Dice on the totals rolled before the 7.
_CRAPLESS_FIRE = {3: 9, 4: 29, 5: 149, 6: 299}
_CRAPLESS_ROCKN = {"six_string": ({4, 5, 6, 8, 9, 10}, 12), "fab_four": ({2, 3, 11, 12}, 70)}


def _crapless_counts_settled_as_thrown(ledger: Ledger) -> None:
    """Every settled crapless Fire Bet and Hard Rock'n Dice wager paid on what the ledger's outcomes threw
    from its round to its settling 7: the point, the points made and the marks it carried through every
    kill were the dice's."""
    _crapless_lines_settled_as_thrown(ledger)
    kinds = ("fire_bet", "six_string", "fab_four", "the_tenor")
    settled = ledger.db.execute(
        "SELECT w.kind, w.round_id, w.stake, r.round_id, r.returned, r.entry FROM wagers w"
        f" JOIN results r ON r.wager_id = w.id WHERE w.kind IN ({','.join('?' * len(kinds))})"
        " AND r.result != 'withdrawn'",
        kinds,
    ).fetchall()
    outcomes = ledger.db.execute("SELECT round_id, outcome FROM outcomes").fetchall() if settled else ()
    totals = {round_id: sum(json.loads(text)["dice"]) for round_id, text in outcomes}
    for kind, placed, stake, ended, returned, entry in settled:
        thrown = [totals[n] for n in sorted(totals) if placed <= n <= ended]
        assert thrown[-1] == 7, (kind, thrown)
        if kind != "fire_bet":  # placed right after a 7: marked until the next one
            assert 7 not in thrown[:-1]
            marked = set(thrown[:-1])
            pays = (80 if len(marked) == 10 else 20 if len(marked) == 9 else -1) if kind == "the_tenor" else (
                _CRAPLESS_ROCKN[kind][1] if marked >= _CRAPLESS_ROCKN[kind][0] else -1)  # fmt: skip
        else:  # placed before the shooter's first point: the points made until the seven-out
            point, made = None, set()
            for total in thrown[:-1]:
                if point is None and total != 7:
                    point = total
                elif point is not None and total == point:
                    made.add(point)
                    point = None
                assert not (point is not None and total == 7), thrown  # a seven-out settles it
            assert point is not None  # the last 7 is a seven-out, not a come-out 7
            pays = _CRAPLESS_FIRE.get(min(len(made), 6), -1)
            assert entry == f"{len(made)} points made", (thrown, entry)  # the count, not only the pay
        if kind != "fire_bet":
            assert entry == "marked " + "-".join(map(str, sorted(marked))), (thrown, entry)
        assert returned == stake * (1 + pays), (kind, thrown, stake, returned)


def _crapless_lines_settled_as_thrown(ledger: Ledger) -> None:
    """Every settled crapless Pass, Come and Put was decided by the first roll the ledger's outcomes say
    decides it (the point or come point it stood on kept through every kill), and paid even money."""
    settled = ledger.db.execute(
        "SELECT w.kind, w.round_id, w.stake, r.round_id, r.returned FROM wagers w JOIN results r"
        " ON r.wager_id = w.id WHERE w.game = 'crapless' AND (w.kind IN ('pass', 'come') OR w.kind LIKE"
        " 'put_%') AND w.kind != 'put_odds' AND r.result != 'withdrawn'"
    ).fetchall()
    outcomes = ledger.db.execute("SELECT round_id, outcome FROM outcomes").fetchall() if settled else ()
    totals = {round_id: sum(json.loads(text)["dice"]) for round_id, text in outcomes}
    for kind, placed, stake, ended, returned in settled:
        number = int(kind.removeprefix("put_")) if kind.startswith("put_") else None  # pass, come: unset
        for n in sorted(r for r in totals if r >= placed):
            total = totals[n]
            if number is None and total != 7:
                number = total
                continue
            if total in (7, number):
                assert (ended, returned) == (n, 2 * stake if total == number or number is None else 0), kind
                break
        else:
            raise AssertionError(f"{kind} of round {placed} settled in {ended} with no roll deciding it")


def _plan(commits: Commits, chooser: random.Random, boot_too: bool) -> list[Kill]:
    """Before and after a commit of every window of the learning run: the round's in the first two
    rounds, the boot's (when ``boot_too``) at any of its commits."""
    boot, rounds = commits["boot"], commits["rounds"]
    windows = {window: (boot.get(window, 0), n) for window, n in rounds.items()}
    if boot_too:
        windows |= {window: (n, 0) for window, n in boot.items() if window not in rounds}
    return [Kill(window, chooser.randint(1, at_boot + max(1, -(-2 * n // LEARN_ROUNDS))), after)
            for window, (at_boot, n) in windows.items() for after in (False, True)]  # fmt: skip


def _required(commits: Commits, plan: list[Kill]) -> set[tuple[str, bool]]:
    """The kills that must be made: in the boot's windows and the round's own phases. The others wait on
    a bot's move or its money (a bill fed when low, a withdrawal, a cash-out, a voucher fed back)."""
    assert set(ROUND_PHASES) <= set(commits["rounds"]), commits  # renamed? name them again here
    return {(k.window, k.after) for k in plan if k.window in ROUND_PHASES or k.window in commits["boot"]}


@pytest.mark.slow
@pytest.mark.parametrize("game", ["roulette", "craps", "roulette+sides", "high_roll", "tdf", "crapless"])
def test_the_table_survives_sigkill_at_any_moment(tmp_path: Path, game: str, fork: Fork) -> None:
    cfg = tmp_path / "kiosk.cfg"
    extra = SIDES if game.endswith("+sides") else ROCKN if game == "crapless" else ""
    cfg.write_text(
        f"[table]\nport = 0\ngame = {game.removesuffix('+sides')}\nseats = 4\n{extra}", encoding="utf-8"
    )
    for kill in FIRST_BOOT if game == "roulette" else FIRST_BOOT[:1]:  # a new ledger, killed as it is made
        code, noted = fork.play(cfg, 1, 0, kill)
        assert code == -9 and noted == [kill.window, kill.n, kill.after, noted[-1]], noted
        assert _inspect(cfg) == {}
    code, commits = fork.play(cfg, LEARN_ROUNDS, 0, None)  # learn the windows
    assert code == 0 and isinstance(commits, dict)
    plan = _plan(commits, random.Random(f"kill-{game}"), boot_too=game == "roulette")
    required, first = _required(commits, plan), len(plan)
    for _ in range(2):  # a required kill again, sooner and with longer runs, where a run fell short
        plan += [Kill(k.window, 1, k.after) for k in plan[:first] if (k.window, k.after) in required]
    carried, killed = 0, set()
    standing = {ref for ref, (_, result) in _inspect(cfg).items() if result is None}
    for seed, kill in enumerate([*plan, None], start=1):
        if kill is not None and (kill.window, kill.after) in killed:
            continue
        rounds = 8 if kill is None else LEARN_ROUNDS * (1 if seed <= first else 3)
        code, noted = fork.play(cfg, rounds, seed, kill)
        if kill is None or code != -9:  # the last run plays to completion; so does one that fell short
            assert code == 0, f"{kill}: exit {code}: {fork.log.read_text(encoding='utf-8', errors='replace')}"
        else:
            assert noted == [kill.window, kill.n, kill.after, noted[-1]], noted  # where it was meant to
            killed.add((kill.window, kill.after))
        state = _inspect(cfg)
        for ref in standing:  # continued: still standing, or settled; never lost, never taken back
            assert ref in state and state[ref][1] in (None, "win", "lose", "push"), ref
        carried += len(standing)
        standing = {ref for ref, (_, result) in state.items() if result is None}
    assert required <= killed, sorted(required - killed)
    reached = sorted(f"{window} {'after' if after else 'before'}" for window, after in killed)
    print(
        f"{game}: {len(killed)} kills ({', '.join(reached)}); {carried} standing wagers carried and checked"
        f"; {_EXTRA_ROLLS['checked']} extra rolls checked against their first throws"
    )
