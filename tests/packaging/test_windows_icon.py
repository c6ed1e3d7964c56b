"""The Windows icon (packaging/windows/jojotte-score.ico): the app's PNG sizes, unchanged."""

from __future__ import annotations

import importlib.util
import struct
from types import ModuleType

import pytest

from .conftest import PACKAGING, ROOT


def make_icon() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "make_icon", PACKAGING / "windows" / "make_icon.py"
    )
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_committed_icon_is_made_of_the_png_sizes() -> None:
    icon = make_icon()
    committed = (PACKAGING / "windows" / "jojotte-score.ico").read_bytes()
    assert committed == icon.icon_from_pngs()  # python3 packaging/windows/make_icon.py
    assert icon.ico_sizes(committed) == [16, 24, 32, 48, 64, 128, 256]
    assert icon.main(["--check"]) == 0


def test_each_picture_is_the_png_of_its_size() -> None:
    committed = (PACKAGING / "windows" / "jojotte-score.ico").read_bytes()
    _reserved, kind, count = struct.unpack_from("<HHH", committed)
    assert (kind, count) == (1, 7)
    for index in range(count):
        width, height, _colours, _zero, planes, bits, length, offset = struct.unpack_from(
            "<BBBBHHII", committed, 6 + 16 * index
        )
        size = width or 256
        assert (height or 256, planes, bits) == (size, 1, 32)
        png = (ROOT / "resources" / "icons" / f"jojotte-score-{size}.png").read_bytes()
        assert committed[offset : offset + length] == png


def test_a_picture_that_is_not_a_png_is_refused() -> None:
    icon = make_icon()
    with pytest.raises(ValueError, match="16-pixel picture is not a PNG"):
        icon.ico_bytes({16: b"BM not a png"})
    with pytest.raises(ValueError, match="512-pixel picture"):
        icon.ico_bytes({512: b"\x89PNG\r\n\x1a\n"})
