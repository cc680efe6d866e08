"""League points for places and the order of the standings (pure)."""

import pytest

from tournament.core.league import (
    DEFAULT_SCALE,
    PlayerRecord,
    ScaleError,
    band,
    band_label,
    format_scale,
    parse_scale,
    points_for,
    rank,
)


@pytest.mark.parametrize(
    ("place", "expected"), [(1, 0), (2, 1), (3, 2), (4, 2), (5, 3), (8, 3), (9, 4), (256, 8)]
)
def test_bands_of_places(place, expected):
    assert band(place) == expected


def test_band_labels():
    assert [band_label(index) for index in range(5)] == ["1", "2", "3-4", "5-8", "9-16"]


def test_default_scale_as_documented():
    # README: main 1st 10, 2nd 7, 3rd-4th 5, 5th-8th 3, 9th-16th 2, 17th-32nd 1;
    # consolation 4, 3, 2, 1; last chance 2, 1.
    assert [points_for(DEFAULT_SCALE, "main", place) for place in (1, 2, 3, 5, 9, 17, 33)] == [
        10, 7, 5, 3, 2, 1, 0,
    ]  # fmt: skip
    assert points_for(DEFAULT_SCALE, "consolation", 1) == 4
    assert points_for(DEFAULT_SCALE, "last_chance", 2) == 1
    assert points_for(DEFAULT_SCALE, "last_chance", 3) == 0
    # A consolation win is worth less than reaching the main semi-finals.
    assert points_for(DEFAULT_SCALE, "consolation", 1) < points_for(DEFAULT_SCALE, "main", 3)


def test_parse_and_format_scale():
    assert parse_scale(" 10, 7;5 3") == (10, 7, 5, 3)
    assert format_scale((10, 7, 5)) == "10,7,5"
    assert parse_scale("") == ()
    for bad in ("10,-1", "x", "10," * 10, "5000"):
        with pytest.raises(ScaleError):
            parse_scale(bad)


def player(name, **figures):
    return PlayerRecord(player=name, name=name, **figures)


def test_ranking_and_each_tie_break():
    records = [
        player("Dani", league_points=10, matches_won=3),
        player("Bea", league_points=12),
        player("Cesc", league_points=10, matches_won=4),  # more matches won
        player("Ona", league_points=10, matches_won=3, points_won=9, points_lost=4),
        player("Ada", league_points=10, matches_won=3, points_won=8, points_lost=3, games_won=5),
        player("Pol", league_points=10, matches_won=3, points_won=8, points_lost=3, games_won=5),
    ]
    ordered = rank(records)
    # Ada, Ona and Pol all have +5 points; Ada and Pol also 5 games won; Ona 0.
    assert [record.name for record in ordered] == ["Bea", "Cesc", "Ada", "Pol", "Ona", "Dani"]
    assert [record.rank for record in ordered] == [1, 2, 3, 3, 5, 6]
    assert [record.tied for record in ordered] == [False, False, True, True, False, False]
