"""Which system libraries (and Debian packages) the app's Qt needs on Linux.

Run it with the Python that has PySide6 installed::

    python3 packaging/qt_libraries.py          # each library outside the wheel, its package
    python3 packaging/qt_libraries.py --check  # compare with packaging/system-libraries.sh

It starts from the Qt modules the app imports and the plugins it loads on a desktop (the
xcb platform and its GL integrations, the Wayland platform with its shell, title bars and
EGL integration, CUPS printing) and the offscreen platform the tests use,
follows each binary's ``DT_NEEDED`` entries (what ``ldd`` resolves) through the libraries
the wheel ships, and stops at the first library the system must provide. Those libraries
are looked up with ``ldconfig -p`` and ``dpkg -S``; a library the system lacks is reported
as missing. ``--check`` exits 1 when a needed package is not in the runtime list of
``system-libraries.sh`` or a library cannot be found.
"""

from __future__ import annotations

import argparse
import importlib.util
import re
import struct
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path

HERE = Path(__file__).resolve().parent
SCRIPT = HERE / "system-libraries.sh"

MODULES = ("QtCore", "QtGui", "QtWidgets", "QtPrintSupport", "QtSvg")
"""The PySide6 modules the app imports (QtSvg only draws the icons, see draw_icons.py)."""

PLUGINS = (
    "platforms/libqxcb.so",
    "platforms/libqoffscreen.so",
    "xcbglintegrations/libqxcb-glx-integration.so",
    "xcbglintegrations/libqxcb-egl-integration.so",
    "platforms/libqwayland*.so",
    "wayland-shell-integration/libxdg-shell.so",
    "wayland-decoration-client/lib*.so",
    "wayland-graphics-integration-client/libqt-plugin-wayland-egl.so",
    "printsupport/libcupsprintersupport.so",
)
"""The Qt plugins the app loads on Linux, relative to the wheel's plugin folder (a pattern
where Qt's versions name them differently: Wayland's platform is ``libqwayland.so`` since
Qt 6.8, ``libqwayland-generic.so`` and ``libqwayland-egl.so`` before): the X11 platform and
its GL integrations; the Wayland platform, the desktops' shell (xdg-shell), its title bars
(bradient, adwaita) and its EGL integration, which the wheel's Qt loads on a compositor
that offers EGL; CUPS printing."""

_DT_NEEDED = 1
_SHT_DYNAMIC = 6


def needed(binary: Path) -> list[str]:
    """The ``DT_NEEDED`` entries (sonames) of a 64-bit little-endian ELF file."""
    data = binary.read_bytes()
    if data[:4] != b"\x7fELF" or data[4] != 2 or data[5] != 1:
        raise ValueError(f"{binary}: not a 64-bit little-endian ELF file")
    section_offset = struct.unpack_from("<Q", data, 0x28)[0]
    entry_size, count = struct.unpack_from("<HH", data, 0x3A)
    sections = [
        struct.unpack_from("<IIQQQQIIQQ", data, section_offset + index * entry_size)
        for index in range(count)
    ]
    names: list[str] = []
    for _name, kind, _flags, _addr, offset, size, link, _info, _align, _entsize in sections:
        if kind != _SHT_DYNAMIC:
            continue
        strings = sections[link][4]
        for position in range(offset, offset + size, 16):
            tag, value = struct.unpack_from("<qQ", data, position)
            if tag == _DT_NEEDED:
                end = data.index(b"\0", strings + value)
                names.append(data[strings + value : end].decode())
    return names


def wheel_folders() -> tuple[Path, list[Path]]:
    """The PySide6 package folder and the folders its libraries are found in."""
    spec = importlib.util.find_spec("PySide6")
    if spec is None or not spec.submodule_search_locations:
        raise SystemExit("PySide6 is not installed for this Python")
    pyside = Path(next(iter(spec.submodule_search_locations)))
    return pyside, [pyside / "Qt" / "lib", pyside, pyside.parent / "shiboken6"]


def starting_binaries(pyside: Path) -> list[Path]:
    """The modules and plugins the app loads (each pattern of :data:`PLUGINS` must match)."""
    modules = [next(pyside.glob(f"{module}.*.so")) for module in MODULES]
    plugins = []
    for pattern in PLUGINS:
        found = sorted((pyside / "Qt" / "plugins").glob(pattern))
        if not found:
            raise SystemExit(f"PySide6 has no Qt plugin {pattern}")
        plugins += found
    return modules + plugins


def system_sonames(start: Iterable[Path], folders: list[Path]) -> set[str]:
    """Every soname the binaries need from outside the wheel, through the wheel's own."""
    queue, seen, outside = list(start), set[Path](), set[str]()
    while queue:
        binary = queue.pop()
        if binary in seen:
            continue
        seen.add(binary)
        for soname in needed(binary):
            inside = next((f / soname for f in folders if (f / soname).exists()), None)
            if inside is None:
                outside.add(soname)
            else:
                queue.append(inside)
    return outside


def ldconfig_paths() -> dict[str, Path]:
    """Soname → path of the libraries the dynamic linker knows (first one listed wins)."""
    listing = subprocess.run(["ldconfig", "-p"], capture_output=True, text=True, check=True).stdout
    paths: dict[str, Path] = {}
    for line in listing.splitlines()[1:]:
        match = re.match(r"\s*(\S+) \((.*)\) => (.*)", line)
        if match and ("x86-64" in match[2] or "AArch64" in match[2] or "64bit" in match[2]):
            paths.setdefault(match[1], Path(match[3]))
    return paths


def path_variants(path: Path) -> set[str]:
    """The names dpkg may know a library by: as linked, resolved, with or without /usr."""
    names = {str(path), str(path.resolve())}
    return names | {n.removeprefix("/usr") if n.startswith("/usr/") else "/usr" + n for n in names}


def owners(paths: Iterable[str]) -> dict[str, str]:
    """Path → the Debian package that owns it, for the paths dpkg knows (one dpkg call)."""
    result = subprocess.run(
        ["dpkg-query", "-S", *sorted(paths)], capture_output=True, text=True, check=False
    )
    found: dict[str, str] = {}
    for line in result.stdout.splitlines():
        package, _colon, path = line.partition(": ")
        found[path] = package.split(":", 1)[0]  # "libc6:amd64" is libc6
    return found


def system_packages() -> tuple[dict[str, str], list[str]]:
    """Soname → Debian package for each needed system library, and the missing sonames."""
    pyside, folders = wheel_folders()
    known = ldconfig_paths()
    sonames = sorted(system_sonames(starting_binaries(pyside), folders))
    variants = {s: path_variants(known[s]) for s in sonames if s in known}
    found = owners(set().union(*variants.values()))
    packages: dict[str, str] = {}
    missing: list[str] = []
    for soname in sonames:
        package = next((found[n] for n in sorted(variants.get(soname, ())) if n in found), None)
        if package is None:
            missing.append(soname)
        else:
            packages[soname] = package
    return packages, missing


def provided_names(packages: Iterable[str]) -> dict[str, set[str]]:
    """Package → the names it answers to: its own and those it provides. Since Debian 13 (the
    64-bit time_t transition) libglib2.0-0t64 owns libglib-2.0.so.0 and provides libglib2.0-0,
    the name the list gives, which Debian 12 and Ubuntu use too."""
    wanted = sorted(set(packages))
    names = {package: {package} for package in wanted}
    result = subprocess.run(
        ["dpkg-query", "-W", "-f=${Package}|${Provides}\n", *wanted],
        capture_output=True,
        text=True,
        check=False,
    )
    for line in result.stdout.splitlines():
        package, _bar, provides = line.partition("|")
        provided = {name.split(" ", 1)[0] for name in provides.split(", ") if name}
        names.setdefault(package, {package}).update(provided)
    return names


def unlisted_packages(packages: Iterable[str], listed: Iterable[str]) -> list[str]:
    """The packages that are in the list under none of their names."""
    in_list = set(listed)
    return sorted(p for p, names in provided_names(packages).items() if not names & in_list)


def listed_packages(group: str = "runtime") -> list[str]:
    """A package list of system-libraries.sh (``runtime``, ``tests`` or ``build``)."""
    text = SCRIPT.read_text(encoding="utf-8")
    match = re.search(rf'^{group}="([^"]*)"', text, re.MULTILINE)
    if match is None:
        raise ValueError(f"{SCRIPT.name} has no {group}= list")
    return match[1].split()


def main(argv: list[str] | None = None) -> int:
    """Print the needed packages; with --check, compare them with the script's list."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare with the script's list")
    arguments = parser.parse_args(argv)
    packages, missing = system_packages()
    for soname, package in packages.items():
        print(f"{soname}\t{package}")
    for soname in missing:
        print(f"{soname}\tMISSING", file=sys.stderr)
    if not arguments.check:
        return 0
    unlisted = unlisted_packages(packages.values(), listed_packages())
    if unlisted:
        print(f"not in {SCRIPT.name}: {' '.join(unlisted)}", file=sys.stderr)
    return 1 if unlisted or missing else 0


if __name__ == "__main__":
    sys.exit(main())
