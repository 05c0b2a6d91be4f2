"""Where a seat's SAS line is: a real serial port, a pty, or a TCP socket to a serial-over-IP bridge.

A port's spec in ``[sas] ports``:

- ``tcp:HOST:PORT``: a socket to a bridge (a networked SMIB, or a test's host), the wakeup bit carried
  as :mod:`terminal.sas.wire` says;
- ``pty:PATH``: a pseudo-terminal (tests, a local simulator), the same bytes;
- any other text: a serial device (``/dev/ttyS0``, ``/dev/ttyUSB0``) opened through pyserial at 19,200
  baud, 8 data bits, one stop bit, the wakeup bit as parity (mark on a host's address byte, space
  otherwise), read with ``PARMRK`` so the kernel writes the very bytes of the wire convention.

Every port reads bytes in the wire convention and sends plain SAS bytes (:meth:`Port.send`).
"""

from __future__ import annotations

import os
import select
import socket
import termios
import tty
from typing import Protocol

from terminal.sas import wire

BAUD = 19_200


class PortError(OSError):
    """A port that cannot be opened or has gone."""


class Port(Protocol):
    """A SAS line, one end."""

    def receive(self, timeout: float) -> bytes:
        """Bytes in the wire convention (empty when nothing came within ``timeout`` seconds)."""

    def send(self, data: bytes, *, wakeup: bool = False) -> None:
        """Send ``data``; ``wakeup``: its first byte carries the wakeup bit (a host's address)."""

    def close(self) -> None:
        """Let the line go."""


class FdPort:
    """A pty (or any file descriptor stream): the wire convention both ways."""

    def __init__(self, fd: int, *, owned: bool = True) -> None:
        self.fd, self._owned = fd, owned

    @classmethod
    def open(cls, path: str) -> FdPort:
        try:
            fd = os.open(path, os.O_RDWR | os.O_NOCTTY)
        except OSError as failed:
            raise PortError(f"cannot open {path}: {failed.strerror}") from failed
        if os.isatty(fd):
            tty.setraw(fd)
        return cls(fd)

    def receive(self, timeout: float) -> bytes:
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return b""
        try:
            data = os.read(self.fd, 4096)
        except OSError as failed:  # the other end of a pty closed
            raise PortError(f"the line went away: {failed.strerror}") from failed
        if not data:
            raise PortError("the line went away")
        return data

    def send(self, data: bytes, *, wakeup: bool = False) -> None:
        payload = wire.encode(data, wakeup=wakeup)
        while payload:
            payload = payload[os.write(self.fd, payload) :]

    def close(self) -> None:
        if self._owned and self.fd >= 0:
            os.close(self.fd)
            self.fd = -1


class TcpPort:
    """A socket to a serial-over-IP bridge: the wire convention both ways."""

    def __init__(self, sock: socket.socket) -> None:
        self.sock = sock

    @classmethod
    def connect(cls, host: str, port: int, timeout: float = 5.0) -> TcpPort:
        try:
            sock = socket.create_connection((host, port), timeout=timeout)
        except OSError as failed:
            raise PortError(f"cannot reach {host}:{port}: {failed}") from failed
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        return cls(sock)

    def receive(self, timeout: float) -> bytes:
        ready, _, _ = select.select([self.sock], [], [], timeout)
        if not ready:
            return b""
        data = self.sock.recv(4096)
        if not data:
            raise PortError("the bridge closed the connection")
        return data

    def send(self, data: bytes, *, wakeup: bool = False) -> None:
        self.sock.sendall(wire.encode(data, wakeup=wakeup))

    def close(self) -> None:
        self.sock.close()


class SerialPort:
    """A real RS-232 line through pyserial: the wakeup bit is parity, read back with ``PARMRK``."""

    def __init__(self, path: str) -> None:
        import serial  # only a real port needs pyserial loaded

        self._serial = serial
        try:
            self.line = serial.Serial(
                path, BAUD, bytesize=serial.EIGHTBITS, parity=serial.PARITY_SPACE,
                stopbits=serial.STOPBITS_ONE, timeout=0,
            )  # fmt: skip
        except (serial.SerialException, OSError) as failed:
            raise PortError(f"cannot open {path}: {failed}") from failed
        self._mark_parity_errors()

    def _mark_parity_errors(self) -> None:
        fd = self.line.fileno()
        attrs = termios.tcgetattr(fd)
        attrs[0] |= termios.INPCK | termios.PARMRK
        attrs[0] &= ~(termios.IGNPAR | termios.ISTRIP)
        termios.tcsetattr(fd, termios.TCSANOW, attrs)

    def receive(self, timeout: float) -> bytes:
        ready, _, _ = select.select([self.line.fileno()], [], [], timeout)
        return bytes(self.line.read(4096)) if ready else b""

    def send(self, data: bytes, *, wakeup: bool = False) -> None:
        if wakeup and data:
            self.line.parity = self._serial.PARITY_MARK
            self.line.write(data[:1])
            self.line.flush()
            self.line.parity = self._serial.PARITY_SPACE
            self._mark_parity_errors()  # pyserial writes the line settings again on a parity change
            data = data[1:]
        if data:
            self.line.write(data)
            self.line.flush()

    def close(self) -> None:
        self.line.close()


def open_port(spec: str) -> Port:
    """The port ``spec`` names (module docstring); :class:`PortError` when it cannot be opened."""
    if spec.startswith("tcp:"):
        host, _, number = spec[4:].rpartition(":")
        if not host or not number.isdigit():
            raise PortError(f"{spec!r}: write tcp:HOST:PORT")
        return TcpPort.connect(host, int(number))
    if spec.startswith("pty:"):
        return FdPort.open(spec[4:])
    return SerialPort(spec)
