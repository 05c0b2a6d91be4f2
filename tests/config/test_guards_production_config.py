"""The production configuration docs/security/guards.md gives the README's install section is a valid
hardware table's: it loads, passes every cross-check, and is not a demo table."""

from __future__ import annotations

import re
from pathlib import Path

from terminal import config
from terminal.table import demo

DOC = Path(__file__).resolve().parents[2] / "docs" / "security" / "guards.md"


def test_the_documented_production_config_is_a_hardware_table(tmp_path: Path) -> None:
    blocks = re.findall(r"```ini\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    assert len(blocks) == 1
    cfg = tmp_path / "kiosk.cfg"
    cfg.write_text(blocks[0], encoding="utf-8")
    loaded = config.load(cfg)
    assert loaded.devices.kind == "hardware" and not demo.is_demo(loaded)
    assert loaded.devices.main_door is not None and loaded.devices.service_key is not None
    assert loaded.lab.verify_at_boot == "always" and not loaded.lab.mode
