"""A club's language is the default of its pages and of the mails about its events
(issue 40; docs/federation.md, "The club's language"). A page speaks the visitor's own
language first (the language switcher's cookie, else their browser's), else the club's,
else the site's; a mail speaks the player's own, else the club's, else the site's. The
federation's own addresses keep the site's language; a club's address reads its
language for free."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.core import mail
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

import builders
from conftest import directors_group
from tournament import operations
from tournament.jobs.announcement import mail_announcement
from tournament.models import Club, Player, Season
from tournament.operations import registration_mail

pytestmark = pytest.mark.django_db

SPANISH_HOME = "Torneos de Club Dos"  # "Club Dos tournaments", in the club's Spanish


@pytest.fixture
def dos():
    directors_group()
    Club.founding()
    club = operations.create_club("dos", "Club Dos")
    operations.change_club(club, {"name": "Club Dos", "language": "es"})
    return club


def visitor(**headers) -> Client:
    return Client(headers=headers)


def language_of(response) -> str:
    assert response.status_code == 200, response.status_code
    return response["Content-Language"]


# --- pages


def test_a_visitor_who_names_no_language_reads_the_clubs(dos):
    response = visitor().get("/clubs/dos/")
    assert language_of(response) == "es"
    html = response.content.decode()
    assert '<html lang="es"' in html and SPANISH_HOME in html
    # A browser asking only for languages the site does not speak: the club's too.
    assert language_of(visitor(accept_language="de-DE,de;q=0.9").get("/clubs/dos/")) == "es"


def test_the_visitors_own_choice_beats_the_clubs(dos):
    # Their browser's language.
    assert language_of(visitor(accept_language="en").get("/clubs/dos/")) == "en"
    assert language_of(visitor(accept_language="de,ca;q=0.5").get("/clubs/dos/")) == "ca"
    # The switcher's cookie, over the browser's too.
    chooser = visitor(accept_language="en")
    chooser.cookies[settings.LANGUAGE_COOKIE_NAME] = "ca"
    assert language_of(chooser.get("/clubs/dos/")) == "ca"


def test_the_switcher_sets_the_choice_that_beats_the_clubs(dos):
    client = visitor()
    assert language_of(client.get("/clubs/dos/")) == "es"
    response = client.post("/clubs/dos/i18n/setlang/", {"language": "en", "next": "/clubs/dos/"})
    assert response.status_code == 302
    assert language_of(client.get("/clubs/dos/")) == "en"


def test_every_address_of_the_club_reads_its_language(dos):
    # The federation's pages reached by the club's address too: its links led there.
    for url in ("/clubs/dos/ratings/", "/clubs/dos/clubs/"):
        assert language_of(visitor().get(url)) == "es", url


def test_the_founding_clubs_unprefixed_pages_read_its_language(dos):
    # Blank: the site's, as before clubs.
    assert language_of(visitor().get("/")) == settings.LANGUAGE_CODE == "en"
    operations.change_club(Club.founding(), {"name": "Q-gammon", "language": "ca"})
    assert language_of(visitor().get("/")) == "ca"
    assert language_of(visitor().get("/clubs/q-gammon/")) == "ca"
    # The browser's still beats it.
    assert language_of(visitor(accept_language="es").get("/")) == "es"
    # The federation's own addresses are no club's: the site's language.
    for url in ("/ratings/", "/clubs/", "/accounts/login/"):
        assert language_of(visitor().get(url)) == "en", url


def test_a_clubs_language_costs_no_query(dos):
    counts = {}
    for name, client in (("own", visitor(accept_language="en")), ("club's", visitor())):
        with CaptureQueriesContext(connection) as captured:
            language_of(client.get("/clubs/dos/"))
        counts[name] = len(captured)
    # The club's row is read by its address already (web.clubs): the same queries.
    assert counts["own"] == counts["club's"], counts


def test_the_founding_clubs_language_costs_a_query_only_to_a_visitor_naming_none(dos):
    counts = {}
    for name, client in (("own", visitor(accept_language="en")), ("none", visitor())):
        with CaptureQueriesContext(connection) as captured:
            response = client.get("/api/tournaments/")
        assert response.status_code == 200
        counts[name] = len(captured)
    # Its row, read once (a robot, a browser in a language the site does not speak).
    assert counts["none"] == counts["own"] + 1, counts


# --- mails


@pytest.fixture
def season(dos):
    season = Season.from_preset(2002, "qgammon-2002", name="Temporada Dos", club=dos)
    season.save()
    return season


def players(*languages: str) -> list[Player]:
    return [
        Player.objects.create(
            name=f"Jugador {number}",
            email=f"jugador{number}@example.org",
            mail_consent=True,
            language=language,
        )
        for number, language in enumerate(languages)
    ]


def subject_to(player: Player) -> str:
    [message] = [message for message in mail.outbox if message.to == [player.email]]
    return message.subject


def test_the_next_match_mail_is_in_the_clubs_language_unless_the_player_has_one(
    season, django_capture_on_commit_callbacks
):
    blank, english, catalan, other = players("", "en", "ca", "")
    with django_capture_on_commit_callbacks(execute=True):
        builders.cup(season, [blank, english, catalan, other], name="Copa", seeds=4)
    assert len(mail.outbox) == 4
    # Seeds 1 v 4, 2 v 3.
    assert subject_to(blank) == "Copa: tu match contra Jugador 3 está listo"
    assert subject_to(english) == "Copa: your match against Jugador 2 is ready"
    assert subject_to(catalan) == "Copa: el teu matx contra Jugador 1 està a punt"


def test_a_club_of_no_language_mails_in_the_sites(season, django_capture_on_commit_callbacks):
    operations.change_club(season.club, {"language": ""})
    blank, other = players("", "")
    with django_capture_on_commit_callbacks(execute=True):
        builders.cup(season, [blank, other], name="Copa")
    assert subject_to(blank).endswith("is ready")  # settings.LANGUAGE_CODE: "en" here


def test_the_registration_mail_is_in_the_clubs_language(season):
    blank, english = players("", "en")
    draft = builders.cup(season, [], name="Oberta", rng_seed=None)
    assert registration_mail.send(registration_mail.ENTERED, draft.pk, blank.pk)
    assert registration_mail.send(registration_mail.ENTERED, draft.pk, english.pk)
    assert subject_to(blank) == "Oberta: estás inscrito"
    assert subject_to(english) == "Oberta: you are registered"


def test_the_results_mail_is_in_the_clubs_language(season):
    blank, english = players("", "en")
    cup = builders.cup(season, [blank, english], name="Final")
    builders.play_out(cup)
    assert mail_announcement.call(cup.pk, [blank.pk, english.pk]) == 2
    assert subject_to(blank) == "Los resultados de Final"
    assert subject_to(english) == "The results of Final"
