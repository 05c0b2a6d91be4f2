"""The table display's voice: the croupier's calls for the moments of :mod:`terminal.display.cues`.

"Place your bets" when a window opens on screen, "bets closing" in its last seconds, "no more bets"
when it closes, and the outcome ("seventeen, black"; "seven out") once the ball has landed or the dice
rest, never before: the cues come from the scene, whose stages already hold the outcome back.
"""

from __future__ import annotations

from collections.abc import Callable

from terminal.display.cues import Cue
from terminal.sound import calls
from terminal.sound.cues import call_for
from terminal.sound.player import Sound

_PHRASES = {
    "place_bets": calls.PLACE_BETS,
    "bets_closing": calls.BETS_CLOSING,
    "no_more_bets": calls.NO_MORE_BETS,
}


def table_voice(sound: Sound) -> Callable[[Cue], None]:
    """The ``on_cue`` of :class:`~terminal.display.app.DisplayApp` that says each cue through ``sound``."""

    def hear(cue: Cue) -> None:
        if cue.name == "result":
            call = call_for(cue.outcome, cue.point)
            if call is not None:  # a game with no voice for its outcome: the screen shows it
                sound.say(call)
        elif cue.name in _PHRASES:
            sound.say(_PHRASES[cue.name])

    return hear
