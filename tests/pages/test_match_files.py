"""Out (issue 26, item 6): a match's .mat download tagged with its event, round, date,
club and the players' ratings before it; and a player's analysed matches in one zip
from their private link, each transcript tagged, with a CSV of their GNUBG PR."""

from __future__ import annotations

import csv
import io
import zipfile

import pytest
from analyses import analysed
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import translation

from builders import cup, play_out, the_season
from tournament.core import draw, matfile
from tournament.models import Match, RatingChange, Transcript
from tournament.operations import transcripts
from tournament.operations.links import link_for, token_of
from tournament.queries.match_labels import ROUNDS_IN_BRACKET, is_main_final, round_label

pytestmark = pytest.mark.django_db
NAMES = ("Anna Bosch", 'Berta "../../etc/passwd"', "Carla Puig", "Dolors Vila")


@pytest.fixture
def played():
    """A public cup of four, played out: two semi-finals and a final."""
    tournament = cup(the_season(), NAMES, name='Open "Nadal"', start=True, public=True)
    play_out(tournament)
    return tournament


def rows(tournament):
    return list(
        Match.objects.filter(tournament=tournament)
        .select_related("bracket", "player1", "player2")
        .annotate(rounds_in_bracket=ROUNDS_IN_BRACKET)
        .order_by("round", "position")
    )


def hand_in(match: Match, swapped: bool = False) -> Transcript:
    """The match's file as a player would hand it in (here: the site's own, with an
    eXtreme Gammon header of its own), and an analysis of it."""
    text = '; [Site "eXtreme Gammon"]\n; [Variation "Backgammon"]\n\n' + transcripts.export(match)
    transcript = Transcript.objects.create(match=match, text=text, swapped=swapped)
    analysed(match, first=-10.0, second=-20.0)
    return transcript


def test_the_final_and_the_rounds_in_words(played):
    semi, _other, final = rows(played)
    with translation.override("en"):
        labels = [round_label(match, match.rounds_in_bracket) for match in (semi, final)]
    assert labels == ["Semi-finals", "Final"]
    assert (is_main_final(semi.pk), is_main_final(final.pk)) == (False, True)


def test_the_download_carries_event_round_date_and_ratings(client, played):
    final = rows(played)[-1]
    before = {change.player_id: change for change in RatingChange.objects.filter(match=final)}
    response = client.get(reverse("match-mat", args=[final.pk]))
    assert response.status_code == 200
    headers = matfile.parse(response.content.decode()).headers
    assert headers["Event"] == "Open 'Nadal'"  # a quote cannot end the tag
    assert headers["Round"] == "Final"
    assert headers["EventDate"] == f"{final.decided_at.astimezone():%Y.%m.%d}"
    assert headers["Site"] == "Q-gammon"
    first, second = before[final.player1_id], before[final.player2_id]
    assert headers["Player 1 Elo"] == f"{first.before:.2f}/{first.experience_before}"
    assert headers["Player 2 Elo"] == f"{second.before:.2f}/{second.experience_before}"
    # The rating before the final, not after it.
    assert first.before != first.after


def zip_url(player) -> str:
    return reverse("player-matches-zip", args=[token_of(link_for(player))])


def test_a_player_downloads_their_analysed_matches_in_one_zip(client, played):
    semi, other, final = rows(played)
    finalist = final.player1
    theirs = next(match for match in (semi, other) if finalist in match.players)
    hand_in(theirs)
    hand_in(final, swapped=True)
    hand_in(next(match for match in (semi, other) if match is not theirs))  # not theirs
    url = zip_url(finalist)
    response = client.get(url)
    assert response.status_code == 200
    assert response["Content-Type"] == "application/zip"
    assert response["Cache-Control"] == "private, no-store"
    archive = zipfile.ZipFile(io.BytesIO(b"".join(response.streaming_content)))
    names = archive.namelist()
    assert len(names) == 3 and names[-1] == "matches.csv"
    for name in names:
        assert "/" not in name and ".." not in name and '"' not in name
    files = [matfile.parse(archive.read(name).decode()) for name in names[:2]]
    assert [parsed.headers["Round"] for parsed in files] == ["Semi-finals", "Final"]
    assert all(parsed.headers["Site"] == "Q-gammon" for parsed in files)
    assert all(parsed.headers["Variation"] == "Backgammon" for parsed in files)
    # The final's file names the match's second player first: its tags follow the file.
    assert files[1].headers["Player 1"] == final.player2.name
    table = list(csv.DictReader(io.StringIO(archive.read("matches.csv").decode())))
    assert [row["file"] for row in table] == names[:2]
    # In the final the finalist was the file's right player: the analysis stored them
    # on their side in the match, the first (-10.0, PR 5.0).
    assert [row["my GNUBG PR"] for row in table] == ["5.00", "5.00"]
    assert table[1]["opponent"] == final.player2.name


def test_the_zip_costs_the_same_queries_for_one_match_or_many(client, played):
    semi, _other, final = rows(played)
    hand_in(final)
    url = zip_url(final.player1)
    with CaptureQueriesContext(connection) as one:
        b"".join(client.get(url).streaming_content)
    hand_in(semi if final.player1 in semi.players else _other)
    with CaptureQueriesContext(connection) as two:
        b"".join(client.get(url).streaming_content)
    # The link with its player, the matches with their PR, the ratings, the transcripts.
    assert len(one) == len(two) == 4


def test_no_analysed_match_says_so_on_the_players_page(client, played):
    player = rows(played)[0].player1
    response = client.get(zip_url(player), follow=True)
    assert response.redirect_chain[-1][0] == reverse(
        "player-page", args=[token_of(link_for(player))]
    )
    assert "You have no analysed matches yet" in response.content.decode()
    assert "Download my analysed matches (.zip)" in response.content.decode()


def test_an_unknown_link_is_404(client, played):
    assert client.get(reverse("player-matches-zip", args=["nope"])).status_code == 404


def test_only_the_main_brackets_last_round_is_the_final(client):
    """A consolation's last round is named as its bracket's, and is not the final a club
    analyses deeper; a tag names its bracket."""
    tournament = cup(the_season(), 8, consolation=draw.FIRST_ROUND, start=True, public=True)
    play_out(tournament)
    finals = {
        match.bracket.kind: match
        for match in rows(tournament)
        if match.round == match.rounds_in_bracket
    }
    assert is_main_final(finals[draw.MAIN].pk)
    assert not is_main_final(finals[draw.CONSOLATION].pk)
    consolation = finals[draw.CONSOLATION]
    response = client.get(reverse("match-mat", args=[consolation.pk]))
    assert matfile.parse(response.content.decode()).headers["Round"] == "Consolation: Final"
