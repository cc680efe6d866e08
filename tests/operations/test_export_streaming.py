"""The season workbook streams its Matches and Games sheets from the database a chunk of
rows at a time: writing them holds about the same memory, and runs the same queries,
for four times the games. (The times and the 2,000 v 20,000-game peaks are the
bench's: `manage.py bench`, export_memory_flat.)"""

import gc
import io
import random
import tempfile
import tracemalloc

import openpyxl
import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tournament.core import sample_games, scoring
from tournament.exports import season_sheets, write_workbook
from tournament.exports.sheets import ROWS_CHUNK
from tournament.models import Game, Match, Player, Tournament
from tournament.operations.results import game_row

GAMES = 1_000  # four chunks and more: a season this big is streamed already


def play_friendlies(tournament, players, games: int, rng) -> None:
    """Friendlies (matches outside any bracket) to 7 points, played out with legal random
    games until about `games` games more are stored. Stored in bulk: only the reading
    is tested here, and building thousands of games through the operations is the
    bench's job."""
    rules = tournament.season.rules
    stored = Game.objects.filter(match__tournament=tournament).count()
    target = stored + games
    while stored < target:
        first, second = rng.sample(players, 2)
        results = list(sample_games.games_to_finish(scoring.replay(7, [], rules), rng))
        state = scoring.replay(7, results, rules)
        match = Match.objects.create(
            tournament=tournament,
            player1=first,
            player2=second,
            length=7,
            status=Match.Status.DECIDED,
            decided_by=Match.DecidedBy.GAMES,
            winner=(first, second)[state.winner],
            score1=state.score[0],
            score2=state.score[1],
        )
        # The rows the operations write for each game, written in bulk.
        Game.objects.bulk_create(game_row(match, outcome, None) for outcome in state.games)
        stored += len(results)


def write(season) -> tuple[float, int, bytes]:
    """The season's workbook written once its standings are known (they are computed
    first, as the view does): the peak memory of the writing in bytes, the queries it
    ran and the file."""
    sheets = season_sheets(season)
    # To a file, as the download view writes it: the finished file is not counted.
    with tempfile.TemporaryFile() as output:
        gc.collect()  # no garbage of earlier work counted in the peak
        tracemalloc.start()
        try:
            with CaptureQueriesContext(connection) as queries:
                write_workbook(sheets, output)
            _current, peak = tracemalloc.get_traced_memory()
        finally:
            tracemalloc.stop()
        output.seek(0)
        return peak, len(queries), output.read()


def count_rows(sheet) -> int:
    return sum(1 for _row in sheet.iter_rows(values_only=True))


# Among the suite's slowest (9 s in one process on 2 busy cores): a season of thousands of
# games written twice, its memory peak measured: the size is the point
@pytest.mark.django_db
def test_four_times_the_games_are_written_in_about_the_same_memory(season):
    assert GAMES > 3 * ROWS_CHUNK
    rng = random.Random(15)
    players = Player.objects.bulk_create([Player(name=f"Jugador {n:02d}") for n in range(12)])
    tournament = Tournament.objects.create(season=season, name="Amistosos", public=True)
    play_friendlies(tournament, players, GAMES, rng)
    peak, queries, _file = write(season)

    play_friendlies(tournament, players, 3 * GAMES, rng)
    peak_4n, queries_4n, file_4n = write(season)

    games = Game.objects.filter(match__tournament__season=season).count()
    assert games >= 4 * GAMES
    book = openpyxl.load_workbook(io.BytesIO(file_4n), read_only=True)
    assert count_rows(book["Games"]) == games + 1  # every game, under the header
    matches = Match.objects.filter(tournament__season=season).count()
    assert count_rows(book["Matches"]) == matches + 1
    # Holding every row at once would cost about 0.7 KiB a game more (2 MiB here).
    assert peak_4n < 1.25 * peak, (peak, peak_4n)
    # Streamed by the database cursor: no query a chunk, the same queries however many.
    assert queries_4n == queries
