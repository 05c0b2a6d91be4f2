"""Bot players: seat clients that play the whole layout over the real, authenticated protocol.

A bot is a seat screen without a screen: it connects with its seat's key, waits for each betting window,
places a handful of wagers across the layout (from the menu its game declares: every kind it offers, side
wagers included), sometimes takes one back, undoes, repeats or doubles, answers the game's prompts to
choose (not always: an unanswered prompt exercises the RNG assignment), now and then cashes out, and
presses ready. Its choices come from its own seeded ``random.Random``: a player's whims, never an outcome.
"""

from __future__ import annotations

import asyncio
import random
import ssl
from collections import Counter
from dataclasses import dataclass, field

from terminal.config import Config
from terminal.config.game_rules import setup
from terminal.net import messages as m
from terminal.net.client import TableClient
from terminal.net.errors import ProtocolError


def menu_and_options(c: Config) -> tuple[tuple[tuple[str, int], ...], tuple[str, ...]]:
    """What bots play at this table (the game's bot menu) and the options of the game's choice, if any."""
    plan = setup(c)
    choice = plan.engine.choice()
    return plan.bot_menu, choice.options if choice is not None else ()


@dataclass
class BotStats:
    """What a bot did, for the headless summary."""

    actions: Counter[str] = field(default_factory=Counter)
    refusals: Counter[str] = field(default_factory=Counter)


@dataclass
class Bot:
    """One bot seat."""

    seat: int
    key: bytes
    host: str
    port: int
    menu: tuple[tuple[str, int], ...]
    chooser: random.Random
    stats: BotStats = field(default_factory=BotStats)
    credits: int = 0
    last_round: int = -1
    presses_ready: bool = True  # False on a live table: the window runs its course for the people watching
    tls: ssl.SSLContext | None = None  # the seat's certificate on a TLS table
    options: tuple[str, ...] = ()  # what the game's prompt to choose offers (a side game's teams)

    async def run(self, stop: asyncio.Event) -> None:
        """Play until ``stop`` is set, reconnecting if the link drops."""
        client = TableClient(f"seat-{self.seat}", self.key, self.host, self.port, tls=self.tls)
        await client.connect()
        try:
            while not stop.is_set():
                if client.lost.is_set():
                    await client.reconnect()
                try:
                    message = await client.receive(timeout_s=0.05)
                except TimeoutError:
                    continue
                await self._handle(client, message)
        finally:
            await client.close()

    async def _handle(self, client: TableClient, message: m.Message) -> None:
        match message:
            case m.SeatState(credits=credits):
                self.credits = credits
            case m.TableState(phase="open", round_id=round_id) if round_id != self.last_round:
                self.last_round = round_id
                await self._bet(client)
            case m.TeamPrompt() if self.options:
                if self.chooser.random() < 0.7:  # the rest time out: the table's RNG assigns an option
                    await self._ask(client, m.ChooseTeam(self.chooser.choice(self.options)), "team")

    async def _bet(self, client: TableClient) -> None:
        for _ in range(self.chooser.randint(0, 6)):
            spot, amount = self.chooser.choice(self.menu)
            await self._ask(client, m.PlaceWager(spot, amount * self.chooser.choice((1, 1, 2, 5))), "place")
        roll = self.chooser.random()
        if roll < 0.05:
            await self._ask(client, m.UndoWager(), "undo")
        elif roll < 0.08:
            await self._ask(client, m.ClearWagers(), "clear")
        elif roll < 0.12:
            await self._ask(client, m.RepeatWagers(), "repeat")
        elif roll < 0.14:
            await self._ask(client, m.DoubleWagers(), "double")
        elif roll < 0.16:
            await self._ask(client, m.CashOut(), "cash_out")
        if self.presses_ready:
            await client.send(m.BetsDone())

    async def _ask(self, client: TableClient, message: m.Message, action: str) -> None:
        try:
            reply = await client.request(message)
        except (TimeoutError, ProtocolError, ConnectionError):
            self.stats.refusals["link"] += 1
            return
        if isinstance(reply, m.Error):
            self.stats.refusals[reply.message.split(":", 1)[0]] += 1
        else:
            self.stats.actions[action] += 1
