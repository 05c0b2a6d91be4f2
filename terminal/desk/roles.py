"""Who may do what in service mode: one literal table, enforced by the controller (never by a screen).

Each act names the roles allowed to do it. Acts in :data:`TWO_PERSON` also need a second, different user
whose role is allowed too, and both PINs. Clearing a tilt is checked twice: the act here, then the tilt's
own clearing rule (``tilts.RULES``: an integrity failure needs an administrator).

>>> allowed("voucher_void", Role.ATTENDANT), allowed("force_outcome", Role.ADMINISTRATOR)
(True, False)
"""

from __future__ import annotations

from terminal.table.tilts import Role

A, T, L, D = Role.ATTENDANT, Role.TECHNICIAN, Role.LAB, Role.ADMINISTRATOR

# fmt: off
ROLE_ACTS: dict[str, frozenset[Role]] = {
    "meters":         frozenset({A, T, L, D}),  # every meter, per game / wager / paytable, RTP vs PAR
    "events":         frozenset({A, T, L, D}),  # the event log, filtered and paged
    "recall":         frozenset({A, T, L, D}),  # game recall by round id or by seat
    "tilts":          frozenset({A, T, L, D}),  # the active tilts
    "report":         frozenset({A, T, D}),     # end-of-day figures
    "voucher_lookup": frozenset({A, T, D}),     # a voucher by validation number
    "handpay":        frozenset({A, D}),        # pay a locked award by hand and unlock the seat
    "clear_tilt":     frozenset({A, T, D}),     # then the tilt's own rule decides the role needed
    "voucher_void":   frozenset({A, D}),        # two people and a reason
    "voucher_reprint": frozenset({A, D}),       # an outstanding voucher's ticket again, marked REPRINT
    "config_view":    frozenset({T, L, D}),     # every key, and a validated preview of a change
    "config_change":  frozenset({T, D}),        # two people; no credits, no round in progress
    "selftest":       frozenset({T, L, D}),     # RNG known answers, ledger integrity, software verification
    "ram_clear":      frozenset({T, D}),        # two people; archives the epoch, meters to zero
    "force_outcome":  frozenset({L}),           # lab test mode only (routed by the lab tools)
    "manage_users":   frozenset({D}),           # terminal service users add|passwd|remove
}
# fmt: on

TWO_PERSON: frozenset[str] = frozenset({"voucher_void", "config_change", "ram_clear"})


class ActRefusedError(PermissionError):
    """An act this role may not do, or one that is not an act at all."""


def allowed(act: str, role: Role) -> bool:
    """Whether ``role`` may do ``act``."""
    return role in ROLE_ACTS.get(act, frozenset())


def require(act: str, role: Role, user: str) -> None:
    """Raise :class:`ActRefusedError` unless ``role`` may do ``act``."""
    if act not in ROLE_ACTS:
        raise ActRefusedError(f"{act!r} is not a service act")
    if not allowed(act, role):
        who = ", ".join(r.name.lower() for r in sorted(ROLE_ACTS[act]))
        raise ActRefusedError(f"{user} ({role.name.lower()}) may not {act}: it needs {who}")


def acts_of(role: Role) -> tuple[str, ...]:
    """The acts ``role`` may do, in table order (the screen greys out the others)."""
    return tuple(act for act, roles in ROLE_ACTS.items() if role in roles)


def markdown_table() -> str:
    """ROLE_ACTS as the README prints it."""
    roles = list(Role)
    lines = [
        "| act | " + " | ".join(r.name.lower() for r in roles) + " | two people |",
        "|---|" + "---|" * (len(roles) + 1),
    ]
    for act, who in ROLE_ACTS.items():
        marks = " | ".join("yes" if r in who else "" for r in roles)
        lines.append(f"| `{act}` | {marks} | {'yes' if act in TWO_PERSON else ''} |")
    return "\n".join(lines)
