"""The floor link's refusals of its own credentials, importable without NATS or the floor extra (the
commands that start a table catch them to print one line)."""

from __future__ import annotations


class CredentialsError(ValueError):
    """A credential that is missing, unreadable, readable by others, or an id that cannot have one."""


class FloorAuthError(CredentialsError):
    """``[floor]`` has no credentials or no TLS: the link is refused before it connects (one line)."""
