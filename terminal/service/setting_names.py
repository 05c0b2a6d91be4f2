"""A setting of ``kiosk.cfg`` as a technician reads it on the service screens: its section's and its own
name from the catalogue (``setting.<section>`` and ``setting.<section>.<key>``), never the INI key.

A table's own limits for one wager (``[limits] straight_max``) are named from the wager's name. A key the
catalogue does not name yet (a setting added since) falls back to its words with spaces, so nothing is
hidden.

>>> from terminal.i18n import load_catalogue
>>> es = load_catalogue("es")
>>> setting_name(es, "table", "betting_seconds")
'Mesa: Tiempo de apuestas (segundos)'
>>> setting_name(load_catalogue("en"), "limits", "straight_max")
'Limits: Maximum: Straight'
"""

from __future__ import annotations

from terminal.i18n import Catalogue


def section_name(cat: Catalogue, section: str) -> str:
    """The section's name ("Table", "Mesa")."""
    key = f"setting.{section}"
    return cat.text(key) if cat.has(key) else section.replace("_", " ")


def key_name(cat: Catalogue, section: str, key: str) -> str:
    """The setting's own name ("Betting time (seconds)")."""
    named = f"setting.{section}.{key}"
    if cat.has(named):
        return cat.text(named)
    wager, _, bound = key.rpartition("_")
    if section == "limits" and bound in ("min", "max") and cat.has(f"wager.{wager}"):
        return cat.text(f"setting.limits.own_{bound}", wager=cat.text(f"wager.{wager}"))
    return key.replace("_", " ")


def setting_name(cat: Catalogue, section: str, key: str) -> str:
    """The section's and the setting's names together ("Table: Betting time (seconds)")."""
    name = key_name(cat, section, key)
    return cat.text("service.config.setting", section=section_name(cat, section), name=name)
