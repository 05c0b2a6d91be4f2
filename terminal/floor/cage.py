"""The cage: the cashier redeems or voids a voucher of any table, through the same compare-and-set.

The bucket's record moves ``issued`` → ``redeemed`` (or ``voided``) on the revision the cage read, exactly
as at a table; then the act goes to the stream on ``floor.cage.voucher`` (message id per voucher, act and
revision), so the floor store hears it, and the issuing table closes the voucher in its own ledger when
its link next looks. Both are signed with the floor's key (``[floor] floor_key_path``), and the cage pays
only a voucher whose record holds (``vouchers.forgery``), as a table does. A refusal (unknown, paid,
voided, expired, forged, or lost to a table a moment before) is one line and changes nothing.
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from terminal.config.sections import FloorSection
from terminal.floor import connect, names, registry, signing, vouchers
from terminal.ledger.records import stamp


async def close(section: FloorSection, number: str, action: str, *, user: str, now: datetime,
                reason: str = "", second_user: str = "") -> dict[str, Any]:  # fmt: skip
    """Redeem (``action`` ``redeemed``) or void (``voided``) voucher ``number`` at the cage; the record."""
    timeout = section.request_ms / 1000
    floor = signing.floor_signer(section)  # the cage writes and publishes as the floor
    nc = await connect.connect(section, "cage", timeout_s=timeout, reconnect=False)
    try:
        js = nc.jetstream(timeout=timeout)
        await connect.ensure_stream(js, section.replicas)
        kv = await connect.ensure_bucket(js, section.replicas)
        when = stamp(now)
        by = {"table": names.CAGE, "seat": None, "time": when, "user": user}
        checked = await _checked(js, kv, section, floor, number)
        record, revision = await vouchers.close(kv, number, action, by, signer=floor, time=when,
                                                reason=reason, checked=checked)  # fmt: skip
        body = {"kind": "cage", "action": action, "number": number, "amount": record["amount"],
                "issuer": record["issuer"], "user": user, "time": when, "reason": reason}  # fmt: skip
        if second_user:
            body["second_user"] = second_user
        once = {"Nats-Msg-Id": names.cage_msg_id(number, action, revision)}
        data = json.dumps(body, sort_keys=True).encode()
        subject = f"floor.{names.CAGE}.voucher"
        await js.publish(subject, data, headers=once | floor.headers(subject, data))
        return record
    finally:
        await connect.close(nc)


async def _checked(js: Any, kv: Any, section: FloorSection, floor: signing.Signer, number: str) -> int | None:
    """The revision of the voucher's record once :func:`vouchers.forgery` found nothing; ``None`` when
    there is none to check (unknown or closed: the compare-and-set refuses it); a forgery is refused."""
    found = await vouchers.read(kv, number)
    if found is None or found[0].get("state") != "issued":
        return None
    keys = registry.Keys(await registry.bucket(js, section.replicas), floor.public)
    problem = await vouchers.forgery(js, keys, found[0])
    if problem is not None:
        raise vouchers.FloorVoucherError(f"forged: {problem}")
    return found[1]
