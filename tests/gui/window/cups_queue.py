"""A real CUPS queue for the printing tests: a private cupsd with Debian's cups-pdf queue.

The scheduler runs with its own configuration, spool and socket in a temporary folder, so
the system's CUPS (running or not) is never touched; the program reaches it through
``CUPS_SERVER``. cups-pdf turns each job into a PDF file in the printing user's folder
(``Out`` in /etc/cups/cups-pdf.conf, ``~/PDF`` by default), which the tests read back and
then delete. cupsd runs a backend kept private to root (cups-pdf's) only when it is root
itself, so the tests need root, as CI runs them; the packages are ``cups`` and
``printer-driver-cups-pdf`` (``sh packaging/system-libraries.sh tests``).
"""

from __future__ import annotations

import os
import pwd
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest

CUPSD = Path("/usr/sbin/cupsd")
BACKEND = Path("/usr/lib/cups/backend/cups-pdf")
PPD = Path("/usr/share/ppd/cups-pdf/CUPS-PDF_opt.ppd")
CUPS_PDF_CONF = Path("/etc/cups/cups-pdf.conf")
QUEUE = "PDF"
TIMEOUT_S = 60.0

CUPSD_CONF = """\
Listen {socket}
LogLevel warn
Browsing No
DefaultAuthType None
<Location />
  Order allow,deny
  Allow all
</Location>
<Policy default>
  <Limit All>
    Order deny,allow
  </Limit>
</Policy>
"""
CUPS_FILES_CONF = """\
ServerRoot {root}
RequestRoot {root}/spool
CacheDir {root}/cache
StateDir {root}/state
TempDir {root}/tmp
ServerBin /usr/lib/cups
DataDir /usr/share/cups
ErrorLog {root}/error_log
AccessLog {root}/access_log
PageLog {root}/page_log
User lp
Group lp
SystemGroup root
"""


def require_cups() -> None:
    """Skip the test, naming the package, when CUPS or cups-pdf is missing or cannot run."""
    if not sys.platform.startswith("linux"):
        pytest.skip("the CUPS queue is set up as on Debian")
    for path, package in ((CUPSD, "cups"), (BACKEND, "printer-driver-cups-pdf")):
        if not path.exists():
            pytest.skip(
                f"{path} is not installed ({package}: sh packaging/system-libraries.sh tests)"
            )
    for tool, package in (("lpadmin", "cups-client"), ("cupsdisable", "cups-client")):
        if shutil.which(tool) is None:
            pytest.skip(
                f"{tool} is not installed ({package}: sh packaging/system-libraries.sh tests)"
            )
    if os.geteuid() != 0:
        pytest.skip("cups-pdf's backend runs only under a cupsd started as root (as in CI)")


def output_folder(user: str) -> Path:
    """Where cups-pdf writes the jobs of ``user`` (its ``Out`` setting)."""
    out = "${HOME}/PDF"
    if CUPS_PDF_CONF.exists():
        for line in CUPS_PDF_CONF.read_text(encoding="utf-8", errors="replace").splitlines():
            match = re.match(r"\s*Out\s+(\S+)", line)
            if match:
                out = match[1]
    home = pwd.getpwnam(user).pw_dir
    return Path(out.replace("${HOME}", home).replace("${USER}", user))


@dataclass
class Queue:
    """The private scheduler: its socket, and the commands that act on it."""

    root: Path
    socket: Path
    process: subprocess.Popen[bytes]

    @property
    def environment(self) -> dict[str, str]:
        return {"CUPS_SERVER": str(self.socket)}

    def run(self, *command: str) -> None:
        subprocess.run(
            command, env={**os.environ, **self.environment}, check=True, capture_output=True
        )

    def jobs(self, waiting_for: int = 0) -> list[str]:
        """The jobs not yet printed, one line each as lpstat lists them (once there are
        ``waiting_for`` of them, or after a few seconds)."""
        deadline = time.monotonic() + 10
        while True:
            listing = subprocess.run(
                ["lpstat", "-o"],
                env={**os.environ, **self.environment},
                capture_output=True,
                text=True,
                check=True,
            ).stdout.splitlines()
            if len(listing) >= waiting_for or time.monotonic() > deadline:
                return listing
            time.sleep(0.2)

    def set_paper(self, paper: str, name: str = QUEUE) -> None:
        """The queue's default paper ("A4", "Letter")."""
        self.run("lpadmin", "-p", name, "-o", f"PageSize={paper}")

    def add(self, name: str = QUEUE) -> None:
        """The cups-pdf queue, ready and the default. Its PostScript is made by pdftocairo:
        through the default (Ghostscript) the PDF's glyphs become Type 3 fonts with no
        text, and the pages could only be looked at, not read back."""
        self.run("lpadmin", "-p", name, "-v", "cups-pdf:/", "-P", str(PPD), "-E")
        self.run("lpadmin", "-p", name, "-o", "pdftops-renderer-default=pdftocairo")
        self.run("lpadmin", "-d", name)

    def stop_scheduler(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=30)

    def log(self) -> str:
        path = self.root / "error_log"
        return path.read_text(errors="replace") if path.exists() else ""


@contextmanager
def cups_queue() -> Iterator[Queue]:
    """A private cupsd with the cups-pdf queue "PDF", the default, in a folder of its own
    that the filters (run as lp) can reach, unlike pytest's private temporary folders."""
    with tempfile.TemporaryDirectory(prefix="jojotte-cups-") as name:
        folder = Path(name)
        folder.chmod(0o755)
        with _scheduler(folder) as queue:
            yield queue


@contextmanager
def _scheduler(folder: Path) -> Iterator[Queue]:
    for part in ("spool", "cache", "state", "tmp"):
        (folder / part).mkdir()
    (folder / "tmp").chmod(0o1777)  # the filters run as lp
    socket = folder / "cups.sock"
    (folder / "cupsd.conf").write_text(CUPSD_CONF.format(socket=socket), encoding="utf-8")
    (folder / "cups-files.conf").write_text(CUPS_FILES_CONF.format(root=folder), encoding="utf-8")
    process = subprocess.Popen(
        [str(CUPSD), "-f", "-c", str(folder / "cupsd.conf"), "-s", str(folder / "cups-files.conf")],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    queue = Queue(folder, socket, process)
    try:
        deadline = time.monotonic() + TIMEOUT_S
        while not socket.exists():
            if process.poll() is not None or time.monotonic() > deadline:
                raise AssertionError(f"cupsd did not start: {queue.log()}")
            time.sleep(0.1)
        queue.add()
        yield queue
    finally:
        queue.stop_scheduler()


def wait_for_pdf(folder: Path, before: set[Path], queue: Queue) -> Path:
    """The PDF cups-pdf writes into ``folder`` that was not among ``before``, once whole."""
    deadline = time.monotonic() + TIMEOUT_S
    while time.monotonic() < deadline:
        new = sorted(set(folder.glob("*.pdf")) - before) if folder.exists() else []
        if new:
            size = -1
            while new[0].stat().st_size != size:  # cups-pdf writes, then renames: settle
                size = new[0].stat().st_size
                time.sleep(0.5)
            return new[0]
        time.sleep(0.2)
    raise AssertionError(f"no PDF from the queue in {folder} within {TIMEOUT_S} s:\n{queue.log()}")
