"""Every long poll of phase 1 and the general poll, over a pty, by the tests' own host (``host_sim``),
against a table that really played: the meters read through SAS equal the ledger's report."""

from __future__ import annotations

import math
import time
from dataclasses import replace
from datetime import UTC, datetime

from terminal.config import Config
from terminal.games.registry import GAMES
from terminal.ledger import accounts, report, schema
from tests.sas.conftest import on_pty
from tests.sas.host_sim import bcd, meters_2f, unbcd, with_crc

GAME_NUMBER_ROULETTE = bcd(1, 2)  # the machine numbers the games 1.. in the registry's order


def test_meters_read_through_sas_equal_the_ledger_report(played: Config) -> None:
    with schema.open_readonly(played.ledger.path) as db:
        totals = report.summary(db)
        balances = accounts.all_balances(db)
        games = dict(db.execute("SELECT seat, count(*) FROM round_seats WHERE staked > 0 GROUP BY seat"))
    assert totals["wagered"] > 0 and totals["cash_in"] > 0 and totals["vouchers_out"] > 0  # a real session
    summed: dict[str, int] = {"wagered": 0, "won": 0, "cash_in": 0, "vouchers_in": 0, "vouchers_out": 0}
    for seat in (1, 2):
        with on_pty(played, seat) as line:
            host = line.host
            coin_in, coin_out = unbcd(host.long_r(0x11, 4)), unbcd(host.long_r(0x12, 4))
            credits = unbcd(host.long_r(0x1A, 4))
            played_games = unbcd(host.long_r(0x15, 4))
            asked = bytes((0x0B, 0x0D, 0x0E))
            answer = host.long_m(0x2F, bcd(0, 2) + asked)
            assert answer[:2] == bcd(0, 2)
            got = meters_2f(answer)
        assert credits == balances.get(f"seat:{seat}:credits", 0)
        assert played_games == games[seat]
        summed["wagered"] += coin_in
        summed["won"] += coin_out
        summed["cash_in"] += got[0x0B]
        summed["vouchers_in"] += got[0x0D]
        summed["vouchers_out"] += got[0x0E]
    assert summed == {key: totals[key] for key in summed}


def test_group_meter_polls_agree_with_the_single_meters(played: Config) -> None:
    with on_pty(played, 1) as line:
        host = line.host
        single = {cmd: unbcd(host.long_r(cmd, 4)) for cmd in range(0x10, 0x18)}
        f0 = host.long_r(0x0F, 24)
        assert [unbcd(f0[i : i + 4]) for i in range(0, 24, 4)] == [
            single[0x10],
            single[0x11],
            single[0x12],
            single[0x13],
            single[0x14],
            single[0x15],
        ]
        s19 = host.long_r(0x19, 20)
        assert [unbcd(s19[i : i + 4]) for i in range(0, 20, 4)] == [
            single[c] for c in (0x11, 0x12, 0x13, 0x14, 0x15)
        ]
        c1c = host.long_r(0x1C, 32)
        assert [unbcd(c1c[i : i + 4]) for i in range(0, 24, 4)] == [
            single[c] for c in (0x11, 0x12, 0x13, 0x14, 0x15, 0x16)
        ]
        assert single[0x15] == single[0x16] + single[0x17] + (single[0x15] - single[0x16] - single[0x17])
        assert single[0x16] + single[0x17] <= single[0x15]
        bills = host.long_r(0x1E, 24)
        assert len(bills) == 24
        since = host.long_r(0x18, 4)
        assert unbcd(since[:2]) <= single[0x15]


def test_selected_and_extended_meters_per_game(played: Config) -> None:
    with on_pty(played, 1) as line:
        host = line.host
        machine = host.long_m(0x2F, bcd(0, 2) + bytes((0x00, 0x05, 0x0C, 0xEE)))
        per_game = host.long_m(0x2F, GAME_NUMBER_ROULETTE + bytes((0x00, 0x05, 0x0C)))
        codes = [machine[i] for i in range(2, len(machine), 5)]
        assert codes == [0x00, 0x05, 0x0C]  # a meter code it does not keep is left out
        whole = {machine[i]: machine[i + 1 : i + 5] for i in range(2, len(machine), 5)}
        game = {per_game[i]: per_game[i + 1 : i + 5] for i in range(2, len(per_game), 5)}
        assert game == {
            0x00: whole[0x00],
            0x05: whole[0x05],
        }  # only roulette was played; credits are the machine's
        assert len(host.ignores(with_crc(bytes((1, 0x2F, 3)) + bcd(9, 2) + b"\x00"))) == 4  # no game 9
        ext = host.long_m(0x6F, bcd(0, 2) + (0x0000).to_bytes(2, "little") + (0x0123).to_bytes(2, "little"))
        size = math.ceil(played.ledger.meter_digits / 2)
        assert ext[:2] == bcd(0, 2) and ext[2:4] == b"\x00\x00" and ext[4] == size
        assert unbcd(ext[5 : 5 + size]) == unbcd(whole[0x00])
        assert ext[5 + size : 5 + size + 2] == (0x0123).to_bytes(2, "little") and ext[5 + size + 2] == 0


def test_who_the_machine_is(played: Config) -> None:
    with on_pty(played, 2) as line:
        host = line.host
        info = host.long_r(0x1F, 20)
        assert info[:2] == b"TB" and info[5] == 0x01  # denomination code 01: one-cent credits
        version = host.long_r(0x54, 1 + 3 + len("TBL-0002"))
        assert version == bytes((11,)) + b"602TBL-0002"
        assert host.long_r(0x55, 2) == GAME_NUMBER_ROULETTE
        n = len(GAMES)  # every game the registry declares, numbered 1.. in its order
        games = host.long_r(0x56, 1 + 1 + 2 * n)
        assert games == bytes((1 + 2 * n, n)) + b"".join(bcd(k, 2) for k in range(1, n + 1))
        features = host.long_s(0xA0, GAME_NUMBER_ROULETTE, 5)
        assert features[:2] == GAME_NUMBER_ROULETTE and features[3] & 0x08  # extended meters
        assert features[2] & 0x80 and features[3] & 0x40  # ticket redemption (70/71) and AFT
        game = host.long_m(0xB5, GAME_NUMBER_ROULETTE)
        assert game[:2] == GAME_NUMBER_ROULETTE
        name_length = game[9]
        assert game[10 : 10 + name_length] == b"roulette"


def test_last_bill_is_the_seats_last_stacked_bill(played: Config) -> None:
    with schema.open_readonly(played.ledger.path) as db:
        (value,) = db.execute(
            "SELECT json_extract(detail, '$.value') FROM events WHERE name = 'BILL_STACKED' AND seat = 1 "
            "ORDER BY id DESC LIMIT 1"
        ).fetchone()
        (count,) = db.execute(
            "SELECT count(*) FROM events WHERE name = 'BILL_STACKED' AND seat = 1 "
            "AND json_extract(detail, '$.value') = ?",
            [value],
        ).fetchone()
    codes = {100: 0x00, 200: 0x01, 500: 0x02, 1000: 0x03, 2000: 0x04, 2500: 0x05, 5000: 0x06, 10000: 0x07}
    with on_pty(played, 1) as line:
        bill = line.host.long_r(0x48, 6)
    assert bill[1] == codes[value] and unbcd(bill[2:]) == count
    assert bill[0] == 0x37  # table C-6: 37 the United States, in BCD; the table's currency is USD


def test_the_country_of_48_is_the_configured_one(played: Config) -> None:
    """[sas] country_code overrides the currency's country (here 7, Canada, sent as BCD 07)."""
    canada = replace(played, sas=replace(played.sas, country_code=7))
    with on_pty(canada, 1) as line:
        assert line.host.long_r(0x48, 6)[0] == 0x07


def test_2f_sends_each_meter_in_its_table_c7_length(played: Config) -> None:
    """4 BCD bytes for credits and counts, 5 for the amounts in cents (0D/0E SAS tickets, 80/86 tickets,
    A0/B8 AFT): the host reads them by the table, so a 4-byte cents meter throws every later one off."""
    with on_pty(played, 1) as line:
        answer = line.host.long_m(0x2F, bcd(0, 2) + bytes((0x0D, 0x00, 0x0E, 0x05, 0x80, 0xA0, 0x0C, 0xB8)))
        got = meters_2f(answer)
        credits = unbcd(line.host.long_r(0x1A, 4))
        coin_in = unbcd(line.host.long_r(0x11, 4))
    assert list(got) == [0x0D, 0x00, 0x0E, 0x05, 0x80, 0xA0, 0x0C, 0xB8]
    assert len(answer) == 2 + 8 + 3 * 4 + 5 * 5  # 00, 05, 0C in 4 bytes; 0D, 0E, 80, A0, B8 in 5
    assert got[0x0C] == credits and got[0x00] == coin_in and got[0x0E] > 0


def test_date_and_time_set_by_the_host_and_read_back(played: Config) -> None:
    fixed = datetime(2026, 3, 4, 5, 6, 7, tzinfo=UTC)
    with on_pty(played, 1, wall=lambda: fixed) as line:
        host = line.host
        assert host.long_r(0x7E, 7) == bcd(3042026, 4) + bcd(50607, 3)
        ack = host.long_s(0x7F, bcd(12312027, 4) + bcd(235958, 3), None)
        assert ack == bytes((1,))  # acknowledged by the address alone
        assert host.long_r(0x7E, 7) == bcd(12312027, 4) + bcd(235958, 3)
        month_13 = with_crc(bytes((1, 0x7F)) + bcd(13452027, 4) + bcd(0, 3))  # no such date: no answer
        assert host.ignores(month_13, probe=0x7E, length=7) == bcd(12312027, 4) + bcd(235958, 3)  # nor set


def test_rom_signature_is_the_crc_of_the_program_from_the_hosts_seed(played: Config, tmp_path) -> None:  # type: ignore[no-untyped-def]
    from tests.sas.host_sim import kermit

    first, second = tmp_path / "a.py", tmp_path / "b.py"
    first.write_bytes(b"print('a')\n" * 1000)
    second.write_bytes(bytes(range(256)) * 50)
    with on_pty(played, 1) as line:
        line.machine.files = (first, second)
        seed = 0x1234
        got = line.host.long_s(0x21, seed.to_bytes(2, "little"), 2)
        assert int.from_bytes(got, "little") == kermit(first.read_bytes() + second.read_bytes(), seed)
        second.write_bytes(bytes(range(256)) * 49 + b"\x00" * 256)  # one changed block: another signature
        again = line.host.long_s(0x21, seed.to_bytes(2, "little"), 2)
        assert again != got
        assert int.from_bytes(again, "little") == kermit(first.read_bytes() + second.read_bytes(), seed)


def test_bad_crc_other_address_and_unknown_polls_get_no_answer(played: Config) -> None:
    """Each ignored poll is followed at once by a good one of another command: the machine answers the
    polls of its line in order, so the first bytes back answering the good poll (its address, its command,
    its CRC: :meth:`Host.long_r` checks each) prove the ignored one got no answer, without waiting out a
    silence. The last probe's answer is the last thing on the line."""
    with on_pty(played, 1) as line:
        host = line.host
        bad = bytearray(with_crc(bytes((1, 0x21, 0, 0))))
        bad[-2] ^= 0xFF
        assert len(host.ignores(bytes(bad))) == 4  # a bad CRC
        assert len(host.ignores(bytes((2, 0x1A)), probe=0x11)) == 4  # seat 2's address (probed with 11)
        assert len(host.ignores(bytes((0x82,)))) == 4  # seat 2's general poll
        assert len(host.ignores(with_crc(bytes((1, 0x99))))) == 4  # a long poll this machine does not know
        assert host.silent(0.05)  # and nothing after the last probe


def test_a_silent_host_is_a_sas_link_entry_and_its_return_another(played: Config) -> None:
    with on_pty(played, 1, timeout=0.3) as line:
        line.host.long_r(0x1A, 4)
        deadline = time.monotonic() + 10
        while line.machine.linked and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not line.machine.linked
        assert [e["state"] for e in line.machine.store.load().link][-2:] == ["restored", "lost"]
        line.host.long_r(0x1A, 4)
        assert [e["state"] for e in line.machine.store.load().link][-1] == "restored"
