"""Smoke tests of the built artefacts, as qutebrowser and Picard run them on their bundles.

``packaging/build.sh --test`` runs these after building, with the environment naming what
to test; an ordinary test run skips them (building takes minutes):

- ``JOJOTTE_SCORE_BUNDLE``: the one-folder bundle (its folder);
- ``JOJOTTE_SCORE_TARBALL``: the Linux tarball;
- ``JOJOTTE_SCORE_INSTALLED``: the command of an installed package (``/usr/bin/jojotte-score``
  once the .deb is installed).

Each program runs ``--version``, ``score`` on the German example (the ledger must be the
golden one), ``share`` until Ctrl+C, and ``--quit-after-start`` on the window, offscreen
and, when Xvfb is there, on a real X server with Qt's xcb platform.
"""

from __future__ import annotations

import json
import os
import subprocess
import tarfile
from pathlib import Path

import pytest

from jojotte_score import __version__
from jojotte_score.gui.window.app_identity import APP_ID

from .conftest import ROOT
from .sharing import check_sharing
from .wayland import require_weston, weston
from .xserver import display_environment, require_tools, xvfb

DATA = ROOT / "tests" / "data"
GERMAN = DATA / "german-example.json"
EXAMPLES = (
    "small-example",
    "partnership-example",
    "three-player-example",
    "chouette-example",
    "cutthroat-example",
)
GOLDEN = ROOT / "tests" / "formats" / "golden" / "german-example-ledger.json"
GERMAN_EXPLAINED = ROOT / "tests" / "data" / "german-example.explain.de.txt"
TIMEOUT_S = 60

# Qt libraries the bundle must not carry: the app loads none of them.
LEFT_OUT = (
    "Qt6Qml",
    "Qt6Quick",
    "Qt6Pdf",
    "Qt6VirtualKeyboard",
    "Qt6Network",
    "Qt6WaylandCompositor",
)


def artefact(variable: str) -> Path:
    """The artefact the environment names, or a skip saying how these tests are run."""
    value = os.environ.get(variable, "").strip()
    if not value:
        pytest.skip(f"{variable} is not set: bash packaging/build.sh --test runs these")
    return Path(value)


def run(
    command: Path, *arguments: str, environment: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """Run the program from a neutral folder (not the source tree) and capture its output."""
    return subprocess.run(
        [str(command), *arguments],
        capture_output=True,
        text=True,
        cwd=Path(os.environ.get("TMPDIR", "/tmp")),
        env=environment,
        timeout=TIMEOUT_S,
        check=False,
    )


def check_program(command: Path, tmp_path: Path) -> None:
    """--version, score on the German example, and the window started and closed."""
    version = run(command, "--version")
    assert version.returncode == 0, version.stderr
    assert version.stdout.strip() == f"jojotte-score {__version__}"

    scored = run(command, "score", str(GERMAN))
    assert scored.returncode == 0, scored.stderr
    assert json.loads(scored.stdout) == json.loads(GOLDEN.read_text(encoding="utf-8"))

    # The German catalogue shipped with the program (LANGUAGE, as a German desktop sets it).
    explained = run(command, "explain", str(GERMAN), environment={**os.environ, "LANGUAGE": "de"})
    assert explained.returncode == 0, explained.stderr
    assert explained.stdout == GERMAN_EXPLAINED.read_text(encoding="utf-8")

    # Every way to play: the registry imports each game's module by name, which a freezer
    # finds only when told (the spec's hidden imports).
    for example in EXAMPLES:
        english = {**os.environ, "LANGUAGE": "en"}
        told = run(command, "explain", str(DATA / f"{example}.json"), environment=english)
        assert told.returncode == 0, told.stderr
        assert told.stdout == (DATA / f"{example}.explain.en.txt").read_text(encoding="utf-8")

    pdf = tmp_path / "german.pdf"
    printed = run(command, "pdf", str(GERMAN), "-o", str(pdf))  # the shipped font, embedded
    assert printed.returncode == 0, printed.stderr
    assert pdf.read_bytes().startswith(b"%PDF")
    assert b"DejaVuSans" in pdf.read_bytes()

    config = {"XDG_CONFIG_HOME": str(tmp_path / "config")}
    offscreen = {**os.environ, "QT_QPA_PLATFORM": "offscreen", **config}
    data = ("--data-dir", str(tmp_path / "data"))
    imported = run(command, "import", str(GERMAN), *data, environment=offscreen)
    assert imported.returncode == 0, imported.stderr
    window = run(command, "--quit-after-start", *data, environment=offscreen)
    assert window.returncode == 0, window.stderr
    check_sharing([str(command)], data, {**offscreen, "LANGUAGE": "en"})

    require_tools()
    with xvfb() as display:
        on_x = run(
            command,
            "--quit-after-start",
            *data,
            environment=display_environment(display, config),
        )
    assert on_x.returncode == 0, on_x.stderr
    assert "could not load the Qt platform plugin" not in on_x.stderr


def check_wayland(command: Path, tmp_path: Path) -> None:
    """The window natively on Wayland (weston, headless, no X display): Qt's wayland
    platform, exit 0; and with no display server at all, the one line that says so."""
    config = {"XDG_CONFIG_HOME": str(tmp_path / "config")}
    data = ("--data-dir", str(tmp_path / "data"))
    with weston() as compositor:
        environment = compositor.environment({**config, "QT_LOGGING_RULES": "qt.qpa.plugin=true"})
        on_wayland = run(command, "--quit-after-start", *data, environment=environment)
    assert on_wayland.returncode == 0, on_wayland.stderr[-3000:]
    assert 'Successfully loaded Qt platform plugin "wayland"' in on_wayland.stderr
    nowhere = compositor.environment({**config, "WAYLAND_DISPLAY": "nowhere-0"})
    none = run(command, "--quit-after-start", *data, environment=nowhere)
    assert none.returncode == 1, none.stderr
    assert none.stderr.splitlines() == [
        "jojotte-score: no window can open: no display server answers (WAYLAND_DISPLAY="
        "nowhere-0, DISPLAY=not set). Run it on a desktop or under xvfb-run; the command line "
        "works without one: jojotte-score --help"
    ]


def test_the_bundle_runs(tmp_path: Path) -> None:
    bundle = artefact("JOJOTTE_SCORE_BUNDLE")
    check_program(bundle / "jojotte-score", tmp_path)


def test_the_bundle_runs_on_wayland(tmp_path: Path) -> None:
    bundle = artefact("JOJOTTE_SCORE_BUNDLE")
    require_weston()
    check_wayland(bundle / "jojotte-score", tmp_path)


def test_the_bundle_carries_its_data_and_not_the_unused_qt(tmp_path: Path) -> None:
    bundle = artefact("JOJOTTE_SCORE_BUNDLE")
    files = [path.relative_to(bundle).as_posix() for path in bundle.rglob("*")]
    resources = "_internal/jojotte_score/resources"
    assert f"{resources}/fonts/DejaVuSans.ttf" in files
    assert f"{resources}/fonts/LICENSE" in files
    assert f"{resources}/icons/jojotte-score-16.png" in files
    assert "_internal/jojotte_score/formats/sitting.schema.json" in files
    assert f"{resources}/locale/de/LC_MESSAGES/jojotte_score.mo" in files
    assert "_internal/PySide6/Qt/translations/qtbase_de.qm" in files  # Qt's standard dialogs
    assert any(name.endswith("platforms/libqxcb.so") for name in files)
    # Wayland natively: the platform, its client library, the desktops' shell, a title bar.
    assert any(name.endswith("platforms/libqwayland.so") for name in files)
    assert any("libQt6WaylandClient.so" in name for name in files)
    assert any(name.endswith("wayland-shell-integration/libxdg-shell.so") for name in files)
    assert any(name.endswith("wayland-decoration-client/libbradient.so") for name in files)
    carried = [name for name in files if any(f"lib{qt}" in name for qt in LEFT_OUT)]
    assert carried == []


def test_the_tarball_installs_for_the_user(tmp_path: Path) -> None:
    tarball = artefact("JOJOTTE_SCORE_TARBALL")
    with tarfile.open(tarball) as archive:
        archive.extractall(tmp_path / "unpacked", filter="tar")
    (folder,) = (tmp_path / "unpacked").iterdir()
    home = tmp_path / "home"
    environment = {"PATH": os.environ["PATH"], "HOME": str(home)}

    installed = subprocess.run(
        ["sh", str(folder / "install.sh")], env=environment, capture_output=True, text=True
    )

    assert installed.returncode == 0, installed.stderr
    share = home / ".local" / "share"
    desktop = (share / "applications" / f"{APP_ID}.desktop").read_text(encoding="utf-8")
    program = home / ".local" / "lib" / "jojotte-score" / "jojotte-score"
    assert f"Exec={program} %f" in desktop
    for size in (16, 48, 256):
        assert (share / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png").is_file()
    assert (share / "metainfo" / f"{APP_ID}.metainfo.xml").is_file()
    check_program(home / ".local" / "bin" / "jojotte-score", tmp_path)

    removed = subprocess.run(
        ["sh", str(folder / "install.sh"), "--uninstall"],
        env=environment,
        capture_output=True,
        text=True,
    )
    assert removed.returncode == 0, removed.stderr
    left = [p for p in home.rglob("*") if (p.is_file() or p.is_symlink())]
    caches = [p for p in left if p.suffix == ".cache"]  # the desktop's, rebuilt on install
    assert sorted(p.relative_to(home).as_posix() for p in left if p not in caches) == []


def test_the_tarballs_program_runs_on_wayland(tmp_path: Path) -> None:
    tarball = artefact("JOJOTTE_SCORE_TARBALL")
    require_weston()
    with tarfile.open(tarball) as archive:
        archive.extractall(tmp_path / "unpacked", filter="tar")
    (folder,) = (tmp_path / "unpacked").iterdir()
    check_wayland(folder / "jojotte-score" / "jojotte-score", tmp_path)


def test_the_installed_package_runs_on_wayland(tmp_path: Path) -> None:
    command = artefact("JOJOTTE_SCORE_INSTALLED")
    require_weston()
    check_wayland(command, tmp_path)


def test_the_installed_package_runs(tmp_path: Path) -> None:
    command = artefact("JOJOTTE_SCORE_INSTALLED")
    assert command.resolve() != command  # /usr/bin/jojotte-score leads into /opt
    check_program(command, tmp_path)
    share = Path("/usr/share")
    assert (share / "applications" / f"{APP_ID}.desktop").is_file()
    assert (share / "icons" / "hicolor" / "48x48" / "apps" / f"{APP_ID}.png").is_file()
