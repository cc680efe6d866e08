"""How `make bench` measures one figure: the best of N runs for the time, and the peak
memory in a separate run (tracemalloc slows the code it watches)."""

from __future__ import annotations

import time
import tracemalloc


def measure(name: str, run, repeat: int, **fields) -> dict:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        run()
        times.append(time.perf_counter() - started)
    tracemalloc.start()
    run()
    _current, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return {
        "name": name,
        **fields,
        "seconds": round(min(times), 3),
        "peak_mib": round(peak / 2**20, 2),
    }
