"""Real Syncthing: two instances on loopback only (no discovery, relays, NAT or usage
reporting), one shared folder, each laptop's data folder beside it. Hands recorded with the
command line on A reach B's history within a bounded time; a sitting changed on both while
they are paused is kept in both versions on both once they are resumed.

Skipped where Syncthing is not installed (``apt-get install syncthing``; CI installs it).
"""

from __future__ import annotations

import functools
import json
import os
import shutil
import socket
import subprocess
import time
import urllib.request
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from jojotte_score.cli import main
from jojotte_score.storage.database import Database
from jojotte_score.storage.paths import database_path
from jojotte_score.storage.sittings import SittingStore
from jojotte_score.sync.engine import conflicts, export_state

SYNCTHING = shutil.which("syncthing")
GERMAN = Path(__file__).resolve().parents[1] / "data" / "german-example.json"
FOLDER_ID = "jojotte"
ARRIVAL_S = 90.0
"""How long a file may take from one instance to the other, the first connection included
(measured: about 15 s for the first, 2 s after)."""

pytestmark = pytest.mark.skipif(SYNCTHING is None, reason="Syncthing is not installed")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class Instance:
    """One laptop: its Syncthing home, its copy of the shared folder and its data folder."""

    name: str
    home: Path
    folder: Path
    data: Path
    gui_port: int
    listen_port: int
    device: str = ""
    process: subprocess.Popen[bytes] | None = None

    def rest(self, method: str, path: str) -> object:
        request = urllib.request.Request(
            f"http://127.0.0.1:{self.gui_port}{path}",
            method=method,
            headers={"X-API-Key": f"key-{self.name}"},
        )
        with urllib.request.urlopen(request, timeout=10) as response:
            body = response.read()
        return json.loads(body) if body else None


def generate(instance: Instance) -> None:
    assert SYNCTHING is not None
    subprocess.run(
        [SYNCTHING, "generate", f"--home={instance.home}", "--no-default-folder"],
        check=True,
        capture_output=True,
        timeout=60,
    )
    found = subprocess.run(
        [SYNCTHING, "serve", f"--home={instance.home}", "--device-id"],
        check=True,
        capture_output=True,
        text=True,
        timeout=60,
    )
    instance.device = found.stdout.strip()


def configure(instance: Instance, everyone: list[Instance]) -> None:
    """Loopback only, nothing announced or reported, one folder shared with every peer."""
    path = instance.home / "config.xml"
    tree = ET.parse(path)
    root = tree.getroot()
    gui = root.find("gui")
    assert gui is not None
    gui.set("tls", "false")
    for tag, value in (
        ("address", f"127.0.0.1:{instance.gui_port}"),
        ("apikey", f"key-{instance.name}"),
    ):
        element = gui.find(tag)
        if element is None:
            element = ET.SubElement(gui, tag)
        element.text = value
    options = root.find("options")
    assert options is not None
    for element in options.findall("listenAddress"):
        options.remove(element)
    ET.SubElement(options, "listenAddress").text = f"tcp://127.0.0.1:{instance.listen_port}"
    for tag, value in (
        ("globalAnnounceEnabled", "false"),
        ("localAnnounceEnabled", "false"),
        ("relaysEnabled", "false"),
        ("natEnabled", "false"),
        ("startBrowser", "false"),
        ("crashReportingEnabled", "false"),
        ("urAccepted", "-1"),
        ("autoUpgradeIntervalH", "0"),
    ):
        element = options.find(tag)
        if element is None:
            element = ET.SubElement(options, tag)
        element.text = value
    for element in root.findall("device") + root.findall("folder"):
        root.remove(element)
    for other in everyone:
        device = ET.SubElement(root, "device", id=other.device, name=other.name)
        address = "dynamic" if other is instance else f"tcp://127.0.0.1:{other.listen_port}"
        ET.SubElement(device, "address").text = address
    folder = ET.SubElement(
        root,
        "folder",
        id=FOLDER_ID,
        label=FOLDER_ID,
        path=str(instance.folder),
        type="sendreceive",
        rescanIntervalS="2",
        fsWatcherEnabled="true",
        fsWatcherDelayS="1",
    )
    for other in everyone:
        ET.SubElement(folder, "device", id=other.device)
    tree.write(path)


@pytest.fixture
def laptops(tmp_path: Path) -> Iterator[list[Instance]]:
    if os.environ.get("JOJOTTE_NO_SYNCTHING"):
        pytest.skip("JOJOTTE_NO_SYNCTHING is set")
    laptops = []
    for name in ("a", "b"):
        folder = tmp_path / name / "Sync"
        folder.mkdir(parents=True)
        laptop = Instance(
            name, tmp_path / name / "st", folder, tmp_path / name / "data", free_port(), free_port()
        )
        generate(laptop)
        laptops.append(laptop)
    for laptop in laptops:
        configure(laptop, laptops)
    environment = {**os.environ, "STNODEFAULTFOLDER": "1"}
    try:
        for laptop in laptops:
            assert SYNCTHING is not None
            laptop.process = subprocess.Popen(
                [
                    SYNCTHING,
                    "serve",
                    f"--home={laptop.home}",
                    "--no-browser",
                    "--no-restart",
                    "--no-upgrade",
                ],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                env=environment,
            )
        for laptop in laptops:
            wait_for(functools.partial(_answers, laptop), 60, "Syncthing's REST API")
        yield laptops
    finally:
        for laptop in laptops:
            if laptop.process is not None:
                laptop.process.terminate()
                try:
                    laptop.process.wait(timeout=20)
                except subprocess.TimeoutExpired:
                    laptop.process.kill()
                    laptop.process.wait()


def _answers(laptop: Instance) -> bool:
    try:
        laptop.rest("GET", "/rest/system/ping")
    except OSError:
        return False
    return True


def wait_for(condition: Callable[[], bool], seconds: float, what: str) -> float:
    """Wait until ``condition`` holds; the seconds it took."""
    start = time.monotonic()
    while not condition():
        if time.monotonic() - start > seconds:
            raise AssertionError(f"{what}: not within {seconds:.0f} s")
        time.sleep(0.25)
    return time.monotonic() - start


def run(laptop: Instance, *arguments: str | Path) -> int:
    return main(["--data-dir", str(laptop.data), *map(str, arguments)], environ={})


def log_sizes(folder: Path) -> dict[str, int]:
    devices = folder / "devices"
    if not devices.is_dir():
        return {}
    return {
        log.parent.name: log.stat().st_size for log in devices.glob("*/log.jsonl") if log.is_file()
    }


def arrived(source: Instance, target: Instance) -> Callable[[], bool]:
    """Whether every log of ``source``'s folder has reached ``target``'s at its size, and
    every version file with it."""
    wanted = log_sizes(source.folder)

    def check() -> bool:
        held = log_sizes(target.folder)
        if any(held.get(device, 0) < size for device, size in wanted.items()):
            return False
        for version in (source.folder / "devices").glob("*/sittings/*.json"):
            copy = target.folder / version.relative_to(source.folder)
            if not copy.exists() or copy.read_bytes() != version.read_bytes():
                return False
        return True

    return check


def stored(laptop: Instance) -> SittingStore:
    return SittingStore(Database.open(database_path(laptop.data), read_only=True))


def test_hands_recorded_on_a_reach_b_and_a_conflict_keeps_both(
    laptops: list[Instance], capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    a, b = laptops
    assert run(a, "import", GERMAN) == 0
    assert run(a, "sync", a.folder) == 0
    assert run(b, "sync", b.folder) == 0
    took = wait_for(arrived(a, b), ARRIVAL_S, "A's files in B's folder")
    capsys.readouterr()
    assert run(b, "sync") == 0
    assert capsys.readouterr().out == "took in sitting 1 (new)\n"
    store = stored(b)
    try:
        assert len(store.load(1).sitting.hands) == 6
    finally:
        store.database.close()

    # A hand corrected on A arrives within seconds once the two are connected.
    exported = tmp_path / "out.json"
    run(a, "export", "1", "-o", exported)
    content = json.loads(exported.read_text(encoding="utf-8"))
    content["hands"] = content["hands"][:5]
    exported.write_text(json.dumps(content), encoding="utf-8")
    run(a, "import", exported)
    run(a, "sync")
    again = wait_for(arrived(a, b), ARRIVAL_S, "A's change in B's folder")
    run(b, "sync")
    store = stored(b)
    try:
        assert len(store.load(1).sitting.hands) == 5
    finally:
        store.database.close()
    print(f"first arrival {took:.1f} s, the next {again:.1f} s")

    # Offline: each pauses the other; both change sitting 1.
    a.rest("POST", f"/rest/system/pause?device={b.device}")
    b.rest("POST", f"/rest/system/pause?device={a.device}")
    content["hands"] = content["hands"][:3]
    exported.write_text(json.dumps(content), encoding="utf-8")
    run(a, "import", exported)
    content["players"] = ["Anna", "Bert"]
    exported.write_text(json.dumps(content), encoding="utf-8")
    run(b, "import", exported)
    run(a, "sync")
    run(b, "sync")
    a.rest("POST", f"/rest/system/resume?device={b.device}")
    b.rest("POST", f"/rest/system/resume?device={a.device}")
    wait_for(lambda: arrived(a, b)() and arrived(b, a)(), ARRIVAL_S, "both changes everywhere")
    for laptop in (a, b, a):
        run(laptop, "sync")
    wait_for(lambda: arrived(a, b)() and arrived(b, a)(), ARRIVAL_S, "the last passes")
    for laptop in (a, b):
        run(laptop, "sync")
    states = []
    for laptop in (a, b):
        store = stored(laptop)
        try:
            assert len(conflicts(store)) == 1
            states.append(export_state(store))
        finally:
            store.database.close()
    assert states[0] == states[1]
    # Syncthing kept no conflict copies of ours: each device writes only its own files.
    assert not list(a.folder.rglob("*.sync-conflict-*"))


def test_a_window_on_b_shows_the_hands_recorded_on_a(
    laptops: list[Instance], qtbot: QtBot, tmp_path: Path
) -> None:
    """The window follows its folder: the file watcher sees what Syncthing delivers."""
    from jojotte_score.gui.window.main_window import MainWindow
    from jojotte_score.gui.window.settings import AppSettings
    from jojotte_score.presenters.session import Session
    from jojotte_score.sync.engine import remember_folder

    a, b = laptops
    store = SittingStore(Database.open(database_path(b.data)))
    remember_folder(store, b.folder)
    window = MainWindow(Session(store), AppSettings.at(tmp_path / "b.ini"))
    qtbot.addWidget(window)
    window.show()
    try:
        assert window.sync_follower is None  # the first pass follows the window's showing
        qtbot.waitUntil(lambda: window.sync_follower is not None, timeout=1000)
        assert window.session.shown is None
        started = time.monotonic()
        assert run(a, "import", GERMAN) == 0
        assert run(a, "sync", a.folder) == 0
        qtbot.waitUntil(
            lambda: window.session.shown is not None and window.session.shown.count == 6,
            timeout=int(ARRIVAL_S * 1000),
        )
        print(f"on B's screen {time.monotonic() - started:.1f} s after A's pass")
        assert window.session.shown is not None
        assert window.session.shown.players == ("A", "B")
    finally:
        window.stop_following()
        store.database.close()
