"""``kiosk.cfg`` → a frozen, validated :class:`Config`: the whole path in one package, read top to bottom.

1. :mod:`~terminal.config.ini` — the file as sections and keys, each remembering its line; syntax problems.
2. :mod:`~terminal.config.keys` — how one key is declared (shipped default, parser, comment) and the parsers.
3. :mod:`~terminal.config.sections` — one frozen record per section: every key, its default, what it allows.
4. :mod:`~terminal.config.model` — the frozen :class:`Config`, whose fields are the sections in file order.
5. :mod:`~terminal.config.rules` — the cross-field rules (Touchdown needs double zero, minimum ≤ maximum...).
6. :mod:`~terminal.config.loader` — file → Config: every key parsed and every rule run; each problem named by
   file, line, section and key, all of them at once in one :class:`ConfigError`.
7. :mod:`~terminal.config.template` and :mod:`~terminal.config.show` — ``terminal config template`` (the
   shipped file) and ``terminal config show``, from the same declarations.
8. :mod:`~terminal.config.game_rules` — what a Config means to each pure game engine (its rule records).

What callers need is here: :func:`load`, :func:`loads`, :func:`defaults`, :class:`Config`,
:class:`ConfigError`, :func:`template` and the section records.
"""

from __future__ import annotations

from terminal.config.ini import Problem as Problem
from terminal.config.loader import DEFAULT_PATH as DEFAULT_PATH
from terminal.config.loader import ConfigError as ConfigError
from terminal.config.loader import defaults as defaults
from terminal.config.loader import load as load
from terminal.config.loader import loads as loads
from terminal.config.model import Config as Config
from terminal.config.rules import cross_check as cross_check
from terminal.config.sections import (
    BigSixSection as BigSixSection,
)
from terminal.config.sections import (
    BonusCrapsSection as BonusCrapsSection,
)
from terminal.config.sections import (
    CrapsSection as CrapsSection,
)
from terminal.config.sections import (
    DevicesSection as DevicesSection,
)
from terminal.config.sections import (
    DisplaySection as DisplaySection,
)
from terminal.config.sections import (
    FireBetSection as FireBetSection,
)
from terminal.config.sections import (
    FloorSection as FloorSection,
)
from terminal.config.sections import (
    HotRollerSection as HotRollerSection,
)
from terminal.config.sections import (
    LabSection as LabSection,
)
from terminal.config.sections import (
    LedgerSection as LedgerSection,
)
from terminal.config.sections import (
    LimitsSection as LimitsSection,
)
from terminal.config.sections import (
    LinksSection as LinksSection,
)
from terminal.config.sections import (
    LuckyShooterSection as LuckyShooterSection,
)
from terminal.config.sections import (
    MoneySection as MoneySection,
)
from terminal.config.sections import (
    RngSection as RngSection,
)
from terminal.config.sections import (
    RouletteSection as RouletteSection,
)
from terminal.config.sections import (
    SeatSection as SeatSection,
)
from terminal.config.sections import (
    ServiceSection as ServiceSection,
)
from terminal.config.sections import (
    SicBoSection as SicBoSection,
)
from terminal.config.sections import (
    SoundSection as SoundSection,
)
from terminal.config.sections import (
    TableSection as TableSection,
)
from terminal.config.sections import (
    TouchdownSection as TouchdownSection,
)
from terminal.config.sections import (
    WindowsSection as WindowsSection,
)
from terminal.config.template import template as template
