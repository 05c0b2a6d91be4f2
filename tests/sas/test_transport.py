"""Step 1: CRC-16 Kermit, the wakeup bit on a byte stream, and which polls a machine takes."""

from __future__ import annotations

import os

from terminal.config.sas_keys import check_spec
from terminal.sas import bcd, crc, frames, wire
from terminal.sas.ports import FdPort
from tests.sas.host_sim import kermit, marked, with_crc


def test_crc_matches_the_published_check_value_of_crc16_kermit() -> None:
    assert crc.crc16(b"123456789") == 0x2189  # the catalogue's check value of CRC-16/KERMIT


def test_crc_matches_real_sas_messages() -> None:
    # Shutdown (01) and startup (02) of the machine at address 1, as a published cashless host sends them
    # (evri EveriSmartBox: DisableEGM 01 01 51 08, EnableEGM 01 02 CA 3A).
    assert crc.append(bytes.fromhex("0101")) == bytes.fromhex("01015108")
    assert crc.append(bytes.fromhex("0102")) == bytes.fromhex("0102ca3a")
    assert crc.intact(bytes.fromhex("0102ca3a")) and not crc.intact(bytes.fromhex("0102ca3b"))


def test_crc_agrees_with_an_independent_bitwise_crc_and_a_seed() -> None:
    data = bytes(range(256)) * 3
    for seed in (0, 1, 0xBEEF, 0xFFFF):
        assert crc.crc16(data, seed) == kermit(data, seed)


def test_bcd_rolls_over_at_its_digits() -> None:
    assert bcd.encode(99_999_999, 4).hex() == "99999999"
    assert bcd.encode(100_000_001, 4).hex() == "00000001"
    assert bcd.decode(bytes.fromhex("0412")) == 412


def test_wakeup_characters_round_trip_through_the_stream_convention() -> None:
    poll = bytes((0x01, 0x2F, 0x03, 0x00, 0xFF, 0x10))
    stream = wire.encode(poll, wakeup=True)
    assert stream == marked(poll)  # the tests' host marks it the same way, written apart
    decoder = wire.Decoder()
    chars = decoder.feed(stream[:2]) + decoder.feed(stream[2:5]) + decoder.feed(stream[5:])  # split anywhere
    assert chars == [(0x01, True), (0x2F, False), (0x03, False), (0x00, False), (0xFF, False), (0x10, False)]


def test_a_stray_escape_is_a_framing_error_and_dropped() -> None:
    decoder = wire.Decoder()
    assert decoder.feed(bytes.fromhex("ff4142")) == [(0x41, False), (0x42, False)]
    assert decoder.errors == 1


def chars(data: bytes) -> list[wire.Char]:
    return wire.Decoder().feed(marked(data))


def test_the_parser_takes_general_and_long_polls_for_its_address() -> None:
    parser = frames.Parser(5)
    assert parser.feed(chars(bytes((0x85,)))) == [frames.GeneralPoll(5)]
    assert parser.feed(chars(bytes((0x05, 0x1A)))) == [frames.LongPoll(5, 0x1A, b"")]
    assert parser.feed(chars(with_crc(bytes((0x05, 0x21, 0x12, 0x34))))) == [
        frames.LongPoll(5, 0x21, bytes((0x12, 0x34)))
    ]
    meters = with_crc(bytes((0x05, 0x2F, 0x03, 0x00, 0x00, 0x0C)))
    assert parser.feed(chars(meters)) == [frames.LongPoll(5, 0x2F, bytes((0x00, 0x00, 0x0C)))]


def test_bad_crc_another_address_and_unknown_polls_are_ignored() -> None:
    parser = frames.Parser(5)
    bad = bytearray(with_crc(bytes((0x05, 0x21, 0x12, 0x34))))
    bad[-1] ^= 0x01
    assert parser.feed(chars(bytes(bad))) == []
    assert parser.feed(chars(bytes((0x86,)))) == []  # the general poll of address 6
    assert parser.feed(chars(bytes((0x06, 0x1A)))) == []  # a long poll of address 6
    assert parser.feed(chars(with_crc(bytes((0x05, 0xEE, 0x00))))) == []  # a command it does not know
    assert parser.ignored == 2 and parser.others == 2
    assert parser.feed(chars(bytes((0x05, 0x1A)))) == [frames.LongPoll(5, 0x1A, b"")]  # and recovers


def test_a_poll_cut_short_by_the_next_wakeup_is_dropped() -> None:
    parser = frames.Parser(1)
    cut = with_crc(bytes((0x01, 0x21, 0x00, 0x00)))[:3]
    assert parser.feed(chars(cut) + chars(bytes((0x81,)))) == [frames.GeneralPoll(1)]


def test_a_pty_carries_polls_and_answers_both_ways() -> None:
    host, machine_end = os.openpty()
    port = FdPort.open(os.ttyname(machine_end))
    try:
        os.write(host, marked(bytes((0x01, 0x1A))))
        got = wire.Decoder().feed(port.receive(2.0))
        assert got == [(0x01, True), (0x1A, False)]
        port.send(bytes((0x01, 0xFF, 0x02)))
        assert os.read(host, 16) == bytes((0x01, 0xFF, 0xFF, 0x02))
    finally:
        port.close()
        os.close(host)
        os.close(machine_end)


def test_port_specs_are_checked() -> None:
    assert check_spec("tcp:127.0.0.1:7001") == "tcp:127.0.0.1:7001"
    assert check_spec("/dev/ttyUSB0") == "/dev/ttyUSB0"
    for bad in ("tcp:host", "pty:", "ttyS0", "tcp:h:99999"):
        try:
            check_spec(bad)
        except ValueError:
            continue
        raise AssertionError(bad)


def test_the_real_port_path_through_pyserial_marks_parity_and_keeps_it_after_a_wakeup() -> None:
    # A pty has no parity bit, but its line discipline applies the flags the real-port path sets: with
    # PARMRK (and not ISTRIP) the kernel doubles a received FF, exactly what a real port delivers and the
    # decoder undoes. So this checks that pyserial's line is opened as SerialPort says, and stays so.
    import termios

    from terminal.sas.ports import SerialPort

    host, machine_end = os.openpty()
    port = SerialPort(os.ttyname(machine_end))
    try:

        def flags() -> int:
            return int(termios.tcgetattr(port.line.fileno())[0])

        assert flags() & termios.PARMRK and flags() & termios.INPCK and not flags() & termios.ISTRIP
        os.write(host, bytes((0x01, 0xFF, 0x02)))
        got = b""
        for _ in range(20):
            got += port.receive(0.2)
            if len(got) >= 4:
                break
        assert got == bytes((0x01, 0xFF, 0xFF, 0x02))  # FF doubled by the kernel: PARMRK is on
        assert wire.Decoder().feed(got) == [(0x01, False), (0xFF, False), (0x02, False)]
        port.send(bytes((0x81, 0xFF)), wakeup=True)  # a host's poll: mark parity on the first byte only
        sent = b""
        while len(sent) < 2:
            sent += os.read(host, 16)
        assert sent == bytes((0x81, 0xFF))  # on the wire as plain bytes, never escaped
        assert flags() & termios.PARMRK  # a parity change did not lose the marking
        assert port.line.parity == "S"
    finally:
        port.close()
        os.close(host)
        os.close(machine_end)
