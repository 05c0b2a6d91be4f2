"""The refusals of the seat protocol: every way a frame can be bad is its own ``ValueError``.

Two families, because the server treats them differently:

* :class:`DecodeError` — the bytes are not a valid message (too large, not canonical JSON, a float, an
  unknown type or version, a missing, extra or mistyped field). If the frame was authentic, the sender
  gets an :class:`~terminal.net.messages.Error` reply and the link stays up.
* :class:`AuthError` — the frame is not authentic or not fresh (bad MAC, unknown seat, replayed or
  out-of-order sequence number). It is never processed and the link is dropped.

Both subclass :class:`ProtocolError`, which subclasses ``ValueError``; the fuzz tests prove that
nothing else escapes the decoder.
"""

from __future__ import annotations


class ProtocolError(ValueError):
    """Any frame or message the protocol refuses."""

    code = "protocol"


class DecodeError(ProtocolError):
    """The bytes are not a well-formed message of this protocol."""

    code = "malformed"


class FrameTooLargeError(DecodeError):
    """A frame longer than the protocol's maximum (the length prefix is refused before reading on)."""

    code = "too_large"


class NotCanonicalError(DecodeError):
    """JSON that is not the one canonical encoding (key order, spacing, escapes, duplicates, floats)."""

    code = "not_canonical"


class FloatNotAllowedError(NotCanonicalError):
    """A float, NaN or Infinity: amounts are integers of minor units, so floats never appear."""

    code = "float"


class UnknownMessageError(DecodeError):
    """A message type or version this build does not know."""

    code = "unknown_type"


class FieldError(DecodeError):
    """A missing, extra or mistyped field (a bool where an int is expected, a number out of range...)."""

    code = "bad_field"


class WrongDirectionError(DecodeError):
    """A controller-only message sent by a client, or the reverse."""

    code = "wrong_direction"


class AuthError(ProtocolError):
    """A frame that is not authentic or not fresh; it is never processed."""

    code = "auth"


class BadMacError(AuthError):
    """The HMAC does not match: tampered, forged, or sent with the wrong key."""

    code = "bad_mac"


class UnknownSeatError(AuthError):
    """A client id that has no key in the key store."""

    code = "unknown_seat"


class SequenceError(AuthError):
    """A sequence number other than the next one expected: a replay, a reordering or a gap."""

    code = "sequence"


class SeatMismatchError(AuthError):
    """A frame naming another seat than the one the session was opened for."""

    code = "seat_mismatch"


class HandshakeError(AuthError):
    """The handshake went wrong: wrong first message, protocol version, or a late or missing reply."""

    code = "handshake"
