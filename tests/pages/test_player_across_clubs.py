"""One player in two clubs' tournaments (issue 40, item 4): one public page with both
clubs' events, each linked into its own club's pages, and the seasons of the same years
told apart; one private link with both clubs' matches, a game reported in the second
club's match reaching that club's directors; and contact details kept from the
directors of a club the player is not a member of."""

import pytest
from django.test import Client

import builders
from tournament.models import GameReport, Match, Player, Season, Tournament
from tournament.operations.links import link_for, token_of

GAMMON_TO_FIRST = {"winner": "0", "kind": "gammon", "cube": "1", "how": "played"}


def english(user=None) -> Client:
    client = Client(headers={"accept-language": "en"})
    if user is not None:
        client.force_login(user)
    return client


def running_match(tournament, first, second) -> Match:
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.RUNNING)
    return Match.objects.create(
        tournament=tournament, player1=first, player2=second, length=5, status="ready"
    )


@pytest.fixture
def two_clubs(tournament, bcn):
    """Anna, a member of the founding club, plays in its cup and in Barcelona's open of
    a season of the same years (2002)."""
    anna = builders.member(Player.objects.create(name="Anna Bosch", email="anna@q.org"), "12")
    xavier = Player.objects.create(name="Xavier Roca")
    jordi = builders.member(Player.objects.create(name="Jordi Puig"), "3", bcn)
    season = Season.from_preset(2002, "qgammon-2002", name="Temporada 2002", club=bcn)
    season.save()
    open_ = Tournament.objects.create(season=season, name="Open de Barcelona", date="2002-11-16")
    ours = running_match(tournament, anna, xavier)
    theirs = running_match(open_, anna, jordi)
    return anna, ours, theirs


def test_the_player_page_shows_both_clubs_events_linked_into_each_club(
    client, two_clubs, bcn, django_assert_max_num_queries
):
    anna, ours, theirs = two_clubs
    # One query more than a one-club player's page (tests/pages/test_pages_flat_in_history):
    # the clubs she is a member of.
    with django_assert_max_num_queries(6):
        page = client.get(anna.get_absolute_url())
    assert page.context["several_clubs"]
    seasons = page.context["seasons"]
    assert [(season.years, season.club.slug) for season in seasons] == [
        ("2002", "q-gammon"),
        ("2002", "bcn"),
    ]
    text = page.content.decode()
    assert "Member of" in text and 'href="/clubs/q-gammon/"' in text
    # The founding club's season is the page's own; Barcelona's is named by its club.
    assert page.context["season"] == seasons[0]
    assert '<a href="?season=2002&amp;club=bcn">Temporada 2002 · Backgammon Barcelona</a>' in text
    # Her next match's links go to its own club's pages.
    assert page.context["next_links"][:2] in (
        (f"/tournaments/{ours.tournament_id}/", f"/matches/{ours.pk}/"),
        (f"/clubs/bcn/tournaments/{theirs.tournament_id}/", f"/clubs/bcn/matches/{theirs.pk}/"),
    )

    other = client.get(anna.get_absolute_url(), {"season": "2002", "club": "bcn"})
    assert other.context["season"] == seasons[1]
    assert [line.match for line in other.context["matches"].data.data] == [theirs]
    body = other.content.decode()
    assert f'href="/clubs/bcn/tournaments/{theirs.tournament_id}/"' in body
    assert f'href="/clubs/bcn/matches/{theirs.pk}/"' in body
    assert "Backgammon Barcelona" in body

    # The years alone are the founding club's season, as every address ever shared.
    founding = client.get(anna.get_absolute_url(), {"season": "2002"})
    assert [line.match for line in founding.context["matches"].data.data] == [ours]
    assert f'href="/tournaments/{ours.tournament_id}/"' in founding.content.decode()
    assert (
        client.get(anna.get_absolute_url(), {"season": "2002", "club": "nowhere"}).status_code
        == 404
    )


def test_the_same_page_from_another_clubs_address_links_the_same(client, two_clubs):
    anna, ours, _theirs = two_clubs
    page = client.get(f"/clubs/bcn/players/{anna.pk}/", {"season": "2002"})
    assert f'href="/tournaments/{ours.tournament_id}/"' in page.content.decode()


def test_a_player_of_the_founding_club_only_reads_as_before(client, tournament, players):
    running_match(tournament, *players)
    page = client.get(players[0].get_absolute_url())
    assert not page.context["several_clubs"] and page.context["clubs"] == []
    assert "Member of" not in page.content.decode()


def test_the_private_link_shows_both_clubs_matches_and_reports_to_the_second_club(
    two_clubs, bcn_director, director
):
    anna, _ours, theirs = two_clubs
    address = f"/p/{token_of(link_for(anna))}/"
    page = english().get(address)
    assert page.status_code == 200
    text = page.content.decode()
    assert "Xavier Roca" in text and "Jordi Puig" in text

    report = {**GAMMON_TO_FIRST, "version": str(theirs.version)}
    response = english().post(f"{address}matches/{theirs.pk}/report/", report)
    assert response.status_code == 302
    waiting = GameReport.objects.get()
    assert (waiting.match, waiting.reported_by) == (theirs, anna)

    queue = english(bcn_director).get("/clubs/bcn/director/reports/")
    assert queue.status_code == 200
    assert [row["report"] for row in queue.context["rows"]] == [waiting]


def test_contact_details_are_the_members_clubs_only(two_clubs, bcn_director, director):
    anna, _ours, _theirs = two_clubs
    theirs = english(bcn_director)
    # Another club's member is not on this club's desk at all (the director's door:
    # a row of another club named in the address is a 403).
    desk = theirs.get(f"/clubs/bcn/director/players/{anna.pk}/")
    assert desk.status_code == 403
    assert "anna@q.org" not in desk.content.decode()
    refused = theirs.post(f"/clubs/bcn/director/players/{anna.pk}/contact/", {"email": "x@y.org"})
    assert refused.status_code == 403
    anna.refresh_from_db()
    assert anna.email == "anna@q.org"

    ours = english(director).get(f"/director/players/{anna.pk}/").content.decode()
    assert 'value="anna@q.org"' in ours and 'name="federation_number"' in ours
    assert "Member number 12." in ours


def test_a_player_of_no_club_at_all_is_the_founding_clubs(players, bcn_director, director):
    anna = players[0]
    assert english(director).get(f"/director/players/{anna.pk}/").context["contact_form"]
    theirs = english(bcn_director).get(f"/clubs/bcn/director/players/{anna.pk}/")
    assert theirs.status_code == 403
