"""The Qt parts the bundles leave out, named by module, matched in each system's file names.

The spec (packaging/jojotte-score.spec) drops every file packaging/qt_parts.py calls
unused. Listing file names instead let Windows' Qt6Network.dll, Qt6Svg.dll and the 19.7 MB
opengl32sw.dll into the Windows bundle, where only Linux's libQt6Network.so.6 was named.
"""

from __future__ import annotations

import pytest

from .conftest import PACKAGING, packaging_script

qt_parts = packaging_script("qt_parts")


@pytest.mark.parametrize(
    "path",
    [
        # Linux
        "PySide6/Qt/lib/libQt6Network.so.6",
        "PySide6/Qt/lib/libQt6Svg.so.6",
        "PySide6/Qt/lib/libQt6QmlModels.so.6",
        "PySide6/Qt/lib/libQt6WaylandCompositor.so.6",
        "PySide6/Qt/lib/libQt6WaylandEglCompositorHwIntegration.so.6",
        "PySide6/Qt/lib/libQt6WlShellIntegration.so.6",
        "PySide6/Qt/lib/libQt6EglFSDeviceIntegration.so.6",
        "PySide6/Qt/lib/libQt6OpenGL.so.6",
        "PySide6/Qt/plugins/platforms/libqwayland-egl.so",
        "PySide6/Qt/plugins/platforms/libqeglfs.so",
        "PySide6/Qt/plugins/platformthemes/libqgtk3.so",
        "PySide6/Qt/plugins/imageformats/libqsvg.so",
        "PySide6/Qt/plugins/iconengines/libqsvgicon.so",
        "PySide6/Qt/plugins/tls/libqopensslbackend.so",
        "PySide6/Qt/plugins/wayland-shell-integration/libivi-shell.so",
        "PySide6/Qt/plugins/wayland-shell-integration/libwl-shell-plugin.so",
        "PySide6/Qt/plugins/wayland-decoration-client/libadwaita.so",
        "PySide6/Qt/plugins/wayland-graphics-integration-client/libqt-plugin-wayland-egl.so",
        "PySide6/Qt/plugins/wayland-graphics-integration-server/libqt-wayland-compositor-wayland-egl.so",
        "PySide6/Qt/translations/qt_de.qm",
        "PySide6/Qt/qml/QtQuick/qmldir",
        # Windows, with either kind of slash
        "PySide6\\Qt6Network.dll",
        "PySide6/Qt6Svg.dll",
        "PySide6/Qt6Pdf.dll",
        "PySide6/Qt6OpenGL.dll",
        "PySide6/opengl32sw.dll",
        "PySide6\\plugins\\platforms\\qdirect2d.dll",
        "PySide6/plugins/platforms/qminimal.dll",
        "PySide6/plugins/imageformats/qsvg.dll",
        "PySide6/plugins/iconengines/qsvgicon.dll",
        "PySide6/plugins/generic/qtuiotouchplugin.dll",
        "PySide6/translations/qt_de.qm",
        "PySide6/translations/qtdeclarative_de.qm",
        # macOS
        "PySide6/Qt/lib/QtNetwork.framework/Versions/A/QtNetwork",
        "PySide6/Qt/lib/QtSvg.framework/Resources/Info.plist",
        "PySide6/Qt/plugins/platforms/libqminimal.dylib",
    ],
)
def test_a_part_the_app_never_loads_is_left_out(path: str) -> None:
    assert qt_parts.unused(path)


@pytest.mark.parametrize(
    "path",
    [
        "PySide6/Qt/lib/libQt6Core.so.6",
        "PySide6/Qt/lib/libQt6Gui.so.6",
        "PySide6/Qt/lib/libQt6Widgets.so.6",
        "PySide6/Qt/lib/libQt6PrintSupport.so.6",
        "PySide6/Qt/lib/libQt6DBus.so.6",
        "PySide6/Qt/lib/libQt6XcbQpa.so.6",
        "PySide6/Qt/plugins/platforms/libqxcb.so",
        "PySide6/Qt/plugins/platforms/libqoffscreen.so",
        # Wayland, natively: the platform, the client library, the shell, the title bar
        "PySide6/Qt/plugins/platforms/libqwayland.so",
        "PySide6/Qt/plugins/platforms/libqwayland-generic.so",
        "PySide6/Qt/lib/libQt6WaylandClient.so.6",
        "PySide6/Qt/plugins/wayland-shell-integration/libxdg-shell.so",
        "PySide6/Qt/plugins/wayland-decoration-client/libbradient.so",
        "PySide6/Qt/plugins/xcbglintegrations/libqxcb-glx-integration.so",
        "PySide6/Qt/plugins/printsupport/libcupsprintersupport.so",
        "PySide6/Qt/translations/qtbase_de.qm",
        "PySide6\\Qt6Core.dll",
        "PySide6/Qt6Widgets.dll",
        "PySide6/Qt6PrintSupport.dll",
        "PySide6/QtWidgets.pyd",
        "PySide6/pyside6.abi3.dll",
        "PySide6\\plugins\\platforms\\qwindows.dll",
        "PySide6/plugins/platforms/qoffscreen.dll",
        "PySide6/plugins/imageformats/qico.dll",
        "PySide6/plugins/styles/qmodernwindowsstyle.dll",
        "PySide6/translations/qtbase_de.qm",
        "PySide6/Qt/lib/QtWidgets.framework/Versions/A/QtWidgets",
        "PySide6/Qt/plugins/platforms/libqcocoa.dylib",
        # the app's own files and Python's
        "jojotte_score/resources/icons/jojotte-score-48.png",
        "jojotte_score/resources/locale/de/LC_MESSAGES/jojotte_score.mo",
        "jojotte_score/resources/fonts/DejaVuSans.ttf",
        "python311.dll",
        "libpython3.11.so.1.0",
    ],
)
def test_a_part_the_app_loads_stays(path: str) -> None:
    assert not qt_parts.unused(path)


@pytest.mark.parametrize(
    ("path", "module"),
    [
        ("PySide6/Qt/lib/libQt6Network.so.6", "Network"),
        ("PySide6/Qt6Network.dll", "Network"),
        ("PySide6/Qt/lib/QtNetwork.framework/Versions/A/QtNetwork", "Network"),
        ("PySide6/Qt/lib/libQt6Core.so.6.9.3", "Core"),
        ("PySide6/QtCore.pyd", None),
        ("PySide6/opengl32sw.dll", None),
    ],
)
def test_each_system_names_the_same_module(path: str, module: str | None) -> None:
    assert qt_parts.qt_module(path) == module


def test_the_spec_leaves_out_what_qt_parts_names() -> None:
    spec = (PACKAGING / "jojotte-score.spec").read_text(encoding="utf-8")
    assert "from qt_parts import unused" in spec
    assert "a.binaries = [entry for entry in a.binaries if not unused(entry[0])]" in spec
    assert "a.datas = [entry for entry in a.datas if not unused(entry[0])]" in spec
