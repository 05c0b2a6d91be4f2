"""What players are told about a tilt: a short public code the protocol carries, never the technician's text.

The controller sends each ``Tilt`` with a ``code`` from :data:`CODES`; every face (seat, table display)
shows the catalogue's ``tilt.<code>`` message in its own language, and keeps the ``detail`` for its log.
Several tilts share a code where a player needs the same words (a failed RNG self-test, a ledger fault and
a failed software check all read "stopped for a technical check"). A face's own link loss has codes too
(:data:`LINK_CODES`): it has no ``Tilt`` to carry them.

>>> code_for("device_fault", "ticket_printer: out of paper"), code_for("rng_failure", "KAT 3 failed")
('ticket_printer', 'table_check')
>>> code_for("service_mode", "service key on"), code_for("no_such_kind", "")
('out_of_service', 'table_check')
"""

from __future__ import annotations

CODES: tuple[str, ...] = (
    "door_open",
    "out_of_service",
    "table_check",
    "bill_acceptor",
    "ticket_reader",
    "ticket_printer",
    "voucher_held",
    "device",
    "link_lost",
    "handpay",
    "floor_offline",
    "floor_closed",
    "sas_disabled",
    "sas_link",
)
LINK_CODES: tuple[str, ...] = ("connecting", "reconnecting")

_BY_KIND = {
    "door_open": "door_open",
    "service_mode": "out_of_service",
    "rng_failure": "table_check",
    "ledger_integrity": "table_check",
    "ledger_storage": "table_check",
    "software_verify": "table_check",
    "software": "table_check",
    "link_lost": "link_lost",
    "handpay": "handpay",
    "floor_offline": "floor_offline",
    "floor_closed": "floor_closed",
    "sas_disabled": "sas_disabled",
    "sas_link": "sas_link",
}
_DEVICES = ("bill_acceptor", "ticket_reader", "ticket_printer")


def code_for(kind: str, detail: str) -> str:
    """The public code of a tilt of ``kind`` (a ``TiltKind`` value) with the technician's ``detail``.

    A device fault names its device first (``ticket_printer: jam``), or a stacked voucher the table could
    not redeem; any kind this table does not know reads as a technical check.
    """
    if kind == "device_fault":
        device = detail.partition(":")[0].strip()
        if device in _DEVICES:
            return device
        return "voucher_held" if detail.startswith("voucher") else "device"
    return _BY_KIND.get(kind, "table_check")
