"""One engine's figures in one table (docs/skill.md): a season whose matches were
analysed by two gnubg versions or at two depths counts one comparable set in its PR
table, its workbook, a player's average and Win + Skill, says which engine and depth,
and counts the matches left out, which a director can have analysed again."""

import io
import re

import openpyxl
import pytest
from analyses import analysed_match, figures
from django.urls import reverse

import builders
from tournament.core import club_nights, win_skill
from tournament.engines.gnubg import MatchAnalysis
from tournament.models import Job, Player, Transcript
from tournament.operations import analysis
from tournament.queries.announcement import best_pr

PACKAGE = "GNU Backgammon 1.1.0a16 (the gnubg Python package)"
PROGRAM = "GNU Backgammon 1.07.001, 0-ply"
ONE_LEFT_OUT = "1 match analysed with another engine or depth is not counted: analyse it again."
ROW = re.compile(r"<tr[^>]*>(.*?)</tr>", re.S)
POINTS = re.compile(r'<td[^>]*data-label="Points"[^>]*>(.*?)</td>', re.S)


def store(match, prs, *, version, ply=0, decisions=(40, 40)):
    """`match` analysed by gnubg `version` at `ply`, its players at PR prs[0], prs[1]."""
    sides = [
        figures(str(player), -2 * pr, decisions=(count - 4, 4))
        for player, pr, count in zip((match.player1, match.player2), prs, decisions, strict=True)
    ]
    analysis.store(match, MatchAnalysis(ply=ply, version=version, players=tuple(sides)))
    return match


@pytest.fixture(autouse=True)
def _eighty(settings):
    settings.SKILL_MIN_DECISIONS = 80


@pytest.fixture
def mixed(tournament, players, season):
    """Anna and Xavier: two matches analysed by Debian's 1.07 at 0-ply (Anna PR 3.0 and
    5.0, Xavier 4.0 and 4.0), and a third analysed by the 1.1 package only, where Anna
    played at PR 20.0 (the package's figures are not 1.07's)."""
    anna, xavier = players
    analysed_match(tournament, anna, xavier, (3.0, 4.0))
    analysed_match(tournament, anna, xavier, (5.0, 4.0))
    other = analysed_match(tournament, anna, xavier, (1.0, 1.0))
    store(other, (20.0, 1.0), version=PACKAGE)
    return other


def test_the_seasons_table_counts_one_engine_and_says_which_and_what_it_left_out(client, mixed):
    text = client.get(reverse("season-skill", args=[2002])).content.decode()
    # Anna: (3 + 5) / 2 over the two 1.07 matches, not 9.3 with the package's 20.0.
    assert ">4.0<" in text and ">9.3<" not in text
    assert f"Figures of {PROGRAM}." in text
    assert ONE_LEFT_OUT in text
    # A visitor is not offered the director's action.
    assert reverse("director-analyse-again", args=[2002]) not in text


def test_the_workbook_says_the_same_under_its_skill_sheet(client, mixed):
    response = client.get(reverse("standings-xlsx", args=[2002]))
    book = openpyxl.load_workbook(io.BytesIO(b"".join(response.streaming_content)))
    values = [row[0].value for row in book["Skill"].iter_rows()]
    assert values[1:] == ["Anna Bosch", "Xavier Roca", None, f"Figures of {PROGRAM}.", ONE_LEFT_OUT]


def test_a_players_average_counts_one_engine(client, mixed, players):
    text = client.get(reverse("player", args=[players[0].pk])).content.decode()
    assert "<strong>4.0</strong>" in text
    assert "GNUBG PR over 2 analysed matches (80 decisions)" in text
    assert f"Figures of {PROGRAM}." in text and ONE_LEFT_OUT in text


@pytest.mark.django_db
def test_win_skill_counts_the_skill_points_of_one_depth_and_says_which(client, season):
    tournament, _players = builders.club_night(
        season,
        4,
        format=club_nights.ROUND_ROBIN,
        rng_seed=1,
        start=True,
        scoring=win_skill.WIN_SKILL,
    )
    first, second = tournament.matches.filter(round=1).between_two().order_by("position")
    builders.win(first)
    builders.win(second)
    # The first match analysed at 0-ply only, the second at 2-ply only: as many matches
    # each, so the deeper counts, and the first match's skill point is left out.
    store(first, (2.0, 5.0), version="GNU Backgammon 1.07.001 20230103")
    store(second, (5.0, 5.0), version="GNU Backgammon 1.07.001 20230103", ply=2)
    text = client.get(reverse("tournament", args=[tournament.pk])).content.decode()
    body = text[text.index("<tbody") : text.index("</tbody>")]
    points = sorted(
        re.sub(r"<[^>]+>", "", POINTS.search(row).group(1)).strip() for row in ROW.findall(body)
    )
    # The 2-ply match: 1 + 0.5 and 0.5; the 0-ply one: its win alone, 1 and 0 (its
    # skill point would have made it 2 and 0).
    assert points == ["0", "0.5", "1", "1.5"]
    assert "Figures of GNU Backgammon 1.07.001, 2-ply." in text
    assert ONE_LEFT_OUT in text


def test_a_director_has_the_matches_left_out_analysed_again(client, director_client, mixed):
    Transcript.objects.create(match=mixed, text="; a file\n")
    text = director_client.get(reverse("season-skill", args=[2002])).content.decode()
    url = reverse("director-analyse-again", args=[2002])
    assert url in text
    listed = director_client.get(url).content.decode()
    assert str(mixed) in listed
    response = director_client.post(url)
    assert response.status_code == 302
    assert Job.objects.filter(kind="analysis", key=f"analysis:{mixed.pk}").exists()
    # Not a visitor's, nor a player's without the permission.
    assert client.post(url).status_code == 302
    assert Job.objects.filter(kind="analysis").count() == 1


def test_a_season_analysed_by_one_engine_leaves_nothing_out(client, tournament, players):
    anna, xavier = players
    analysed_match(tournament, anna, xavier, (3.0, 4.0), decisions=(80, 80))
    text = client.get(reverse("season-skill", args=[2002])).content.decode()
    assert f"Figures of {PROGRAM}." in text and "not counted" not in text
    assert Player.objects.count() == 2


def test_the_best_match_of_the_day_is_chosen_among_one_engines_figures(tournament, players):
    """The announcement's best match (issue 38, item 7): Xavier's PR 1.0 by the 1.1
    package and Anna's 0.5 at 2-ply are each lower than any figure of the set counted
    (1.07 at 0-ply, two matches of four), and neither is the best match: PRs of two
    engines or two depths are not compared."""
    anna, xavier = players
    best = analysed_match(tournament, anna, xavier, (3.0, 4.0))
    analysed_match(tournament, anna, xavier, (5.0, 4.0))
    store(analysed_match(tournament, anna, xavier, (6.0, 6.0)), (20.0, 1.0), version=PACKAGE)
    analysed_match(tournament, anna, xavier, (0.5, 6.0), ply=2)
    chosen = best_pr(tournament)
    assert (chosen.name, chosen.opponent, chosen.match_id) == ("Anna Bosch", "Xavier Roca", best.pk)
    assert chosen.pr == pytest.approx(3.0) and chosen.settings == PROGRAM
