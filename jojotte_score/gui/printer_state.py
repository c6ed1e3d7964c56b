"""The printer's state in words, said in the print preview before anything is printed.

Qt's print dialog shows no printer's state, and with no printer (or CUPS not running) it
quietly prints into a PDF file in the home folder. The preview therefore says first what
will happen: the printer it prints on, that this printer is stopped (its jobs wait in the
queue), that no printer is set up, or that the printing service does not answer; in the
last two cases it offers to save a PDF file the player names.

:func:`printer_state` asks Qt (``QPrinterInfo``, CUPS on Linux) and, only when Qt knows
no printer, the CUPS server itself (:func:`cups_answers`), so that "no printer" and "no
service" are told apart. The words and the facts are plain values, tested without Qt.
"""

from __future__ import annotations

import enum
import os
import socket
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from jojotte_score.i18n import _

CUPS_PORT = 631
CUPS_SOCKETS = ("/run/cups/cups.sock", "/var/run/cups/cups.sock")
"""Where Debian's, Ubuntu's and Fedora's CUPS listen on the machine, as libcups looks."""
CUPS_TIMEOUT_S = 1.0


class Problem(enum.Enum):
    """What keeps the pages from reaching paper, if anything."""

    NONE = "none"
    STOPPED = "stopped"  # the queue holds its jobs until it is started again
    NO_PRINTER = "no-printer"  # the printing service answers but has no printer
    NO_SERVICE = "no-service"  # the printing service (CUPS) does not answer


@dataclass(frozen=True, slots=True)
class PrinterState:
    """The printer the preview prints on (its queue name, "" when there is none) and what
    keeps it from printing."""

    printer: str
    problem: Problem = Problem.NONE

    @property
    def can_print(self) -> bool:
        """True when there is a printer to send the pages to (stopped or not)."""
        return self.problem in (Problem.NONE, Problem.STOPPED)

    def words(self) -> str:
        """One or two sentences saying what printing will do."""
        if self.problem is Problem.STOPPED:
            return _(
                "The printer “{printer}” is stopped: what you print waits in its queue until "
                "the printer is started again. You can choose another printer, or a PDF file, "
                "in the print dialog."
            ).format(printer=self.printer)
        if self.problem is Problem.NO_PRINTER:
            return _(
                "No printer is set up. Save as PDF writes the pages into a file you name; to "
                "print on paper, set up a printer and open this preview again."
            )
        if self.problem is Problem.NO_SERVICE:
            return _(
                "The printing service (CUPS) does not answer, so no printer can be reached. "
                "Save as PDF writes the pages into a file you name; to print on paper, start "
                "the printing service and open this preview again."
            )
        return _(
            "Prints on “{printer}”. The print dialog can choose another printer, or a PDF file."
        ).format(printer=self.printer)


def cups_server(environ: Mapping[str, str], home: Path | None = None) -> str:
    """The CUPS server libcups would ask: ``CUPS_SERVER``, else the ``ServerName`` of the
    user's or the system's client.conf, else the local socket when there is one, else
    "localhost"."""
    if environ.get("CUPS_SERVER"):
        return environ["CUPS_SERVER"]
    home = home if home is not None else Path(environ.get("HOME", "~")).expanduser()
    for conf in (home / ".cups" / "client.conf", Path("/etc/cups/client.conf")):
        try:
            lines = conf.read_text(encoding="utf-8", errors="replace").splitlines()
        except OSError:
            continue
        for line in lines:
            key, _space, value = line.strip().partition(" ")
            if key.lower() == "servername" and value.strip():
                return value.strip()
    return next((path for path in CUPS_SOCKETS if os.path.exists(path)), "localhost")


def cups_answers(server: str, port: int = CUPS_PORT, timeout: float = CUPS_TIMEOUT_S) -> bool:
    """True when the CUPS server (a socket's path, or "host[:port]") accepts a connection."""
    try:
        if server.startswith("/"):
            with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as connection:
                connection.settimeout(timeout)
                connection.connect(server)
            return True
        host, _colon, number = server.partition("/")[0].rpartition(":")
        if not host:
            host, number = number, ""
        address = (host.strip("[]"), int(number) if number.isdigit() else port)
        with socket.create_connection(address, timeout=timeout):
            return True
    except OSError:
        return False


def printer_state(environ: Mapping[str, str] | None = None, name: str = "") -> PrinterState:
    """The state of printer ``name`` (default: the system's default printer, else the first
    one known), as Qt's print support and the printing service report it."""
    from PySide6.QtPrintSupport import QPrinter, QPrinterInfo

    environ = os.environ if environ is None else environ
    info = QPrinterInfo.printerInfo(name) if name else QPrinterInfo.defaultPrinter()
    if info.isNull():
        printers = QPrinterInfo.availablePrinters()
        info = printers[0] if printers else info
    if info.isNull():
        if sys.platform.startswith("linux") and not cups_answers(cups_server(environ)):
            return PrinterState("", Problem.NO_SERVICE)
        return PrinterState("", Problem.NO_PRINTER)
    stopped = info.state() in (QPrinter.PrinterState.Error, QPrinter.PrinterState.Aborted)
    return PrinterState(info.printerName(), Problem.STOPPED if stopped else Problem.NONE)
