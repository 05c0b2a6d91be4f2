"""A fault-injecting SQLite VFS, in process and without LD_PRELOAD: SQLite's own write and sync fail where a
test says.

Python's ``sqlite3`` has no VFS API, but it calls the system's ``libsqlite3``, and ``ctypes`` reaches the
same library (the same process image, the same registered VFS list). :class:`FaultyVfs` copies the default
(unix) VFS under a new name, with its ``xOpen`` wrapped: every file it opens gets a copy of the unix I/O
methods whose ``xWrite`` and ``xSync`` are Python functions. They pass through to the real methods until a
:class:`Fault` armed for that file kind (main database, write-ahead log, journal) and operation reaches
its count; then that call fails with the error code a failing disk gives SQLite (``SQLITE_IOERR_FSYNC``,
``SQLITE_IOERR_WRITE``, ``SQLITE_FULL``) and SQLite runs its own error path, as on a real disk. Made the
default VFS, it is what every connection opened afterwards uses, the ledger's included: no production
code is changed or told.

Everything else (reads, locks, shared memory) is the unix VFS's own C code, untouched.
"""

from __future__ import annotations

import ctypes
import ctypes.util
from dataclasses import dataclass, field
from typing import Any

SQLITE_OK = 0
SQLITE_FULL = 13
SQLITE_IOERR_WRITE = 10 | (3 << 8)
SQLITE_IOERR_FSYNC = 10 | (4 << 8)

OPEN_MAIN_DB = 0x00000100
OPEN_MAIN_JOURNAL = 0x00000800
OPEN_WAL = 0x00080000

_lib = ctypes.CDLL(ctypes.util.find_library("sqlite3") or "libsqlite3.so.0")

_File = ctypes.c_void_p
# The file name stays a bare pointer: SQLite keeps it (the unix VFS names the shared-memory file after it),
# and a converted copy would be freed under it.
_xOpen = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.c_void_p, _File, ctypes.c_int,
                          ctypes.POINTER(ctypes.c_int))  # fmt: skip
_xWrite = ctypes.CFUNCTYPE(ctypes.c_int, _File, ctypes.c_void_p, ctypes.c_int, ctypes.c_int64)
_xSync = ctypes.CFUNCTYPE(ctypes.c_int, _File, ctypes.c_int)
_xClose = ctypes.CFUNCTYPE(ctypes.c_int, _File)


class _Vfs(ctypes.Structure):
    _fields_ = [
        ("iVersion", ctypes.c_int), ("szOsFile", ctypes.c_int), ("mxPathname", ctypes.c_int),
        ("pNext", ctypes.c_void_p), ("zName", ctypes.c_char_p), ("pAppData", ctypes.c_void_p),
        ("xOpen", _xOpen), *((name, ctypes.c_void_p) for name in (
            "xDelete", "xAccess", "xFullPathname", "xDlOpen", "xDlError", "xDlSym", "xDlClose",
            "xRandomness", "xSleep", "xCurrentTime", "xGetLastError", "xCurrentTimeInt64",
            "xSetSystemCall", "xGetSystemCall", "xNextSystemCall")),
    ]  # fmt: skip


class _Methods(ctypes.Structure):
    _fields_ = [
        ("iVersion", ctypes.c_int), ("xClose", _xClose), ("xRead", ctypes.c_void_p), ("xWrite", _xWrite),
        ("xTruncate", ctypes.c_void_p), ("xSync", _xSync), *((name, ctypes.c_void_p) for name in (
            "xFileSize", "xLock", "xUnlock", "xCheckReservedLock", "xFileControl", "xSectorSize",
            "xDeviceCharacteristics", "xShmMap", "xShmLock", "xShmBarrier", "xShmUnmap", "xFetch",
            "xUnfetch")),
    ]  # fmt: skip


_lib.sqlite3_vfs_find.restype = ctypes.POINTER(_Vfs)
_lib.sqlite3_vfs_find.argtypes = [ctypes.c_char_p]
_lib.sqlite3_vfs_register.argtypes = [ctypes.c_void_p, ctypes.c_int]
_lib.sqlite3_vfs_unregister.argtypes = [ctypes.c_void_p]


def kind_of(flags: int) -> str:
    """The file kind SQLite opened: ``db``, ``wal``, ``journal`` or ``other``."""
    if flags & OPEN_WAL:
        return "wal"
    if flags & OPEN_MAIN_DB:
        return "db"
    if flags & OPEN_MAIN_JOURNAL:
        return "journal"
    return "other"


@dataclass
class Fault:
    """Fail the ``nth`` (1 = the next) ``op`` (``write`` or ``sync``) on files of ``kind`` with ``code``;
    ``times`` calls in a row fail (0: every call from then on, a disk that stays broken)."""

    kind: str
    op: str
    code: int
    nth: int = 1
    times: int = 1
    seen: int = 0
    failed: int = 0

    def strikes(self) -> bool:
        self.seen += 1
        if self.seen < self.nth or (self.times and self.failed >= self.times):
            return False
        self.failed += 1
        return True


@dataclass
class FaultyVfs:
    """The shim; :meth:`install` makes it the default VFS, :meth:`remove` gives the unix VFS back."""

    name: bytes = b"faulty"
    faults: list[Fault] = field(default_factory=list)
    calls: list[tuple[str, str]] = field(default_factory=list)  # (kind, op) of every write and sync
    _files: dict[int, str] = field(default_factory=dict)
    _keep: list[Any] = field(default_factory=list)

    def __post_init__(self) -> None:
        real = _lib.sqlite3_vfs_find(None)
        assert real, "no default SQLite VFS"
        self._unix = real
        self._real_open = real.contents.xOpen
        self._vfs = _Vfs.from_buffer_copy(real.contents)
        self._vfs.zName = self.name
        self._vfs.pNext = None
        self._vfs.xOpen = _xOpen(self._open)
        self._methods: dict[int, tuple[_Methods, _Methods]] = {}  # real methods' address → (copy, real)

    def arm(self, kind: str, op: str, code: int, *, nth: int = 1, times: int = 1) -> Fault:
        """Add a fault (see :class:`Fault`) and return it (its ``failed`` says whether it struck)."""
        fault = Fault(kind, op, code, nth, times)
        self.faults.append(fault)
        return fault

    def install(self) -> None:
        if _lib.sqlite3_vfs_register(ctypes.addressof(self._vfs), 1) != SQLITE_OK:
            raise RuntimeError("sqlite3_vfs_register failed")

    def remove(self) -> None:
        """The unix VFS is the default again (connections already open keep the shim: keep this alive)."""
        _lib.sqlite3_vfs_unregister(ctypes.addressof(self._vfs))
        _lib.sqlite3_vfs_register(ctypes.cast(self._unix, ctypes.c_void_p), 1)

    # -- the wrapped calls -----------------------------------------------------------------------------
    def _open(self, vfs: int, name: int | None, file: int, flags: int, out: Any) -> int:
        rc = int(self._real_open(vfs, name, file, flags, out))
        methods = ctypes.cast(file, ctypes.POINTER(ctypes.c_void_p))
        if rc != SQLITE_OK or not methods[0]:
            return rc
        real_address = int(methods[0])
        if real_address not in self._methods:
            real = _Methods.from_address(real_address)
            copy = _Methods.from_buffer_copy(real)
            copy.xWrite, copy.xSync = _xWrite(self._write), _xSync(self._sync)
            copy.xClose = _xClose(self._close)
            self._methods[real_address] = (copy, real)
        self._files[int(file)] = f"{kind_of(flags)}:{real_address}"
        methods[0] = ctypes.addressof(self._methods[real_address][0])
        return rc

    def _real_of(self, file: int) -> tuple[str, _Methods]:
        kind, _, address = self._files[int(file)].partition(":")
        return kind, self._methods[int(address)][1]

    def _strike(self, kind: str, op: str) -> int:
        self.calls.append((kind, op))
        for fault in self.faults:
            if fault.kind == kind and fault.op == op and fault.strikes():
                return fault.code
        return SQLITE_OK

    def _write(self, file: int, data: int, amount: int, offset: int) -> int:
        kind, real = self._real_of(file)
        code = self._strike(kind, "write")
        return code or int(real.xWrite(file, data, amount, offset))

    def _sync(self, file: int, flags: int) -> int:
        kind, real = self._real_of(file)
        code = self._strike(kind, "sync")
        return code or int(real.xSync(file, flags))

    def _close(self, file: int) -> int:
        _, real = self._real_of(file)
        ctypes.cast(file, ctypes.POINTER(ctypes.c_void_p))[0] = ctypes.addressof(real)
        del self._files[int(file)]
        return int(real.xClose(file))
