"""kiosk.cfg: the shipped file, every kind of broken file, and the cross-field rules."""

from __future__ import annotations

import string
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from terminal import config
from terminal.config import ConfigError
from terminal.config.keys import CONTEXT, settings_of
from terminal.config.model import SECTIONS
from terminal.config.show import summary

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = ROOT / "kiosk.cfg"
KEYS = [(section, key) for section, cls in SECTIONS.items() for key in settings_of(cls)]


def problems_of(text: str) -> list[str]:
    with pytest.raises(ConfigError) as caught:
        config.loads(text, "broken.cfg", ROOT)
    return [str(p) for p in caught.value.problems]


def test_shipped_file_is_the_template_and_loads() -> None:
    # The repository's own file is a development checkout's (tests/software/test_ratchet_config.py).
    assert SHIPPED.read_text(encoding="utf-8") == config.template(development=True) + "\n"
    loaded = config.load(SHIPPED)
    assert loaded.table == config.defaults(ROOT).table
    assert loaded.ledger.path == ROOT / "var" / "ledger.sqlite"


def test_every_key_is_commented_in_the_shipped_file() -> None:
    lines = SHIPPED.read_text(encoding="utf-8").splitlines()
    for section, key in KEYS:
        index = next(
            i for i, line in enumerate(lines) if line.startswith(f"{key} = ") and _in(lines, i, section)
        )
        assert lines[index - 1].startswith("# "), f"[{section}] {key} has no comment"


def _in(lines: list[str], index: int, section: str) -> bool:
    header = next(line for line in reversed(lines[:index]) if line.startswith("["))
    return header == f"[{section}]"


def test_defaults_are_the_documented_ones() -> None:
    c = config.defaults()
    assert (c.roulette.wheel, c.touchdown.team_choice_seconds, c.touchdown.paytable) == (
        "double_zero",
        15,
        "A",
    )
    assert c.touchdown.yards[0] == 0 and c.touchdown.yards[1] == 3 and c.touchdown.yards[36] == 15
    assert (c.craps.max_odds, c.craps.vig_percent, c.craps.buy_vig, c.craps.lay_vig) == (
        "3-4-5x", 5, "on_win", "on_bet"
    )  # fmt: skip
    assert (c.fire_bet.min, c.fire_bet.max) == (100, 500)


@pytest.mark.parametrize(
    ("text", "fragments"),
    [
        ("[table]\ngame = poker\n", ["broken.cfg:2", "[table] game = 'poker'", "one of: roulette, craps"]),
        ("[table]\nseats = 17\n", ["broken.cfg:2", "seats", "from 1 to 16"]),
        ("[table]\nseats = eight\n", ["seats", "whole number"]),
        ("[tabel]\ngame = craps\n", ["broken.cfg:1", "[tabel]", "unknown section"]),
        ("[table]\ncolour = red\n", ["broken.cfg:2", "colour", "unknown key", "betting_seconds"]),
        ("game = craps\n", ["broken.cfg:1", "before any [section]"]),
        ("[table]\njust words\n", ["broken.cfg:2", "expected 'key = value'"]),
        ("[table]\ngame = craps\ngame = roulette\n", ["broken.cfg:3", "given twice (first on line 2)"]),
        ("[table]\n[table]\n", ["broken.cfg:2", "section appears twice"]),
        ("[table]\nGame = craps\n", ["lower-case"]),
        ("[limits]\nwager_min = -5\n", ["wager_min", "negative"]),
        ("[limits]\nwager_max = 1.001\n", ["wager_max", "decimal places"]),
        ("[limits]\nchip_values = 5, 1\n", ["chip_values", "increasing"]),
        ("[limits]\nstraight_max = lots\n", ["straight_max", "amount like"]),
        ("[limits]\nbanana_max = 5\n", ["banana_max", "unknown key", "<wager>_min"]),
        ("[roulette]\nwheel = triple_zero\n", ["wheel", "double_as_single"]),
        ("[touchdown]\npaytable = E\n", ["paytable", "one of: A, B, C, D"]),
        ("[touchdown]\nyards = 0:0, 1-10:3\n", ["yards", "missing"]),
        ("[touchdown]\nyards = 0:0, 1-36:3, 5:3\n", ["yards", "pocket 5 is given twice"]),
        ("[touchdown]\nyards = 0:0, 1-36:60\n", ["yards", "goal line"]),
        ("[craps]\nvig_percent = 6\n", ["vig_percent", "from 0 to 5"]),
        ("[craps]\nmax_odds = 11x\n", ["max_odds", "3-4-5x"]),
        ("[fire_bet]\nmax = 10.00\n", ["[fire_bet] max", "1.00 to 5.00"]),
        ("[fire_bet]\nmin = 1.50\n", ["[fire_bet] min", "whole currency units"]),
        ("[bonus_craps]\noffered = maybe\n", ["offered", "true or false"]),
        ("[money]\ncurrency = XYZ\n", ["currency", "USD"]),
        ("[seat]\nlanguage = fr\n", ["language", "en, es"]),
        ("[table]\nvenue = \x07\n", ["venue", "characters"]),
        ("[ledger]\npath = ~nosuchuser/x.db\n", ["[ledger] path", "'~' is not expanded"]),
    ],
)
def test_broken_value_is_named(text: str, fragments: list[str]) -> None:
    found = problems_of(text)
    assert any(all(fragment in problem for fragment in fragments) for problem in found), found


@pytest.mark.parametrize(
    ("text", "fragments"),
    [
        ("[roulette]\nwheel = single_zero\n", ["[touchdown] offered", "double_zero"]),
        ("[roulette]\nwheel = double_as_single\n", ["[touchdown] offered", "double_zero"]),
        ("[limits]\nwager_min = 600.00\n", ["broken.cfg:2", "wager_min $600.00 is above wager_max $500.00"]),
        ("[limits]\nstraight_min = 600.00\n", ["straight_min $600.00 is above straight_max $500.00"]),
        ("[touchdown]\nmin = 30.00\n", ["[touchdown] min", "above max"]),
        ("[hot_roller]\nmin = 30.00\n", ["[hot_roller] min", "above max"]),
        ("[limits]\nhot_roller_max = 50.00\n", ["broken.cfg:2", "[hot_roller] max: set it there"]),
        ("[limits]\nall_tall_min = 5.00\n", ["all_tall_min", "[bonus_craps] min"]),
        ("[limits]\nchip_values = 0.50, 1\n", ["chip_values", "multiple of the increment"]),
        ("[ledger]\npath = x.db\nkey_path = x.db\n", ["key_path", "kept apart"]),
        ("[money]\nhandpay_limit = 20000.00\n", ["handpay_limit", "credit_limit"]),
        ("[craps]\nvig_minimum = 0.50\n", ["vig_minimum", "whole currency units"]),
        ("[seat]\nheartbeat_ms = 2000\nlink_timeout_ms = 3000\n", ["broken.cfg:3", "at least twice"]),
    ],
)
def test_cross_field_rules(text: str, fragments: list[str]) -> None:
    found = problems_of(text)
    assert any(all(fragment in problem for fragment in fragments) for problem in found), found


def test_touchdown_off_allows_single_zero() -> None:
    loaded = config.loads("[roulette]\nwheel = single_zero\n[touchdown]\noffered = false\n")
    assert loaded.roulette.wheel == "single_zero"


def test_every_problem_is_reported_at_once() -> None:
    found = problems_of("[table]\nseats = 0\ngame = x\n[craps]\nvig_percent = 9\n[nope]\n")
    assert len(found) == 4
    assert [p.split(":")[1] for p in found] == ["2", "3", "5", "6"]  # in file order


def test_the_tables_gaming_day_is_the_floors() -> None:
    floor = "[floor]\nurl = nats://127.0.0.1:4222\n"
    both = config.loads(f"[table]\ngaming_day_hour = 5\n{floor}gaming_day_hour = 5\n", "k.cfg", ROOT)
    assert both.table.gaming_day_hour == 5
    shipped = config.loads(floor, "k.cfg", ROOT)  # both default to 06:00 UTC
    assert shipped.floor is not None and shipped.floor.gaming_day_hour == shipped.table.gaming_day_hour == 6
    (problem,) = problems_of(f"[table]\ngaming_day_hour = 0\n{floor}")  # the floor's day starts at 6
    assert problem.startswith("broken.cfg:2: [table] gaming_day_hour = '0': ")
    assert "gaming day starts at 00:00 UTC but [floor] gaming_day_hour is 6" in problem
    assert config.loads("[table]\ngaming_day_hour = 0\n", "k.cfg", ROOT)  # no floor: the table's own day
    (late,) = problems_of("[table]\ngaming_day_hour = 24\n")
    assert late.startswith("broken.cfg:2: [table] gaming_day_hour = '24'")


def test_limit_overrides() -> None:
    loaded = config.loads("[limits]\nstraight_max = 100.00\nred_min = 5.00\n")
    assert loaded.limits.for_wager("straight").maximum == 10000
    assert loaded.limits.for_wager("red").minimum == 500
    assert loaded.limits.for_wager("dozen").minimum == loaded.limits.wager_min


def test_paths_are_relative_to_the_config_file(tmp_path: Path) -> None:
    cfg = tmp_path / "sub" / "kiosk.cfg"
    cfg.parent.mkdir()
    cfg.write_text("[ledger]\npath = data/ledger.sqlite\nkey_path = /abs/key\n", encoding="utf-8")
    loaded = config.load(cfg)
    assert loaded.ledger.path == cfg.parent.resolve() / "data" / "ledger.sqlite"
    assert loaded.ledger.key_path == Path("/abs/key")


@pytest.mark.parametrize("content", [b"\xff\xfe[table]\n", None])
def test_unreadable_files(tmp_path: Path, content: bytes | None) -> None:
    target = tmp_path / "kiosk.cfg"
    if content is None:
        target.mkdir()
    else:
        target.write_bytes(content)
    with pytest.raises(ConfigError, match="cannot read"):
        config.load(target)


_value_text = st.text(alphabet=string.printable.replace("\n", "").replace("\r", ""), max_size=30)


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(key=st.sampled_from(KEYS), value=_value_text)
def test_any_value_gives_a_config_or_a_located_error(key: tuple[str, str], value: str) -> None:
    """Whatever value a key is given, the loader answers with a Config or a ConfigError naming a line."""
    section, name = key
    text = f"[{section}]\n{name} = {value}\n"
    try:
        loaded = config.loads(text, "fuzz.cfg", ROOT)
    except ConfigError as exc:
        assert exc.problems and all(str(p).startswith("fuzz.cfg") for p in exc.problems)
        declared = settings_of(SECTIONS[section])[name]
        try:
            declared.parse(value.strip(), CONTEXT)
        except ValueError:
            # The value itself is bad: the problem must point at line 2 and name the key.
            assert any(p.line == 2 and p.key == name for p in exc.problems)
    else:
        found = getattr(getattr(loaded, section), name)
        # A value, or a key whose own parser reads this text as "none" (an optional path left unwired).
        assert found is not None or settings_of(SECTIONS[section])[name].parse(value.strip(), CONTEXT) is None


@settings(max_examples=200, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.text(alphabet=string.printable, max_size=40), max_size=12))
def test_garbage_files_never_raise_anything_else(lines: list[str]) -> None:
    try:
        config.loads("\n".join(lines), "garbage.cfg", ROOT)
    except ConfigError as exc:
        assert all(str(p).startswith("garbage.cfg") for p in exc.problems)


@settings(max_examples=100, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_mutated_shipped_file(data: st.DataObject) -> None:
    """Delete, duplicate or corrupt a line of the shipped file: a Config or located errors, nothing else."""
    lines = SHIPPED.read_text(encoding="utf-8").splitlines()
    index = data.draw(st.integers(0, len(lines) - 1))
    action = data.draw(st.sampled_from(["delete", "duplicate", "corrupt"]))
    if action == "delete":
        del lines[index]
    elif action == "duplicate":
        lines.insert(index, lines[index])
    else:
        lines[index] = lines[index] + data.draw(_value_text)
    try:
        config.loads("\n".join(lines), "kiosk.cfg", ROOT)
    except ConfigError as exc:
        assert all(str(p).startswith("kiosk.cfg") for p in exc.problems)
        if action == "duplicate" and lines[index].strip() and not lines[index].startswith("#"):
            assert any("twice" in str(p) for p in exc.problems)


def test_show_summarises_what_the_table_will_run(tmp_path: Path) -> None:
    text = (
        "[table]\ngame = craps\nlocal_seats = 1, 3\n[money]\ncurrency = EUR\nhandpay_limit = 1000.00\n"
        "[fire_bet]\noffered = false\n[links]\ntls = off\n[rng]\ngenerator = hmac_drbg_sha256\n"
        "[sound]\ndisplay_volume = 30\nseat_calls = true\n"
    )
    c = config.loads(text, str(tmp_path / "kiosk.cfg"), tmp_path)
    # Each line read off the file above and the shipped defaults, by hand.
    assert summary(c) == [
        f"configuration  {tmp_path / 'kiosk.cfg'}",
        "table          T-01 at Keystone Casino: craps, 8 seats",
        "limits         €1.00 to €500.00 a wager, €2,500.00 a seat per round, in steps of €1.00",
        "money          EUR, credit €0.01, hand-pay at €1,000.00",
        "craps          max_odds 3-4-5x, vig_percent 5, buy_vig on_win, lay_vig on_bet, vig_minimum €1.00, "
        "come_odds_on_comeout off, place_increments on; "
        "paytables craps:standard, lucky_shooter:A, bonus_craps:1, hot_roller:A",
        f"ledger         {tmp_path / 'var' / 'ledger.sqlite'}",
        "rng            hmac_drbg_sha256, reseed every 100000 calls",
        "lab mode       off",
        "links          plain TCP on loopback (no TLS)",
        "sound          display 30%, seats 60%, seat calls on",
        "windows        display auto, seat 1 auto, seat 3 auto",
    ]
    roulette = summary(config.defaults(tmp_path))
    game = next(line for line in roulette if line.startswith("roulette       wheel double_zero, "))
    assert game.endswith("; paytables roulette:standard, touchdown:A")
    assert not any(line.startswith("craps") for line in roulette)
