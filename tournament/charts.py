"""Small charts drawn on the server as SVG (no chart library, nothing to run in the
browser): a player's rating after each rated match. The labels follow the page's
language (its number and date formats) and the club's time zone."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.utils import formats, timezone

WIDTH, HEIGHT = 640, 220
LEFT, RIGHT, TOP, BOTTOM = 48, 12, 12, 28


@dataclass(frozen=True)
class LineChart:
    width: int
    height: int
    points: str  # for <polyline points="...">
    last: tuple[float, float]
    y_ticks: list[tuple[float, str]]  # (y, label)
    x_ticks: list[tuple[float, str]]  # (x, label)
    first_value: float
    last_value: float
    lowest: float
    highest: float
    count: int


def _nice_step(span: float) -> float:
    for step in (5, 10, 20, 25, 50, 100, 200, 250, 500):
        if span / step <= 5:
            return step
    return 1000


def line_chart(values: Sequence[float], labels: Sequence[str]) -> LineChart | None:
    """Values in order (the first is the starting point), each with an x label."""
    if len(values) < 2:
        return None
    lowest, highest = min(values), max(values)
    step = _nice_step(max(highest - lowest, 1))
    bottom = step * (lowest // step)
    top = step * (highest // step + 1)
    inner_width, inner_height = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(index: int) -> float:
        return round(LEFT + inner_width * index / (len(values) - 1), 1)

    def y(value: float) -> float:
        return round(TOP + inner_height * (top - value) / (top - bottom), 1)

    points = " ".join(f"{x(index)},{y(value)}" for index, value in enumerate(values))
    y_ticks = []
    tick = bottom
    while tick <= top:
        y_ticks.append((y(tick), formats.number_format(tick, 0)))
        tick += step
    # Three labels at most (the first, the middle and the last point): a long date,
    # the page's one format, takes room.
    last = len(labels) - 1
    shown = sorted({min(1, last), last // 2 + last % 2, last}) if last else [0]
    # A date said once: matches played on one day share it (the first of them keeps it).
    x_ticks, said = [], set()
    for index in shown:
        if labels[index] not in said:
            x_ticks.append((x(index), labels[index]))
            said.add(labels[index])
    return LineChart(
        width=WIDTH,
        height=HEIGHT,
        points=points,
        last=(x(len(values) - 1), y(values[-1])),
        y_ticks=y_ticks,
        x_ticks=x_ticks,
        first_value=values[0],
        last_value=values[-1],
        lowest=lowest,
        highest=highest,
        count=len(values) - 1,
    )


def rating_chart(changes) -> LineChart | None:
    """A player's RatingChange rows, in order: from the rating before the first match."""
    if not changes:
        return None
    values = [changes[0].before] + [change.after for change in changes]
    # The page's one date format (the long one), in the chart's labels too.
    labels = [""] + [
        formats.date_format(timezone.localtime(change.at), "DATE_FORMAT") for change in changes
    ]
    return line_chart(values, labels)
