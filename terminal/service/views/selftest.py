"""Self-tests: run them, and each test's result (the RNG's known answers, the ledger's chain, the
software's manifest) in the technician's words; a failure's own finding as the controller wrote it."""

from __future__ import annotations

import re

from terminal.net import service_messages as sm
from terminal.service import intents as i
from terminal.service import theme
from terminal.service.layout import panels
from terminal.service.theme import TYPE
from terminal.service.ui import Ui
from terminal.service.views.scene import Scene
from terminal.service.widgets import title

TESTS = ("rng", "ledger", "software")
RESULT_COLOURS = {"pass": theme.GOOD, "fail": theme.BAD, "not_installed": theme.MUTED}


def draw(ui: Ui, scene: Scene) -> None:
    t = scene.t
    g = panels.selftests(scene.frame)
    title(ui, scene.frame, t("service.selftest.title"), t("service.selftest.sub"))
    ui.button(g.run, t("service.selftest.run"), i.Intent(i.ACT, "selftest"), primary=True, size=TYPE.value)
    reply = scene.state.replies.selftest
    results = {r.name: r for r in reply.results} if reply is not None else {}
    for n, name in enumerate(TESTS):
        row = g.row(n)
        ui.panel(row.rect, border=2)
        ui.text(t(f"service.selftest.{name}"), row.name, TYPE.heading, bold=True)
        found = results.get(name)
        status = found.status if found else "not_run"
        ui.badge(row.badge, t(f"service.selftest.{status}"), RESULT_COLOURS.get(status, theme.PANEL))
        ui.text(_detail(scene, found), row.detail, TYPE.label, theme.MUTED, width=row.detail_width)


def _detail(scene: Scene, found: sm.SelfTestView | None) -> str:
    """The result in the screen's language; a failure's own finding as the controller wrote it."""
    if found is None:
        return ""
    if found.status == "not_installed":
        return scene.t("service.selftest.no_manifest")
    checks = re.match(r"(\d+) known-answer", found.detail)
    if found.status == "pass" and found.name == "rng" and checks:
        return scene.t("service.selftest.rng_ok", checks=checks[1])
    if found.status == "pass" and found.name == "ledger":
        return scene.t("service.selftest.ledger_ok")
    return found.detail
