"""Each game declares its own most seats on the seam (``max_seats``): Three Dice Football sixteen (GAMES.md
§6.1), High Roll and Props & Hops six, the others eight; ``[table] seats`` is refused above the game's
number with one line naming it, and the seat command, the PKI and SAS take seats up to sixteen."""

from __future__ import annotations

import pytest

from terminal import config
from terminal.games.registry import GAMES
from terminal.games.seam import MOST_SEATS, TABLE_SEATS, max_seats

DECLARED = {"tdf": 16, "high_roll": 6, "props_hops": 6}


def test_every_game_declares_or_takes_its_seats() -> None:
    for name, game in GAMES.items():
        assert max_seats(game) == DECLARED.get(name, TABLE_SEATS), name
    assert max(DECLARED.values()) == MOST_SEATS


@pytest.mark.parametrize("name", sorted(GAMES))
def test_seats_up_to_the_games_number_load_and_one_more_is_refused(name: str) -> None:
    most = DECLARED.get(name, TABLE_SEATS)
    assert config.loads(f"[table]\ngame = {name}\nseats = {most}\n").table.seats == most
    if most < MOST_SEATS:
        with pytest.raises(config.ConfigError, match=f"at most {most}") as refused:
            config.loads(f"[table]\ngame = {name}\nseats = {most + 1}\n")
        assert "Traceback" not in str(refused.value)
    with pytest.raises(config.ConfigError, match="from 1 to 16"):
        config.loads(f"[table]\ngame = {name}\nseats = 17\n")


def test_a_tdf_table_of_sixteen_opens_windows_and_certificates_for_seat_16() -> None:
    from terminal.net.pki import _CLIENT

    c = config.loads("[table]\ngame = tdf\nseats = 16\nlocal_seats = 1, 16\n")
    assert c.table.local_seats == (1, 16)
    assert _CLIENT.fullmatch("seat-16")
    assert not _CLIENT.fullmatch("seat-17") and not _CLIENT.fullmatch("seat-0")
