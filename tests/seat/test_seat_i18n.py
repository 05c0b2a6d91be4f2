"""Every key the seat draws is in the catalogue and no literal text is drawn (tests/i18n: the files)."""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

import pytest

from terminal.games.catalog import ALL_WAGERS
from terminal.games.paytables import TOUCHDOWN_BANDS
from terminal.i18n import LANGUAGES, load_catalogue
from terminal.seat import help_craps, help_roulette
from terminal.seat.intents import Intent
from tests.support.sources import parsed

ROOT = Path(__file__).resolve().parents[2]
SEAT = ROOT / "terminal" / "seat"
KEY = re.compile(r"[a-z_]+(\.[a-z0-9_]+)+")
# Keys the seat builds at run time: each family with every member the code can produce.
DYNAMIC = (
    {f"wager.{w}" for w in ALL_WAGERS}
    | {f"band.{b}" for b in TOUCHDOWN_BANDS}
    | {
        f"rules.{w}"
        for w in (*help_craps.LINE, *help_craps.BONUS, "fire", "lucky_shooter", "five_adjacent", "touchdown")
    }
    | {f"help.covers.{w}" for w in (*help_roulette.INSIDE, *help_roulette.OUTSIDE)}
    | {f"help.col.{k}" for k in help_craps.NUMBERS}
    | {f"help.vig.{k}" for k in ("buy", "lay")}
    | {f"parity.{k}" for k in ("odd", "even")}
    | {f"short.{k}" for k in ("straight", "split", "street", "corner", "line", "first_five", "five_adjacent")}
    | {f"title.{s}" for s in ("help", "history", "cashout", "session")}
    | {
        f"{k}{suffix}"
        for k in ("stop.link_lost", "stop.handpay", "stop.tilt", "stop.service", "stop.locked")
        for suffix in ("", ".help")
    }
    | {f"touchdown.team_{t}" for t in ("red", "black", "none")}
    | {f"button.language_{lang}" for lang in LANGUAGES}
    | {
        f"error.{code}"
        for code in ("limit", "credits", "locked", "tilt", "rules", "voucher", "money", "other")
    }
    | {f"payout.{u}" for u in ("to", "for")}
    | {
        f"value.{v}"
        for v in ("on", "off", "on_win", "on_bet", "double_zero", "single_zero", "double_as_single")
    }
    | {
        f"rule.{r}"
        for r in (
            "seat_max",
            "credit_limit",
            "handpay_limit",
            "come_odds_on_comeout",
            "place_increments",
            "wheel",
            "team_choice_seconds",
            "bills",
        )
    }
)


def _seat_sources() -> list[Path]:
    """The seat's own modules (the layouts package checks its own labels in its tests)."""
    return [p for p in sorted(SEAT.rglob("*.py")) if "layouts" not in p.parts]


@cache
def _literal_keys() -> frozenset[str]:
    """Every string constant of the seat's code that looks like a catalogue key (read once for both
    languages: the sources are the same)."""
    found = set()
    for path in _seat_sources():
        parts, constants = set(), []  # the pieces of f-strings are not keys; one walk finds both
        for node in ast.walk(parsed(path)):
            if isinstance(node, ast.JoinedStr):
                parts.update(id(v) for v in node.values)
            elif isinstance(node, ast.Constant) and isinstance(node.value, str) and KEY.fullmatch(node.value):
                constants.append(node)
        found.update(node.value for node in constants if id(node) not in parts)
    modules = {"terminal.seat.layouts", "terminal.seat.layouts.base", "no.such.key"}  # not catalogue keys
    return frozenset(found - modules)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_key_the_seat_uses_is_in_the_catalogue(language: str) -> None:
    catalogue = load_catalogue(language)
    missing = sorted((_literal_keys() | DYNAMIC) - catalogue.keys)
    assert missing == [], f"{language} lacks {missing}"


def test_font_render_is_called_only_in_the_painter() -> None:
    """All text goes through Painter (a catalogue key and its arguments): no other module renders text."""
    offenders = []
    for path in _seat_sources():
        for node in ast.walk(parsed(path)):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "render"
            ) and path.name != "text.py":
                offenders.append(f"{path.name}:{node.lineno}")
    assert offenders == []


def test_painter_calls_take_a_key_not_a_sentence() -> None:
    """The first text argument of every draw/label/wrap/tr call is a key or a variable, never prose."""
    bad = []
    for path in _seat_sources():
        for node in ast.walk(parsed(path)):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
                continue
            if node.func.attr in ("draw", "wrap") and len(node.args) >= 2:
                text = node.args[1]
            elif node.func.attr in ("label", "tr") and node.args:
                text = node.args[0]
            else:
                continue
            if (
                isinstance(text, ast.Constant)
                and isinstance(text.value, str)
                and not KEY.fullmatch(text.value)
            ):
                bad.append(f"{path.name}:{node.lineno} {text.value!r}")
    assert bad == []


def test_intents_carry_no_display_text() -> None:
    assert Intent("screen", "help").text == "help"
