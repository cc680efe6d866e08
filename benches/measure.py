"""How `make bench` measures: each figure beside its floor, in pairs.

One run of a page or a write is milliseconds, and the machine is shared: one busy
moment made the best of three a different number from one run to the next (the export
0.73 then 1.30 of its floor, the ratings 2.77 then 1.22). So a figure and its floor are
timed in turns (figure, floor, floor, figure, ...: the order alternates, so neither
always runs on a warmer cache), after a collection of the garbage and outside the
setup each needs, and the ratio is taken pair by pair: a slow moment slows both halves
of one pair and leaves the others alone.

Each time is the wall clock and the CPU time of this process (`time.process_time`:
SQLite runs in the process, so its work counts; another process busy on the machine
does not). A verdict is read from the median of the pairwise CPU ratios
(`VERDICT_STATISTIC`); the minimum and the wall times are printed beside it.
"""

from __future__ import annotations

import gc
import statistics
import time
import tracemalloc
from collections.abc import Callable
from dataclasses import dataclass

PAIRS = 7
VERDICT_STATISTIC = "median of the pairwise CPU ratios"


@dataclass(frozen=True)
class Timing:
    wall: float
    cpu: float


class _Settled:
    """The garbage collected, then what is left frozen (`gc.freeze`) while the runs are
    timed: each run's collection beforehand then walks only what is new, instead of the
    whole heap, which left the CPU's caches cold and made a 50 us INSERT 200 us."""

    def __enter__(self) -> None:
        gc.collect()
        gc.freeze()

    def __exit__(self, *exc) -> None:
        gc.unfreeze()


def timed(run: Callable[[], object], setup: Callable[[], object] | None = None) -> Timing:
    """One run of `run`, after `setup` and a garbage collection (neither timed). The
    collector stays on during the run: its work is part of the run's cost."""
    if setup is not None:
        setup()
    gc.collect()
    wall, cpu = time.perf_counter(), time.process_time()
    run()
    return Timing(time.perf_counter() - wall, time.process_time() - cpu)


def spread(values: list[float], scale: float = 1.0, digits: int = 3) -> dict:
    """The median and the minimum of `values`, times `scale`."""
    return {
        "median": round(statistics.median(values) * scale, digits),
        "min": round(min(values) * scale, digits),
    }


def pair_statistics(figures: list[Timing], floors: list[Timing]) -> dict:
    """The median and minimum of each side (ms, wall and CPU) and of the ratio figure /
    floor taken pair by pair (wall and CPU)."""
    if len(figures) != len(floors) or not figures:
        raise ValueError("a figure and its floor are measured in pairs")
    tiny = 1e-6  # a floor too quick for the clock: no division by zero
    return {
        "pairs": len(figures),
        "wall_ms": spread([t.wall for t in figures], 1000),
        "cpu_ms": spread([t.cpu for t in figures], 1000),
        "floor_wall_ms": spread([t.wall for t in floors], 1000),
        "floor_cpu_ms": spread([t.cpu for t in floors], 1000),
        "ratio": spread(
            [f.wall / max(g.wall, tiny) for f, g in zip(figures, floors, strict=True)], digits=2
        ),
        "cpu_ratio": spread(
            [f.cpu / max(g.cpu, tiny) for f, g in zip(figures, floors, strict=True)], digits=2
        ),
    }


def paired(
    figure: Callable[[], object],
    floor: Callable[[], object],
    pairs: int = PAIRS,
    *,
    figure_setup: Callable[[], object] | None = None,
    floor_setup: Callable[[], object] | None = None,
) -> dict:
    """`figure` and `floor` timed in `pairs` pairs, the order alternating (each after
    its setup, untimed), then `pair_statistics`."""
    figures, floors = [], []
    with _Settled():
        for number in range(pairs):
            if number % 2 == 0:
                figures.append(timed(figure, figure_setup))
                floors.append(timed(floor, floor_setup))
            else:
                floors.append(timed(floor, floor_setup))
                figures.append(timed(figure, figure_setup))
    return pair_statistics(figures, floors)


def repeated(run: Callable[[], object], repeat: int, setup=None) -> dict:
    """A figure with no floor: the median and minimum of `repeat` runs, wall and CPU."""
    with _Settled():
        times = [timed(run, setup) for _ in range(repeat)]
    return {
        "runs": repeat,
        "wall_ms": spread([t.wall for t in times], 1000),
        "cpu_ms": spread([t.cpu for t in times], 1000),
    }


def verdict(value: float, target: float, *, at_most: bool = True, statistic: str = "") -> dict:
    """The fields every line with a target prints: the target, the value it is read
    from and the statistic that value is, and whether it is within."""
    return {
        "target": f"<= {target}" if at_most else f">= {target}",
        "verdict_value": value,
        "verdict_statistic": statistic or VERDICT_STATISTIC,
        "within_target": value <= target if at_most else value >= target,
    }


def peak_mib(run: Callable[[], object]) -> float:
    """The peak of Python's allocations while `run` runs, in MiB (tracemalloc: a run of
    its own, since it slows the code it watches); garbage of earlier work collected."""
    gc.collect()
    tracemalloc.start()
    try:
        run()
        _current, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return round(peak / 2**20, 2)


def measure(name: str, run, repeat: int, **fields) -> dict:
    """A figure with no floor, and its peak memory."""
    return {"name": name, **fields, **repeated(run, repeat), "peak_mib": peak_mib(run)}
