"""How a place is written has one home, the core's league (`place_label`, and
`final_place_label` for a tournament's final places): "2", "=2" for a tie on every
tie-break, "3-4" for a band shared by how far the players got. The tournament results,
a club night's places, the scale's bands and the standings' ranks all ask it."""

from types import SimpleNamespace

import pytest

from tournament.core.league import band_label, final_place_label, place_label
from tournament.queries.club_nights import FinalPlaces
from tournament.queries.standings import Place
from tournament.tables import StandingsTable


@pytest.mark.parametrize(
    ("best", "worst", "ties", "label"),
    [
        (1, 1, False, "1"),
        (1, 1, True, "1"),  # held alone: no "=" even where places are shared by ties
        (3, 4, False, "3-4"),  # a knockout's semi-final losers
        (2, 3, True, "=2"),  # a club night's table, level on every tie-break
        (5, 8, False, "5-8"),
    ],
)
def test_a_final_place(best, worst, ties, label):
    assert final_place_label(best, worst, ties=ties) == label
    # The tournament results and a club night's places write it the same way.
    assert Place(None, "main", (best, worst), None, 0, ties).label == label
    assert FinalPlaces({7: (best, worst)}, ties).label(7) == label


def test_a_place_or_a_rank():
    assert place_label(2) == "2"
    assert place_label(2, tied=True) == "=2"
    assert place_label(3, 4) == "3-4"


def test_the_scale_bands_are_written_as_places():
    assert [band_label(index) for index in range(5)] == [
        place_label(1),
        place_label(2),
        place_label(3, 4),
        place_label(5, 8),
        place_label(9, 16),
    ]


def test_a_shared_rank_in_the_standings_table():
    table = StandingsTable([])
    shared, alone = SimpleNamespace(tied=True), SimpleNamespace(tied=False)
    assert table.render_rank(3, shared) == table.value_rank(3, shared) == place_label(3, tied=True)
    # A rank alone stays a number: a number cell in the workbook.
    assert table.render_rank(3, alone) == table.value_rank(3, alone) == 3
