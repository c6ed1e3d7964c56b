"""How far two colours stand apart, as WCAG measures it: the plots' colours and the
window's focus ring are chosen by it. Pure arithmetic on "#rrggbb" strings, no Qt."""

from __future__ import annotations

__all__ = ["contrast", "relative_luminance"]


def relative_luminance(colour: str) -> float:
    """The WCAG relative luminance of "#rrggbb", 0 (black) to 1 (white)."""

    def channel(hex_pair: str) -> float:
        value = int(hex_pair, 16) / 255
        return value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4

    red, green, blue = (channel(colour[i : i + 2]) for i in (1, 3, 5))
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def contrast(first: str, second: str) -> float:
    """The WCAG contrast ratio of two "#rrggbb" colours, 1 to 21."""
    a, b = sorted((relative_luminance(first), relative_luminance(second)))
    return (b + 0.05) / (a + 0.05)
