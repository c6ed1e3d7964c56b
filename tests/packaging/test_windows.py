"""Smoke tests of the Windows bundle and installer, run under Wine on Debian.

``packaging/windows/build.sh --test`` runs these after building, with the environment naming
what to test; an ordinary test run skips them (the build takes minutes):

- ``JOJOTTE_SCORE_WINDOWS_BUNDLE``: the one-folder bundle (its folder), with ``WINEPREFIX``
  the Wine prefix it was built in (Debian 12's Wine 8);
- ``JOJOTTE_SCORE_WINDOWS_INSTALLER``: the NSIS installer;
- ``JOJOTTE_SCORE_WINE10_ROOT``: a Debian 13 root with Wine 10 and a prefix in ``/wine``
  (packaging/windows/wine10-root.sh), where Qt's native ``windows`` platform can draw.

The same checks as the Linux bundle's: ``--version``, ``score`` and the German ``explain``
of the worked example against the golden files (UTF-8 through a pipe, whatever the console's
code page), ``csv`` and ``pdf`` (written files, the font embedded), ``import`` then
``sittings``, ``share`` until Ctrl+C, and the window with ``--quit-after-start`` offscreen;
then the installer installs silently for the user, the installed copy passes the same
checks, and the uninstaller leaves nothing behind but the user's sittings; and the native
window is shown on Xvfb. With $JOJOTTE_SCREENSHOTS naming a folder, the window's screenshot and the
Start-menu entry's icon are left there.
"""

from __future__ import annotations

import json
import os
import re
import struct
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

from jojotte_score import __version__

from ..gui.conftest import screenshot_folder
from .conftest import ROOT
from .sharing import check_sharing
from .xserver import require_tools, screenshot, wait_for_window, xvfb

GERMAN = ROOT / "tests" / "data" / "german-example.json"
GOLDEN = ROOT / "tests" / "formats" / "golden" / "german-example-ledger.json"
GERMAN_EXPLAINED = ROOT / "tests" / "data" / "german-example.explain.de.txt"
ICONS = ROOT / "resources" / "icons"
TIMEOUT_S = 120
TITLE = "Jo-Jotte scorepad"
SHORTCUT = "Jo-Jotte Scorepad.lnk"
UNINSTALL_KEY = r"HKCU\Software\Microsoft\Windows\CurrentVersion\Uninstall\jojotte-score"
SETTINGS_KEY = r"HKCU\Software\jojotte-score"

# The Qt parts the bundle must not carry (Windows' names), and those it must.
LEFT_OUT = (
    "Qt6Network.dll",
    "Qt6Svg.dll",
    "Qt6Qml.dll",
    "Qt6Quick.dll",
    "Qt6Pdf.dll",
    "Qt6OpenGL.dll",
    "opengl32sw.dll",
    "qdirect2d.dll",
    "qminimal.dll",
    "qsvg.dll",
    "qt_de.qm",
)
CARRIED = (
    "jojotte-score.exe",
    "jojotte-score-cli.exe",
    "_internal/PySide6/Qt6Widgets.dll",
    "_internal/PySide6/Qt6PrintSupport.dll",
    "_internal/PySide6/plugins/platforms/qwindows.dll",
    "_internal/PySide6/plugins/platforms/qoffscreen.dll",
    "_internal/PySide6/translations/qtbase_de.qm",
    "_internal/jojotte_score/resources/fonts/DejaVuSans.ttf",
    "_internal/jojotte_score/resources/fonts/LICENSE",
    "_internal/jojotte_score/resources/locale/de/LC_MESSAGES/jojotte_score.mo",
    "_internal/jojotte_score/formats/sitting.schema.json",
)


def artefact(variable: str) -> Path:
    """The artefact the environment names, or a skip saying how these tests are run."""
    value = os.environ.get(variable, "").strip()
    if not value:
        pytest.skip(f"{variable} is not set: bash packaging/windows/build.sh --test runs these")
    return Path(value)


def windows_path(path: Path) -> str:
    """A file here as Windows programs under Wine see it (the root folder is drive Z:)."""
    return "Z:" + str(path).replace("/", "\\")


def prefix() -> Path:
    """The Wine prefix the tests use (Wine 8's, where the bundle was built)."""
    value = os.environ.get("WINEPREFIX", "").strip()
    assert value, "WINEPREFIX is not set: bash packaging/windows/build.sh --test sets it"
    return Path(value)


def wine(
    program: Path | str, *arguments: str, environment: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """Run a Windows program under Wine, its output through pipes (as a console program's
    is when piped), decoded as UTF-8: output in another code page fails the decoding."""
    return subprocess.run(
        ["wine", str(program), *arguments],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        encoding="utf-8",
        env={**os.environ, "WINEDEBUG": "-all", **(environment or {})},
        timeout=TIMEOUT_S,
        check=False,
    )


def wine_settled() -> None:
    """Wait until every program of the prefix has ended (an uninstaller runs on from a copy)."""
    subprocess.run(["wineserver", "-w"], env=os.environ, timeout=TIMEOUT_S, check=True)


def registry_key(key: str) -> str | None:
    """The values of a registry key as ``reg query`` lists them, None when it is not there."""
    queried = wine("reg", "query", key)
    return queried.stdout if queried.returncode == 0 else None


@pytest.fixture(scope="module")
def offscreen() -> Iterator[None]:
    """Qt's offscreen platform for the prefix's programs (Wine passes them no QT_* variable;
    Wine 8 cannot show the native window). Skipped, like the tests that use it, when no
    Windows bundle is named: then there may be no Wine at all."""
    artefact("JOJOTTE_SCORE_WINDOWS_BUNDLE")
    key = r"HKCU\Environment"
    added = wine("reg", "add", key, "/v", "QT_QPA_PLATFORM", "/d", "offscreen", "/f")
    assert added.returncode == 0, added.stderr
    yield
    wine("reg", "delete", key, "/v", "QT_QPA_PLATFORM", "/f")


def check_program(folder: Path, tmp_path: Path) -> None:
    """The checks of the Linux bundle, on the console program (``jojotte-score-cli.exe``)
    and the windowed one (``jojotte-score.exe``) of ``folder``."""
    cli = folder / "jojotte-score-cli.exe"
    version = wine(cli, "--version")
    assert version.returncode == 0, version.stderr
    assert version.stdout.strip() == f"jojotte-score {__version__}"

    scored = wine(cli, "score", windows_path(GERMAN))
    assert scored.returncode == 0, scored.stderr
    assert json.loads(scored.stdout) == json.loads(GOLDEN.read_text(encoding="utf-8"))

    # German words with umlauts, through a pipe: UTF-8 whatever the console's code page.
    explained = wine(cli, "explain", windows_path(GERMAN), environment={"LANGUAGE": "de"})
    assert explained.returncode == 0, explained.stderr
    assert "für den letzten Stich" in explained.stdout
    assert explained.stdout == GERMAN_EXPLAINED.read_text(encoding="utf-8")

    tmp_path.mkdir(parents=True, exist_ok=True)
    hands = tmp_path / "hands.csv"
    exported = wine(cli, "csv", windows_path(GERMAN), "--hands", windows_path(hands))
    assert exported.returncode == 0, exported.stderr  # written atomically, without fchmod
    here = tmp_path / "hands-here.csv"
    subprocess.run(
        [sys.executable, "-m", "jojotte_score", "csv", str(GERMAN), "--hands", str(here)],
        check=True,
        timeout=TIMEOUT_S,
    )
    assert hands.read_bytes() == here.read_bytes()  # the same file as the Python package's
    assert "Meldepunkte über der Linie".encode() in hands.read_bytes()

    pdf = tmp_path / "german.pdf"
    printed = wine(cli, "pdf", windows_path(GERMAN), "-o", windows_path(pdf))
    assert printed.returncode == 0, printed.stderr
    assert pdf.read_bytes().startswith(b"%PDF")
    fonts = subprocess.run(["pdffonts", str(pdf)], capture_output=True, text=True, check=True)
    embedded = [line.split() for line in fonts.stdout.splitlines() if "DejaVuSans" in line]
    assert embedded, fonts.stdout
    assert all(row[-5] == "yes" for row in embedded), fonts.stdout  # the "emb" column

    data = ("--data-dir", windows_path(tmp_path / "data"))
    imported = wine(cli, "import", windows_path(GERMAN), *data)
    assert imported.returncode == 0, imported.stderr
    listed = wine(cli, "sittings", *data)
    assert listed.returncode == 0, listed.stderr
    assert re.search(r"^\s*1\s.*two-player\s+A–B\s+6\s+1\s+A \+100$", listed.stdout, re.M), (
        listed.stdout
    )

    check_sharing(["wine", str(cli)], data, {**os.environ, "WINEDEBUG": "-all", "LANGUAGE": "en"})

    window = wine(folder / "jojotte-score.exe", "--quit-after-start", *data)
    assert window.returncode == 0, window.stderr


def subsystem(program: Path) -> int:
    """The Windows subsystem a program's PE header names: 2 a window, 3 a console."""
    header = program.read_bytes()[:4096]
    pe = struct.unpack_from("<I", header, 0x3C)[0]
    assert header[pe : pe + 4] == b"PE\0\0"
    return int(struct.unpack_from("<H", header, pe + 24 + 68)[0])


def test_the_bundle_carries_its_data_and_not_the_unused_qt() -> None:
    bundle = artefact("JOJOTTE_SCORE_WINDOWS_BUNDLE")
    files = {path.relative_to(bundle).as_posix() for path in bundle.rglob("*")}
    assert [name for name in CARRIED if name not in files] == []
    assert sorted(name for name in files if name.rsplit("/", 1)[-1] in LEFT_OUT) == []
    # The Start-menu entry opens no console window; the command line's program has one.
    assert subsystem(bundle / "jojotte-score.exe") == 2
    assert subsystem(bundle / "jojotte-score-cli.exe") == 3


def test_the_bundle_runs(tmp_path: Path, offscreen: None) -> None:
    check_program(artefact("JOJOTTE_SCORE_WINDOWS_BUNDLE"), tmp_path)


def user_folder() -> Path:
    """The Windows user's profile folder in the prefix."""
    (folder,) = [p for p in (prefix() / "drive_c" / "users").iterdir() if p.name != "Public"]
    return folder


def files_of(folder: Path) -> set[str]:
    return {p.relative_to(folder).as_posix() for p in folder.rglob("*") if not p.is_dir()}


def registry_mentions(name: str) -> list[str]:
    """The lines of the prefix's registry files that mention ``name``."""
    found = []
    for hive in prefix().glob("*.reg"):
        text = hive.read_text(encoding="utf-8", errors="replace")
        found += [line for line in text.splitlines() if name.lower() in line.lower()]
    return found


def icon_pngs(program: Path, folder: Path) -> dict[int, bytes]:
    """The PNG pictures of a program's icon, by size (wrestool and icotool, of icoutils)."""
    ico = folder / "program.ico"
    subprocess.run(["wrestool", "-x", "-t", "14", "-o", str(ico), str(program)], check=True)
    pictures = folder / "pictures"
    pictures.mkdir()
    subprocess.run(["icotool", "-x", "-o", str(pictures), str(ico)], check=True)
    found = {}
    for png in pictures.glob("*.png"):
        match = re.search(r"_(\d+)x(\d+)x32\.png$", png.name)
        assert match, png.name
        found[int(match.group(1))] = png.read_bytes()
    return found


def test_the_installer_installs_for_the_user_and_uninstalls_cleanly(
    tmp_path: Path, offscreen: None
) -> None:
    installer = artefact("JOJOTTE_SCORE_WINDOWS_INSTALLER")
    wine("reg", "delete", SETTINGS_KEY, "/f")  # the window's settings, from the runs above
    wine_settled()  # the registry is on disk once the prefix's server has stopped
    assert registry_mentions("jojotte") == []
    drive = prefix() / "drive_c"
    before = files_of(drive)

    installed = wine(installer, "/S")
    assert installed.returncode == 0, installed.stderr
    wine_settled()

    home = user_folder()
    program_folder = home / "AppData" / "Local" / "Programs" / "jojotte-score"
    assert (program_folder / "jojotte-score.exe").is_file()
    assert (program_folder / "uninstall.exe").is_file()
    menu = home / "AppData" / "Roaming" / "Microsoft" / "Windows" / "Start Menu" / "Programs"
    shortcut = (menu / SHORTCUT).read_bytes()
    target = "Programs\\jojotte-score\\jojotte-score.exe"
    assert target.encode("utf-16-le") in shortcut or target.encode() in shortcut
    entry = registry_key(UNINSTALL_KEY)
    assert entry is not None
    assert re.search(r"DisplayName\s+REG_SZ\s+Jo-Jotte Scorepad", entry), entry
    assert re.search(r"DisplayVersion\s+REG_SZ\s+" + re.escape(__version__), entry), entry
    assert re.search(r'UninstallString\s+REG_SZ\s+".*\\uninstall\.exe"', entry), entry
    assert "DisplayIcon" in entry

    # The icon the Start-menu entry shows: the program's own, the app's PNGs unchanged.
    pictures = icon_pngs(program_folder / "jojotte-score.exe", tmp_path)
    assert sorted(pictures) == [16, 24, 32, 48, 64, 128, 256]
    for size, png in pictures.items():
        assert png == (ICONS / f"jojotte-score-{size}.png").read_bytes(), size
    shots = screenshot_folder(tmp_path)
    for size in (48, 256):
        (shots / f"windows-start-menu-icon-{size}.png").write_bytes(pictures[size])

    check_program(program_folder, tmp_path / "checks")

    # The user's own sittings, in the default data folder, and the window's settings.
    stored = wine(program_folder / "jojotte-score-cli.exe", "import", windows_path(GERMAN))
    assert stored.returncode == 0, stored.stderr
    started = wine(program_folder / "jojotte-score.exe", "--quit-after-start")
    assert started.returncode == 0, started.stderr
    data = home / "AppData" / "Local" / "jojotte-score"
    assert (data / "sittings.sqlite3").is_file()

    uninstalled = wine(program_folder / "uninstall.exe", "/S")
    assert uninstalled.returncode == 0, uninstalled.stderr
    wine_settled()  # the uninstaller runs on from a copy of itself in the temporary folder

    assert not program_folder.exists()
    assert not (menu / SHORTCUT).exists()
    assert registry_key(UNINSTALL_KEY) is None
    assert registry_key(SETTINGS_KEY) is None
    assert registry_mentions("jojotte") == []
    left = sorted(files_of(drive) - before)
    kept = [name for name in left if "/AppData/Local/jojotte-score/" in name]
    assert [name for name in left if name not in kept] == []
    assert any(name.endswith("/sittings.sqlite3") for name in kept)  # the sittings stay


@pytest.fixture
def wine10(tmp_path: Path) -> Iterator[list[str]]:
    """The command that runs a program under the Wine 10 root's Wine, with this test's
    folder, the bundle and X's sockets mounted into the root at the same paths."""
    root = artefact("JOJOTTE_SCORE_WINE10_ROOT")
    bundle = artefact("JOJOTTE_SCORE_WINDOWS_BUNDLE")
    if os.readlink("/proc/self/ns/mnt") == os.readlink(f"/proc/{os.getppid()}/ns/mnt"):
        pytest.fail("mounts into the Wine 10 root need a private mount namespace: unshare --mount")
    x11 = Path("/tmp/.X11-unix")
    x11.mkdir(mode=0o1777, exist_ok=True)
    mounts = [("proc", root / "proc"), ("/dev", root / "dev"), (str(x11), root / "tmp/.X11-unix")]
    mounts += [(str(bundle), root / str(bundle).lstrip("/"))]
    mounts += [(str(tmp_path), root / str(tmp_path).lstrip("/"))]
    for source, point in mounts:
        point.mkdir(parents=True, exist_ok=True)
        kind = ["-t", "proc"] if source == "proc" else ["--rbind"]
        subprocess.run(["mount", *kind, source, str(point)], check=True)
    command = ["chroot", str(root), "env", "WINEPREFIX=/wine", "WINEDEBUG=-all"]
    command += ["WINEDLLOVERRIDES=mscoree,mshtml=;winemenubuilder.exe=d"]
    yield command
    subprocess.run([*command, "wineserver", "-k"], check=False, timeout=TIMEOUT_S)
    for _source, point in reversed(mounts):
        subprocess.run(["umount", "-l", str(point)], check=False)


def test_the_native_window_shows_under_wine_10(
    tmp_path: Path, offscreen: None, wine10: list[str]
) -> None:
    require_tools()
    bundle = artefact("JOJOTTE_SCORE_WINDOWS_BUNDLE")
    data = ("--data-dir", windows_path(tmp_path / "data"))
    imported = wine(bundle / "jojotte-score-cli.exe", "import", windows_path(GERMAN), *data)
    assert imported.returncode == 0, imported.stderr
    folder = screenshot_folder(tmp_path)
    program = windows_path(bundle / "jojotte-score.exe")
    with xvfb() as display:
        on_screen = [*wine10, f"DISPLAY={display}", "wine", program]
        window_started = subprocess.Popen(
            [*on_screen, *data],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        try:
            window = wait_for_window(display, TITLE, window_started)
            time.sleep(3)  # let it paint
            screenshot(display, folder / "windows-native-window.png")
        finally:
            subprocess.run([*wine10, "wineserver", "-k"], check=False, timeout=TIMEOUT_S)
            window_started.communicate(timeout=TIMEOUT_S)
        quick = subprocess.run(
            [*on_screen, "--quit-after-start", *data],
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=TIMEOUT_S,
            check=False,
        )
    assert quick.returncode == 0, quick.stderr  # Qt's windows platform started and quit
    assert (window.width, window.height) >= (900, 600)
    assert window.title.endswith(TITLE)
    shot = QImage(str(folder / "windows-native-window.png"))
    inside = shot.pixelColor(window.x + window.width // 2, window.y + window.height // 2)
    outside = shot.pixelColor(shot.width() - 2, shot.height() - 2)  # Xvfb's black root
    assert (outside.red(), outside.green(), outside.blue()) == (0, 0, 0)
    assert inside.lightness() > 100  # the window is drawn there, in a light theme
