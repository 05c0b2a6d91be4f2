"""Service users: who may log in to service mode, in which role, with a PIN kept only as a scrypt hash.

The file ``[service] users_path`` is managed by the program (``terminal service users ...``): JSON, written
atomically with mode 0600. Each user has an id, a role (attendant, technician, lab, administrator) and the
scrypt hash of their PIN with its own salt and the cost parameters it was made with, so raising the cost
later never breaks an existing PIN. The PIN itself is never stored or logged.

>>> params = ScryptParams(n=2**4, r=8, p=1)
>>> pin = hash_pin("4321", lambda n: bytes(n), params)
>>> pin.verify("4321"), pin.verify("1234")
(True, False)
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from cryptography.exceptions import InvalidKey
from cryptography.hazmat.primitives.kdf.scrypt import Scrypt

from terminal.table.tilts import Role

Entropy = Callable[[int], bytes]
_USER_ID = re.compile(r"[a-z0-9][a-z0-9_\-]{0,31}")
_PIN = re.compile(r"[0-9]{4,12}")
_FORMAT = 1


class UserError(ValueError):
    """A refused user operation: bad id, bad PIN format, unknown user, wrong administrator PIN."""


class UsersFileError(ValueError):
    """The users file cannot be read or written."""


@dataclass(frozen=True, slots=True)
class ScryptParams:
    """scrypt's cost: ``n`` (CPU/memory, a power of two), ``r`` (block size), ``p`` (parallelism).

    The default needs 128 * n * r = 32 MiB of memory per guess.
    """

    n: int = 2**15
    r: int = 8
    p: int = 1


@dataclass(frozen=True, slots=True)
class PinHash:
    """A PIN as stored: scrypt of the PIN with a per-user salt and the parameters used."""

    n: int
    r: int
    p: int
    salt: bytes
    digest: bytes

    def verify(self, pin: str) -> bool:
        """Whether ``pin`` is the PIN this hash was made from (constant-time comparison)."""
        kdf = Scrypt(salt=self.salt, length=len(self.digest), n=self.n, r=self.r, p=self.p)
        try:
            kdf.verify(pin.encode(), self.digest)
        except InvalidKey:
            return False
        return True

    def to_json(self) -> dict[str, Any]:
        return {
            "kdf": "scrypt",
            "n": self.n,
            "r": self.r,
            "p": self.p,
            "salt": self.salt.hex(),
            "hash": self.digest.hex(),
        }


def hash_pin(pin: str, entropy: Entropy, params: ScryptParams) -> PinHash:
    """The stored form of ``pin``: a fresh 16-byte salt from ``entropy``, then scrypt."""
    check_pin(pin)
    salt = entropy(16)
    digest = Scrypt(salt=salt, length=32, n=params.n, r=params.r, p=params.p).derive(pin.encode())
    return PinHash(params.n, params.r, params.p, salt, digest)


def check_pin(pin: str) -> str:
    """``pin`` if it is 4 to 12 digits."""
    if _PIN.fullmatch(pin) is None:
        raise UserError("a PIN is 4 to 12 digits")
    return pin


def check_user_id(user_id: str) -> str:
    """``user_id`` if it is a short lowercase id (letters, digits, ``_``, ``-``; at most 32)."""
    if _USER_ID.fullmatch(user_id) is None:
        raise UserError(f"user id {user_id!r} must be 1-32 lowercase letters, digits, '_' or '-'")
    return user_id


def parse_role(name: str) -> Role:
    """The role named ``name`` (``attendant``, ``technician``, ``lab``, ``administrator``)."""
    try:
        return Role[name.upper()]
    except KeyError:
        allowed = ", ".join(r.name.lower() for r in Role)
        raise UserError(f"role {name!r} is not one of {allowed}") from None


@dataclass(frozen=True, slots=True)
class User:
    """One service user."""

    user_id: str
    role: Role
    pin: PinHash

    @property
    def role_name(self) -> str:
        return self.role.name.lower()


@dataclass(frozen=True, slots=True)
class UserStore:
    """The users of one table, as a frozen value; changes return a new store (then :meth:`save` it)."""

    users: tuple[User, ...] = ()

    def find(self, user_id: str) -> User | None:
        return next((u for u in self.users if u.user_id == user_id), None)

    def authenticate(self, user_id: str, pin: str) -> User | None:
        """The user if ``pin`` is theirs; ``None`` for an unknown user or a wrong PIN."""
        user = self.find(user_id)
        return user if user is not None and user.pin.verify(pin) else None

    def init(self, user_id: str, pin: str, entropy: Entropy, params: ScryptParams) -> UserStore:
        """The first administrator; refused once any user exists."""
        if self.users:
            raise UserError("users already exist; add users with an administrator's id and PIN")
        return UserStore((User(check_user_id(user_id), Role.ADMINISTRATOR, hash_pin(pin, entropy, params)),))

    def add(
        self, admin: User, user_id: str, role: Role, pin: str, entropy: Entropy, params: ScryptParams
    ) -> UserStore:
        """A new user, added by ``admin``."""
        _require_admin(admin)
        if self.find(check_user_id(user_id)) is not None:
            raise UserError(f"user {user_id} already exists")
        return UserStore((*self.users, User(user_id, role, hash_pin(pin, entropy, params))))

    def passwd(
        self, admin: User, user_id: str, pin: str, entropy: Entropy, params: ScryptParams
    ) -> UserStore:
        """A new PIN for ``user_id``, set by ``admin``."""
        _require_admin(admin)
        user = self._existing(user_id)
        changed = replace(user, pin=hash_pin(pin, entropy, params))
        return UserStore(tuple(changed if u is user else u for u in self.users))

    def remove(self, admin: User, user_id: str) -> UserStore:
        """``user_id`` removed by ``admin``; the last administrator stays."""
        _require_admin(admin)
        user = self._existing(user_id)
        admins = [u for u in self.users if u.role is Role.ADMINISTRATOR]
        if user.role is Role.ADMINISTRATOR and len(admins) == 1:
            raise UserError(f"{user_id} is the last administrator and cannot be removed")
        return UserStore(tuple(u for u in self.users if u is not user))

    def _existing(self, user_id: str) -> User:
        user = self.find(user_id)
        if user is None:
            raise UserError(f"user {user_id!r} does not exist")
        return user

    # -- the file --------------------------------------------------------------------------------------
    @classmethod
    def load(cls, path: Path) -> UserStore:
        """The users in ``path``; a missing file is an empty store."""
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return cls()
        except OSError as failed:
            raise UsersFileError(f"users file {path}: {failed.strerror or failed}") from None
        try:
            body = json.loads(text)
            if body.get("format") != _FORMAT:
                raise ValueError(f"format {body.get('format')!r} is not {_FORMAT}")
            return cls(tuple(_user_from_json(u) for u in body["users"]))
        except (ValueError, KeyError, TypeError, AttributeError) as bad:
            raise UsersFileError(f"users file {path} is not a valid users file: {bad}") from None

    def save(self, path: Path) -> None:
        """Write the store to ``path`` atomically (temporary file, fsync, rename), mode 0600."""
        body = {
            "format": _FORMAT,
            "users": [{"id": u.user_id, "role": u.role_name, "pin": u.pin.to_json()} for u in self.users],
        }
        tmp = path.with_name(path.name + ".tmp")
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                handle.write(json.dumps(body, indent=1, sort_keys=True) + "\n")
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(tmp, path)
        except OSError as failed:
            raise UsersFileError(
                f"users file {path} could not be written: {failed.strerror or failed}"
            ) from None


def _require_admin(user: User) -> None:
    if user.role is not Role.ADMINISTRATOR:
        raise UserError(f"{user.user_id} is a {user.role_name}; managing users needs an administrator")


def _user_from_json(raw: dict[str, Any]) -> User:
    pin = raw["pin"]
    if pin.get("kdf") != "scrypt":
        raise ValueError(f"user {raw.get('id')!r}: unknown key derivation {pin.get('kdf')!r}")
    stored = PinHash(
        int(pin["n"]), int(pin["r"]), int(pin["p"]), bytes.fromhex(pin["salt"]), bytes.fromhex(pin["hash"])
    )
    return User(check_user_id(raw["id"]), parse_role(raw["role"]), stored)
