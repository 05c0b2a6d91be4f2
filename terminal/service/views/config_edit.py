"""A setting being changed: its new value on a keypad, the change the controller previews, then apply.

Applying is a two-person act; the preview says when the change must wait (credits on a seat, a round in
play) and why.
"""

from __future__ import annotations

from terminal.net.messages import service as sm
from terminal.service import intents as i
from terminal.service import theme
from terminal.service.keypad import keypad, pad_for
from terminal.service.layout import forms
from terminal.service.phrases import phrase_text
from terminal.service.setting_names import setting_name
from terminal.service.theme import TYPE
from terminal.service.ui import Ui
from terminal.service.views.scene import Scene
from terminal.service.widgets import field, title

SHOWN_CHANGES = 6


def draw(ui: Ui, scene: Scene) -> None:
    t, s = scene.t, scene.state
    g = forms.config_edit(scene.frame, s.edit is not None)
    title(ui, scene.frame, t("service.config.change"), t("service.config.rules"))
    if s.edit is not None:
        section, key = s.edit
        name = setting_name(scene.cat, section, key)
        field(ui, g.value, name, s.fields.value, True, i.Intent(i.FOCUS, "value"))
        ui.button(g.preview, t("service.config.preview"), i.Intent(i.PREVIEW), primary=True)
        keys, width = pad_for(s.fields.value)  # a number gets the numeric pad
        keypad(ui, scene.cat, g.pad, keys, width)
    ui.button(g.back, t("service.back"), i.Intent(i.LEAVE_EDIT))
    if s.replies.diff is not None:
        _diff(ui, scene, s.replies.diff, forms.diff(g.diff))


def _diff(ui: Ui, scene: Scene, diff: sm.ConfigDiff, g: forms.Diff) -> None:
    """Each setting before and after; then applied, blocked (and why) or the apply button."""
    t, s = scene.t, scene.state
    ui.panel(g.panel, border=2)
    ui.text(t("service.config.diff"), g.title, TYPE.menu, bold=True)
    for n, change in enumerate(diff.changes[:SHOWN_CHANGES]):
        line = g.line(n)
        name = setting_name(scene.cat, change.section, change.key)
        ui.text(name, line.name, TYPE.label, theme.MUTED, width=g.panel.right - line.name[0] - 16)
        ui.text(change.before, line.before, TYPE.menu, theme.BAD, width=g.value_width)
        ui.text("→", line.arrow, TYPE.menu, theme.MUTED, anchor="midtop")
        ui.text(change.after, line.after, TYPE.menu, theme.GOOD, width=g.value_width)
    if diff.applied:
        ui.badge(g.applied, t("service.config.applied"), theme.GOOD)
    elif diff.blocked:
        why = t("service.config.blocked", why=phrase_text(scene.cat, diff.blocked))
        ui.text(why, g.blocked, TYPE.label, theme.BAD, width=g.blocked_width)
    if not diff.applied and s.edit is not None:
        section, key = s.edit
        edit = f"{section}.{key}={s.fields.value}"
        may = s.may("config_change") and not diff.blocked
        apply = i.Intent(i.ASK_SECOND, "config_change", (edit,)) if may else None
        ui.button(g.apply, t("service.config.apply"), apply, danger=True)
