"""The director chooses Win + Skill and the average-PR tie-break on the tournament form:
shown for a Swiss or a round robin with their help, saved and audited, refused beside
the field when unknown; a form that leaves them out keeps the plain wins."""

import pytest
from django.urls import reverse

from tournament.core import club_nights, win_skill
from tournament.models import AuditEntry


def swiss_form(season, **more):
    return {
        "season": season.pk,
        "name": "Lliga suïssa",
        "date": "2002-03-01",
        "format": club_nights.SWISS,
        "rounds": 4,
        "round_lengths": "7",
        "knockout": 0,
        "consolation": "none",
        "progressive_rounds": 2,
        "main_lengths": "5",
        "reporting": "confirm",
        **more,
    }


@pytest.mark.django_db
def test_the_form_offers_win_skill_to_the_club_night_formats_with_its_help(director_client, season):
    html = director_client.get(reverse("director-tournament-new")).content.decode()
    assert 'name="scoring"' in html and 'name="tie_break"' in html
    assert 'data-formats="swiss round_robin rating_swiss"' in html
    assert "a point for the win and a point for the better GNUBG PR" in html
    assert "players without an analysed match come after" in html


@pytest.mark.django_db
def test_the_form_makes_a_win_skill_swiss_that_breaks_ties_by_average_pr(director_client, season):
    response = director_client.post(
        reverse("director-tournament-new"),
        swiss_form(season, scoring=win_skill.WIN_SKILL, tie_break=win_skill.AVERAGE_PR),
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    created = season.tournaments.get(name="Lliga suïssa")
    assert created.standings_scoring == win_skill.Scoring(win_skill.WIN_SKILL, win_skill.AVERAGE_PR)
    entry = AuditEntry.objects.filter(tournament=created).latest("pk")
    assert "win_skill" in str(entry.after) and "average_pr" in str(entry.after)


@pytest.mark.django_db
def test_left_out_the_standings_score_wins_as_before(director_client, season):
    response = director_client.post(reverse("director-tournament-new"), swiss_form(season))
    assert response.status_code == 302
    created = season.tournaments.get(name="Lliga suïssa")
    assert (created.scoring, created.tie_break) == (win_skill.WINS, win_skill.STANDARD)


@pytest.mark.django_db
def test_an_unknown_scoring_is_refused_beside_the_field(director_client, season):
    response = director_client.post(
        reverse("director-tournament-new"), swiss_form(season, scoring="goals")
    )
    assert response.status_code == 400
    assert "Select a valid choice" in response.content.decode()
    assert not season.tournaments.filter(name="Lliga suïssa").exists()
