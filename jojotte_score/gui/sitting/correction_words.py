"""What the window says about an edit that makes later hands illegal: the lines the entry
panel's preview adds while the edit is typed, and the question asked when it is saved.
Qt-free; the game finds the hands and the fixes (:mod:`jojotte_score.core.corrections`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from jojotte_score.i18n import _

if TYPE_CHECKING:
    from jojotte_score.core.corrections import Correction


def correction_preview(correction: Correction) -> list[str]:
    """The preview's lines: that saving changes who may deal later hands, which and why."""
    return [
        _(
            "Saving this changes who wins a rubber, and so the box and the captain of the "
            "rubbers after it (C3):"
        ),
        *correction.reasons,
        _("Saving offers to clear their dealers or to re-derive them (C7)."),
    ]


def correction_question(number: int, correction: Correction) -> str:
    """The question asked when edited hand ``number`` (from 1) is saved: which later hands
    become illegal and why, what re-deriving gives, and the choice."""
    return "\n\n".join(
        (
            _(
                "Hand {number} changes who wins a rubber, and so the box and the captain of "
                "the rubbers after it (C3):"
            ).format(number=number),
            "\n".join(correction.reasons),
            "\n".join(correction.rederived),
            _(
                "Re-derive their dealers from the turn to deal (the box and the captain deal "
                "in turn, C7), or clear them? Either is saved with the edit as one step."
            ),
        )
    )


def deletion_question(number: int, correction: Correction) -> str:
    """The question asked when hand ``number`` (from 1) is to be deleted and its absence
    changes who wins a rubber: which later hands become illegal and why, what re-deriving
    gives, and the choice."""
    return "\n\n".join(
        (
            _(
                "Without hand {number}, another side wins a rubber, and so the box and the "
                "captain of the rubbers after it change (C3):"
            ).format(number=number),
            "\n".join(correction.reasons),
            "\n".join(correction.rederived),
            _(
                "Re-derive their dealers from the turn to deal (the box and the captain deal "
                "in turn, C7), or clear them? Either is saved with the deletion as one step, "
                "which Undo takes back."
            ),
        )
    )
