"""A sample of every service reply, for the protocol's round-trip test (tests/net/test_net_messages.py)."""

from __future__ import annotations

from terminal.net.messages import Message
from terminal.net.messages import service as sm

SAMPLES: list[Message] = [
    sm.ServiceSession("tech1", "technician", ("meters", "events"), 120_000),
    sm.ServiceLoggedOut("idle"),
    sm.ServiceDone("handpay", "seat 2: 5000 paid by hand"),
    sm.MetersReport(
        (sm.MeterView("wagered", 1_000),),
        (
            sm.WagerMeterView("roulette", "red", "standard", 400, 400, 2, 1_000_000, 947_368),
            sm.WagerMeterView("craps", "fire", "A", 0, 0, 0, None, None),
        ),
    ),
    sm.EventPage(
        (sm.EventView(7, "2026-11-23T14:00:00.000000Z", 300, "tilt", None, "", "", "tilt=door_open"),),
        1,
        1,
        1,
        ("tilt",),
    ),
    sm.RoundRecall(
        3,
        "2026-11-23T14:00:00.000000Z",
        "roulette",
        "settled",
        "17",
        (sm.RecallWager(1, "straight:17", "standard", 100, "win", 3_600),),
        (sm.RecallSeat(1, 10_000, 100, 3_600, 13_500),),
        (sm.RecallDetail("b2b", "250"),),
    ),
    sm.RecallList(1, (sm.RoundLine(3, "2026-11-23T14:00:00.000000Z", "roulette", "17", 100, 3_600),)),
    sm.VoucherInfo("123456789012345671", 1, 8_600, "2026-11-23T14:00:00.000000Z", "", "outstanding", ""),
    sm.VoucherHistory(
        (sm.VoucherLine("123456789012345671", 1, 8_600, "2026-11-23T14:00:00.000000Z", "outstanding"),),
        (sm.VoucherLine("123456789012345689", 2, 500, "2026-11-23T14:05:00.000000Z", "redeemed"),),
    ),
    sm.TiltList(
        (
            sm.TiltView("handpay", 2, "award", "attendant", False),
            sm.TiltView("service_mode", None, "key on", "", True),
        )
    ),
    sm.ConfigListing("kiosk.cfg", (sm.ConfigEntry("table", "seats", "8", True),)),
    sm.ConfigDiff((sm.ConfigChangeView("table", "seats", "8", "6"),), False, "credits on seat 3"),
    sm.SelfTestReport((sm.SelfTestView("software", "not_installed", ""),)),
    sm.DayReport("2026-11-23", (sm.MeterView("meter cash_in", 20_000),), (sm.MeterView("tilt", 3),)),
]
