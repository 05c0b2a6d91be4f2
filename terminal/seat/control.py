"""The seat's control: it acts on the views' intents and folds the controller's messages into the model.

Views post :class:`~terminal.seat.intents.Intent` values; :class:`SeatControl` checks a chip against the
limits the moment it lands (refusing on screen, naming the limit) and only then sends the protocol
message through its sender (the :class:`~terminal.seat.link.Link`, or a list in tests). Screen state that
the controller does not know (the screen shown, the chip selected, the chip waiting for its reply, the
cash-out step) is a frozen :class:`Ui` value beside the :class:`~terminal.seat.model.SeatModel`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Protocol

from terminal.games.roulette.calls import MAX_EACH_SIDE, CallBetError
from terminal.net import messages as m
from terminal.seat import bet_sets, care
from terminal.seat import intents as i
from terminal.seat.limits import check_chip, check_set
from terminal.seat.model import LinkStatus, SeatModel, notice, reduce, release

SCREENS = ("game", "help", "history", "cashout", "session", "stats")
MAX_VOUCHERS = 4  # vouchers remembered for the simulated ticket reader
PENDING_SECONDS = 2.0  # a chip with no reply after this long stops being drawn as pending
CARD_SECONDS = 5.0  # a long press's card of a spot shows this long (any touch closes it sooner)


class Sender(Protocol):
    """Where protocol messages go (the link thread, or a list in tests)."""

    def send(self, message: m.Message) -> None: ...


@dataclass(frozen=True, slots=True)
class Ui:
    """What the screen shows that the controller does not decide."""

    screen: str = "game"
    chip: int = 0
    selected: str | None = None  # the craps wager the ON/OFF button acts on
    pending: tuple[tuple[str, int, float], ...] = ()  # (spot, amount, sent at): drawn at once, until a reply
    page: int = 0
    cashout_step: str = "confirm"  # confirm | voucher
    reality_check: bool = False
    refused_at: float = -1.0  # a refused touch flashes the layout's edge
    hardware: bool = False  # the simulated-hardware panel is open
    vouchers: tuple[tuple[str, int], ...] = ()  # (validation, amount) printed at this seat this session
    picker: str | None = None  # the layout's picker open over the felt (a point box, a number)
    bets_page: int = 0  # the page of the side panel's list of the seat's wagers
    ready_asked: int = -1  # the round whose Ready was sent, until the controller answers it
    ready: int = -1  # the round whose Ready the controller took: "Bets accepted" while its window is open
    card: str | None = None  # over the felt: favourites | calls | spot:<spot> (terminal.seat.bet_cards)
    card_at: float = 0.0  # when it opened (a spot's card closes by itself)
    favourites: tuple[bet_sets.Stakes, ...] = ()  # saved this session, until the voucher (bet_sets.SLOTS)
    each_side: int = 2  # numbers either side of a neighbours call bet


class SeatControl:
    """Intents in, protocol messages out; controller messages in, model out."""

    def __init__(
        self, seat: str, sender: Sender, money: Callable[[int], str], *, reality_check_minutes: int = 0,
        helpline: str = "", wall: Callable[[float], datetime] | None = None, attract_seconds: int = 0,
    ) -> None:  # fmt: skip
        self.model = SeatModel(seat)
        self.ui = Ui()
        self._sender = sender
        self._money = money
        self._reality_s = reality_check_minutes * 60
        self.helpline = helpline  # ``[table] helpline``: on every cash-out, reality check and limit card
        self.wall = wall  # the seat's clock: its monotonic ``now`` as the local time of day (None: no clock)
        self.attract_seconds = attract_seconds  # ``[seat] attract_seconds``: terminal.seat.attract (0: off)
        self.active_at: float | None = None  # the last touch or bill (or first message): the attract clock

    def money(self, amount: int) -> str:
        """``amount`` in the table's currency, as the screen shows it."""
        return self._money(amount)

    @property
    def reality_seconds(self) -> int:
        """The reality-check period in seconds (0: off)."""
        return self._reality_s

    # -- from the controller ---------------------------------------------------------------------------
    def receive(self, messages: Iterable[m.Message | LinkStatus], now: float) -> None:
        """Fold each message into the model, and keep the screen state consistent with it."""
        for message in messages:
            if self.active_at is None or (isinstance(message, m.BuyIn) and message.seat == self.model.seat):
                self.active_at = now  # a bill ends the attract loop
            self.model = reduce(self.model, message, now)
            if isinstance(message, m.SeatState | m.Error):
                self.ui = replace(self.ui, pending=())
            self._ready_answered(message)
            if isinstance(message, m.CashedOut) and message.seat == self.model.seat:
                printed = (*self.ui.vouchers, (message.validation, message.amount))[-MAX_VOUCHERS:]
                self.ui = replace(self.ui, screen="cashout", cashout_step="voucher", vouchers=printed,
                                  favourites=(), card=None)  # fmt: skip  # the session ends: favourites go
            if isinstance(message, m.BuyIn) and message.seat == self.model.seat:
                added = notice("money.added", now, severity="info", amount=self._money(message.amount))
                self.model = replace(self.model, notice=added)
            if isinstance(message, m.TableState) and self.ui.chip not in message.chip_values:
                self.ui = replace(self.ui, chip=message.chip_values[0] if message.chip_values else 0)

    def _ready_answered(self, message: m.Message | LinkStatus) -> None:
        """The controller's answer to Ready: its seat state says the wagers stand ("Bets accepted"); an
        error (the controller sends a refusal's seat state first, then the error) or a lost link withdraws
        it (any error: the seat claims nothing it is not sure of)."""
        asked = self.ui.ready_asked
        if isinstance(message, m.Error) or (isinstance(message, LinkStatus) and not message.up):
            self.ui = replace(self.ui, ready_asked=-1, ready=-1)
        elif asked >= 0 and isinstance(message, m.SeatState) and message.seat == self.model.seat:
            self.ui = replace(self.ui, ready_asked=-1, ready=asked)

    def accepted(self, now: float) -> bool:
        """Whether the seat's Ready was taken in the window open now: its wagers stand for this round."""
        table = self.model.table
        return table is not None and self.ui.ready == table.round_id and self.model.can_bet(now)

    def tick(self, now: float) -> None:
        """Timers of the screen: a round's reveal coming due, the reality check, stale pending chips."""
        self.model = release(self.model, now)
        session = self.model.session
        if self._reality_s and session.started is not None:
            last = session.last_reality_check or session.started
            if now - last >= self._reality_s:
                self.model = replace(self.model, session=replace(session, last_reality_check=now))
                self.ui = replace(self.ui, reality_check=True)
        if self.ui.pending and now - self.ui.pending[-1][2] > PENDING_SECONDS:
            self.ui = replace(self.ui, pending=())
        if self.ui.picker is not None and not self.model.can_bet(now):
            self.ui = replace(self.ui, picker=None)  # betting closed: the picker's chips could not land
        card = self.ui.card
        if card is not None and card.startswith("spot:") and now - self.ui.card_at > CARD_SECONDS:
            self.ui = replace(self.ui, card=None)  # a long press's card is a tooltip: it goes by itself

    # -- from the views --------------------------------------------------------------------------------
    def handle(self, intent: i.Intent, now: float) -> None:
        """Act on one intent of a view."""
        handler = _HANDLERS.get(intent.kind)
        if handler is None:
            raise ValueError(f"unknown intent {intent.kind!r}")
        handler(self, intent, now)

    def _send(self, message: m.Message) -> None:
        self._sender.send(message)

    def _limited(self, now: float) -> bool:
        """Whether the player's own session limit is reached: no wager until they confirm or leave."""
        if care.reached(self.model, now) is None:
            return False
        self.model = replace(self.model, notice=notice("limit.stopped", now))
        self.ui = replace(self.ui, refused_at=now)
        return True

    def _place(self, intent: i.Intent, now: float) -> None:
        if self._limited(now):
            return
        refusal = check_chip(self.model, intent.text, self.ui.chip, now, self._money)
        if refusal is not None:
            self.model = replace(self.model, notice=refusal)
            self.ui = replace(self.ui, refused_at=now)
            return
        self.ui = replace(self.ui, pending=(*self.ui.pending, (intent.text, self.ui.chip, now)))
        self.model = replace(self.model, result=None, notice=None)  # the new round's betting hides the result
        self._send(m.PlaceWager(intent.text, self.ui.chip))

    def _remove(self, intent: i.Intent, now: float) -> None:
        if not self._betting(now):
            return
        if self.model.me is not None and not any(w.spot == intent.text for w in self.model.me.wagers):
            return
        self._send(m.RemoveWager(intent.text))

    def _betting(self, now: float) -> bool:
        if self.model.can_bet(now):
            return True
        self.model = replace(self.model, notice=notice("bets.closed", now))
        self.ui = replace(self.ui, refused_at=now)
        return False

    def _simple(self, intent: i.Intent, now: float) -> None:
        message = _SIMPLE[intent.kind]()
        if intent.kind in (i.REPEAT, i.DOUBLE, i.READY) and self._limited(now):
            return
        if self._betting(now):
            if intent.kind == i.READY and self.model.table is not None:
                self.ui = replace(self.ui, ready_asked=self.model.table.round_id)
            self._send(message)

    def _toggle(self, intent: i.Intent, now: float) -> None:
        spot = intent.text or self.ui.selected
        self.ui = replace(self.ui, selected=None)
        wager = next((w for w in self.model.me.wagers if w.spot == spot), None) if self.model.me else None
        if wager is None:
            self.model = replace(self.model, notice=notice("onoff.select", now, severity="info"))
            return
        if self._betting(now):
            self._send(m.SetWorking(wager.spot, not wager.working))

    def _team(self, intent: i.Intent, now: float) -> None:
        self.model = replace(self.model, team=intent.text)
        self._send(m.ChooseTeam(intent.text))

    def _cash_out(self, intent: i.Intent, now: float) -> None:
        if self.model.rolling is not None:  # the voucher would tell the outcome before the display does
            self.model = replace(self.model, notice=notice("cashout.after_reveal", now))
            return
        if self.model.me is None or self.model.me.credits == 0:
            self.model = replace(self.model, notice=notice("cashout.nothing", now))
            return
        self._send(m.CashOut())

    def _screen(self, intent: i.Intent, now: float) -> None:
        if intent.text not in SCREENS:
            raise ValueError(f"unknown screen {intent.text!r}; screens: {SCREENS}")
        self.ui = replace(
            self.ui, screen=intent.text, page=0, cashout_step="confirm", picker=None, reality_check=False,
            card=None,
        )  # fmt: skip  # the reality check's Cash out and My session leave it for their screen

    def _pick(self, intent: i.Intent, now: float) -> None:
        """Open the picker ``intent.text`` over the felt while bets are open, or close it (``""``)."""
        if intent.text and not self._betting(now):
            return
        self.ui = replace(self.ui, picker=intent.text or None)

    def _chip(self, intent: i.Intent, now: float) -> None:
        self.ui = replace(self.ui, chip=intent.value)

    def _select(self, intent: i.Intent, now: float) -> None:
        """ON/OFF mode: ``selected`` is "" while the seat waits for the tap on the wager to switch."""
        self.ui = replace(self.ui, selected=None if self.ui.selected is not None else intent.text)

    def _page(self, intent: i.Intent, now: float) -> None:
        if intent.kind == i.BETS_PAGE:
            self.ui = replace(self.ui, bets_page=max(0, self.ui.bets_page + intent.value))
            return
        self.ui = replace(self.ui, page=max(0, self.ui.page + intent.value))

    def _dismiss(self, intent: i.Intent, now: float) -> None:
        if intent.text == "voucher":
            self.model = replace(self.model, voucher=None)
            self.ui = replace(self.ui, screen="game", cashout_step="confirm")
        elif intent.text == "reality":
            self.ui = replace(self.ui, reality_check=False)
        elif intent.text == "limit":
            self.model = care.confirm(self.model, now)
        else:
            self.model = replace(self.model, notice=None)

    def _refused(self, intent: i.Intent, now: float) -> None:
        key = intent.text or "bets.closed"
        self.model = replace(self.model, notice=notice(key, now))
        self.ui = replace(self.ui, refused_at=now)

    def _hardware(self, intent: i.Intent, now: float) -> None:
        self.ui = replace(self.ui, hardware=not self.ui.hardware)

    def _device(self, intent: i.Intent, now: float) -> None:
        """A bill, a voucher or the call button on the simulated hardware: the controller works the device
        (a seat has no service key)."""
        if intent.kind == i.BILL:
            self._send(m.DeviceInput("bill_acceptor", "insert", intent.value, ""))
        elif intent.kind == i.VOUCHER:
            self.ui = replace(self.ui, vouchers=tuple(v for v in self.ui.vouchers if v[0] != intent.text))
            self._send(m.DeviceInput("ticket_reader", "insert", 0, intent.text))
        elif intent.kind == i.CALL:
            self._send(m.DeviceInput("call_button", intent.text, 0, ""))

    def _limit(self, intent: i.Intent, now: float) -> None:
        """My session: the player's time or loss limit moves to its next choice."""
        self.model = care.set_next(self.model, intent.text)

    def _card(self, intent: i.Intent, now: float) -> None:
        """Open a card over the felt (favourites, call bets, a long-pressed spot's card) or close it."""
        card = intent.text or None
        self.ui = replace(self.ui, card=None if card == self.ui.card else card, card_at=now, picker=None)

    def _favourite_save(self, intent: i.Intent, now: float) -> None:
        """Keep the seat's wagers of this round in a favourite slot (replacing what it held)."""
        stakes = bet_sets.saved(self.model.me)
        if not stakes:
            self.model = replace(self.model, notice=notice("favourite.nothing", now, severity="info"))
            return
        self.ui = replace(self.ui, favourites=bet_sets.store(self.ui.favourites, intent.value, stakes))
        total = self._money(sum(amount for _, amount in stakes))
        self.model = replace(
            self.model, notice=notice("favourite.saved", now, severity="info", slot=str(intent.value + 1),
                                      amount=total)
        )  # fmt: skip

    def _favourite_play(self, intent: i.Intent, now: float) -> None:
        """Place a favourite's wagers again, all of them or none."""
        slots = self.ui.favourites
        stakes = slots[intent.value] if 0 <= intent.value < len(slots) else ()
        if not stakes:
            self.model = replace(self.model, notice=notice("favourite.empty", now, severity="info"))
            return
        self._place_set(stakes, now)

    def _call_bet(self, intent: i.Intent, now: float) -> None:
        """A racetrack call bet: its wagers, a chip of the tray each unit, all of them or none."""
        try:
            stakes = bet_sets.call_stakes(self.model, intent.text, self.ui.chip, self.ui.each_side)
        except CallBetError as refused:
            self.model = replace(self.model, notice=notice("calls.unknown", now, detail=str(refused)))
            return
        self._place_set(stakes, now)

    def _place_set(self, stakes: bet_sets.Stakes, now: float) -> None:
        if self._limited(now):
            return
        refusal = check_set(self.model, stakes, now, self._money)
        if refusal is not None:
            self.model = replace(self.model, notice=refusal)
            self.ui = replace(self.ui, refused_at=now)
            return
        self.ui = replace(self.ui, pending=(*self.ui.pending, *((s, a, now) for s, a in stakes)), card=None)
        self.model = replace(self.model, result=None, notice=None)
        self._send(m.PlaceWagers(tuple(m.Stake(spot, amount) for spot, amount in stakes)))

    def _neighbours(self, intent: i.Intent, now: float) -> None:
        """One more or one fewer number either side of a neighbours call bet (1 to 9)."""
        self.ui = replace(self.ui, each_side=max(1, min(MAX_EACH_SIDE, self.ui.each_side + intent.value)))

    def _language(self, intent: i.Intent, now: float) -> None:
        """Handled by the app (it owns the painter); the control only records nothing."""


_SIMPLE: dict[str, Callable[[], m.Message]] = {
    i.UNDO: m.UndoWager,
    i.CLEAR: m.ClearWagers,
    i.REPEAT: m.RepeatWagers,
    i.DOUBLE: m.DoubleWagers,
    i.READY: m.BetsDone,
}
_HANDLERS: dict[str, Callable[[SeatControl, i.Intent, float], None]] = {
    i.PLACE: SeatControl._place,
    i.REMOVE: SeatControl._remove,
    i.TOGGLE: SeatControl._toggle,
    i.TEAM: SeatControl._team,
    i.CASH_OUT: SeatControl._cash_out,
    i.SCREEN: SeatControl._screen,
    i.CHIP: SeatControl._chip,
    i.SELECT: SeatControl._select,
    i.PAGE: SeatControl._page,
    i.BETS_PAGE: SeatControl._page,
    i.DISMISS: SeatControl._dismiss,
    i.REFUSED: SeatControl._refused,
    i.LANGUAGE: SeatControl._language,
    i.HARDWARE: SeatControl._hardware,
    i.BILL: SeatControl._device,
    i.VOUCHER: SeatControl._device,
    i.CALL: SeatControl._device,
    i.PICK: SeatControl._pick,
    i.LIMIT: SeatControl._limit,
    i.CARD: SeatControl._card,
    i.FAVOURITE_SAVE: SeatControl._favourite_save,
    i.FAVOURITE_PLAY: SeatControl._favourite_play,
    i.CALL_BET: SeatControl._call_bet,
    i.NEIGHBOURS: SeatControl._neighbours,
    **dict.fromkeys(_SIMPLE, SeatControl._simple),
}
