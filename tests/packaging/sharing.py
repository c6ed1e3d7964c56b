"""``share`` run from a built program (the bundle, the tarball, the installed .deb, the
Windows bundle under Wine): the checks every package's smoke tests make alike."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import threading
import urllib.request
from pathlib import Path
from typing import IO

from tests.ctrl_c import hear_ctrl_c

TIMEOUT_S = 120
TOTALS = [755, 655]
"""The German worked example's totals, which the page of its sitting shows."""


def check_sharing(command: list[str], data: tuple[str, ...], environment: dict[str, str]) -> None:
    """``share`` serves the stored sitting (the German example) on the loopback with its
    totals, draws its QR code (segno, which the freezer must carry) and stops on Ctrl+C
    with status 0."""
    with subprocess.Popen(
        [*command, "share", *data, "--bind", "127.0.0.1"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        encoding="utf-8",
        cwd=Path(os.environ.get("TMPDIR", "/tmp")),
        env=environment,
        preexec_fn=hear_ctrl_c,
    ) as served:
        assert served.stdout is not None
        assert served.stderr is not None
        lines: list[str] = []
        ready = threading.Event()

        def read(stream: IO[str]) -> None:
            for line in stream:
                lines.append(line)
                if line.startswith("Ctrl+C"):
                    ready.set()
            ready.set()

        reader = threading.Thread(target=read, args=(served.stdout,), daemon=True)
        reader.start()
        view: dict[str, list[dict[str, int]]] = {}
        try:
            ready.wait(TIMEOUT_S)
            if lines and " at http" in lines[0]:
                url = lines[0].split(" at ", 1)[1].strip()
                with urllib.request.urlopen(url + "view.json", timeout=TIMEOUT_S) as page:
                    view = json.load(page)
        finally:
            served.send_signal(signal.SIGINT)
            try:
                served.wait(TIMEOUT_S)
            finally:
                served.kill()
        reader.join(TIMEOUT_S)
        errors = served.stderr.read()
    assert served.returncode == 0, errors
    assert lines[0].startswith("Sitting 1 is shown to the table at http://127.0.0.1:"), errors
    assert len(lines) > 10  # the QR code's rows
    assert lines[-1] == "Sharing stopped.\n"
    assert [column["total"] for column in view["columns"]] == TOTALS
