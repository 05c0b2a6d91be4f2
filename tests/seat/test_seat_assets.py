"""The asset resolver: assets found from the repository, fonts from a package, every searched path named."""

from __future__ import annotations

from pathlib import Path

import pytest

from terminal.assets import AssetNotFoundError, AssetReferenceError, candidates, resolve, resolve_first
from terminal.seat.text import BOLD_FONT, REGULAR_FONT, font_files

ROOT = Path(__file__).resolve().parents[2]


def test_assets_resolve_to_the_repository_folder() -> None:
    assert resolve("assets:i18n/seat.pot") == ROOT / "assets" / "i18n" / "seat.pot"


def test_a_missing_asset_names_every_path_searched(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TERMINAL_ASSETS", str(tmp_path))
    with pytest.raises(AssetNotFoundError) as missing:
        resolve("assets:fonts/Nothing.ttf")
    message = str(missing.value)
    assert str(tmp_path / "fonts" / "Nothing.ttf") in message
    assert str(ROOT / "assets" / "fonts" / "Nothing.ttf") in message


def test_the_override_folder_is_searched_first(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "i18n").mkdir()
    (tmp_path / "i18n" / "seat.pot").write_text("", encoding="utf-8")
    monkeypatch.setenv("TERMINAL_ASSETS", str(tmp_path))
    assert resolve("assets:i18n/seat.pot") == tmp_path / "i18n" / "seat.pot"


def test_package_assets_are_found_without_importing_the_package() -> None:
    pygame_font = resolve("package:pygame/freesansbold.ttf")
    assert pygame_font.name == "freesansbold.ttf" and pygame_font.is_file()
    assert candidates("package:no_such_package_here/x.ttf") == ()


@pytest.mark.parametrize("ref", ["fonts/x.ttf", "assets:../secrets", "assets:/etc/passwd", "http:x"])
def test_bad_references_are_refused(ref: str) -> None:
    with pytest.raises(AssetReferenceError):
        candidates(ref)


def test_fonts_resolve_to_real_truetype_files() -> None:
    regular, bold = font_files()
    for path in (regular, bold):
        assert path.read_bytes()[:4] in (b"\x00\x01\x00\x00", b"true", b"OTTO")
    assert regular == resolve_first(REGULAR_FONT) and bold == resolve_first(BOLD_FONT)


def test_the_assets_readme_names_a_source_and_licence_for_each_asset() -> None:
    readme = (ROOT / "assets" / "README.md").read_text(encoding="utf-8")
    for needle in ("DejaVu", "freesansbold", "licen", "i18n/seat.pot", "i18n/es/LC_MESSAGES/seat.po"):
        assert needle.lower() in readme.lower()
