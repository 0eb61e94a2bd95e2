"""Headless Chromium for the phone page's tests (tests/test_phone_browser.py): start one, open a
seat's address, read what the page shows and tap it as a thumb would, through the page alone.

Chromium and its driver come from the Debian packages chromium and chromium-driver (.ci/run
installs them). Without them a test fails under CI (env CI set) and is skipped elsewhere.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import time
from pathlib import Path

import pytest

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
DRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
PACE = 0.1  # seconds between taps at least: a quick thumb, within the server's rate (net/server.RATE)
FLAGS = ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-extensions", "--hide-scrollbars", "--mute-audio")

# What the page shows, read from its DOM only (never the page's script's variables).
LOOK = """
const shown = (n) => !!n && !n.hidden && n.getClientRects().length > 0;
const bar = document.getElementById('bar'), field = document.querySelector('#bar .field');
return {
  yours: document.getElementById('turn').classList.contains('yours'),
  over: document.getElementById('turn').classList.contains('over'),
  turn: document.getElementById('turn').textContent,
  link: document.getElementById('link').textContent,
  choices: Array.from(document.querySelectorAll('button.choice')).filter((b) => !b.disabled).length,
  bar: shown(bar),
  field: shown(field),
  confirm: shown(bar) && !document.getElementById('confirm').disabled,
};
"""


def need_browser() -> None:
    """Fail under CI, skip elsewhere, when Chromium or its driver is missing."""
    missing = [p for p in (CHROMIUM, DRIVER) if not os.access(p, os.X_OK)]
    if missing:
        why = f"headless Chromium needed ({', '.join(missing)} missing: apt-get install chromium chromium-driver)"
        if os.environ.get("CI"):
            pytest.fail(why)
        pytest.skip(why)
    pytest.importorskip("selenium")


def open_browser(size=(360, 740)):
    """A fresh headless Chromium with a phone's viewport of `size` (CSS pixels)."""
    need_browser()
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    options = Options()
    for flag in FLAGS:
        options.add_argument(flag)
    options.add_argument("--user-data-dir=" + tempfile.mkdtemp(prefix="wg-chromium-"))
    options.binary_location = CHROMIUM
    driver = webdriver.Chrome(options=options, service=Service(DRIVER))
    set_viewport(driver, size)
    return driver


def set_viewport(driver, size) -> None:
    """The page's viewport exactly `size`, as on a phone (a window's size would include its frame)."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": size[0], "height": size[1], "deviceScaleFactor": 1, "mobile": True})


class Phone:
    """A seat's page in a browser; `play(text)` is one look and, on the seat's turn, the taps of
    its first choice and Confirm (typing `text` first where the choice asks for a line)."""

    def __init__(self, driver, address: str, lang: str = "en") -> None:
        self.driver, self.address = driver, address
        self.taps, self.tapped = 0, 0.0
        driver.get(address + "?lang=" + lang)

    def look(self) -> dict:
        return self.driver.execute_script(LOOK)

    def tap(self, css: str, index: int = 0) -> None:
        from selenium.webdriver.common.by import By

        from selenium.common.exceptions import StaleElementReferenceException

        time.sleep(max(0.0, self.tapped + PACE - time.monotonic()))
        for attempt in range(3):  # a new view redrew the page under the finger: tap again, as a person would
            try:
                self.driver.find_elements(By.CSS_SELECTOR, css)[index].click()
                break
            except StaleElementReferenceException:
                if attempt == 2:
                    raise
                time.sleep(PACE)
        self.tapped = time.monotonic()
        self.taps += 1

    def play(self, text=lambda: "x") -> dict:
        from selenium.webdriver.common.by import By

        seen = self.look()
        if seen["yours"] and seen["choices"] and not seen["bar"]:
            self.tap("button.choice:not([disabled])")
            seen = self.look()
        if seen["confirm"]:
            if seen["field"]:
                field = self.driver.find_element(By.CSS_SELECTOR, "#bar .field")
                field.clear()
                field.send_keys(text())
            self.tap("#confirm")
        return seen

    def quit(self) -> None:
        self.driver.quit()


def shots_dir() -> Path:
    """Where screenshots go: env PHONE_SHOTS, else a fresh temporary folder (printed)."""
    folder = Path(os.environ.get("PHONE_SHOTS") or tempfile.mkdtemp(prefix="phone-shots-"))
    folder.mkdir(parents=True, exist_ok=True)
    print(f"phone screenshots: {folder}")
    return folder
