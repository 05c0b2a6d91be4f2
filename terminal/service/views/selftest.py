"""Self-tests: run them, each test's result (the RNG's known answers, the ledger's chain, the software's
manifest) in the technician's words, the program's identity, and the last installs of the install log."""

from __future__ import annotations

import re

from terminal.net.messages import service as sm
from terminal.service import intents as i
from terminal.service import theme
from terminal.service.layout import panels
from terminal.service.theme import TYPE
from terminal.service.ui import Ui
from terminal.service.views.scene import Scene
from terminal.service.widgets import paragraph, title

TESTS = ("rng", "ledger", "software")
RESULT_COLOURS = {"pass": theme.GOOD, "fail": theme.BAD, "not_installed": theme.MUTED}
GAMES = ("roulette", "craps")  # the games the catalogue names on this screen


def draw(ui: Ui, scene: Scene) -> None:
    """The self-tests on the left, the program's identity on the right, the install log below."""
    t = scene.t
    g = panels.selftests(scene.frame)
    title(ui, scene.frame, t("service.selftest.title"), t("service.selftest.sub"))
    ui.button(g.run, t("service.selftest.run"), i.Intent(i.ACT, "selftest"), primary=True, size=TYPE.value)
    report = scene.state.replies.selftest
    results = {r.name: r for r in report.results} if report is not None else {}
    for n, name in enumerate(TESTS):
        row = g.row(n)
        ui.panel(row.rect, border=2)
        ui.text(t(f"service.selftest.{name}"), row.name, TYPE.menu, bold=True)
        found = results.get(name)
        status = found.status if found else "not_run"
        ui.badge(row.badge, t(f"service.selftest.{status}"), RESULT_COLOURS.get(status, theme.PANEL))
        detail = _detail(scene, found)
        paragraph(ui, detail, row.detail, TYPE.chip, theme.MUTED, row.detail_width, 2, row.detail_leading)
    if report is not None:
        _identity(ui, scene, report, g)
        _installs(ui, scene, report, g)


#: The version the controller sends when no verified manifest vouches for one (``table.identity``'s words).
UNVERIFIED = "unverified development build"


def _identity(ui: Ui, scene: Scene, report: sm.SelfTestReport, g: panels.SelfTests) -> None:
    """Version, manifest, and each game's program and paytables, as the controller identifies them."""
    t = scene.t
    ui.panel(g.identity, border=2)
    ui.text(t("service.selftest.identity"), g.identity_title, TYPE.body, bold=True)
    for n, line in enumerate(report.identity[: g.identity_lines]):
        at = g.identity_line(n)
        game = t(f"service.selftest.game_{line.game}") if line.game in GAMES else line.game
        ui.text(t(f"service.selftest.id_{line.kind}", game=game), at.name, TYPE.caption, theme.MUTED)
        value = line.value
        if line.kind == "manifest" and not value.startswith("SHA-256"):  # none: a development build
            value = t("service.selftest.no_manifest_short")
        if line.kind == "version" and value == UNVERIFIED:  # no signed manifest vouches for a version
            value = t("service.selftest.unverified_build")
        last = n == min(len(report.identity), g.identity_lines) - 1
        if last and ui.width_of(value, TYPE.chip) > at.width:  # the panel's foot has room for a second line
            step = round(ui.fonts.get(ui.text_px(TYPE.chip)).get_linesize() / ui.sy)
            paragraph(ui, value, at.value, TYPE.chip, theme.TEXT, at.width, 2, step)
        else:
            ui.text(value, at.value, TYPE.chip, width=at.width)


def _installs(ui: Ui, scene: Scene, report: sm.SelfTestReport, g: panels.SelfTests) -> None:
    """The last ten installs, newest first, in two columns of five."""
    t = scene.t
    ui.panel(g.installs, border=2)
    ui.text(t("service.selftest.installs"), g.installs_title, TYPE.table, bold=True)
    if report.install_log:
        warning = t("service.selftest.installs_broken", detail=report.install_log)
        width = g.installs.width // 2
        ui.text(warning, g.installs_warning, TYPE.small, theme.BAD, anchor="topright", width=width)
    if not report.installs:
        ui.text(t("service.selftest.no_installs"), g.no_installs, TYPE.chip, theme.MUTED)
    for n, entry in enumerate(report.installs[: g.installs_shown]):
        when = entry.time.replace("T", " ").removesuffix("Z")[:16]
        word = install_word(entry.result)  # a failure's reason stays in the log (terminal verify)
        result = t(f"service.selftest.{word}")
        ok = word != "install_failed"
        line = f"{when}  {entry.version}  {entry.manifest[:8]}  {result}  {people(entry.who, entry.result)}"
        ui.text(line, g.install(n), TYPE.small, theme.TEXT if ok else theme.BAD, width=g.install_width)


def install_word(result: str) -> str:
    """The catalogue word of an install log line's result: made (``ok``), accepted by two people (the
    install act: ``accepted by ...``), or failed."""
    if result.startswith("accepted by "):
        return "install_accepted"
    return "install_ok" if result == "ok" else "install_failed"


def people(who: str, result: str) -> str:
    """Who did it; the two people of an accepted install as ``ada, tom`` (their roles are in the log)."""
    if install_word(result) != "install_accepted":
        return who
    return ", ".join(re.sub(r"\s*\([^)]*\)", "", person).strip() for person in who.split(" and "))


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
