"""Step 2: the ``[sas]`` section: per-seat lines, addresses, asset and serial numbers; bad values are one
line each naming the file, line and what is allowed."""

from __future__ import annotations

import pytest

from terminal.config.loader import ConfigError, loads


def sas(text: str) -> str:
    return "[sas]\n" + text


def test_the_shipped_default_is_off_and_empty() -> None:
    config = loads("")
    assert config.sas.enabled is False and config.sas.ports == () and config.sas.addresses == ()
    assert config.sas.host_timeout_ms == 5000 and config.sas.required is False


def test_per_seat_values_read_into_seat_maps() -> None:
    config = loads(sas(
        "enabled = true\nports = 1=/dev/ttyS0, 2=tcp:10.0.0.9:7002, 3=pty:/dev/pts/7\n"
        "addresses = 1=1, 2=2, 3=127\nasset_numbers = 1=1001, 3=4294967295\nserial_numbers = 2=TBL-0002\n"
        "required = true\n"
    ))  # fmt: skip
    assert config.sas.ports == ((1, "/dev/ttyS0"), (2, "tcp:10.0.0.9:7002"), (3, "pty:/dev/pts/7"))
    assert config.sas.addresses == ((1, 1), (2, 2), (3, 127))
    assert config.sas.address(3) == 127 and config.sas.address(4) is None
    assert dict(config.sas.asset_numbers) == {1: 1001, 3: 4294967295}
    assert dict(config.sas.serial_numbers) == {2: "TBL-0002"}


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("addresses = 1=0", "address 0 is not 1 to 127"),
        ("addresses = 1=128", "address 128 is not 1 to 127"),
        ("addresses = 1=3, 2=3", "two seats have the same address"),
        ("addresses = 17=3", "seat 17 is not 1 to 16"),  # sixteen seats: Three Dice Football
        ("addresses = 2=1, 1=2", "distinct and in increasing order"),
        ("ports = 1=ttyS0", "is not a serial device path"),
        ("ports = 1=tcp:host", "write tcp:HOST:PORT"),
        ("asset_numbers = 1=4294967296", "asset number 4294967296 is not 0 to 4294967295"),
        ("serial_numbers = 1=has space", "printable ASCII"),
        ("host_timeout_ms = 10", "from 500 to 600000"),
        ("ports = 1=/dev/ttyS0", "seat 1 is in ports but not in addresses"),
        ("addresses = 2=5", "seat 2 is in addresses but not in ports"),
        ("enabled = true", "enabled = true needs at least one seat's line"),
    ],
)
def test_bad_values_are_one_line_each(text: str, said: str) -> None:
    with pytest.raises(ConfigError) as refused:
        loads(sas(text + "\n"))
    lines = str(refused.value).splitlines()
    assert len(lines) == 2, lines  # the count, then one line for the one problem
    assert said in lines[1] and "[sas]" in lines[1] and "kiosk.cfg:2" in lines[1], lines[1]


def test_a_seat_beyond_the_table_is_refused() -> None:
    with pytest.raises(ConfigError, match="beyond"):
        loads("[table]\nseats = 2\n" + sas("ports = 3=/dev/ttyS2\naddresses = 3=3\n"))


def test_config_show_says_where_each_seat_is_on_sas() -> None:
    from terminal.config.show import summary

    assert not any(line.startswith("sas ") for line in summary(loads("")))
    text = "enabled = true\nports = 1=/dev/ttyS0, 2=tcp:10.0.0.9:7002\naddresses = 1=3, 2=4\n"
    on = summary(loads(sas(text)))
    assert "seat 1 address 3 on /dev/ttyS0, seat 2 address 4 on tcp:10.0.0.9:7002" in on[-1]
