"""Names on the floor's NATS servers: the stream, the voucher bucket, the subjects and message ids.

>>> table_subjects("T-01")
'floor.T-01.>'
>>> status_subject("T-01")
'floorstatus.T-01'
>>> cage_msg_id("123456789012345671", "redeem", 4)
'cage:123456789012345671:redeem:4'
"""

from __future__ import annotations

STREAM = "FLOOR"
STREAM_SUBJECTS = "floor.>"
BUCKET = "VOUCHERS"
CAGE = "cage"  # the cashier publishes as if it were a table named "cage"
#: Alive messages (core NATS, not kept in the stream): a table's phase, tilts and backlog.
STATUS_PREFIX = "floorstatus"
#: A table asks the floor service for its last word on it here (request and reply, core NATS).
WITNESS_PREFIX = "floorwitness"
#: A table asks the floor service whether another table's voucher was issued on the stream (core NATS).
VOUCHER_CHECK_PREFIX = "floorvoucher"
#: How long the server remembers message ids to drop resends; a table also resyncs on every connect.
DUPLICATE_WINDOW_S = 120.0


def table_subjects(table_id: str) -> str:
    """Every subject one table publishes on."""
    return f"floor.{table_id}.>"


def round_subject(table_id: str) -> str:
    """The subject of a table's settled rounds (each with its ledger's witness)."""
    return f"floor.{table_id}.round"


def info_subject(table_id: str) -> str:
    """The subject of what a table says of itself at every connect (game, venue, PAR edges)."""
    return f"floor.{table_id}.info"


def voucher_subject(table_id: str) -> str:
    """The subject of a table's voucher events (issued, redeemed, voided, refused)."""
    return f"floor.{table_id}.voucher"


def command_subject(table_id: str) -> str:
    """The subject of the floor's commands to a table (out of service and back), signed by the floor."""
    return f"floor.{table_id}.command"


def journal_subjects(table_id: str) -> tuple[str, ...]:
    """The subjects a table's outbox rows go on (each with its ledger and row sequence)."""
    return (round_subject(table_id), f"floor.{table_id}.event", voucher_subject(table_id))


def alert_subject(table_id: str) -> str:
    """The subject of a table's reconciliation alerts (a voucher paid twice across the floor)."""
    return f"floor.{table_id}.alert"


def status_subject(table_id: str) -> str:
    """The core-NATS subject of a table's alive messages."""
    return f"{STATUS_PREFIX}.{table_id}"


def witness_subject(table_id: str) -> str:
    """The core-NATS subject the floor service answers a table's witness question on."""
    return f"{WITNESS_PREFIX}.{table_id}"


def voucher_check_subject(table_id: str) -> str:
    """The core-NATS subject the floor service answers a table's question about a voucher on."""
    return f"{VOUCHER_CHECK_PREFIX}.{table_id}"


def cage_msg_id(number: str, action: str, revision: int) -> str:
    """The message id of a cage action: one per voucher, action and bucket revision."""
    return f"{CAGE}:{number}:{action}:{revision}"
