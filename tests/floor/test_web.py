"""The floor manager's page in a real headless Chromium (Debian's ``chromium`` and ``chromium-driver``).

The test setup installs them with apt-get when it runs as root and they are missing; otherwise the test
is skipped with the reason. The page runs against a real ``nats-server -js``, real tables and the real
floor service; the browser logs in with a service user, reads every table's row, watches the live feed
grow by server-sent events as a table plays on, and saves a screenshot (``FLOOR_SHOTS`` keeps it).
"""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from terminal.devices.events import Door
from terminal.lab.headless import run_headless
from terminal.table.tilts import Tilt, TiltKind
from tests.floor.page import FloorPage, add_users
from tests.floor.servers import Server
from tests.floor.tables import floor_config
from tests.floor.test_link import _quiet
from tests.floor.test_vouchers import TableThread

webdriver = pytest.importorskip("selenium.webdriver")
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

FLAGS = (
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run", "--window-size=1920,1080",
)  # fmt: skip


def _chromium() -> tuple[str, str]:
    """Chromium and its driver from the distribution, installed here if root and missing."""
    found = shutil.which("chromium"), shutil.which("chromedriver")
    if None in found and os.geteuid() == 0:
        env = os.environ | {"DEBIAN_FRONTEND": "noninteractive"}
        subprocess.run(["apt-get", "update", "-qq"], env=env, capture_output=True, timeout=600)
        subprocess.run(["apt-get", "install", "-y", "-qq", "chromium", "chromium-driver"], env=env,
                       capture_output=True, timeout=1200)  # fmt: skip
        found = shutil.which("chromium"), shutil.which("chromedriver")
    if found[0] is None or found[1] is None:
        pytest.skip("Chromium and chromedriver are not installed (apt-get install chromium "
                    "chromium-driver, as root) and this test run cannot install them: not root")  # fmt: skip
    return found[0], found[1]


@pytest.fixture
def browser(tmp_path: Path) -> Iterator[object]:
    binary, driver = _chromium()
    options = webdriver.ChromeOptions()
    options.binary_location = binary
    for flag in (*FLAGS, f"--user-data-dir={tmp_path / 'chromium-profile'}"):
        options.add_argument(flag)
    chrome = webdriver.Chrome(options=options, service=webdriver.ChromeService(executable_path=driver))
    try:
        yield chrome
    finally:
        chrome.quit()


@pytest.mark.slow  # a browser, a server and tables; test_web_api.py reads the same page in-process
def test_the_floor_page_shows_every_table_and_a_live_feed(
    tmp_path: Path, server: Server, browser: object
) -> None:
    chrome = browser
    service = floor_config(tmp_path / "floor", server.url, "FLOOR-PC", identity="floor")
    add_users(service)
    run_headless(floor_config(tmp_path / "t2", server.url, "T-02", game="craps"), rounds=6, seats=3,
                 progress=_quiet)  # fmt: skip  (T-02 played, then closed: it goes offline)
    live = TableThread(tmp_path / "t1", server.url, "T-01")  # T-01 stays on: alive messages, open
    t3 = TableThread(tmp_path / "t3", server.url, "T-03")
    try:
        t3.do(lambda t: t.tilts.raise_tilt(Tilt(TiltKind.DOOR_OPEN, None, f"{Door.MAIN.value} door open")))
        with FloorPage(service) as url:
            chrome.get(url)  # type: ignore[attr-defined]
            chrome.find_element(By.ID, "user").send_keys("fay")  # type: ignore[attr-defined]
            chrome.find_element(By.ID, "pin").send_keys("1357")  # type: ignore[attr-defined]
            chrome.find_element(By.ID, "enter").click()  # type: ignore[attr-defined]
            wait = WebDriverWait(chrome, 30, poll_frequency=0.02)  # (0.5 s by default: waited for nothing)
            wait.until(lambda d: "wrong PIN" in _text(d, "#error"))  # the answer page, once it has loaded
            chrome.find_element(By.ID, "user").send_keys("fay")  # type: ignore[attr-defined]
            chrome.find_element(By.ID, "pin").send_keys("2468")  # type: ignore[attr-defined]
            chrome.find_element(By.ID, "enter").click()  # type: ignore[attr-defined]
            wait.until(lambda d: _status(d, "T-01") == "open" and _status(d, "T-02") == "offline"
                       and _status(d, "T-03") == "tilt")  # fmt: skip
            assert "fay (Attendant)" in chrome.find_element(By.TAG_NAME, "header").text  # type: ignore[attr-defined]
            row = wait.until(lambda d: _text(d, 'tr[data-table="T-02"]'))
            assert "Craps" in row and "$" in row
            before = len(chrome.find_elements(By.CSS_SELECTOR, "#feed li"))  # type: ignore[attr-defined]
            live.do(lambda t: t.cashier.bill_stacked(2, 5000))  # a bill at T-01: the feed hears it, no reload
            wait.until(lambda d: "T-01 Bill stacked seat 2 · Amount: $50.00" in _text(d, "#feed"))
            assert len(chrome.find_elements(By.CSS_SELECTOR, "#feed li")) > before  # type: ignore[attr-defined]
            out = Path(os.environ.get("FLOOR_SHOTS", tmp_path))
            out.mkdir(parents=True, exist_ok=True)
            chrome.save_screenshot(str(out / "floor_page.png"))  # type: ignore[attr-defined]
            chrome.find_element(By.CSS_SELECTOR, 'nav.lang a[hreflang="es"]').click()  # type: ignore[attr-defined]
            wait.until(lambda d: _status(d, "T-03") == "bloqueo" and _status(d, "T-02") == "sin conexión")
            assert "fay (Asistente)" in chrome.find_element(By.TAG_NAME, "header").text  # type: ignore[attr-defined]
            live.do(lambda t: t.cashier.bill_stacked(3, 2000))  # the feed speaks the page's language
            wait.until(lambda d: "T-01 Billete apilado puesto 3 · Importe: $20.00" in _text(d, "#feed"))
            chrome.save_screenshot(str(out / "floor_page_es.png"))  # type: ignore[attr-defined]
            for width, height in ((1024, 768), (2560, 1080)):  # the other screens a floor manager may have
                chrome.set_window_size(width, height)  # type: ignore[attr-defined]
                chrome.save_screenshot(str(out / f"floor_page_es_{width}x{height}.png"))  # type: ignore[attr-defined]
            chrome.set_window_size(1920, 1080)  # type: ignore[attr-defined]
            chrome.find_element(By.ID, "logout").click()  # type: ignore[attr-defined]
            wait.until(lambda d: _text(d, "#enter") == "Entrar")  # the log-in page, still in Spanish
            chrome.save_screenshot(str(out / "floor_login_es.png"))  # type: ignore[attr-defined]
    finally:
        live.close()
        t3.close()


def _text(driver: object, css: str) -> str:
    """The text of the element at ``css`` now ("" while the page re-renders the table under it)."""
    try:
        return str(driver.find_element(By.CSS_SELECTOR, css).text)  # type: ignore[attr-defined]
    except Exception:  # not there yet, or replaced between the find and the read
        return ""


def _status(driver: object, table: str) -> str:
    return _text(driver, f'tr[data-table="{table}"] .badge')
