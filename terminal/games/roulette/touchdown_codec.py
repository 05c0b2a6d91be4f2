"""A Touchdown state to and from a JSON-able dict with a version field, exactly (the ledger persists it).

Restoring checks everything a hand-edited or corrupted record could break and raises
:class:`~terminal.games.roulette.touchdown.TouchdownStateError` naming the field; it never guesses.

>>> from terminal.games.roulette.touchdown import TouchdownState, TouchdownWager
>>> state = TouchdownState("game", (TouchdownWager(3, "w9", 500, "black", True),), (37, 14), -5)
>>> record = to_dict(state)
>>> record["version"], record["downs"], from_dict(record) == state
(1, ['00', '14'], True)
"""

from __future__ import annotations

from typing import Any

from terminal.games.roulette.touchdown import DOWNS, GOAL, TouchdownState, TouchdownStateError, TouchdownWager
from terminal.games.roulette.wheels import parse_pocket, pocket_text

VERSION = 1
_KEYS = {"version", "phase", "wagers", "downs", "ball"}
_WAGER_KEYS = {"seat", "ref", "stake", "team", "assigned"}


def to_dict(state: TouchdownState) -> dict[str, Any]:
    """The state as plain JSON values; pockets are written as on the layout (``"00"``)."""
    return {
        "version": VERSION,
        "phase": state.phase,
        "wagers": [
            {"seat": w.seat, "ref": w.ref, "stake": w.stake, "team": w.team, "assigned": w.assigned}
            for w in state.wagers
        ],
        "downs": [pocket_text(p) for p in state.downs],
        "ball": state.ball,
    }


def from_dict(record: Any) -> TouchdownState:
    """The state ``to_dict`` wrote; :class:`TouchdownStateError` if ``record`` is not one."""
    if not isinstance(record, dict) or set(record) != _KEYS:
        raise TouchdownStateError(f"a Touchdown state has exactly the keys {sorted(_KEYS)}")
    if record["version"] != VERSION:
        raise TouchdownStateError(f"Touchdown state version {record['version']!r} is not {VERSION}")
    phase = record["phase"]
    if phase not in ("open", "game"):
        raise TouchdownStateError(f"phase {phase!r} must be 'open' or 'game'")
    wagers = tuple(_wager(w) for w in _list(record, "wagers"))
    try:
        downs = tuple(parse_pocket(p) for p in _list(record, "downs"))
    except (ValueError, AttributeError) as exc:
        raise TouchdownStateError(f"downs: {exc}") from None
    ball = _int(record, "ball", -GOAL, GOAL)
    state = TouchdownState("game" if phase == "game" else "open", wagers, downs, ball)
    _check_consistent(state)
    return state


def _check_consistent(state: TouchdownState) -> None:
    seats = [w.seat for w in state.wagers]
    if len(set(seats)) != len(seats):
        raise TouchdownStateError(f"a seat has two Touchdown wagers: {seats}")
    if state.phase == "open" and (state.downs or state.ball or any(w.team for w in state.wagers)):
        raise TouchdownStateError("an open state has no downs, ball 0 and no teams")
    if state.phase == "game" and not state.wagers:
        raise TouchdownStateError("a game in progress has at least one wager")
    if len(state.downs) >= DOWNS:
        raise TouchdownStateError(f"{len(state.downs)} downs: a game ends after {DOWNS}")
    if state.downs and any(w.team is None for w in state.wagers):
        raise TouchdownStateError("downs were played while a seat had no team")


def _wager(item: Any) -> TouchdownWager:
    if not isinstance(item, dict) or set(item) != _WAGER_KEYS:
        raise TouchdownStateError(f"a Touchdown wager has exactly the keys {sorted(_WAGER_KEYS)}")
    if not isinstance(item["ref"], str) or item["team"] not in (None, "red", "black"):
        raise TouchdownStateError(f"wager {item!r}: ref must be text and team red, black or null")
    if not isinstance(item["assigned"], bool):
        raise TouchdownStateError(f"wager {item!r}: assigned must be true or false")
    return TouchdownWager(
        _int(item, "seat", 0, 10**6),
        item["ref"],
        _int(item, "stake", 1, 10**18),
        item["team"],
        item["assigned"],
    )


def _list(record: dict[str, Any], key: str) -> list[Any]:
    value = record[key]
    if not isinstance(value, list):
        raise TouchdownStateError(f"{key} must be a list, not {value!r}")
    return value


def _int(record: dict[str, Any], key: str, low: int, high: int) -> int:
    value = record[key]
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise TouchdownStateError(f"{key} must be a whole number from {low} to {high}, not {value!r}")
    return value
