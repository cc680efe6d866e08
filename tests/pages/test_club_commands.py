"""The federation's writes: `manage.py create_club SLUG "NAME"` and `manage.py
add_club_director SLUG USERNAME` (fixed interfaces), through the operations that the
federation's pages use too (operations.clubs): the address name checked, only the
federation's administrator or a command allowed, every write audited, and an appointed
director of another club never made the founding club's by the Directors group."""

from __future__ import annotations

import io

import pytest
from django.contrib.auth.models import Permission, User
from django.core.management import CommandError, call_command

from conftest import directors_group
from tournament import operations
from tournament.models import AuditEntry, Club, ClubRole
from tournament.models.clubs import FOUNDING_CLUB_ID, clubs_directed

pytestmark = pytest.mark.django_db


def run(*args) -> str:
    out = io.StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


@pytest.fixture
def founding():
    directors_group()
    return Club.founding()


@pytest.fixture
def federation_admin(db):
    user = User.objects.create_user("fedadmin", password="secret-pass-1234", is_staff=True)
    user.user_permissions.add(Permission.objects.get(codename="administer_federation"))
    return User.objects.get(pk=user.pk)  # its permissions read afresh


def test_create_club_makes_the_club_and_audits_it(founding):
    out = run("create_club", "figueres-bg", "Figueres Backgammon")
    club = Club.objects.get(slug="figueres-bg")
    assert club.name == "Figueres Backgammon"
    assert "/clubs/figueres-bg/" in out
    entry = AuditEntry.objects.get(action=AuditEntry.Action.CLUB_CREATED)
    assert entry.subject == "Figueres Backgammon"
    assert entry.user is None
    assert entry.summary_text == "Club Figueres Backgammon created"


@pytest.mark.parametrize("slug", ["with space", "under_score", "-edge", "edge-", "a/b", "", "é"])
def test_create_club_refuses_an_address_name_that_is_not_letters_digits_hyphens(founding, slug):
    # The operation's refusal (argparse itself takes "-edge" for an option)...
    with pytest.raises(operations.OperationError, match="letters, digits and hyphens"):
        operations.create_club(slug, "A club")
    assert Club.objects.count() == 1


def test_the_command_says_the_refusal():
    with pytest.raises(CommandError, match="letters, digits and hyphens"):
        run("create_club", "under_score", "A club")


def test_create_club_refuses_a_slug_taken_whatever_its_case(founding):
    run("create_club", "girona", "Girona")
    with pytest.raises(CommandError, match="Another club has the address name"):
        run("create_club", "Girona", "Girona again")
    with pytest.raises(CommandError, match="Another club has the address name"):
        run("create_club", "q-gammon", "Q-gammon again")
    assert Club.objects.count() == 2


def test_create_club_refuses_a_blank_name(founding):
    with pytest.raises(CommandError, match="A club needs a name"):
        run("create_club", "blank", "  ")


def test_add_club_director_appoints_an_existing_user(founding):
    club = operations.create_club("girona", "Girona")
    anna = User.objects.create_user("anna")
    out = run("add_club_director", "girona", "anna")
    assert "anna now runs Girona" in out
    # Her one role is Girona's: the Directors group's signal made no founding role.
    assert list(ClubRole.objects.filter(user=anna).values_list("club_id", "role")) == [
        (club.pk, "director")
    ]
    assert anna.groups.filter(name="Directors").exists()
    assert clubs_directed(User.objects.get(pk=anna.pk)) == {club.pk}
    entry = AuditEntry.objects.get(action=AuditEntry.Action.DIRECTOR_APPOINTED)
    assert entry.summary_text == "anna appointed director of Girona"


def test_add_club_director_as_results_manager(founding):
    club = operations.create_club("girona", "Girona")
    anna = User.objects.create_user("anna")
    run("add_club_director", "girona", "anna", "--results-manager")
    assert ClubRole.objects.get(user=anna, club=club).role == "results_manager"


def test_add_club_director_refuses_an_unknown_club_or_user(founding):
    operations.create_club("girona", "Girona")
    User.objects.create_user("anna")
    with pytest.raises(CommandError, match="No club with the address name 'nowhere'"):
        run("add_club_director", "nowhere", "anna")
    with pytest.raises(CommandError, match="No user named 'nobody'"):
        run("add_club_director", "girona", "nobody")
    assert not ClubRole.objects.exists()


def test_a_user_without_a_role_put_in_the_group_is_still_the_founding_club_s(founding):
    """The signal the appointment steps round: a bare group member (the admin's way,
    before clubs) is made the founding club's director."""
    bob = User.objects.create_user("bob")
    bob.groups.add(directors_group())
    assert list(ClubRole.objects.filter(user=bob).values_list("club_id", flat=True)) == [
        FOUNDING_CLUB_ID
    ]


def test_a_second_appointment_changes_the_role_and_removal_leaves_the_group(founding):
    club = operations.create_club("girona", "Girona")
    anna = User.objects.create_user("anna")
    operations.appoint_director(club, anna)
    operations.appoint_director(club, anna, role="results_manager")
    assert ClubRole.objects.get(user=anna).role == "results_manager"
    operations.remove_director(club, anna)
    assert not ClubRole.objects.filter(user=anna).exists()
    # She runs no club now: the admin's screens close to her too.
    assert not anna.groups.filter(name="Directors").exists()
    assert AuditEntry.objects.filter(action=AuditEntry.Action.DIRECTOR_REMOVED).count() == 1
    with pytest.raises(operations.OperationError, match="does not run Girona"):
        operations.remove_director(club, anna)


def test_removal_keeps_the_group_for_a_director_of_another_club(founding):
    girona = operations.create_club("girona", "Girona")
    reus = operations.create_club("reus", "Reus")
    anna = User.objects.create_user("anna")
    operations.appoint_director(girona, anna)
    operations.appoint_director(reus, anna)
    operations.remove_director(girona, anna)
    assert anna.groups.filter(name="Directors").exists()
    assert list(ClubRole.objects.filter(user=anna).values_list("club_id", flat=True)) == [reus.pk]


def test_only_the_federation_s_administrator_creates_clubs_and_appoints(founding, federation_admin):
    director = User.objects.create_user("tdirector", is_staff=True)
    director.groups.add(directors_group())  # the founding club's director
    director = User.objects.get(pk=director.pk)
    with pytest.raises(operations.OperationError, match="federation's administrator"):
        operations.create_club("girona", "Girona", user=director)
    club = operations.create_club("girona", "Girona", user=federation_admin)
    with pytest.raises(operations.OperationError, match="federation's administrator"):
        operations.appoint_director(club, director, user=director)
    with pytest.raises(operations.OperationError, match="federation's administrator"):
        operations.change_club(club, {"name": "Mine"}, user=director)
    operations.appoint_director(club, director, user=federation_admin)
    with pytest.raises(operations.OperationError, match="federation's administrator"):
        operations.remove_director(club, director, user=director)
    entry = AuditEntry.objects.get(action=AuditEntry.Action.CLUB_CREATED)
    assert entry.user == federation_admin


def test_change_club_keeps_the_address_name_and_checks_the_details(founding):
    club = operations.create_club("girona", "Girona")
    operations.change_club(
        club,
        {"name": "Girona BG", "email": "info@girona.example", "website": "https://g.example/"},
    )
    club.refresh_from_db()
    assert (club.slug, club.name, club.email) == ("girona", "Girona BG", "info@girona.example")
    with pytest.raises(operations.OperationError, match="valid email"):
        operations.change_club(club, {"email": "not an address"})
    with pytest.raises(TypeError):
        operations.change_club(club, {"slug": "elsewhere"})
    entry = AuditEntry.objects.get(action=AuditEntry.Action.CLUB_CHANGED)
    assert entry.before["name"] == "Girona" and entry.after["name"] == "Girona BG"
