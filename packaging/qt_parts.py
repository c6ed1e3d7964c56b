"""The parts of Qt a bundle leaves out, named by Qt module and plugin, not by file name.

PyInstaller's PySide6 hooks collect more of Qt than the app loads; the spec
(jojotte-score.spec) drops every file that :func:`unused` names. The lists below hold Qt's
own names, and :func:`unused` matches each system's spelling of them, so one list serves
every system::

    Linux    libQt6Network.so.6          plugins/platforms/libqeglfs.so
    Windows  Qt6Network.dll              plugins/platforms/qdirect2d.dll
    macOS    QtNetwork.framework/...     plugins/platforms/libqminimal.dylib

tests/packaging/test_qt_parts.py checks the names of each system; the smoke tests of the
built bundles check that the files stay out and that the program still starts.
"""

from __future__ import annotations

import re
from pathlib import PurePosixPath

UNUSED_MODULES = (
    "Concurrent",
    "Designer",
    "EglFs",  # EglFSDeviceIntegration, EglFsKmsSupport, ...: the embedded platforms
    "Help",
    "Labs",
    "Lottie",
    "Network",
    "OpenGL",  # and OpenGLWidgets: the widgets paint without OpenGL
    "Pdf",
    "Qml",  # and QmlModels, QmlMeta, ...
    "Quick",  # and QuickControls2, QuickWidgets, ...
    "ShaderTools",
    "Sql",
    "Svg",  # the icons are drawn to PNG when the sources are built, not at run time
    "Test",
    "VirtualKeyboard",
    "WaylandCompositor",  # the server side: the app is a Wayland client (WaylandClient)
    "WaylandEgl",  # WaylandEglClientHwIntegration, ...: OpenGL, which the widgets do not use
    "WlShell",  # wl_shell, which compositors have dropped for xdg-shell
    "Xml",
)
"""Qt modules (each with the modules whose names begin with it) the app never loads."""

UNUSED_PLUGIN_KINDS = (
    "designer",
    "egldeviceintegrations",
    "generic",
    "iconengines",
    "networkinformation",
    "platformthemes",  # the GTK theme would load a second GLib; Qt's own style is used
    "qmllint",
    "qmltooling",
    "sqldrivers",
    "tls",
    "vectorimageformats",
    "wayland-graphics-integration",  # OpenGL buffers (client) and the compositor's (server)
)
"""Plugin folders (``plugins/KIND/``, by the start of their name) left out whole."""

UNUSED_PLUGINS = {
    "platforms": (
        "qwayland-egl",  # Qt before 6.8: its Wayland platform with OpenGL ("qwayland-generic" kept)
        "qwayland-xcomposite",
        "qeglfs",
        "qlinuxfb",
        "qminimal",
        "qvnc",
        "qvkkhrdisplay",
        "qdirect2d",
    ),
    "platforminputcontexts": ("qtvirtualkeyboard",),
    # On Wayland: the desktop shells' protocol (xdg-shell) and Qt's own title bar (bradient);
    # not the embedded shells, nor the adwaita title bar, which needs the Svg module.
    "wayland-shell-integration": ("fullscreen-shell", "ivi-shell", "qt-shell", "wl-shell"),
    "wayland-decoration-client": ("adwaita",),
    "imageformats": ("qpdf", "qsvg"),
}
"""Single plugins of the folders kept (by the start of their name): the app needs the
desktop's platforms (wayland with its shell and title bar, xcb, windows, cocoa) and the
offscreen one its tests use."""

UNUSED_FILES = ("opengl32sw",)
"""Files named by Qt for no module: Mesa's software OpenGL for Windows (19.7 MB), which
Qt loads only for OpenGL, which the widgets do not use."""

KEPT_TRANSLATIONS = "qtbase_"
"""Of Qt's own translations only those of its standard dialogs (the app's own catalogue
lives elsewhere, under jojotte_score/resources/locale)."""

_LIBRARY = re.compile(r"(?:lib)?Qt6([A-Za-z0-9]+?)(?:\.so(?:\.\d+)*|\.dll|(?:\.\d+)*\.dylib)")
_FRAMEWORK = re.compile(r"Qt([A-Za-z0-9]+)\.framework")
_PLUGIN_FILE = re.compile(r"(?:lib)?(.+?)(?:\.so|\.dll|\.dylib)")


def qt_module(path: str) -> str | None:
    """The Qt module a library file of PySide6 belongs to (``Network`` for
    ``Qt6Network.dll``), else None."""
    parts = PurePosixPath(path.replace("\\", "/")).parts
    for part in parts:
        framework = _FRAMEWORK.fullmatch(part)
        if framework:
            return framework.group(1)
    library = _LIBRARY.fullmatch(parts[-1]) if parts else None
    return library.group(1) if library else None


def plugin(path: str) -> tuple[str, str] | None:
    """The kind and name of a Qt plugin file (``("platforms", "qxcb")`` for
    ``.../plugins/platforms/libqxcb.so``), else None."""
    parts = PurePosixPath(path.replace("\\", "/")).parts
    if "plugins" not in parts[:-2]:
        return None
    kind = parts[parts.index("plugins") + 1]
    name = _PLUGIN_FILE.fullmatch(parts[-1])
    return kind, name.group(1) if name else parts[-1]


def unused(path: str) -> bool:
    """True when the bundle leaves out the file at ``path`` (its place in the bundle, with
    either kind of slash)."""
    posix = PurePosixPath(path.replace("\\", "/"))
    module = qt_module(str(posix))
    if module is not None:
        return module.lower().startswith(tuple(m.lower() for m in UNUSED_MODULES))
    found = plugin(str(posix))
    if found is not None:
        kind, name = found
        return kind.startswith(UNUSED_PLUGIN_KINDS) or name.startswith(UNUSED_PLUGINS.get(kind, ()))
    if "PySide6" not in posix.parts:
        return False
    if posix.parent.name == "translations":
        return not posix.name.startswith(KEPT_TRANSLATIONS)
    return "qml" in posix.parts or posix.stem in UNUSED_FILES
