"""`make bench`'s figures for the workbook: the season export's time beside the floor,
plain openpyxl writing the same cells (already in memory) in write-only mode; and its
peak memory for a season of about 2,000 games beside one of 20,000, which should be
about the same, since the Matches and Games sheets stream from the database a chunk
at a time (`exports.sheets.ROWS_CHUNK`).

Each peak is also given in its two parts, to say where any growth lies: computing the
standings (`queries.standings`, which the Standings and Players sheets share with the
standings page) and writing the sheets once the standings are known (the streamed part).
"""

from __future__ import annotations

import gc
import tempfile
import tracemalloc

from openpyxl import Workbook

from ..exports import season_sheets, tournament_sheets, write_workbook
from ..models import Game, Season, Tournament
from ..queries.standings import season_standings
from .measure import measure

TARGET_TIME_RATIO = 1.2  # the season export within 1.2x of the plain openpyxl floor
TARGET_MEMORY_RATIO = 1.3  # ten times the games, at most 1.3x the peak memory
SIDE_BY_SIDE = ("games", "peak_mib", "standings_peak_mib", "writing_peak_mib")


def run(emit, repeat: int, small: Season, big: Season, cup: Tournament) -> None:
    """Print the figures as JSON lines through `emit`: the export of `small` and of
    `big` (the seasons of about 2,000 and 20,000 games), of `cup` alone, the floor for
    `big`, and the two ratios with their targets."""
    small_export, export = (_season_export(emit, repeat, season) for season in (small, big))
    games = Game.objects.filter(match__tournament=cup).count()
    emit(measure("tournament_export", lambda: _write(tournament_sheets(cup)), repeat, games=games))
    cells = [(sheet.title, sheet.headers, list(sheet.rows)) for sheet in season_sheets(big)]
    floor = measure("plain_openpyxl_floor", lambda: _floor(cells), repeat, games=export["games"])
    emit(floor)
    time_ratio = export["seconds"] / floor["seconds"]
    emit(
        {
            "name": "export_vs_floor",
            "games": export["games"],
            "seconds": export["seconds"],
            "floor_seconds": floor["seconds"],
            "time_ratio": round(time_ratio, 2),
            "memory_ratio": round(export["peak_mib"] / max(floor["peak_mib"], 0.01), 2),
            "target_time_ratio": TARGET_TIME_RATIO,
            "within_target": time_ratio <= TARGET_TIME_RATIO,
        }
    )
    memory_ratio = export["peak_mib"] / max(small_export["peak_mib"], 0.01)
    emit(
        {
            "name": "export_memory_flat",
            # Side by side: [about 2,000 games, about 20,000 games].
            **{key: [small_export[key], export[key]] for key in SIDE_BY_SIDE},
            "peak_memory_ratio": round(memory_ratio, 2),
            "target_peak_memory_ratio": TARGET_MEMORY_RATIO,
            "within_target": memory_ratio <= TARGET_MEMORY_RATIO,
        }
    )


def _season_export(emit, repeat: int, season: Season) -> dict:
    games = Game.objects.filter(match__tournament__season=season).count()
    data = measure("season_export", lambda: _write(season_sheets(season)), repeat, games=games)
    data["standings_peak_mib"] = _peak(lambda: season_standings(season))
    sheets = season_sheets(season)  # the standings known: what is left is streamed
    data["writing_peak_mib"] = _peak(lambda: _write(sheets))
    emit(data)
    return data


def _write(sheets) -> None:
    with tempfile.TemporaryFile() as output:
        write_workbook(sheets, output)


def _peak(run) -> float:
    """The peak memory of `run` in MiB, with no garbage of earlier work left to count."""
    gc.collect()
    tracemalloc.start()
    try:
        run()
        _current, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return round(peak / 2**20, 2)


def _floor(cells) -> None:
    workbook = Workbook(write_only=True)
    for title, headers, rows in cells:
        worksheet = workbook.create_sheet(title=title)
        worksheet.append(headers)
        for row in rows:
            worksheet.append(row)
    with tempfile.TemporaryFile() as output:
        workbook.save(output)
