"""Debian's chromium, headless, driven through chromedriver's W3C WebDriver protocol.

The protocol is JSON over HTTP on the loopback, so the standard library speaks it: a new
session, a page opened, a script run in it, a screenshot. (Selenium speaks the same
protocol; the few commands used here do not need it.) Chromium and its driver come from
Debian's ``chromium`` and ``chromium-driver`` (``sh packaging/system-libraries.sh tests browser``);
without them :func:`require_chromium` skips the test, saying which is missing.
"""

from __future__ import annotations

import base64
import json
import os
import shutil
import socket
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

TIMEOUT_S = 30.0


def chromium_paths() -> tuple[str, str] | None:
    """Chromium's and chromedriver's paths, or None when either is missing."""
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    driver = shutil.which("chromedriver")
    if browser is None or driver is None:
        return None
    return browser, driver


def require_chromium() -> tuple[str, str]:
    """Chromium's and chromedriver's paths; skips the test, naming the packages, without
    them."""
    found = chromium_paths()
    if found is None:
        pytest.skip(
            "chromium or chromedriver is not installed "
            "(chromium, chromium-driver: sh packaging/system-libraries.sh tests browser)"
        )
    return found


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class WebDriverError(RuntimeError):
    """chromedriver refused a command: its error and message."""


class Browser:
    """One headless chromium session: a page of ``width``×``height`` CSS pixels (a phone's
    when ``mobile``), asking for pages in ``languages`` (Accept-Language)."""

    def __init__(self, base: str, session: str, mobile: bool) -> None:
        self._base = base
        self._session = session
        self._mobile = mobile

    def _command(self, method: str, path: str, body: object | None = None) -> Any:
        url = f"{self._base}/session/{self._session}{path}"
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(url, data=data, method=method)
        request.add_header("Content-Type", "application/json")
        try:
            with urllib.request.urlopen(request, timeout=TIMEOUT_S) as answer:
                return json.loads(answer.read())["value"]
        except urllib.error.HTTPError as error:
            value = json.loads(error.read() or b"{}").get("value", {})
            raise WebDriverError(f"{value.get('error')}: {value.get('message')}") from error

    def open(self, url: str) -> None:
        """Go to ``url`` and wait until it has loaded."""
        self._command("POST", "/url", {"url": url})

    def run(self, script: str, *args: object) -> Any:
        """Run ``script`` (a function body: ``return ...``) in the page; its result."""
        return self._command("POST", "/execute/sync", {"script": script, "args": list(args)})

    def wait_for(self, script: str, timeout: float = 10.0) -> Any:
        """Run ``script`` until it returns something true; that."""
        deadline = time.monotonic() + timeout
        while True:
            result = self.run(script)
            if result:
                return result
            if time.monotonic() > deadline:
                raise AssertionError(f"still false after {timeout} s: {script}")
            time.sleep(0.1)

    def prefer_colours(self, scheme: str) -> None:
        """Look at pages as a phone set to ``scheme`` ("light" or "dark") shows them
        (``prefers-color-scheme``)."""
        self._command(
            "POST",
            "/goog/cdp/execute",
            {
                "cmd": "Emulation.setEmulatedMedia",
                "params": {"features": [{"name": "prefers-color-scheme", "value": scheme}]},
            },
        )

    def screenshot(self, target: Path) -> None:
        """The page as it is in the viewport, as a PNG."""
        target.write_bytes(base64.b64decode(self._command("GET", "/screenshot")))

    def full_screenshot(self, target: Path) -> None:
        """The whole page, scrolled or not, as a PNG (the viewport made as tall as it)."""
        width, height, full = self.run(
            "return [window.innerWidth, window.innerHeight, document.documentElement.scrollHeight];"
        )
        self._command("POST", "/goog/cdp/execute", _metrics(width, max(height, full), self._mobile))
        try:
            self.screenshot(target)
        finally:
            self._command("POST", "/goog/cdp/execute", _metrics(width, height, self._mobile))


def _metrics(width: int, height: int, mobile: bool) -> dict[str, object]:
    """The DevTools command that sets the page's viewport (chromedriver passes it on)."""
    return {
        "cmd": "Emulation.setDeviceMetricsOverride",
        "params": {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile},
    }


@contextmanager
def chromium(
    width: int, height: int, *, mobile: bool = False, languages: str = "en-GB,en"
) -> Iterator[Browser]:
    """A headless chromium with a viewport of ``width``×``height`` CSS pixels (a phone's
    screen, touch and user agent when ``mobile``), through its own chromedriver."""
    browser, driver = require_chromium()
    port = _free_port()
    process = subprocess.Popen(
        [driver, f"--port={port}"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + TIMEOUT_S
        while True:
            try:
                with urllib.request.urlopen(f"{base}/status", timeout=2) as answer:
                    if json.loads(answer.read())["value"]["ready"]:
                        break
            except OSError:
                pass
            if time.monotonic() > deadline or process.poll() is not None:
                raise RuntimeError("chromedriver did not start")
            time.sleep(0.1)
        arguments = ["--headless=new", "--disable-gpu", "--no-first-run", "--hide-scrollbars"]
        if os.geteuid() == 0:
            arguments.append("--no-sandbox")  # chromium refuses root without it
        options: dict[str, object] = {
            "binary": browser,
            "args": [*arguments, f"--window-size={width},{height}"],
            "prefs": {"intl.accept_languages": languages},
        }
        if mobile:
            options["mobileEmulation"] = {
                "deviceMetrics": {"width": width, "height": height, "pixelRatio": 1.0}
            }
        capabilities = {"capabilities": {"alwaysMatch": {"goog:chromeOptions": options}}}
        request = urllib.request.Request(
            f"{base}/session",
            data=json.dumps(capabilities).encode(),
            headers={"Content-Type": "application/json"},
            method="POST",
        )
        with urllib.request.urlopen(request, timeout=60) as answer:
            session = json.loads(answer.read())["value"]["sessionId"]
        page = Browser(base, session, mobile)
        # The viewport exactly so (a headless window's own size includes its frame).
        page._command("POST", "/goog/cdp/execute", _metrics(width, height, mobile))
        try:
            yield page
        finally:
            page._command("DELETE", "")
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
