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


@dataclass(frozen=True)
class PrChart:
    """A player's GNUBG PR match by match: a dot a match (a line joins them), the axis
    from 0 (perfect play) up, and their average as a dashed line."""

    width: int
    height: int
    points: str  # for <polyline points="...">, empty for a single match
    dots: list[tuple[float, float]]
    average_y: float
    y_ticks: list[tuple[float, str]]
    x_ticks: list[tuple[float, str]]
    count: int
    lowest: float
    highest: float


def _pr_step(top: float) -> float:
    for step in (1, 2, 5, 10, 20):
        if top / step <= 5:
            return step
    return 50


def pr_chart(values: Sequence[float], days: Sequence, average: float) -> PrChart | None:
    """The PR of each analysed match, oldest first, each with its day; `average` the
    weighted average drawn across. Lower is better: the axis starts at 0."""
    if not values:
        return None
    highest = max(*values, average)
    step = _pr_step(max(highest, 1))
    top = step * (int(highest // step) + 1)
    inner_width, inner_height = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(index: int) -> float:
        if len(values) == 1:
            return round(LEFT + inner_width / 2, 1)
        return round(LEFT + inner_width * index / (len(values) - 1), 1)

    def y(value: float) -> float:
        return round(TOP + inner_height * (top - value) / top, 1)

    dots = [(x(index), y(value)) for index, value in enumerate(values)]
    y_ticks = [(y(tick), formats.number_format(tick, 0)) for tick in range(0, top + 1, step)]
    labels = [formats.date_format(day, "DATE_FORMAT") for day in days]
    last = len(labels) - 1
    # The first, the middle and the last match; a date said once.
    x_ticks, said = [], set()
    for index in sorted({0, last // 2, last}):
        if labels[index] not in said:
            x_ticks.append((x(index), labels[index]))
            said.add(labels[index])
    return PrChart(
        width=WIDTH,
        height=HEIGHT,
        points=" ".join(f"{dot_x},{dot_y}" for dot_x, dot_y in dots) if len(dots) > 1 else "",
        dots=dots,
        average_y=y(average),
        y_ticks=y_ticks,
        x_ticks=x_ticks,
        count=len(values),
        lowest=min(values),
        highest=max(values),
    )
