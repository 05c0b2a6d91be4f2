"""The two-person dialog over any screen: the first user's PIN again, the second user's id and PIN.

While it is open only the dialog takes touches. A refusal (the same person twice, a wrong PIN) is said
in the dialog, which stays open for another try.
"""

from __future__ import annotations

from terminal.service import intents as i
from terminal.service import theme
from terminal.service.keypad import ALNUM, DIGITS, keypad
from terminal.service.layout import forms
from terminal.service.state import Confirm
from terminal.service.theme import TYPE
from terminal.service.ui import Ui
from terminal.service.views.scene import Scene
from terminal.service.widgets import field


def draw(ui: Ui, scene: Scene, c: Confirm) -> None:
    t, s = scene.t, scene.state
    g = forms.confirm(scene.frame)
    ui.modal()
    ui.panel(g.dialog, border=3)
    ui.text(
        t("service.two.title", act=t(f"service.act.{c.act}")), g.title, TYPE.title, theme.ACCENT, bold=True
    )
    ui.text(t("service.two.sub"), g.sub, TYPE.label, theme.MUTED, width=g.text_width)
    me = s.session.user if s.session else ""
    fields = (
        (g.mine, t("service.two.mine", user=me), "*" * len(c.my_pin), "my_pin"),
        (g.second, t("service.two.second"), c.second, "second"),
        (g.second_pin, t("service.two.second_pin"), "*" * len(c.second_pin), "second_pin"),
    )
    for rect, label, shown, name in fields:
        field(ui, rect, label, shown, c.focus == name, i.Intent(i.FOCUS, name))
    if c.args:
        ui.text(t("service.two.what", what=" / ".join(c.args)), g.what, TYPE.label, width=g.what_width)
    if c.focus == "second":
        keypad(ui, scene.cat, g.pad, ALNUM, 7)
    else:
        keypad(ui, scene.cat, g.pad, DIGITS, 3)
    ui.button(g.cancel, t("service.cancel"), i.Intent(i.CANCEL))
    ui.button(g.confirm, t("service.two.confirm"), i.Intent(i.CONFIRM), danger=True, size=TYPE.value)
    if s.status and not s.status_ok:
        ui.text(s.status, g.refusal, TYPE.label, theme.BAD, width=g.text_width)
