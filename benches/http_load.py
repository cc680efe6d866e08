"""The load generator of `http_bench`: phones polling a live part over HTTP, run as a
process of its own (`python -m benches.http_load '<json>'`, printing one JSON
line), so that it shares nothing with the server but the machine.

Plain asyncio and sockets, no Django and no dependency: one process keeps a hundred
requests a second in flight for a few percent of a core, which matters on a 2-core
machine where every cycle it takes is one the server's workers do not get.

- `closed`: `connections` loops, each asking again as soon as it has its answer, for
  `seconds`: the most the server answers in a second.
- `open`: `rate` requests a second on a fixed schedule, whatever the answers (the
  phones do not wait for each other), each latency counted from its scheduled time, so a
  server falling behind shows in the latencies instead of slowing the schedule. Of the
  requests, one in `1 / stale_share` sends the ETag of before every change (the phone
  finds something new); the rest send the newest ETag seen (nothing new to it).

Each request is a new connection (`Connection: close`): gunicorn's sync workers close it
after every answer anyway, as they do for the phones.
"""

from __future__ import annotations

import asyncio
import json
import statistics
import sys
import time

PHONE = (
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 "
    "(KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1"
)


async def ask(port: int, path: str, etag: str | None) -> tuple[int, str | None, int]:
    """One GET: (status, ETag, bytes received, headers and body)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    request = (
        f"GET {path} HTTP/1.1\r\nHost: localhost\r\nAccept-Language: en\r\n"
        f"Accept-Encoding: gzip\r\nUser-Agent: {PHONE}\r\nConnection: close\r\n"
        + (f"If-None-Match: {etag}\r\n" if etag else "")
        + "\r\n"
    )
    writer.write(request.encode())
    await writer.drain()
    answer = await reader.read()
    writer.close()
    head = answer.split(b"\r\n\r\n", 1)[0].decode("latin-1").split("\r\n")
    status = int(head[0].split()[1])
    tag = next(
        (line.split(":", 1)[1].strip() for line in head[1:] if line.lower().startswith("etag:")),
        None,
    )
    return status, tag, len(answer)


def _summary(latencies: list[float], statuses: list[int], received: int, seconds: float) -> dict:
    ordered = sorted(latencies) or [0.0]
    return {
        "requests": len(latencies),
        "seconds": round(seconds, 2),
        "per_second": round(len(latencies) / seconds, 1),
        "p50_ms": round(statistics.median(ordered) * 1000, 1),
        "p95_ms": round(ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))] * 1000, 1),
        "max_ms": round(ordered[-1] * 1000, 1),
        "statuses": {str(code): statuses.count(code) for code in sorted(set(statuses))},
        "kib_per_second": round(received / seconds / 1024, 1),
        "client_cpu_share": round(time.process_time() / seconds, 3),
    }


async def closed(port: int, path: str, etag: str | None, connections: int, seconds: float):
    latencies, statuses, received = [], [], 0
    end = time.perf_counter() + seconds

    async def loop():
        nonlocal received
        while time.perf_counter() < end:
            started = time.perf_counter()
            try:
                status, _tag, size = await ask(port, path, etag)
            except OSError:
                status, size = 0, 0
            latencies.append(time.perf_counter() - started)
            statuses.append(status)
            received += size

    started = time.perf_counter()
    await asyncio.gather(*(loop() for _ in range(connections)))
    return _summary(latencies, statuses, received, time.perf_counter() - started)


async def open_loop(port: int, path: str, etag: str, rate: float, seconds: float, stale: float):
    latencies, statuses, received = [], [], 0
    newest = etag
    every = round(1 / stale) if stale else 0

    async def one(number: int, scheduled: float):
        nonlocal received, newest
        sent = etag if every and number % every == 0 else newest
        try:
            status, tag, size = await ask(port, path, sent)
        except OSError:
            status, tag, size = 0, None, 0
        latencies.append(time.perf_counter() - scheduled)
        statuses.append(status)
        received += size
        if status == 200 and tag:
            newest = tag

    started = time.perf_counter()
    tasks = []
    for number in range(int(rate * seconds)):
        scheduled = started + number / rate
        await asyncio.sleep(max(0.0, scheduled - time.perf_counter()))
        tasks.append(asyncio.create_task(one(number, scheduled)))
    await asyncio.gather(*tasks)
    return _summary(latencies, statuses, received, time.perf_counter() - started)


def main(arguments: dict) -> dict:
    mode = arguments.pop("mode")
    if mode == "closed":
        return asyncio.run(closed(**arguments))
    return asyncio.run(open_loop(**arguments))


if __name__ == "__main__":
    print(json.dumps(main(json.loads(sys.argv[1]))))
