"""The player's seat: a pygame touchscreen application, one process per seat, speaking only the protocol.

Views (:mod:`~terminal.seat.game_view`, :mod:`~terminal.seat.pages`, :mod:`~terminal.seat.overlays`) read
the :class:`~terminal.seat.model.SeatModel` and post intents; :class:`~terminal.seat.control.SeatControl`
checks them and sends protocol messages through the link thread (:mod:`~terminal.seat.link`). Every string
on screen comes from the catalogues under ``assets/i18n`` through :class:`~terminal.seat.text.Painter`.
"""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # before any seat module imports pygame
