"""Service mode's self-test screen: the self-tests, the program's identity and the install log."""

from __future__ import annotations

import re
from functools import partial

import pygame

from terminal.net import service_messages as sm
from terminal.service.app import ServiceApp
from terminal.service.common import CONTENT, title
from terminal.service.ui import BAD, GOOD, MUTED, PANEL, TEXT, Ui


def selftest(ui: Ui, app: ServiceApp) -> None:
    """The self-tests on the left, the program's identity on the right, the install log below."""
    t = app.t.text
    title(ui, t("service.selftest.title"), t("service.selftest.sub"))
    ui.button(
        pygame.Rect(CONTENT.x, CONTENT.y + 100, 520, 90),
        t("service.selftest.run"),
        partial(app.act, "selftest"),
        primary=True,
        size=40,
    )
    reply = app.state.replies.get("selftest")
    report = reply if isinstance(reply, sm.SelfTestReport) else None
    results = {r.name: r for r in report.results} if report else {}
    for i, name in enumerate(("rng", "ledger", "software")):
        row = pygame.Rect(CONTENT.x, CONTENT.y + 210 + i * 145, 740, 130)
        ui.panel(row, border=2)
        ui.text(t(f"service.selftest.{name}"), (row.x + 24, row.y + 16), 34, TEXT, bold=True)
        found = results.get(name)
        status = found.status if found else "not_run"
        color = {"pass": GOOD, "fail": BAD, "not_installed": MUTED}.get(status, PANEL)
        ui.badge(pygame.Rect(row.right - 250, row.y + 16, 226, 52), t(f"service.selftest.{status}"), color)
        ui.text(_selftest_detail(app, found), (row.x + 24, row.y + 82), 24, MUTED, width=row.width - 48)
    if report is not None:
        _identity(ui, app, report)
        _installs(ui, app, report)


def _identity(ui: Ui, app: ServiceApp, report: sm.SelfTestReport) -> None:
    t = app.t.text
    box = pygame.Rect(CONTENT.x + 770, CONTENT.y + 210, CONTENT.width - 770, 420)
    ui.panel(box, border=2)
    ui.text(t("service.selftest.identity"), (box.x + 24, box.y + 14), 30, TEXT, bold=True)
    for i, line in enumerate(report.identity[:6]):
        game = t(f"service.selftest.game_{line.game}") if line.game in ("roulette", "craps") else line.game
        y = box.y + 58 + i * 60
        ui.text(t(f"service.selftest.id_{line.kind}", game=game), (box.x + 24, y), 20, MUTED)
        value = line.value
        if line.kind == "manifest" and not value.startswith("SHA-256"):  # none: a development build
            value = t("service.selftest.no_manifest")
        ui.text(value, (box.x + 24, y + 24), 24, TEXT, width=box.width - 48)


def _installs(ui: Ui, app: ServiceApp, report: sm.SelfTestReport) -> None:
    """The last ten installs, newest first, in two columns of five."""
    t = app.t.text
    box = pygame.Rect(CONTENT.x, CONTENT.y + 650, CONTENT.width, CONTENT.height - 650)
    ui.panel(box, border=2)
    ui.text(t("service.selftest.installs"), (box.x + 24, box.y + 12), 26, TEXT, bold=True)
    if report.install_log:
        warning = t("service.selftest.installs_broken", detail=report.install_log)
        ui.text(warning, (box.right - 24, box.y + 14), 22, BAD, anchor="topright", width=box.width // 2)
    if not report.installs:
        ui.text(t("service.selftest.no_installs"), (box.x + 24, box.y + 56), 24, MUTED)
    half = (box.width - 72) // 2
    for i, entry in enumerate(report.installs[:10]):
        x = box.x + 24 + (i // 5) * (half + 24)
        when = entry.time.replace("T", " ").removesuffix("Z")[:16]
        ok = entry.result == "ok"  # a failure's reason stays in the log: terminal verify prints it
        result = t("service.selftest.install_ok" if ok else "service.selftest.install_failed")
        line = f"{when}  {entry.version}  {entry.manifest[:8]}  {result}  {entry.who}"
        ui.text(line, (x, box.y + 50 + (i % 5) * 32), 22, TEXT if ok else BAD, width=half)


def _selftest_detail(app: ServiceApp, found: sm.SelfTestView | None) -> str:
    """The result in the screen's language; a failure's own finding as the controller wrote it."""
    if found is None:
        return ""
    if found.status == "not_installed":
        return app.t.text("service.selftest.no_manifest")
    checks = re.match(r"(\d+) known-answer", found.detail)
    if found.status == "pass" and found.name == "rng" and checks:
        return app.t.text("service.selftest.rng_ok", checks=checks[1])
    if found.status == "pass" and found.name == "ledger":
        return app.t.text("service.selftest.ledger_ok")
    return found.detail
