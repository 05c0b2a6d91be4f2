"""RAM clear: what it does and what it keeps, step by step, then the start (a two-person act)."""

from __future__ import annotations

from terminal.service import intents as i
from terminal.service import theme
from terminal.service.layout import panels
from terminal.service.theme import TYPE
from terminal.service.ui import Ui
from terminal.service.views.scene import Scene
from terminal.service.widgets import title

STEPS = 5


def draw(ui: Ui, scene: Scene) -> None:
    t = scene.t
    g = panels.ram_clear(scene.frame)
    title(ui, scene.frame, t("service.ramclear.title"))
    ui.panel(g.card, border=2)
    ui.rect(theme.BAD, g.edge, radius=6)  # a red edge: this cannot be undone
    for n in range(1, STEPS + 1):
        line = f"{n}.  " + t(f"service.ramclear.line{n}")
        ui.text(line, g.line(n - 1), TYPE.menu, width=g.text_width)
    start = i.Intent(i.ASK_SECOND, "ram_clear")
    ui.button(g.start, t("service.ramclear.start"), start, danger=True, size=TYPE.value)
