"""Which clip says what: the clips of ``assets/sounds/`` by name, and the call for each outcome.

Pure: no audio, no files. A clip is a voice in one language (``assets:sounds/<lang>/<name>.ogg``) or an
effect with no language (``assets:sounds/fx/<name>.ogg``). Each roulette number is one clip with its
colour (``"seventeen, black"``) and each craps call one clip (``"seven out"``, ``"hard eight"``): a call
spoken in one breath keeps the croupier's rhythm and falling pitch, where clips joined end to end put a
gap and a pitch reset mid-call; and one clip per call is still small (about 70 clips a language).
:data:`SCRIPT` holds the words of every voice clip, which ``tools/make_sounds.py`` speaks.

>>> roulette_call("17"), roulette_call("00")
('roulette_17', 'roulette_00')
>>> craps_call(3, 4, None), craps_call(3, 4, 6), craps_call(4, 4, 6), craps_call(2, 4, None)
('winner_7', 'out_7', 'hard_8', 'point_6')
"""

from __future__ import annotations

from dataclasses import dataclass

from terminal.games.roulette.wheels import is_red

LANGUAGES = ("en", "es")

# Effects: language-free sounds a seat plays.
CHIP = "chip"
CLOSING_TICK = "closing"
LOCK = "lock"
WIN = "win"
EFFECTS = (CHIP, CLOSING_TICK, LOCK, WIN)

# Voice phrases of the betting window.
PLACE_BETS = "place_bets"
BETS_CLOSING = "bets_closing"
NO_MORE_BETS = "no_more_bets"

_EN = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
       "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen",
       "twenty")  # fmt: skip
_EN_TENS = {20: "twenty", 30: "thirty"}
_ES = ("cero", "uno", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve", "diez", "once",
       "doce", "trece", "catorce", "quince", "dieciséis", "diecisiete", "dieciocho", "diecinueve", "veinte",
       "veintiuno", "veintidós", "veintitrés", "veinticuatro", "veinticinco", "veintiséis", "veintisiete",
       "veintiocho", "veintinueve", "treinta")  # fmt: skip


def number_words(number: int, language: str) -> str:
    """``number`` (0 to 36) spelled in ``language``: ``number_words(36, "es") == "treinta y seis"``."""
    if language == "es":
        return _ES[number] if number <= 30 else f"treinta y {_ES[number - 30]}"
    if number <= 20:
        return _EN[number]
    tens, units = divmod(number, 10)
    return _EN_TENS[tens * 10] + (f"-{_EN[units]}" if units else "")


def roulette_call(pocket: str) -> str:
    """The clip calling a roulette pocket (``"0"``, ``"00"``, ``"1"`` … ``"36"``)."""
    if pocket != "00" and not (pocket.isdigit() and 0 <= int(pocket) <= 36):
        raise ValueError(f"{pocket!r} is not a roulette pocket (0, 00, 1 to 36)")
    return f"roulette_{pocket}"


def craps_call(first: int, second: int, point: int | None) -> str:
    """The stickman's call for a roll of ``first`` and ``second`` while ``point`` is on (None: come-out)."""
    if not (1 <= first <= 6 and 1 <= second <= 6):
        raise ValueError(f"{first}-{second} is not a roll of two dice")
    total = first + second
    if total in (2, 3, 12):
        return f"craps_{total}"
    if point is None:
        return f"winner_{total}" if total in (7, 11) else f"point_{total}"
    if total == 7:
        return "out_7"
    if total == point:
        return f"made_{total}"
    if total == 11:
        return "yo_11"
    if total in (4, 6, 8, 10):
        return f"{'hard' if first == second else 'easy'}_{total}"
    return f"number_{total}"


@dataclass(frozen=True, slots=True)
class Line:
    """One voice clip: its name and its words in each language."""

    name: str
    en: str
    es: str

    def words(self, language: str) -> str:
        """The words in ``language``."""
        return self.es if language == "es" else self.en


def _roulette_lines() -> list[Line]:
    lines = [Line("roulette_0", "zero", "cero"), Line("roulette_00", "double zero", "doble cero")]
    for n in range(1, 37):
        en_colour, es_colour = ("red", "rojo") if is_red(n) else ("black", "negro")
        lines.append(Line(f"roulette_{n}", f"{number_words(n, 'en')}, {en_colour}",
                          f"{number_words(n, 'es')}, {es_colour}"))  # fmt: skip
    return lines


def _craps_lines() -> list[Line]:
    def both(n: int) -> tuple[str, str]:
        return number_words(n, "en"), number_words(n, "es")

    lines = [Line(f"craps_{n}", f"{both(n)[0]}, craps", f"{both(n)[1]}, craps") for n in (2, 3, 12)]
    lines += [Line("winner_7", "seven, winner", "siete, ganador"),
              Line("winner_11", "yo eleven, winner", "once, ganador"),
              Line("out_7", "seven out", "siete, fuera"),
              Line("yo_11", "yo eleven", "once")]  # fmt: skip
    for n in (4, 5, 6, 8, 9, 10):
        en, es = both(n)
        lines += [Line(f"point_{n}", f"the point is {en}", f"el punto es {es}"),
                  Line(f"made_{n}", f"{en}, winner", f"{es}, ganador")]  # fmt: skip
    for n in (4, 6, 8, 10):
        en, es = both(n)
        lines += [Line(f"hard_{n}", f"hard {en}", f"doble {es}"),
                  Line(f"easy_{n}", f"easy {en}", f"{es} fácil")]  # fmt: skip
    lines += [Line(f"number_{n}", *both(n)) for n in (5, 9)]
    return lines


#: Every voice clip and its words: what ``tools/make_sounds.py`` speaks, and what the tests find on disk.
SCRIPT: tuple[Line, ...] = (
    Line(PLACE_BETS, "place your bets", "hagan sus apuestas"),
    Line(BETS_CLOSING, "last bets, bets are closing", "últimas apuestas"),
    Line(NO_MORE_BETS, "no more bets", "no va más"),
    *_roulette_lines(),
    *_craps_lines(),
)
VOICES = frozenset(line.name for line in SCRIPT)


def clip_ref(name: str, language: str) -> str:
    """The asset reference of clip ``name``: an effect, or a voice in ``language``."""
    if name in EFFECTS:
        return f"assets:sounds/fx/{name}.ogg"
    if name not in VOICES:
        raise ValueError(f"no clip named {name!r}")
    if language not in LANGUAGES:
        raise ValueError(f"no voice clips in language {language!r}; languages: {', '.join(LANGUAGES)}")
    return f"assets:sounds/{language}/{name}.ogg"


def all_refs() -> tuple[str, ...]:
    """Every clip the program may play, each language's voice and every effect."""
    voices = tuple(clip_ref(line.name, lang) for lang in LANGUAGES for line in SCRIPT)
    return (*voices, *(clip_ref(name, "") for name in EFFECTS))
