"""What the views ask for ("messages up"): a view posts an :class:`Intent`; the seat's control acts on it.

A view never sends protocol messages nor touches the model: it posts intents such as "a chip on
``straight:17``", "undo" or "show the help screen".
"""

from __future__ import annotations

from dataclasses import dataclass

# Intent kinds. Wager intents go to the controller (after the local limit check); screen intents stay here.
PLACE = "place"  # spot
REMOVE = "remove"  # spot (long-press)
UNDO, CLEAR, REPEAT, DOUBLE, READY = "undo", "clear", "repeat", "double", "ready"
CHIP = "chip"  # value: the chip selected in the tray
SELECT = "select"  # spot: the craps wager whose ON/OFF button acts
TOGGLE = "toggle"  # turn the selected craps wager ON/OFF
TEAM = "team"  # text: red | black
SCREEN = "screen"  # text: game | help | history | cashout | session
CASH_OUT = "cash_out"  # confirmed on the cash-out screen
LANGUAGE = "language"  # text: en | es
PAGE = "page"  # value: +1 / -1 on a paged screen
BETS_PAGE = "bets_page"  # value: +1 / -1 through the side panel's list of the seat's wagers
DISMISS = "dismiss"  # close the reality check, the voucher, a notice; "limit": confirm a reached limit
REFUSED = "refused"  # a touch the seat refuses on screen (after the lock, on a blocked seat)
HARDWARE = "hardware"  # open or close the simulated-hardware panel (lab tables)
BILL = "bill"  # value: a bill into the seat's acceptor
VOUCHER = "voucher"  # text: a voucher's validation number into the seat's ticket reader
CALL = "call"  # text: on | off, the seat's call button (a service call; off: answered)
PICK = "pick"  # text: open the layout's picker of that name ("" closes it)
LIMIT = "limit"  # text: time | loss: the player's session limit moves to its next choice (My session)
CARD = "card"  # text: favourites | calls | spot:<spot> (a long press: its name, pays, limits); "" closes
FAVOURITE_SAVE = "favourite_save"  # value: the slot the seat's wagers of this round are saved in
FAVOURITE_PLAY = "favourite_play"  # value: the slot whose wagers are placed again, all or none
CALL_BET = "call_bet"  # text: a racetrack call bet (voisins, tiers ..., neighbours:<number>)
NEIGHBOURS = "neighbours"  # value: +1 / -1 numbers either side of a neighbours call bet


@dataclass(frozen=True, slots=True)
class Intent:
    """One request of a view: ``kind`` and its argument (a spot, a chip value, a screen name)."""

    kind: str
    text: str = ""
    value: int = 0
