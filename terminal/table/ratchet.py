"""The software ratchet: a ledger that has run a verified program runs nothing less without two people.

The first boot whose check of the program passes (``terminal.software.boot``) logs ``SOFTWARE_TRUSTED`` in
the ledger: the trusted key's fingerprint, the manifest's SHA-256, the signed version and the install log's
length and last line (:func:`terminal.software.installs.mark`). From then on, at every boot:

- a check that was skipped (no manifest, even under ``verify_at_boot = auto``; or ``never``), a check that
  failed, or a check that passed under **another key** than the one the ledger trusts is a ``software``
  tilt. No one clears it at the screen: only the install act (``terminal verify accept-install``, an
  administrator and a technician with their PINs) does, logged as ``SOFTWARE_INSTALL`` with both user ids,
  the manifest's SHA-256 and the key's fingerprint, which the ledger trusts from then on;
- a passing check under the trusted key of a manifest the ledger has not run (the maker's update, signed
  with the key the ledger trusts) is accepted and logged as ``SOFTWARE_TRUSTED``, naming who made it as the
  install log has it;
- an install log shorter than the ledger last recorded, or whose line there was replaced, is logged
  (``INSTALL_LOG_CUT``) at every boot and shown by ``terminal verify`` and the service screen's self-test,
  until the install act records the log as it is (with the finding it acknowledges).

A ledger that never saw a verified manifest (a development checkout) keeps the policy ``[lab]
verify_at_boot`` alone sets.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from terminal.config import Config
from terminal.ledger import EventCode, Ledger
from terminal.software import installs
from terminal.software.boot import BootCheck

ACT = "terminal verify accept-install --admin ID --second ID"
#: The events that set what the ledger trusts (the newest one rules).
TRUST = (EventCode.SOFTWARE_TRUSTED, EventCode.SOFTWARE_INSTALL)
#: The events that record the install log's length and last line.
LOG_MARKS = (*TRUST, EventCode.LEDGER_INSTALL)


@dataclass(frozen=True, slots=True)
class Trust:
    """What the ledger last accepted: the key's fingerprint and the manifest's SHA-256."""

    fingerprint: str
    manifest_sha256: str


def trust_of(detail: dict[str, Any] | None) -> Trust | None:
    """What the newest trust event's ``detail`` says the ledger trusts (``None``: no such event)."""
    if detail is None:
        return None
    return Trust(str(detail.get("fingerprint", "")), str(detail.get("manifest_sha256", "")))


def trusted(ledger: Ledger) -> Trust | None:
    """What ``ledger`` trusts, or ``None`` when it never ran a verified program."""
    return trust_of(ledger.newest_detail(*TRUST))


def judge(trust: Trust | None, result: BootCheck) -> str | None:
    """Why ``result`` may not run on a ledger that trusts ``trust`` (``None``: it may)."""
    if trust is None:
        return None
    if result.status == "skipped":
        return f"the program was not verified ({result.detail}) on a ledger that has run verified software"
    if result.status == "fail":
        return f"software verification failed: {result.detail}"
    if result.key != trust.fingerprint:
        return f"another trusted key: fingerprint {result.key}, the ledger trusts {trust.fingerprint}"
    return None


def manifest_sha256(path: Path) -> str:
    """The SHA-256 of the manifest file ("" when it cannot be read)."""
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return ""


def log_mark(path: Path) -> dict[str, Any]:
    """The install log's length and last line as a ledger event records them."""
    lines, last = installs.mark(path)
    return {"lines": lines, "last_sha256": last}


def cut_of(detail: dict[str, Any] | None, path: Path) -> str | None:
    """Whether the install log at ``path`` lost lines the newest event recording it (``detail``) saw."""
    recorded = None if detail is None else detail.get("install_log")
    if not isinstance(recorded, dict):
        return None
    return installs.cut(path, int(recorded.get("lines", 0)), str(recorded.get("last_sha256", "")))


def log_cut(ledger: Ledger, path: Path) -> str | None:
    """Whether the install log at ``path`` lost lines ``ledger`` last recorded (the finding)."""
    return cut_of(ledger.newest_detail(*LOG_MARKS), path)


def installer(path: Path, sha256: str) -> str:
    """Who made the manifest ``sha256`` as the install log says ("" when no line of it names it)."""
    entries, _ = installs.read(path)
    made = [e.who for e in entries if e.manifest_sha256 == sha256 and e.result == "ok"]
    return made[-1] if made else ""


def at_boot(
    c: Config, ledger: Ledger, result: BootCheck, version: str, now: datetime
) -> tuple[str | None, str | None]:
    """Judge the boot's check against what ``ledger`` trusts and log what it accepts; returns the problem
    that must tilt the table as ``software`` (or ``None``) and the install log's finding (or ``None``)."""
    recorded = ledger.newest_detail(*LOG_MARKS)
    cut = cut_of(recorded, c.lab.install_log)
    trust = trusted(ledger)
    problem = judge(trust, result)
    if problem is not None:
        return f"{problem}; to accept an install: {ACT}", cut
    sha = manifest_sha256(c.lab.manifest_path) if result.status == "pass" else ""
    if sha and (trust is None or trust.manifest_sha256 != sha):
        detail = {
            "fingerprint": result.key, "manifest_sha256": sha, "version": version, "files": result.files,
            "accepted_by": "boot: signed with the key the ledger trusts" if trust else "boot: first verified",
            "installed_by": installer(c.lab.install_log, sha),
            # A cut log keeps the mark it fell short of: only the install act (two people) moves it on.
            "install_log": recorded["install_log"] if cut and recorded else log_mark(c.lab.install_log),
        }  # fmt: skip
        ledger.log_event(EventCode.SOFTWARE_TRUSTED, now=now, detail=detail)
    return None, cut
