"""The scripts CI runs find their Python and Debian's mirror on the machine, not in the code.

``packaging/test-python.sh`` names the interpreter the packages' tests run on (the clone's
``.venv``, never the first ``python3`` on PATH); ``packaging/debian-mirror.sh`` reads
Debian's mirror from the system's apt sources. The repository names no package registry.
"""

from __future__ import annotations

import os
import re
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from tests.packaging.conftest import PACKAGING, ROOT

MIRROR = PACKAGING / "debian-mirror.sh"
TEST_PYTHON = PACKAGING / "test-python.sh"

DEB822 = """\
Types: deb
URIs: http://mirror.example/debian
Suites: trixie trixie-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb
URIs: http://mirror.example/debian-security
Suites: trixie-security
Components: main
"""
ONE_LINE = """\
# the system's own release
deb [signed-by=/usr/share/keyrings/x.gpg] https://mirror.example/debian/ trixie main contrib
deb http://mirror.example/debian-security trixie-security main
"""
OTHER_VENDOR = """\
Types: deb
URIs: https://vendor.example/apt
Suites: nodistro
Components: main
"""
DISABLED = """\
Types: deb
URIs: http://disabled.example/debian
Suites: trixie
Components: main
Enabled: no

Types: deb
URIs:
 http://continued.example/debian
Suites: trixie
Components: contrib main
"""


def find_mirror(
    tmp_path: Path, files: dict[str, str], os_release: str = "ID=debian\nVERSION_CODENAME=trixie\n"
) -> subprocess.CompletedProcess[str]:
    """debian-mirror.sh run on an apt folder holding ``files`` (paths under /etc/apt)."""
    apt = tmp_path / "apt"
    (apt / "sources.list.d").mkdir(parents=True)
    for name, text in files.items():
        (apt / name).write_text(text, "utf-8")
    (tmp_path / "os-release").write_text(os_release, "utf-8")
    environment = {key: value for key, value in os.environ.items() if key != "DEBIAN_MIRROR"} | {
        "APT_SOURCES": str(apt),
        "OS_RELEASE": str(tmp_path / "os-release"),
    }
    return subprocess.run(
        ["sh", str(MIRROR)], capture_output=True, text=True, env=environment, check=False
    )


@pytest.mark.parametrize(
    ("files", "mirror"),
    [
        ({"sources.list.d/debian.sources": DEB822}, "http://mirror.example/debian"),
        ({"sources.list": ONE_LINE}, "https://mirror.example/debian"),
        (
            {
                "sources.list.d/a-vendor.sources": OTHER_VENDOR,
                "sources.list.d/debian.sources": DEB822,
            },
            "http://mirror.example/debian",
        ),
        ({"sources.list.d/debian.sources": DISABLED}, "http://continued.example/debian"),
    ],
    ids=["deb822", "one-line", "another-vendor-first", "disabled-and-continued"],
)
def test_the_mirror_is_the_apt_source_of_the_systems_own_release(
    tmp_path: Path, files: dict[str, str], mirror: str
) -> None:
    result = find_mirror(tmp_path, files)

    assert result.returncode == 0, result.stderr
    assert result.stdout == f"{mirror}\n"


def test_without_a_source_of_its_release_the_script_says_what_to_set(tmp_path: Path) -> None:
    result = find_mirror(tmp_path, {"sources.list.d/vendor.sources": OTHER_VENDOR})

    assert result.returncode == 1
    assert result.stdout == ""
    assert "no apt source for Debian trixie (main)" in result.stderr
    assert "set DEBIAN_MIRROR" in result.stderr


def test_another_system_is_told_to_set_the_mirror(tmp_path: Path) -> None:
    result = find_mirror(
        tmp_path, {"sources.list": ONE_LINE}, os_release="ID=ubuntu\nVERSION_CODENAME=noble\n"
    )

    assert result.returncode == 1
    assert "not a Debian system" in result.stderr


def test_debian_mirror_set_by_hand_wins(tmp_path: Path) -> None:
    result = subprocess.run(
        ["sh", str(MIRROR)],
        capture_output=True,
        text=True,
        env=os.environ | {"DEBIAN_MIRROR": "http://by-hand.example/debian"},
        check=True,
    )

    assert result.stdout == "http://by-hand.example/debian\n"


def test_the_packages_tests_run_on_the_clones_venv(tmp_path: Path) -> None:
    """A clone whose .venv has the test tools and this clone's package: that .venv's python."""
    clone = tmp_path / "clone"
    (clone / "packaging").mkdir(parents=True)
    (clone / "packaging" / "test-python.sh").write_bytes(TEST_PYTHON.read_bytes())
    (clone / "jojotte_score").mkdir()
    (clone / "jojotte_score" / "__init__.py").write_text("", "utf-8")
    python = clone / ".venv" / "bin" / "python"
    python.parent.mkdir(parents=True)
    # A stand-in for the venv's python: this interpreter (it has the test tools), with the
    # clone's package first on its path.
    python.write_text(f'#!/bin/sh\nPYTHONPATH="{clone}" exec "{sys.executable}" "$@"\n', "utf-8")
    python.chmod(python.stat().st_mode | stat.S_IXUSR)
    environment = {key: value for key, value in os.environ.items() if key != "TEST_PYTHON"}

    result = subprocess.run(
        ["sh", str(clone / "packaging" / "test-python.sh")],
        capture_output=True,
        text=True,
        env=environment,
        check=False,
    )

    assert result.returncode == 0, result.stderr
    assert result.stdout == f"{python}\n"
    assert result.stderr == ""  # nothing made: it was ready


@pytest.mark.parametrize(
    "script", ["linux/check-packages.sh", "windows/build.sh"], ids=["linux", "windows"]
)
def test_the_package_checks_never_run_pytest_on_the_first_python3(script: str) -> None:
    text = (PACKAGING / script).read_text("utf-8")
    runs = re.findall(r'^\s*("?\$\w+"?|\S+) -m pytest', text, re.MULTILINE)

    assert runs, f"{script} runs no pytest"
    assert "sh packaging/test-python.sh" in text
    assert all(run in {'"$python"', '"$PYTHON"'} for run in runs), runs


# Hosts a link in the repository may name: the project's home, the standards its files cite,
# the font's home and the Debian copyright format's address (lintian asks for it).
KNOWN_HOSTS = {
    "github.com",
    "raw.githubusercontent.com",
    "dejavu-fonts.github.io",
    "www.w3.org",
    "json-schema.org",
    "www.rfc-editor.org",
    "www.debian.org",
}


def test_the_repository_names_no_package_registry() -> None:
    """Every named host is a known one (made-up ones end in .example, .invalid or are bare)."""
    files = subprocess.run(
        ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True
    ).stdout.decode("utf-8")
    hosts: dict[str, str] = {}
    index_options: list[str] = []
    for name in filter(None, files.split("\0")):
        path = ROOT / name
        if not path.is_file():
            continue
        try:
            text = path.read_text("utf-8")
        except UnicodeDecodeError:
            continue  # a font, an icon, a compiled catalogue
        for host in re.findall(r"https?://([A-Za-z0-9.-]+\.[A-Za-z]{2,})\b", text):
            hosts.setdefault(host.lower(), name)
        if path != Path(__file__) and re.search(r"(extra-)?index-url|trusted-host", text):
            index_options.append(name)

    unknown = {
        host: name
        for host, name in hosts.items()
        if host not in KNOWN_HOSTS and not host.endswith((".example", ".invalid"))
    }
    assert unknown == {}
    assert index_options == []  # pip takes its index from the environment's configuration
