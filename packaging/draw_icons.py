"""Draw the app icon's PNG sizes from its SVG, with Qt's own SVG renderer.

    python3 packaging/draw_icons.py            # writes resources/icons/jojotte-score-*.png
    python3 packaging/draw_icons.py --check    # exit 1 if a PNG differs from a fresh drawing
    python3 packaging/draw_icons.py --preview out.png  # the sizes side by side, enlarged

Run it after changing ``resources/icons/jojotte-score.svg``; the PNGs are committed, so
installing the app needs no SVG renderer. The drawing is deterministic for one Qt version;
``--check`` compares pixels with a small tolerance, not bytes.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QGuiApplication, QImage, QPainter
from PySide6.QtSvg import QSvgRenderer

ROOT = Path(__file__).resolve().parent.parent
ICONS = ROOT / "resources" / "icons"
SVG = ICONS / "jojotte-score.svg"
SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
TOLERANCE = 8
"""The largest difference of one colour channel that --check accepts (antialiasing)."""


def png_path(size: int) -> Path:
    """Where the PNG of one size is kept."""
    return ICONS / f"jojotte-score-{size}.png"


def draw(size: int, renderer: QSvgRenderer) -> QImage:
    """The icon drawn at ``size`` × ``size`` pixels on a transparent background."""
    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    renderer.render(painter, QRectF(0, 0, size, size))
    painter.end()
    return image


def same_picture(first: QImage, second: QImage) -> bool:
    """True when the images have one size and every channel is within TOLERANCE."""
    if first.size() != second.size():
        return False
    a = first.convertToFormat(QImage.Format.Format_ARGB32)
    b = second.convertToFormat(QImage.Format.Format_ARGB32)
    if a == b:
        return True
    for y in range(a.height()):
        for x in range(a.width()):
            p, q = a.pixelColor(x, y), b.pixelColor(x, y)
            pairs = ((p.red(), q.red()), (p.green(), q.green()), (p.blue(), q.blue()))
            if any(abs(c - d) > TOLERANCE for c, d in (*pairs, (p.alpha(), q.alpha()))):
                return False
    return True


def preview(images: list[QImage], scale: int = 4) -> QImage:
    """The sizes up to 64 px side by side, each enlarged ``scale`` times without smoothing."""
    small = [image for image in images if image.width() <= 64]
    width = sum(image.width() * scale + 16 for image in small) + 16
    height = max(image.height() for image in small) * scale + 32
    sheet = QImage(width, height, QImage.Format.Format_ARGB32)
    sheet.fill(QColor("#d8d8d8"))
    painter = QPainter(sheet)
    x = 16
    for image in small:
        enlarged = image.scaled(image.width() * scale, image.height() * scale)
        painter.drawImage(x, 16, enlarged)
        x += enlarged.width() + 16
    painter.end()
    return sheet


def main(argv: list[str] | None = None) -> int:
    """Write, check or preview the PNG sizes."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare with the committed PNGs")
    parser.add_argument("--preview", type=Path, help="write the small sizes side by side")
    arguments = parser.parse_args(argv)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # no window: works without a display
    _app = QGuiApplication.instance() or QGuiApplication([])
    renderer = QSvgRenderer(str(SVG))
    if not renderer.isValid():
        print(f"{SVG}: not a valid SVG file", file=sys.stderr)
        return 1
    images = [draw(size, renderer) for size in SIZES]
    if arguments.preview:
        preview(images).save(str(arguments.preview))
        return 0
    stale = []
    for size, image in zip(SIZES, images, strict=True):
        path = png_path(size)
        if arguments.check:
            if not same_picture(QImage(str(path)), image):
                stale.append(path.name)
        elif not image.save(str(path)):
            print(f"{path}: cannot write", file=sys.stderr)
            return 1
    if stale:
        print(f"out of date (run {Path(__file__).name}): {' '.join(stale)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
