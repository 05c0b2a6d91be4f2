"""Every setting of kiosk.cfg has a name in both languages: the configuration screens show no INI key."""

from __future__ import annotations

import json

import pytest

from terminal.config.keys import settings_of
from terminal.config.model import OPTIONAL_SECTIONS, SECTIONS
from terminal.i18n import load_catalogue
from terminal.service.event_text import detail_text
from terminal.service.setting_names import setting_name

SETTINGS = [
    (name, key) for d in (SECTIONS, OPTIONAL_SECTIONS) for name, cls in d.items() for key in settings_of(cls)
]


@pytest.mark.parametrize("language", ["en", "es"])
def test_every_setting_and_section_has_a_name_in_the_catalogue(language: str) -> None:
    cat = load_catalogue(language)
    missing = [f"{s}.{k}" for s, k in SETTINGS if not cat.has(f"setting.{s}.{k}")]
    missing += [s for s in {s for s, _ in SETTINGS} if not cat.has(f"setting.{s}")]
    assert not missing, f"add setting.<section>.<key> to assets/i18n/service.pot and es/service.po: {missing}"


def test_a_change_reads_as_names_in_each_language() -> None:
    assert setting_name(load_catalogue("en"), "table", "betting_seconds") == "Table: Betting time (seconds)"
    assert (
        setting_name(load_catalogue("es"), "table", "betting_seconds")
        == "Mesa: Tiempo de apuestas (segundos)"
    )
    es = load_catalogue("es")
    assert setting_name(es, "limits", "split_max") == f"Límites: Máximo: {es.text('wager.split')}"
    for language in ("en", "es"):
        names = {setting_name(load_catalogue(language), s, k) for s, k in SETTINGS}
        assert not any(f"[{s}]" in n or k in n.split() for n in names for s, k in SETTINGS if "_" in k)


def test_the_event_log_names_a_configuration_change_by_its_settings() -> None:
    detail = json.dumps({
        "before": {"table.betting_seconds": "25"}, "after": {"table.betting_seconds": "20"},
        "second_user": "anna", "second_role": "attendant", "config_sha256": "ab12",
    })  # fmt: skip
    said = detail_text(load_catalogue("es"), detail, "USD")
    assert said.startswith("Mesa: Tiempo de apuestas (segundos) 25 → 20; Segunda persona: anna; ")
    assert "betting_seconds" not in said and "second" not in said
