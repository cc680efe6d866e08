"""The match page's Skill section (docs/skill.md, "Pages"): GNU Backgammon's figures for
each player, from an analysis stored by hand (no gnubg needed), the deepest one when
there are several; nothing when the match has none."""

from __future__ import annotations

import pytest
from analyses import VERSION, figures, result
from django.test import Client
from django.urls import reverse

from tournament.engines.gnubg import MatchAnalysis
from tournament.models import Match
from tournament.operations import analysis


@pytest.fixture
def page(client, match: Match):
    return lambda: client.get(reverse("match", args=[match.pk]))


def test_each_players_pr_and_biggest_error_are_shown(page, match):
    analysis.store(match, result())
    text = page().content.decode()
    assert "GNUBG PR" in text
    assert "A lower PR is better play" in text
    # The PR is half the error rate, with one decimal: Anna 6.2, Xavier 3.3.
    assert "<strong>6.2</strong>" in text and "<strong>3.3</strong>" in text
    assert "-12.4" in text and "-6.6" in text
    # Each player's biggest error: the move played, gnubg's best, the equity lost, the IDs.
    assert "played 24/20 23/22, best 13/9 13/12, 0.231 lost" in text
    assert "played 8/5 6/5, best 24/21 13/11" in text
    assert "Anna Bosch's biggest errors" in text
    assert "4HPwATDgc/ABMA" in text and "cAkAAAAAAAAA" in text
    assert "Analysed by GNU Backgammon at 0-ply" in text
    assert "GNU Backgammon 1.07.001 20230103" in text


def test_a_file_naming_the_players_the_other_way_round_shows_each_under_their_name(page, match):
    analysis.store(match, result(first=-20.0), swapped=True)
    text = page().content.decode()
    # Xavier (the match's second player) is the file's left player: his PR 10.0 now
    # sits in the second column, after Anna's 3.3.
    assert text.index("<strong>3.3</strong>") < text.index("<strong>10.0</strong>")


def test_the_deepest_analysis_is_shown(page, match):
    analysis.store(match, result(ply=2, first=-8.0))
    analysis.store(match, result(ply=0, first=-12.4))
    text = page().content.decode()
    assert "<strong>4.0</strong>" in text and "<strong>6.2</strong>" not in text
    assert "at 2-ply" in text


def test_a_match_without_analysis_has_no_skill_section(page):
    text = page().content.decode()
    assert "Skill" not in text and "GNUBG PR" not in text


def test_the_page_with_an_analysis_reads_it_in_one_query(page, match, django_assert_num_queries):
    analysis.store(match, result(ply=0))
    analysis.store(match, result(ply=2))
    # The match (with the deepest analysis's id), its games, the analysis's players.
    with django_assert_num_queries(3):
        response = page()
    assert response.status_code == 200


def test_the_live_part_does_not_read_the_analysis(client, match, django_assert_num_queries):
    analysis.store(match, result())
    with django_assert_num_queries(2):
        response = client.get(reverse("match", args=[match.pk]), {"partial": "score"})
    assert "GNUBG PR" not in response.content.decode()


def test_the_section_speaks_catalan(match):
    analysis.store(match, result())
    text = Client(headers={"accept-language": "ca"}).get(reverse("match", args=[match.pk]))
    text = text.content.decode()
    # The club's elision turns "de Anna" into "d'Anna"; figures take a decimal comma.
    assert "Nivell de joc" in text and "Els errors més grans d'Anna Bosch" in text
    assert "<strong>6,2</strong>" in text
    assert "jugat 24/20 23/22; millor 13/9 13/12" in text


@pytest.mark.parametrize(
    ("language", "doubler", "taker"),
    [
        (
            "ca",
            "jugat Doblar; millor Massa bo per doblar, refusar",
            "jugat Acceptar; millor Refusar",
        ),
        (
            "es",
            "jugado Doblar; mejor Demasiado bueno para doblar, rechazar",
            "jugado Aceptar; mejor Rechazar",
        ),
        ("en", "played Double, best Too good to double, pass", "played Take, best Pass"),
    ],
)
def test_gnubgs_cube_actions_speak_the_readers_language(match, language, doubler, taker):
    """The biggest errors of a cube decision: what was done and gnubg's proper action in
    the page's language (gnubg writes them in English); the JSON keeps gnubg's words."""
    sides = (
        figures("Anna Bosch", -12.4, kind="cube", played="Double", best="Too good to double, pass"),
        figures("Xavier Roca", -6.6, kind="cube", played="Take", best="Pass"),
    )
    analysis.store(match, MatchAnalysis(ply=0, version=VERSION, players=sides))
    reader = Client(headers={"accept-language": language})
    text = reader.get(reverse("match", args=[match.pk])).content.decode()
    assert doubler in text and taker in text
    if language != "en":
        assert "Too good" not in text and "Take" not in text
    errors = reader.get(reverse("api-match", args=[match.pk])).json()["analysis"]["players"]
    assert [error["best"] for error in errors[0]["biggest"]] == ["Too good to double, pass"]
