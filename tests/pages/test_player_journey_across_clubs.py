"""One player, many clubs (issue 40, item 4): a member of the founding club, with one
private link, enters another club's open tournament with their one identity. They
register on that club's page (found as the same player: no second row, and no
membership they did not ask for), check in at its door from their link, report a game
that their opponent confirms, hand in a match's file that the opponent confirms, and
their one rating and one player page hold both clubs' matches."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

import builders
from tournament import operations
from tournament.core.scoring import GameResult
from tournament.models import (
    Entry,
    GameReport,
    Match,
    Membership,
    Player,
    RatingChange,
    Season,
    Transcript,
)
from tournament.operations import registrations
from tournament.operations.links import link_for, token_of

FILE = Path(__file__).resolve().parents[1] / "data" / "gnubg" / "noisy_5pt.mat"


def browser() -> Client:
    return Client(headers={"accept-language": "en"})


def link(player: Player) -> str:
    return reverse("player-page", args=[token_of(link_for(player))])


@pytest.fixture
def nuria(db):
    """A member of the founding club (its number Q-0412), with her address on record."""
    player = Player.objects.create(name="Núria Ferrer", email="nuria@example.org")
    return builders.member(player, "Q-0412")


@pytest.fixture
def pere(bcn):
    return builders.member(Player.objects.create(name="Pere Puig"), "B-7", bcn)


@pytest.fixture
def bcn_season(bcn):
    season = Season.from_preset(2026, "qgammon-2002", name="Temporada BCN")
    season.club = bcn
    season.save()
    return season


@pytest.fixture
def open_in_bcn(bcn_season, pere):
    """The second club's open: Pere entered, registration open, not drawn yet."""
    tournament = builders.cup(
        bcn_season,
        [pere],
        name="Obert de Barcelona",
        brackets={"main": "5"},
        rng_seed=None,
        date="2026-05-01",
    )
    registrations.set_registration(tournament, open_=True, cap=None, closes=None, user=None)
    return tournament


def founding_match(nuria) -> Match:
    """Núria's cup final at home, played to the end: a backgammon in a 3-point match."""
    other = builders.new_players(1, prefix="Soci")[0]
    season = builders.the_season(2002)
    home = builders.cup(season, [nuria, other], name="Copa Q-gammon", brackets={"main": "3"})
    match = Match.objects.get(tournament=home)
    side = 0 if match.player1_id == nuria.pk else 1
    operations.record_game(match, GameResult(side, kind="backgammon"))
    return match


def test_a_founding_member_plays_the_second_clubs_open_with_her_one_identity(
    nuria, pere, open_in_bcn, bcn_season
):
    players_before = Player.objects.count()
    # She registers on the second club's page, by her name and her address on record.
    form = f"/clubs/bcn/tournaments/{open_in_bcn.pk}/register/"
    assert browser().get(form).status_code == 200
    answer = browser().post(form, {"name": "Núria Ferrer", "email": "nuria@example.org"})
    assert answer.status_code == 200
    entry = Entry.objects.get(tournament=open_in_bcn, player=nuria)
    # The same player: no second row; a guest of the second club, not made its member
    # (its director makes her one, with its own number, if she joins).
    assert Player.objects.count() == players_before
    assert set(Membership.objects.filter(player=nuria).values_list("club__slug", "number")) == {
        ("q-gammon", "Q-0412")
    }

    # The door: the window open, "I'm here" from her one private link.
    operations.open_check_in(open_in_bcn)
    Entry.objects.filter(pk=entry.pk).update(checked_in=False)
    page = browser().get(link(nuria)).content.decode()
    assert "Obert de Barcelona" in page and "I'm here</button>" in page
    here = browser().post(f"{link(nuria)}tournaments/{open_in_bcn.pk}/here/")
    assert here.status_code == 302
    entry.refresh_from_db()
    assert entry.checked_in

    # Drawn and started: Núria v Pere. She reports game 1 from her link, he confirms.
    operations.make_draw(open_in_bcn, rng_seed=1)
    operations.start_tournament(open_in_bcn)
    final = Match.objects.get(tournament=open_in_bcn)
    nuria_side = "0" if final.player1_id == nuria.pk else "1"
    report = {"winner": nuria_side, "kind": "gammon", "cube": "1", "how": "played"}
    report["version"] = str(final.version)
    assert browser().post(f"{link(nuria)}matches/{final.pk}/report/", report).status_code == 302
    waiting = GameReport.objects.get(match=final)
    confirm = f"{link(pere)}matches/{final.pk}/confirm/"
    assert browser().post(confirm, {"report": waiting.pk}).status_code == 302
    final.refresh_from_db()
    assert final.games.count() == 1 and sorted((final.score1, final.score2)) == [0, 2]

    # A second event of the club, Núria v Pere again: she hands in the match's file, he
    # confirms it from his page, and it is the match's transcript.
    league = builders.cup(
        bcn_season, [nuria, pere], name="Lliga BCN", brackets={"main": "5"}, date="2026-06-01"
    )
    played = Match.objects.get(tournament=league)
    upload = SimpleUploadedFile("match.mat", FILE.read_bytes())
    hand_in = reverse("player-hand-in", args=[token_of(link_for(nuria)), played.pk])
    handed = browser().post(hand_in, {"file": upload})
    assert handed.status_code == 302, handed.content.decode()[:500]
    file_report = GameReport.objects.get(match=played)
    confirm = f"{link(pere)}matches/{played.pk}/confirm/"
    assert browser().post(confirm, {"report": file_report.pk}).status_code == 302
    played.refresh_from_db()
    assert played.status == "decided" and Transcript.objects.filter(match=played).exists()

    # Her one rating: the founding club's match and the second club's, one list.
    home = founding_match(nuria)
    rated = set(RatingChange.objects.filter(player=nuria).values_list("match_id", flat=True))
    assert rated == {home.pk, played.pk}
    nuria.refresh_from_db()
    assert nuria.rated_matches == 2

    # Her one page: both clubs' seasons, the newest (the second club's) shown first with
    # both its events, the founding club's season by its years.
    page = browser().get(f"/players/{nuria.pk}/").content.decode()
    assert "Temporada BCN · Backgammon Barcelona" in page
    assert "Temporada 2002 · Q-gammon" in page
    assert "Obert de Barcelona" in page and "Lliga BCN" in page
    home = browser().get(f"/players/{nuria.pk}/?season=2002").content.decode()
    assert "Copa Q-gammon" in home and "Lliga BCN" not in home


def test_a_players_page_by_a_clubs_address_names_the_federations_as_canonical(nuria, bcn):
    """The federation's pages answer under a club's address too (the club's menu around
    them), each naming its one address as canonical; by their own, they name none."""
    by_club = browser().get(f"/clubs/bcn/players/{nuria.pk}/")
    assert by_club.status_code == 200
    text = by_club.content.decode()
    canonical = f'<link rel="canonical" href="http://testserver/players/{nuria.pk}/">'
    assert canonical in text
    # Its query kept: the same page.
    assert '<link rel="canonical" href="http://testserver/ratings/?page=1">' in (
        browser().get("/clubs/bcn/ratings/?page=1").content.decode()
    )
    assert 'rel="canonical"' not in browser().get(f"/players/{nuria.pk}/").content.decode()
    # A club's own page (its seasons) is its own address: none.
    assert 'rel="canonical"' not in browser().get("/clubs/bcn/").content.decode()
