"""The seat's meters under their SAS meter codes (table C-7 of the protocol), in credits of one cent.

The table keeps money in minor units; a seat's accounting denomination on SAS is 0.01 (denomination code
01), so a credit is one minor unit and every meter is the ledger's figure itself.

>>> sorted(values({"wagered": 500, "won": 300, "games_played": 2})[code] for code in (0x00, 0x01, 0x05))
[2, 300, 500]
"""

from __future__ import annotations

from collections.abc import Mapping

DENOMINATION_CODE = 0x01  # $0.01 credits
#: Bill meters by value in minor units (USD denominations of table C-7: 40 is $1, 47 is $100 ...).
BILL_CODES = {
    100: 0x40, 200: 0x41, 500: 0x42, 1000: 0x43, 2000: 0x44, 2500: 0x45, 5000: 0x46, 10000: 0x47,
    20000: 0x48, 25000: 0x49, 50000: 0x4A, 100000: 0x4B,
}  # fmt: skip
#: Meters long poll 2F sends in 5 BCD bytes (table C-7 gives their size; every other code is 4): the amounts
#: the protocol counts in cents (SAS tickets, tickets by kind, validated hand-pays, AFT by kind).
FIVE_BYTE = frozenset({
    0x0D, 0x0E, 0x0F, 0x10, 0x80, 0x82, 0x84, 0x86, 0x88, 0x8A, 0x8C, 0x8E, 0x90, 0x92,
    0xA0, 0xA2, 0xA4, 0xA6, 0xA8, 0xAA, 0xAC, 0xAE, 0xB0, 0xB2, 0xB4, 0xB6, 0xB8, 0xBA, 0xBC,
})  # fmt: skip


def size_2f(code: int) -> int:
    """How many BCD bytes long poll 2F gives meter ``code``."""
    return 5 if code in FIVE_BYTE else 4


#: What each meter code is, for ``terminal sas host`` and docs/sas.md.
NAMES = {
    0x00: "total coin in", 0x01: "total coin out", 0x02: "total jackpot",
    0x03: "total hand paid cancelled credits", 0x04: "total cancelled credits", 0x05: "games played",
    0x06: "games won", 0x07: "games lost", 0x0B: "total credits from bills accepted", 0x0C: "current credits",
    0x0D: "SAS cashable ticket in (cents)", 0x0E: "SAS cashable ticket out (cents)",
    0x11: "SAS cashable ticket in (count)", 0x12: "SAS cashable ticket out (count)",
    0x15: "total ticket in", 0x16: "total ticket out", 0x22: "total won credits",
    0x23: "total hand paid credits", 0x24: "total drop", 0x80: "regular cashable ticket in (cents)",
    0x81: "regular cashable ticket in (count)", 0x86: "cashable ticket out (cents)",
    0x87: "cashable ticket out (count)",
    0xA0: "in-house cashable transfers to gaming machine (cents)",
    0xA1: "in-house transfers to gaming machine that included cashable amounts (count)",
    0xB8: "in-house cashable transfers to host (cents)",
    0xB9: "in-house transfers to host that included cashable amounts (count)",
    **{code: f"bills accepted: {value // 100}" for value, code in BILL_CODES.items()},
}  # fmt: skip


def values(seat: Mapping[str, int], game: str | None = None) -> dict[int, int]:
    """Every meter code this seat reports, from its ledger meters (``SeatView.meters``); with ``game``,
    the per-game meters of that game (the rest of a game's meters are the machine's)."""
    scope = f"game:{game}:" if game else ""
    m = dict(seat)

    def get(name: str) -> int:
        return m.get(scope + name, 0) if name in _PER_GAME else m.get(name, 0)

    handpaid = get("handpays") + get("cash_out")
    cancelled = handpaid + get("vouchers_out")
    found = {
        0x00: get("wagered"), 0x01: get("won"), 0x02: 0, 0x03: handpaid, 0x04: cancelled,
        0x05: get("games_played"), 0x06: get("games_won"), 0x07: get("games_lost"),
        0x0B: get("cash_in"), 0x0C: get("credits"),
        0x0D: get("vouchers_in"), 0x0E: get("vouchers_out"), 0x11: get("vouchers_in_count"),
        0x12: get("vouchers_out_count"), 0x15: get("vouchers_in"), 0x16: get("vouchers_out"),
        0x22: get("won"), 0x23: handpaid, 0x24: get("cash_in") + get("vouchers_in"),
        0x80: get("vouchers_in"), 0x81: get("vouchers_in_count"), 0x86: get("vouchers_out"),
        0x87: get("vouchers_out_count"),
        0xA0: get("aft_in"), 0xA1: get("aft_in_count"), 0xB8: get("aft_out"), 0xB9: get("aft_out_count"),
    }  # fmt: skip
    for value, code in BILL_CODES.items():
        found[code] = get(f"bill:{value}:count")
    return {code: found[code] for code in PER_GAME_CODES} if game else found


_PER_GAME = frozenset({"wagered", "won", "games_played", "games_won", "games_lost"})
#: The codes a game of the machine has meters of its own for (2F and 6F with a game number above 0).
PER_GAME_CODES = (0x00, 0x01, 0x02, 0x05, 0x06, 0x07, 0x22)
