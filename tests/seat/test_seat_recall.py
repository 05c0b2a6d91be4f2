"""The seat's recall: each past round's wagers with their results, under a RECALL banner.

The rounds come from the ledger through the protocol (``SeatRounds``); what the seat draws is checked in
both languages against the catalogue's own words.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from terminal.money import USD
from terminal.net import messages as m
from terminal.seat import history_page, theme
from terminal.seat.text import Painter
from terminal.table import views
from tests.seat.seat_states import linked_app
from tests.table.harness import make_config, scripted_table


def test_seat_rounds_carry_each_wagers_result_as_the_ledger_recalls_it(tmp_path: Path) -> None:
    table = scripted_table(make_config(tmp_path), 17, 3)
    table.start()
    table.cashier.bill_stacked(1, 10_000)
    for _ in range(2):
        table.wagers.place(1, "red", 500)
        table.wagers.place(1, "straight:17", 100)
        table.play_round()
        table.open_round()
    rounds = views.seat_rounds(table, 1).rounds
    assert [r.round_id for r in rounds] == [2, 1]
    for shown in rounds:
        recalled = table.ledger.recall(shown.round_id).wagers
        expected = sorted((w.spot, w.stake, w.returned, w.result) for w in recalled if w.seat == 1)
        assert sorted((w.spot, w.stake, w.paid, w.result) for w in shown.wagers) == expected
    first = {w.spot: w.paid for w in rounds[1].wagers}  # 17: the straight pays 36 units, red loses
    assert first == {"red": 0, "straight:17": 3_600}


def test_a_wager_carried_past_its_round_is_named_there_and_settled_where_it_was(tmp_path: Path) -> None:
    table = scripted_table(make_config(tmp_path, "[table]\ngame = craps\n"), (3, 3), (5, 6), (4, 2))
    table.start()
    table.cashier.bill_stacked(1, 10_000)
    table.wagers.place(1, "pass", 1_000)
    table.play_round()  # 3-3: the point is 6; the pass line rides on
    table.open_round()
    table.wagers.place(1, "field", 500)
    table.play_round()  # 5-6: the field wins even money on 11
    table.open_round()
    table.play_round()  # 4-2: the point is made, the pass line wins 10.00
    rounds = {r.round_id: r for r in views.seat_rounds(table, 1).rounds}
    said = {n: [(w.spot, w.stake, w.paid, w.result) for w in r.wagers] for n, r in rounds.items()}
    assert said[1] == [("pass", 1_000, 0, "carried")]
    assert said[2] == [("field", 500, 1_000, "win")]
    assert said[3] == [("pass", 1_000, 2_000, "win")]
    for shown in rounds.values():  # every stake counted on the round's line is named beneath it
        placed = table.ledger.recall(shown.round_id).wagers
        assert shown.wagered == sum(w.stake for w in placed if w.round_id == shown.round_id)


def test_the_seat_words_each_result_from_the_catalogue() -> None:
    pygame.font.init()
    wagers = (m.SeatWagerView("red", 500, 0, "lose"), m.SeatWagerView("straight:17", 100, 3_600, "win"),
              m.SeatWagerView("black", 500, 500, "push"))  # fmt: skip
    for language in ("en", "es"):
        p = Painter(language, USD)
        parts = history_page.wager_results(p, wagers)
        assert parts[0] == f"{p.tr('wager.red')} $5.00 {p.tr('history.lost')}"
        assert parts[1].endswith(p.tr("history.won", amount="$36.00")) and "17" in parts[1]
        assert parts[2] == f"{p.tr('wager.black')} $5.00 {p.tr('history.push', amount='$5.00')}"
        carried = history_page.wager_results(p, (m.SeatWagerView("touchdown", 100, 0, "carried"),))
        assert carried[0] == f"{p.tr('wager.touchdown')} $1.00 {p.tr('history.carried')}"
    english = Painter("en", USD)
    assert english.tr("history.recall") == "RECALL"
    assert [english.tr(k, amount="$1.00") for k in ("history.won", "history.push", "history.lost")] == [
        "won $1.00", "push, $1.00 back", "lost"]  # fmt: skip
    assert Painter("es", USD).tr("history.recall") != "RECALL"  # translated, not fallen back to English


def test_a_round_with_more_wagers_than_a_line_holds_says_how_many_more() -> None:
    pygame.font.init()
    p = Painter("es", USD)
    pieces = history_page.wager_results(
        p, [m.SeatWagerView(f"straight:{n}", 100, 0, "lose") for n in range(9)]
    )
    font = p.font(21)
    whole = " · ".join(pieces)
    assert history_page.wager_line(p, pieces, 21, font.size(whole)[0]) == whole  # room for all: all of them
    width = font.size(" · ".join(pieces[:3]))[0] + font.size(" · +6 más")[0]
    line = history_page.wager_line(p, pieces, 21, width)
    assert line == " · ".join([*pieces[:3], p.tr("history.more", count=6)]) and font.size(line)[0] <= width


def test_the_history_screen_marks_its_rounds_as_recall_while_betting_is_open(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    said: list[tuple[str, dict[str, object]]] = []
    tr = Painter.tr

    def seen(self: Painter, key: str, **args: object) -> str:  # the real catalogue, watched
        said.append((key, args))
        return tr(self, key, **args)

    monkeypatch.setattr(Painter, "tr", seen)
    for size in ((1920, 1080), (1024, 768), (2560, 1080)):
        app, _ = linked_app("roulette", "en", size)
        assert app.control.model.table is not None and app.control.model.table.phase == "open"  # betting
        won = (m.SeatWagerView("red", 500, 0, "lose"), m.SeatWagerView("straight:17", 100, 3_600, "win"))
        rounds = tuple(m.SeatRoundView(n, "17", 600, 3_600, won) for n in range(12, 0, -1))
        app.receive([m.SeatRounds("seat-1", rounds)], 0.5)
        app.control.ui = replace(app.control.ui, screen="history")
        surface = pygame.Surface(size)
        said.clear()
        app.draw(surface, 1.0)
        keys = [k for k, _ in said]
        assert "history.recall" in keys
        assert keys.count("history.won") == 10 and keys.count("history.lost") == 10  # ten rounds listed
        assert ("history.won", {"amount": "$36.00"}) in said
        heading = pygame.Rect(
            size[0] // 2, size[1] // 10, size[0] // 2, size[1] * 16 // 100
        )  # above the rows
        top_right = surface.subsurface(heading)
        gold = pygame.transform.threshold(None, top_right, theme.GOLD, (8, 8, 8), set_behavior=0)
        assert gold > 3_000, "no RECALL badge in gold at the top of the seat's rounds"


def test_a_round_that_came_out_even_has_no_sign_on_its_net(monkeypatch: pytest.MonkeyPatch) -> None:
    said: list[str] = []
    tr = Painter.tr

    def seen(self: Painter, key: str, **args: object) -> str:
        text = tr(self, key, **args)
        said.append(text)
        return text

    monkeypatch.setattr(Painter, "tr", seen)
    app, _ = linked_app("roulette", "en")
    even = m.SeatRoundView(3, "17", 0, 0, (m.SeatWagerView("touchdown", 500, 0, "lose"),))  # staked earlier
    app.receive([m.SeatRounds("seat-1", (even, m.SeatRoundView(2, "17", 500, 0)))], 0.5)
    app.control.ui = replace(app.control.ui, screen="history")
    app.draw(pygame.Surface((1920, 1080)), 1.0)
    assert "$0.00" in said and "+$0.00" not in said and "−$5.00" in said
