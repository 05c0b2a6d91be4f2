"""The floor service's page run in a thread of the test (``terminal floor serve``), and its users."""

from __future__ import annotations

import asyncio
import threading
import time

from terminal.config import Config
from terminal.desk.users import ScryptParams, UserStore
from terminal.floor.web import serve
from terminal.ledger.floorstore import FloorStore
from terminal.table.tilts import Role

FAST = ScryptParams(n=2**4, r=8, p=1)


class FloorPage:
    """``terminal floor serve`` in a thread of its own (its loop follows the stream and serves)."""

    def __init__(self, c: Config) -> None:
        assert c.floor is not None
        self.section = c.floor
        self.users = UserStore.load(c.service.users_path)
        self.loop = asyncio.new_event_loop()
        self.stop = asyncio.Event()
        self.where: list[str] = []
        self.thread = threading.Thread(target=self.loop.run_until_complete, args=(self._main(),), daemon=True)

    async def _main(self) -> None:
        def authenticate(user_id: str, pin: str) -> tuple[str, str] | None:
            user = self.users.authenticate(user_id, pin)
            return None if user is None else (user.user_id, user.role_name)

        store = FloorStore(self.section.store_path, self.section.gaming_day_hour)  # in the page's own thread
        try:
            await serve(self.section, store, authenticate, host="127.0.0.1", port=0, stop=self.stop,
                        currency="USD", ready=self.where.append)  # fmt: skip
        finally:
            store.close()

    def __enter__(self) -> str:
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.where and time.monotonic() < deadline:
            time.sleep(0.005)  # the page listens within milliseconds
        return f"http://{self.where[0]}/"

    def __exit__(self, *exc: object) -> None:
        self.loop.call_soon_threadsafe(self.stop.set)
        self.thread.join(10)


def add_users(c: Config) -> None:
    admin = UserStore().init("ada", "1111", lambda n: b"a" * n, FAST)
    users = admin.add(admin.users[0], "fay", Role.ATTENDANT, "2468", lambda n: b"f" * n, FAST)
    c.service.users_path.parent.mkdir(parents=True, exist_ok=True)
    users.save(c.service.users_path)
