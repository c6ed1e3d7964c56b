"""Text broken onto lines in large print: a choice ("Anna (Mannschaft mit Carl) [1/A]") or
a side's name wider than the entry panel's pane at zoom 3 was cut off at the pane's edge,
and made the panel wider than its pane. The entry panel turns the breaks on for its rows of
choices and pairs of boxes as its print grows past the usual (:func:`break_texts`), and off
again as it comes back to it, so that the usual print lays out as it always did.

Imported only then: at the usual print nothing breaks, and a start needs none of this.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QLabel, QToolButton, QWidget

from jojotte_score.gui.entry.flow_layout import FlowLayout, LineBreaks

Texts = Sequence[tuple[QWidget, QLabel | QToolButton, QWidget | None]]
"""The items of a layout whose text breaks: each the box the layout places, the label or
button that shows the text in it (the box itself, for a button), and what stands beside it."""


def break_texts(rows: Iterable[tuple[FlowLayout, Texts]], wraps: bool) -> None:
    """Let the texts of each layout's items break onto lines where they are wider than the
    layout's line (``wraps``: large print), or keep each on one line."""
    for layout, texts in rows:
        if wraps == (layout.breaks is not None):
            continue
        if layout.breaks is not None:
            layout.breaks.unwrap()
            layout.breaks = None
        else:
            layout.breaks = breaks = LineBreaks(layout)
            for box, shown, beside in texts:
                breaks.add(box, BrokenText(shown, box, beside))
        layout.invalidate()


class BrokenText:
    """The text of ``shown`` (a button, or a label beside ``beside`` in ``box``), broken at
    its spaces onto the lines the width a flow layout gives ``box`` leaves it: a choice
    ("Anna (Mannschaft mit Carl) [1/A]") or a side's name wider than the panel in large
    print was cut off at the panel's edge, and made the panel wider than its pane.

    Every size is worked out from the whole text (:attr:`text`) and Qt's measure of the
    text shown now (what it sizes the widget by), so it is the same whatever lines the
    text shows.
    """

    def __init__(
        self, shown: QLabel | QToolButton, box: QWidget | None = None, beside: QWidget | None = None
    ) -> None:
        self._shown, self.box, self._beside = shown, box or shown, beside
        self.text = shown.text()
        # Measured as Qt measures it: a button's "&&" as the "&" it shows, a label's as is.
        self._mnemonic = isinstance(shown, QToolButton)

    def set_text(self, text: str) -> None:
        """Show ``text``, whole (the layout breaks it again where it must)."""
        self.text = text
        self._shown.setText(text)

    def _measures(self) -> tuple[QFontMetrics, QSize, QSize]:
        """The shown widget's font metrics, and what its box and it need beside their text:
        their hinted sizes less the size of the text shown now."""
        metrics = self._shown.fontMetrics()
        text = self._size(metrics, self._shown.text())
        return metrics, self.box.sizeHint() - text, self._shown.sizeHint() - text

    def _size(self, metrics: QFontMetrics, text: str) -> QSize:
        """The size of ``text`` (on the lines it holds) as Qt sizes the widget by it."""
        flags = Qt.TextFlag.TextShowMnemonic.value if self._mnemonic else 0
        return metrics.size(flags, text)

    def _lines(self, metrics: QFontMetrics, room: int) -> str:
        """The text broken at spaces into lines no wider than ``room`` where it can be."""
        lines: list[str] = []
        for word in _words(self.text):
            joined = f"{lines[-1]} {word}" if lines else word
            if lines and self._size(metrics, joined).width() <= room:
                lines[-1] = joined
            else:
                lines.append(word)
        return "\n".join(lines)

    def one_line_width(self) -> int:
        metrics, box, _own = self._measures()
        return box.width() + self._size(metrics, self.text).width()

    def least_width(self) -> int:
        metrics, box, _own = self._measures()
        return box.width() + max(self._size(metrics, w).width() for w in _words(self.text))

    def height_at(self, width: int) -> int:
        metrics, box, own = self._measures()
        text = self._size(metrics, self._lines(metrics, width - box.width()))
        if self._beside is None:
            return box.height() + text.height()
        return max(self._beside.sizeHint().height(), own.height() + text.height())

    def wrap_to(self, width: int) -> None:
        metrics, box, _own = self._measures()
        self._shown.setText(self._lines(metrics, width - box.width()))


def _words(text: str) -> list[str]:
    """The words ``text`` may break between: at its spaces, but a symbol before a word
    stays with it ("♦ Karo")."""
    words: list[str] = []
    for word in text.split(" "):
        if words and len(words[-1]) == 1 and not words[-1].isalnum():
            words[-1] = f"{words[-1]} {word}"
        else:
            words.append(word)
    return words
