"""The player's page, Skill section (docs/skill.md, "The player and the season"): their
GNUBG PR match by match as a chart and as a table, the average weighted by decisions,
the BMAB grade band as an indication; each match by its deepest analysis, public
tournaments only; nothing, and no query more, for a player without an analysis."""

from __future__ import annotations

import re

import pytest
from analyses import analysed_match
from analyses import store_prs as store
from django.test import Client
from django.urls import reverse

from tournament.models import Player, Tournament


@pytest.fixture
def anna(players):
    return players[0]


@pytest.fixture
def page(client, anna):
    return lambda: client.get(reverse("player", args=[anna.pk])).content.decode()


@pytest.fixture
def three(tournament, players, season):
    """Anna's analysed matches: PR 3.0 over 60 decisions on 9 November, PR 11.0 over 20
    a week later, and a third analysed at 0-ply (PR 5.0) and 2-ply (PR 9.0) over 40: the
    figures count at 0-ply, the depth all three share (one depth in one average)."""
    anna, xavier = players
    carla = Player.objects.create(name="Carla Pujol")
    later = Tournament.objects.create(season=season, name="Copa de Nadal", date="2002-11-16")
    analysed_match(tournament, anna, xavier, (3.0, 4.0), decisions=(60, 60))
    analysed_match(later, carla, anna, (2.0, 11.0), decisions=(20, 20))
    third = analysed_match(later, anna, carla, (5.0, 1.0), day="2002-11-17")
    store(third, (9.0, 1.0), ply=2)
    return carla


def test_the_average_is_weighted_by_decisions_and_graded(page, three):
    text = page()
    # (3 x 60 + 11 x 20 + 5 x 40) / 120 = 5.0: Master (a plain mean of the three
    # matches would be 6.3, and 7.7 with the 2-ply analysis mixed in).
    assert "<strong>5.0</strong>" in text
    assert "GNUBG PR over 3 analysed matches (120 decisions)" in text
    assert "Grade band: <strong>Master</strong> (PR 6.5 or lower), as an indication only." in text
    assert "weighted by decisions" in text
    assert "this is GNUBG PR, not XG PR" in text


def test_the_chart_has_a_dot_a_match_and_its_figures_in_words(page, three):
    text = page()
    chart = text.split('<figure class="rating-chart skill-chart">')[1].split("</figure>")[0]
    assert chart.count('class="dot"') == 3
    assert 'class="average"' in chart
    assert '<svg viewBox="0 0 640 220" role="img"' in chart
    assert "3 matches: best 3.0, worst 11.0, average 5.0." in chart
    # The same figures as a table, the oldest first, each PR linked to its match.
    table = text.split('<details class="skill-matches">')[1].split("</details>")[0]
    prs = re.findall(r'<td class="number"><a href="/matches/\d+/">([\d.]+)</a></td>', table)
    assert prs == ["3.0", "11.0", "5.0"]
    assert table.index("Copa de la Queimada") < table.index("Copa de Nadal")
    assert "Xavier Roca" in table and "Carla Pujol" in table


def test_a_private_tournament_does_not_count(page, anna, players, season):
    hidden = Tournament.objects.create(
        season=season, name="Entrenament", date="2002-12-01", public=False
    )
    analysed_match(hidden, anna, players[1], (30.0, 1.0))
    text = page()
    assert "Skill" not in text and "Entrenament" not in text


def test_above_the_bands_no_band_is_claimed(page, tournament, anna, players):
    analysed_match(tournament, anna, players[1], (17.0, 1.0))
    text = page()
    assert "<strong>17.0</strong>" in text
    assert "No grade band: the BMAB bands end at Intermediate, PR 16 or lower." in text
    assert "Grade band:" not in text
    # A single match: its dot alone, no line.
    assert text.count('class="dot"') == 1 and 'class="line"' not in text


def test_a_player_without_analysis_has_no_skill_section(page, tournament, players):
    # Xavier's opponent is analysed in another match; Anna is not.
    carla = Player.objects.create(name="Carla Pujol")
    analysed_match(tournament, players[1], carla, (4.0, 5.0))
    text = page()
    assert "Skill" not in text and "GNUBG PR" not in text and "skill-chart" not in text


def test_a_match_without_a_decision_of_theirs_says_nothing(page, tournament, anna, players):
    # Anna resigned before her first move: gnubg counts no decision of hers.
    analysed_match(tournament, anna, players[1], (0.0, 4.0), decisions=(0, 10))
    assert "Skill" not in page()


def test_the_section_costs_one_query(client, anna, three, django_assert_num_queries):
    url = reverse("player", args=[anna.pk])
    # As without analyses (the player, with whether they have one; their seasons; their
    # matches of the latest, whose scores as written are the head-to-head's points;
    # their next match; their ratings), and their analysed matches.
    with django_assert_num_queries(6):
        assert "skill-chart" in client.get(url).content.decode()


def test_without_analyses_the_page_costs_what_it_did(
    client, anna, match, django_assert_num_queries
):
    with django_assert_num_queries(5):
        assert "Skill" not in client.get(reverse("player", args=[anna.pk])).content.decode()


def test_in_catalan(three, anna):
    text = Client(headers={"accept-language": "ca"}).get(reverse("player", args=[anna.pk]))
    text = text.content.decode()
    assert "<strong>5,0</strong>" in text
    assert "Mestre" in text
