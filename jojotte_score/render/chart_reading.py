"""A plot's data in words, a row per point on its x axis, for a screen reader: what the
eye reads off the lines and bars ("hand 3: Anna +120, Bert 40"). No Qt."""

from __future__ import annotations

from jojotte_score.i18n import _, pgettext
from jojotte_score.i18n import format_signed as signed
from jojotte_score.render.chart_layout import Chart

__all__ = ["chart_rows"]


def chart_rows(chart: Chart) -> tuple[str, ...]:
    """Each point of ``chart``'s x axis and every series' value there, in words: a line
    chart's "hand 3: Anna +120, Bert 40", a bar chart's "Nullo: Anna 75 % (3/4)"."""
    count = (
        len(chart.x_labels) if chart.kind == "bar" or not chart.x_values else len(chart.x_values)
    )
    rows: list[str] = []
    for index in range(count):
        if chart.x_labels:
            place = chart.x_labels[index]
        else:
            # Translators: a point of a plot's x axis read aloud: "hand 3", "sitting 2".
            place = pgettext("chart point", "{axis} {value}").format(
                axis=chart.x_title, value=chart.x_values[index]
            )
        values: list[str] = []
        for number, series in enumerate(chart.series):
            value = series.values[index] if index < len(series.values) else None
            if value is None:
                continue
            if chart.kind == "bar":
                note = chart.notes[number][index] if number < len(chart.notes) else ""
                shown = (
                    _("{percent} % ({note})").format(percent=value, note=note)
                    if note
                    else _("{percent} %").format(percent=value)
                )
            else:
                shown = signed(value)
            values.append(_("{series} {value}").format(series=series.name, value=shown))
        # Translators: what separates the values of one point of a plot read aloud.
        joined = _(", ").join(values) if values else _("no value")
        rows.append(_("{place}: {values}").format(place=place, values=joined))
    return tuple(rows)
