"""The one line said when no Qt platform can open the window.

The window asks for ``wayland;xcb`` when a compositor is there
(:func:`jojotte_score.gui.window.app.platform_argument`). When no platform can start, Qt
says so in several lines and aborts (exit 134); instead the program says in one line why
(a system library a platform cannot load, with the Debian package that installs it, or no
display server answering) and exits with status 1. This module is imported only then.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from jojotte_score.i18n import _

NO_PLATFORM = "no Qt platform plugin could be initialized"
"""The words of Qt's fatal message when no platform could start (Qt's are not translated)."""

PACKAGE_EXCEPTIONS = {
    "libglib-2.0.so.0": "libglib2.0-0",
    "libgthread-2.0.so.0": "libglib2.0-0",
    "libz.so.1": "zlib1g",
    "libgcc_s.so.1": "libgcc-s1",
}
"""Libraries whose Debian package is not named after the library by the usual rule."""


def tried_platforms(environ: Mapping[str, str], chosen: str | None) -> list[str]:
    """The platforms Qt tried: those ``QT_QPA_PLATFORM`` or ``chosen`` (the ``-platform``
    given to Qt) names, without their options, else X11, Qt's default on Linux."""
    names = environ.get("QT_QPA_PLATFORM") or chosen or "xcb"
    return [name.split(":", 1)[0] for name in names.split(";") if name]


def debian_package(soname: str) -> str:
    """The Debian package of a library by Debian's naming rule: ``libwayland-cursor.so.0``
    is in libwayland-cursor0, ``libxkbcommon-x11.so.0`` in libxkbcommon-x11-0."""
    if soname in PACKAGE_EXCEPTIONS:
        return PACKAGE_EXCEPTIONS[soname]
    base, _so, version = soname.partition(".so")
    version = version.lstrip(".").split(".")[0]
    base = base.lower().replace("_", "-")
    if not version:
        return base
    return f"{base}-{version}" if base[-1:].isdigit() else f"{base}{version}"


def plugin_files(platform: str, plugins: Path) -> list[Path]:
    """The files of a platform plugin in Qt's plugin folder (``libqwayland*.so`` for
    wayland: Qt's versions name it differently)."""
    pattern = "libqwayland*.so" if platform == "wayland" else f"libq{platform}.so"
    return sorted((plugins / "platforms").glob(pattern))


def unloadable_library(plugin: Path) -> tuple[str, str] | None:
    """The library that keeps ``plugin`` from loading and the loader's reason, as the
    dynamic linker reports them; None when it loads (or the reason names no library)."""
    import ctypes  # only once Qt has given up: start-up does without it
    import re

    try:
        ctypes.CDLL(str(plugin))
    except OSError as error:
        match = re.match(r"(?:\S*/)?(lib[^:/\s]+\.so[.\d]*): (.*)", str(error))
        return (match[1], match[2]) if match else None
    return None


def fallback_line(platform: str, plugins: Path) -> str | None:
    """Why ``platform`` could not load when another one started in its place, in one line
    naming the library and its package; None when no library is to blame."""
    for plugin in plugin_files(platform, plugins):
        failure = unloadable_library(plugin)
        if failure is not None:
            library, reason = failure
            return _(
                "jojotte-score: Qt's {platform} platform cannot load {library} ({reason}), so "
                "the window runs on another; install the package {package} (on Debian and "
                "Ubuntu: sudo apt install {package})"
            ).format(
                platform=platform, library=library, reason=reason, package=debian_package(library)
            )
    return None


def no_platform_line(environ: Mapping[str, str], chosen: str | None, plugins: Path) -> str:
    """Why no window can open, in one line: the library a platform lacks and its package,
    else that no display server answers (``chosen``: the ``-platform`` given to Qt)."""
    for platform in tried_platforms(environ, chosen):
        for plugin in plugin_files(platform, plugins):
            failure = unloadable_library(plugin)
            if failure is not None:
                library, reason = failure
                return _(
                    "jojotte-score: no window can open: Qt's {platform} platform cannot load "
                    "{library} ({reason}); install the package {package} (on Debian and "
                    "Ubuntu: sudo apt install {package})"
                ).format(
                    platform=platform,
                    library=library,
                    reason=reason,
                    package=debian_package(library),
                )
    return _(
        "jojotte-score: no window can open: no display server answers (WAYLAND_DISPLAY="
        "{wayland}, DISPLAY={x11}). Run it on a desktop or under xvfb-run; the command line "
        "works without one: jojotte-score --help"
    ).format(
        wayland=environ.get("WAYLAND_DISPLAY") or _("not set"),
        x11=environ.get("DISPLAY") or _("not set"),
    )
