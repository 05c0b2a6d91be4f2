"""The floor's orders to a table: out of service, and back in service, signed with the floor's key.

``terminal floor service TABLE --out|--in --user ID --reason TEXT`` (a floor user with their PIN) puts an
order on the table's command subject (``floor.<table>.command``), signed with the floor's key: the
stream keeps it, so the floor store logs it and a table that was off hears it when it comes back. The
table's link reads the last order the floor signed (``signed.last_trusted``) when it connects and at
every sweep; the table obeys one it has not obeyed yet (its ledger logs the order's stream sequence with
who asked) and logs anything after it that the floor did not sign (``FLOOR_FORGED``), which it ignores.

>>> order = Order.of(7, {"kind": "command", "table": "T-01", "action": "out_of_service", "user": "ada",
...                      "role": "administrator", "reason": "repair", "time": "t"})
>>> order.closes, order.seq
(True, 7)
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey
from nats.js import JetStreamContext

from terminal.config.sections import FloorSection
from terminal.floor import connect, names, signed, signing

KIND = "command"
OUT, IN = "out_of_service", "in_service"


class OrderError(ValueError):
    """An order that cannot be made or read; the message is its one line."""


@dataclass(frozen=True, slots=True)
class Order:
    """One order of the floor to a table, with its stream sequence."""

    seq: int
    table: str
    action: str
    user: str
    role: str
    reason: str
    time: str

    @property
    def closes(self) -> bool:
        """Whether it takes the table out of service (else it puts it back)."""
        return self.action == OUT

    @classmethod
    def of(cls, seq: int, body: dict[str, Any]) -> Order:
        """The order in a command message (``OrderError`` when it is not one)."""
        try:
            order = cls(seq, str(body["table"]), str(body["action"]), str(body["user"]), str(body["role"]),
                        str(body["reason"]), str(body["time"]))  # fmt: skip
        except (KeyError, TypeError) as bad:
            raise OrderError(f"not an order of the floor ({bad})") from None
        if body.get("kind") != KIND or order.action not in (OUT, IN):
            raise OrderError(f"not an order of the floor (action {order.action!r})")
        return order


def body(table: str, action: str, *, user: str, role: str, reason: str, time: str) -> dict[str, Any]:
    """What the floor publishes to take ``table`` out of service (``OUT``) or back (``IN``)."""
    return {"kind": KIND, "table": table, "action": action, "user": user, "role": role, "reason": reason,
            "time": time}  # fmt: skip


async def publish(section: FloorSection, order: dict[str, Any]) -> int:
    """Sign ``order`` with the floor's key and put it on the table's command subject; its sequence."""
    floor = signing.floor_signer(section)
    timeout = section.request_ms / 1000
    nc = await connect.connect(section, "floor order", timeout_s=timeout, reconnect=False)
    try:
        js = nc.jetstream(timeout=timeout)
        await connect.ensure_stream(js, section.replicas)
        subject = names.command_subject(str(order["table"]))
        data = json.dumps(order, sort_keys=True).encode()
        once = {"Nats-Msg-Id": f"command:{order['table']}:{order['action']}:{order['time']}"}
        ack = await js.publish(subject, data, headers=once | floor.headers(subject, data))
        return int(ack.seq)
    finally:
        await connect.close(nc)


async def last_order(
    js: JetStreamContext, table: str, floor: Ed25519PublicKey | None
) -> tuple[Order | None, tuple[signed.Stepped, ...]]:
    """The last order to ``table`` the floor signed (``None``: none, or no floor key to check it with),
    and the messages after it that it did not sign."""

    def trusted(msg: signed.Found) -> bool:
        if floor is None or msg.signer != signing.FLOOR or not msg.valid(floor):
            return False
        try:
            Order.of(msg.seq, json.loads(msg.data))
        except (OrderError, ValueError):
            return False
        return True

    found, stepped = await signed.last_trusted(js, names.command_subject(table), trusted)
    if found is None:
        return None, stepped
    return Order.of(found.seq, json.loads(found.data)), stepped
