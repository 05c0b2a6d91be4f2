"""The login screen: the user id and PIN on a keypad, and the station's (simulated) service key.

Service mode starts with the key: without it the login button is off and the hint says to turn it.
"""

from __future__ import annotations

from terminal.service import intents as i
from terminal.service import theme
from terminal.service.keypad import ALNUM, DIGITS, keypad
from terminal.service.layout import forms
from terminal.service.theme import TYPE
from terminal.service.ui import Ui
from terminal.service.views.scene import Scene
from terminal.service.widgets import field, paragraph


def draw(ui: Ui, scene: Scene) -> None:
    g, t, s = forms.login(scene.frame), scene.t, scene.state
    ui.panel(g.card, border=2)
    ui.text(t("service.login.title"), g.title, TYPE.display, bold=True)
    hint = "service.login.hint" if s.key_on else "service.login.hint_key_off"
    ui.text(t(hint), g.hint, TYPE.body, theme.MUTED if s.key_on else theme.ACCENT, width=g.hint_width)
    user_focus, pin_focus = i.Intent(i.FOCUS, "user"), i.Intent(i.FOCUS, "pin")
    field(ui, g.user, t("service.login.user"), s.fields.user, s.focus == "user", user_focus)
    field(ui, g.pin, t("service.login.pin"), "*" * len(s.fields.pin), s.focus == "pin", pin_focus)
    enter = i.Intent(i.LOGIN) if s.key_on else None  # service mode starts with the key: no key, no login
    ui.button(g.enter, t("service.login.enter"), enter, primary=True, size=TYPE.button_large)
    paragraph(ui, t("service.login.note"), g.note, TYPE.label, theme.MUTED, g.note_width, 2, g.note_leading)
    turn = "service.key.turn_off" if s.key_on else "service.key.turn_on"
    ui.button(g.key, t(turn), i.Intent(i.TURN_KEY), danger=s.key_on, size=TYPE.label)
    if s.focus == "pin":
        keypad(ui, scene.cat, g.pad, DIGITS, 3)
    else:
        keypad(ui, scene.cat, g.pad, ALNUM, 6)
