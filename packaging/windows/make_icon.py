"""Make the Windows icon (jojotte-score.ico) from the icon's PNG sizes.

    python3 packaging/windows/make_icon.py           # writes packaging/windows/jojotte-score.ico
    python3 packaging/windows/make_icon.py --check   # exit 1 if the .ico is not the PNGs'

An .ico holds one picture per size; since Windows Vista each may be a PNG file as it is,
so the sizes up to 256 pixels (the largest an .ico holds) go in unchanged: the same
pixels as the Linux icons (resources/icons/, drawn by packaging/draw_icons.py). The .ico is
committed beside this script; the PyInstaller spec gives it to both programs, and the
installer to its Start-menu entry and its Add/Remove Programs entry.
"""

from __future__ import annotations

import argparse
import struct
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ICONS = HERE.parent.parent / "resources" / "icons"
ICO = HERE / "jojotte-score.ico"
SIZES = (16, 24, 32, 48, 64, 128, 256)
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def ico_bytes(pngs: dict[int, bytes]) -> bytes:
    """An .ico of square PNG pictures, by size (ICONDIR, ICONDIRENTRY each, the PNGs)."""
    header = struct.pack("<HHH", 0, 1, len(pngs))
    offset = len(header) + 16 * len(pngs)
    entries, images = b"", b""
    for size, png in sorted(pngs.items()):
        if not png.startswith(PNG_SIGNATURE) or not 1 <= size <= 256:
            raise ValueError(f"the {size}-pixel picture is not a PNG of at most 256 pixels")
        side = size % 256  # 0 means 256
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(png), offset)
        images += png
        offset += len(png)
    return header + entries + images


def ico_sizes(ico: bytes) -> list[int]:
    """The sizes an .ico holds, read back from its directory."""
    _reserved, kind, count = struct.unpack_from("<HHH", ico)
    if kind != 1:
        raise ValueError("not an icon file")
    sizes = []
    for index in range(count):
        width = struct.unpack_from("<B", ico, 6 + 16 * index)[0]
        sizes.append(width or 256)
    return sizes


def icon_from_pngs() -> bytes:
    """The .ico made from resources/icons/jojotte-score-SIZE.png."""
    return ico_bytes({size: (ICONS / f"jojotte-score-{size}.png").read_bytes() for size in SIZES})


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare, do not write")
    arguments = parser.parse_args(argv)
    fresh = icon_from_pngs()
    if arguments.check:
        if not ICO.exists() or ICO.read_bytes() != fresh:
            print(f"{ICO.name} differs from the PNGs: run {Path(__file__).name}", file=sys.stderr)
            return 1
        return 0
    ICO.write_bytes(fresh)
    return 0


if __name__ == "__main__":
    sys.exit(main())
