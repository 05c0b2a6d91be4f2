"""The gettext catalogues: complete, translated, the same fields, plural forms right, compiled from the .po.

The .po and .pot files are read here with Babel's parser directly, not through the loader under test, so a
loader that dropped or invented entries would disagree with these tests.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import time
from datetime import date, datetime, timedelta
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from terminal import i18n
from terminal.i18n import LANGUAGES, CatalogueError, MissingStringError, load_catalogue

ROOT = Path(__file__).resolve().parents[2]
I18N = ROOT / "assets" / "i18n"
FIELD = re.compile(r"\{(\w+)\}")
#: Entries whose Spanish is rightly the same as the English: names of languages in their own language,
#: brand names of side wagers, and abbreviations a Spanish-speaking player or technician reads as they are.
SAME_IN_SPANISH = frozenset({
    "button.language_en", "button.language_es",  # each language names itself
    "band.touchdown", "layout.touchdown", "display.lucky",  # the side wagers' brand names
    "wager.blazing7s", "layout.blazing7s", "layout.b2b",  # B2B, Blazing 7's: brand names
    "fmt.total", "service.no",  # "Total" and "no" are Spanish too
    "display.call_craps",  # "{total} · CRAPS": the game's name in Spanish too
    "attract.game_craps", "attract.game_sicbo", "display.attract_craps", "display.attract_sicbo",  # names
    "display.yards_gain", "fmt.seconds",  # "YD" and "s": the yard's and the second's symbols in both
    "service.col.par", "service.col.rtp", "service.login.pin",  # PAR sheet, RTP, PIN: used as they are
    "service.selftest.game_craps", "service.selftest.game_sicbo",  # the games' names in Spanish too
    *(f"wager.total_{t}" for t in range(4, 18)),  # Sic Bo's "Total 4" ... "Total 17": Spanish too
    "outcome.sicbo_triple", "display.sicbo_triple", "display.sicbo_mark_triple",  # TRIPLE, T: Spanish too
    "history.sicbo_cell_triple",  # "18 T": T for triple in Spanish too
    "badge.demo", "display.demo", "service.demo",  # DEMO: "demo" is Spanish too (RAE)
    "setting.blazing7s", "setting.craps", "setting.bonus_craps", "setting.sicbo", "setting.bigsix",
    "setting.props_hops", "setting.hard_rockn_dice", "setting.sas",  # the games' and SAS's own names
    "stats.triple",  # the statistics' Triple: Spanish too, as on the Sic Bo layout
    "wager.tdf.touchdown", "layout.tdf_touchdown", "display.tdf_mark_trips", "history.tdf_cell_trips",  # TD
})  # fmt: skip


def _read(path: Path, locale: str | None) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle, locale=locale)


def _by_key(catalog: Catalog) -> dict[str, object]:
    return {str(m.context): m for m in catalog if m.id}


def _templates() -> dict[str, dict[str, object]]:
    return {p.stem: _by_key(_read(p, None)) for p in sorted(I18N.glob("*.pot"))}


def _forms(value: object) -> tuple[str, ...]:
    return tuple(value) if isinstance(value, tuple | list) else (str(value or ""),)


def _letters(template: str) -> bool:
    return bool(re.search(r"[A-Za-z]", FIELD.sub("", template)))


def test_every_template_entry_has_a_key_and_no_key_is_in_two_domains() -> None:
    seen: dict[str, str] = {}
    for domain, messages in _templates().items():
        for key in messages:
            assert key and key != "None", f"{domain}.pot has an entry without msgctxt"
            assert key not in seen, f"{key} is in {seen.get(key)}.pot and {domain}.pot"
            seen[key] = domain
    assert len(seen) > 500


@pytest.mark.parametrize("language", [lang for lang in LANGUAGES if lang != "en"])
def test_each_language_translates_exactly_the_template_entries(language: str) -> None:
    for domain, template in _templates().items():
        po = _by_key(_read(I18N / language / "LC_MESSAGES" / f"{domain}.po", language))
        assert sorted(set(template) - set(po)) == [], f"{language}/{domain}.po lacks these keys"
        assert sorted(set(po) - set(template)) == [], f"{language}/{domain}.po has keys no template has"
        for key, message in po.items():
            assert message.id == template[key].id, f"{key}: msgid differs from the template (run update)"  # type: ignore[attr-defined]


@pytest.mark.parametrize("language", [lang for lang in LANGUAGES if lang != "en"])
def test_no_entry_is_left_untranslated_fuzzy_or_copied(language: str) -> None:
    problems = []
    for path in sorted((I18N / language / "LC_MESSAGES").glob("*.po")):
        for key, message in _by_key(_read(path, language)).items():
            english, text = _forms(message.id), _forms(message.string)  # type: ignore[attr-defined]
            if not all(text) or message.fuzzy:  # type: ignore[attr-defined]
                problems.append(f"{path.name} {key}: untranslated or fuzzy")
            elif text == english[: len(text)] and _letters(english[-1]) and key not in SAME_IN_SPANISH:
                problems.append(f"{path.name} {key}: {text[-1]!r} is the English")
    assert problems == []


@pytest.mark.parametrize("language", [lang for lang in LANGUAGES if lang != "en"])
def test_every_translation_keeps_the_fields_of_the_english(language: str) -> None:
    for path in sorted((I18N / language / "LC_MESSAGES").glob("*.po")):
        for key, message in _by_key(_read(path, language)).items():
            english = {f for form in _forms(message.id) for f in FIELD.findall(form)}  # type: ignore[attr-defined]
            forms = _forms(message.string)  # type: ignore[attr-defined]
            assert {f for form in forms for f in FIELD.findall(form)} == english, key
            assert all(set(FIELD.findall(form)) <= english for form in forms), key


def test_the_loader_serves_every_template_key_in_every_language() -> None:
    keys = {key for messages in _templates().values() for key in messages}
    for language in LANGUAGES:
        assert load_catalogue(language).keys == keys


def test_spanish_comes_from_the_po_file_and_english_from_the_template() -> None:
    seat_po = _by_key(_read(I18N / "es" / "LC_MESSAGES" / "seat.po", "es"))
    assert load_catalogue("es").text("button.cashout") == seat_po["button.cashout"].string  # type: ignore[attr-defined]
    assert load_catalogue("en").text("button.cashout") == _templates()["seat"]["button.cashout"].id  # type: ignore[attr-defined]
    assert load_catalogue("es").text("button.cashout") != load_catalogue("en").text("button.cashout")


@pytest.mark.parametrize(
    ("language", "minutes", "expected"),
    [
        ("en", 1, "Playing for 1 minute"),
        ("en", 2, "Playing for 2 minutes"),
        ("es", 1, "Jugando desde hace 1 minuto"),
        ("es", 0, "Jugando desde hace 0 minutos"),
        ("es", 21, "Jugando desde hace 21 minutos"),
    ],
)
def test_plural_forms_follow_the_language_rule(language: str, minutes: int, expected: str) -> None:
    assert load_catalogue(language).text("session.time", minutes=minutes) == expected


def test_a_plural_entry_needs_its_number() -> None:
    es = load_catalogue("es")
    assert es.is_plural("bets.more") and es.text("bets.more", count=1) == "+1 más"
    with pytest.raises(CatalogueError, match="plural"):
        es.text("reality.body", minutes="1", net="$5.00")  # no integer to choose the form by


def test_a_missing_key_and_an_unknown_language_are_refused() -> None:
    with pytest.raises(MissingStringError, match=r"no\.such\.key"):
        load_catalogue("es").text("no.such.key")
    with pytest.raises(CatalogueError, match="not shipped"):
        load_catalogue("xx")


def test_numbers_dates_and_money_use_the_language_locale() -> None:
    en, es = load_catalogue("en"), load_catalogue("es")
    assert en.money(180000) == "$1,800.00" and es.money(180000) == "$1,800.00"  # US dollars in the US
    assert en.money(5, "EUR") == "€0.05"
    assert en.date(date(2026, 3, 4)) == "Mar 4, 2026"
    assert es.date(date(2026, 3, 4)) == "4 mar 2026"
    assert es.ago(timedelta(minutes=1)) == "hace 1 minuto"
    assert es.ago(timedelta(minutes=5)) == "hace 5 minutos"
    assert en.ago(timedelta(minutes=1)) == "1 minute ago"
    assert es.time(datetime(2026, 3, 4, 15, 7, 9)) == "3:07:09\u202fp.m."  # CLDR: a narrow no-break space
    assert en.number(1234567) == "1,234,567"


def _copy_assets(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    shutil.copytree(I18N, tmp_path / "i18n", ignore=shutil.ignore_patterns("*.mo"))
    monkeypatch.setenv("TERMINAL_ASSETS", str(tmp_path))
    monkeypatch.setattr(i18n, "_CACHE", {})
    return tmp_path / "i18n"


def test_the_mo_is_compiled_on_first_use_and_again_when_the_po_changes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = _copy_assets(tmp_path, monkeypatch)
    mo = folder / "es" / "LC_MESSAGES" / "seat.mo"
    assert not mo.exists()
    assert load_catalogue("es").text("button.cashout") == "Cobrar"
    assert mo.is_file() and (folder / "en" / "LC_MESSAGES" / "seat.mo").is_file()
    po = folder / "es" / "LC_MESSAGES" / "seat.po"
    time.sleep(0.01)
    po.write_text(po.read_text(encoding="utf-8").replace('msgstr "Cobrar"', 'msgstr "Retirar"'), "utf-8")
    monkeypatch.setattr(i18n, "_CACHE", {})
    assert load_catalogue("es").text("button.cashout") == "Retirar"


def test_an_untranslated_entry_shows_the_english_as_gettext_does(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    po = _copy_assets(tmp_path, monkeypatch) / "es" / "LC_MESSAGES" / "seat.po"
    po.write_text(po.read_text(encoding="utf-8").replace('msgstr "Cobrar"', 'msgstr ""'), "utf-8")
    assert load_catalogue("es").text("button.cashout") == load_catalogue("en").text("button.cashout")


def test_a_malformed_po_is_refused_naming_the_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    po = _copy_assets(tmp_path, monkeypatch) / "es" / "LC_MESSAGES" / "display.po"
    po.write_text(po.read_text(encoding="utf-8") + '\nmsgctxt "x.y"\nmsgid "A"\nmsgtr "B"\n', "utf-8")
    with pytest.raises(CatalogueError, match=r"display\.po"):
        load_catalogue("es")


def test_a_key_defined_in_two_domains_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = _copy_assets(tmp_path, monkeypatch)
    (folder / "extra.pot").write_text('msgctxt "button.cashout"\nmsgid "Cash out"\nmsgstr ""\n', "utf-8")
    with pytest.raises(CatalogueError, match="already defined"):
        load_catalogue("en")


def test_compiled_catalogues_are_never_committed() -> None:
    tracked = subprocess.run(
        ["git", "ls-files", "assets/i18n"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    assert tracked and not [name for name in tracked if name.endswith(".mo")]
    assert "*.mo" in (ROOT / ".gitignore").read_text(encoding="utf-8").split()


def test_i18n_edit_sets_a_string_in_the_template_and_every_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from terminal.i18n_edit import main

    _copy_assets(tmp_path, monkeypatch)
    assert main(["display", "display.new_thing", "NEW THING", "es=COSA NUEVA"]) == 0
    assert main(["seat", "button.cashout", "Cash out now"]) == 0  # English changed, Spanish not given
    assert main(["seat", "bets.more", "+{count} more", "--plural", "+{count} more", "es=+{count} más",
                 "es=+{count} más"]) == 0  # fmt: skip
    monkeypatch.setattr(i18n, "_CACHE", {})
    es, en = load_catalogue("es"), load_catalogue("en")
    assert (en.text("display.new_thing"), es.text("display.new_thing")) == ("NEW THING", "COSA NUEVA")
    assert es.text("button.cashout") == "Cash out now"  # left untranslated, so the English shows
    po = _by_key(_read(tmp_path / "i18n" / "es" / "LC_MESSAGES" / "seat.po", "es"))
    assert po["button.cashout"].string == ""  # type: ignore[attr-defined]
    assert main(["seat", "no.such", "X", "xx=Y"]) == 1
