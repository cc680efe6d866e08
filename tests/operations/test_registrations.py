"""Registration before the day: a member vouched for by the e-mail on record is entered
(their private link mailed to that address, never to one typed), or listed once the cap
is reached, in arrival order; the list moves up by itself when a registration is
removed; anyone else waits for the director, who accepts or refuses. Each refusal
(closed, duplicate) says why. The page's refusals and the rate limit are in
tests/pages/test_registration_pages.py; 50 sign-ups at once on PostgreSQL in
tests/pages/test_registration_concurrency.py."""

from datetime import timedelta

import pytest
from django.utils import timezone

import builders
from tournament import operations
from tournament.models import Entry, Player, SignUp
from tournament.operations import registrations
from tournament.operations.links import link_for, path_of
from tournament.operations.registrations import AlreadyRegistered, RegistrationClosed


@pytest.fixture
def member(db):
    return builders.member(
        Player.objects.create(name="Núria Ferrer", email="nuria@example.org"), "0412"
    )


@pytest.fixture
def open_cup(tournament, director):
    registrations.set_registration(tournament, open_=True, cap=2, closes=None, user=director)
    tournament.refresh_from_db()
    return tournament


def sign(tournament, name, email, **kwargs):
    return registrations.sign_up(tournament, name, email, **kwargs)


def entered(tournament) -> list[str]:
    return sorted(tournament.entries.values_list("player__name", flat=True))


def waiting(tournament) -> list[str]:
    return list(
        SignUp.objects.filter(tournament=tournament)
        .waiting_list()
        .values_list("player__name", flat=True)
    )


def test_a_member_by_name_and_address_on_record_is_entered_and_mailed_the_link(
    open_cup, member, mailoutbox, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        # The member import's name rules: accents, case and spacing do not count.
        outcome = sign(open_cup, "  nuria FERRER ", "Nuria@Example.org")
    assert outcome.status == SignUp.Status.ENTERED
    assert entered(open_cup) == ["Núria Ferrer"]
    (mail,) = mailoutbox
    assert mail.to == ["nuria@example.org"]  # the address on record, not as typed
    assert path_of(link_for(member)) in mail.body
    assert "You are registered in Copa de la Queimada." in mail.body


def test_a_member_by_member_number(open_cup, member):
    assert sign(open_cup, "0412", "nuria@example.org").status == SignUp.Status.ENTERED
    assert entered(open_cup) == ["Núria Ferrer"]


@pytest.mark.parametrize(
    ("on_record", "typed"),
    [
        ("nuria@example.org", "someone.else@example.org"),  # another address
        ("", "nuria@example.org"),  # no address on record: nobody can vouch
    ],
)
def test_nothing_a_visitor_sends_enters_someone_else(
    open_cup, member, on_record, typed, mailoutbox, django_capture_on_commit_callbacks
):
    Player.objects.filter(pk=member.pk).update(email=on_record)
    for name in ("Núria Ferrer", "0412"):
        with django_capture_on_commit_callbacks(execute=True):
            outcome = sign(open_cup, name, typed)
        # It waits for the director like a stranger's, and nobody is mailed.
        assert outcome.status == SignUp.Status.PENDING
        assert outcome.sign_up.player == member  # for the director to see whom it names
    assert entered(open_cup) == []
    assert mailoutbox == []


def test_a_name_several_players_share_names_nobody(open_cup, member):
    Player.objects.create(name="Nuria Ferrer", email="nuria@example.org")
    outcome = sign(open_cup, "Núria Ferrer", "nuria@example.org")
    assert outcome.status == SignUp.Status.PENDING and outcome.sign_up.player is None


def test_past_the_cap_members_go_on_the_waiting_list_in_arrival_order(
    open_cup, mailoutbox, django_capture_on_commit_callbacks
):
    names = ["Anna", "Berta", "Carla", "Dolors"]
    for name in names:
        Player.objects.create(name=name, email=f"{name.lower()}@example.org")
    with django_capture_on_commit_callbacks(execute=True):
        outcomes = [sign(open_cup, name, f"{name.lower()}@example.org") for name in names]
    assert [o.status for o in outcomes] == ["entered", "entered", "waiting", "waiting"]
    assert [o.position for o in outcomes[2:]] == [1, 2]
    assert entered(open_cup) == ["Anna", "Berta"]
    assert waiting(open_cup) == ["Carla", "Dolors"]
    assert "you are number 2 on its waiting list" in mailoutbox[3].body


def test_a_stranger_accepted_while_full_joins_the_end_of_the_list(open_cup, director):
    request = sign(open_cup, "Xavier Roca", "xavier@example.org").sign_up
    for name in ["Anna", "Berta", "Carla"]:
        Player.objects.create(name=name, email=f"{name.lower()}@example.org")
        sign(open_cup, name, f"{name.lower()}@example.org")
    outcome = registrations.accept_sign_up(open_cup, request, user=director)
    # He asked first, but Carla was told her place before he was accepted.
    assert outcome.position == 2
    assert waiting(open_cup) == ["Carla", "Xavier Roca"]


def test_a_removed_registration_lets_the_first_on_the_list_move_up_and_mails_them(
    open_cup, director, mailoutbox, django_capture_on_commit_callbacks
):
    for name in ["Anna", "Berta", "Carla", "Dolors"]:
        Player.objects.create(name=name, email=f"{name.lower()}@example.org")
        sign(open_cup, name, f"{name.lower()}@example.org")
    anna = Entry.objects.get(tournament=open_cup, player__name="Anna")
    with django_capture_on_commit_callbacks(execute=True):
        operations.remove_entry(open_cup, anna, user=director)
    assert entered(open_cup) == ["Berta", "Carla"]
    assert waiting(open_cup) == ["Dolors"]
    (mail,) = mailoutbox
    assert mail.to == ["carla@example.org"]
    assert "you have moved up from the waiting list" in mail.body


def test_once_drawn_a_freed_place_moves_nobody_up(season, director):
    cup = builders.cup(season, ["Anna", "Berta", "Carla"])
    registrations.set_registration(cup, open_=True, cap=4, closes=None, user=director)
    late = Entry.objects.create(tournament=cup, player=Player.objects.create(name="Eva"))
    dolors = Player.objects.create(name="Dolors")
    SignUp.objects.create(
        tournament=cup, player=dolors, name="Dolors", email="d@ex.org", status="waiting", place=1
    )
    operations.remove_entry(cup, late, user=director)  # Eva never checked in: the draw stays
    assert cup.matches.exists() and entered(cup) == ["Anna", "Berta", "Carla"]
    assert waiting(cup) == ["Dolors"]


def test_a_raised_cap_moves_the_list_up(open_cup, director):
    for name in ["Anna", "Berta", "Carla"]:
        Player.objects.create(name=name, email=f"{name.lower()}@example.org")
        sign(open_cup, name, f"{name.lower()}@example.org")
    registrations.set_registration(open_cup, open_=True, cap=3, closes=None, user=director)
    assert entered(open_cup) == ["Anna", "Berta", "Carla"] and waiting(open_cup) == []


def test_closed_refusals_say_why(tournament, member, director):
    with pytest.raises(RegistrationClosed, match="Registration for this tournament is closed"):
        sign(tournament, "0412", "nuria@example.org")
    closes = timezone.now() + timedelta(hours=1)
    registrations.set_registration(tournament, open_=True, cap=None, closes=closes, user=director)
    with pytest.raises(RegistrationClosed, match="closed at its closing time"):
        sign(tournament, "0412", "nuria@example.org", now=closes + timedelta(seconds=1))
    assert sign(tournament, "0412", "nuria@example.org", now=closes - timedelta(minutes=1))


def test_no_registration_once_drawn(season, member, director):
    cup = builders.cup(season, ["Anna", "Berta", "Carla"], start=False)
    registrations.set_registration(cup, open_=True, cap=None, closes=None, user=director)
    with pytest.raises(RegistrationClosed, match="The draw has been made"):
        sign(cup, "0412", "nuria@example.org")


def test_duplicates_are_refused(open_cup, member):
    sign(open_cup, "0412", "nuria@example.org")
    with pytest.raises(AlreadyRegistered, match="already registered in this tournament"):
        sign(open_cup, "Núria Ferrer", "nuria@example.org")
    sign(open_cup, "Xavier Roca", "xavier@example.org")
    with pytest.raises(AlreadyRegistered, match="sent already; it waits for the director"):
        sign(open_cup, "xavier roca", "XAVIER@example.org")


def test_already_on_the_waiting_list_is_refused(tournament, director):
    registrations.set_registration(tournament, open_=True, cap=1, closes=None, user=director)
    for name in ["Anna", "Berta"]:
        Player.objects.create(name=name, email=f"{name.lower()}@example.org")
        sign(tournament, name, f"{name.lower()}@example.org")
    with pytest.raises(AlreadyRegistered, match="already on this tournament's waiting list"):
        sign(tournament, "Berta", "berta@example.org")


def test_someone_typing_a_members_name_never_blocks_the_member(open_cup, member):
    sign(open_cup, "Núria Ferrer", "prankster@example.org")
    assert sign(open_cup, "Núria Ferrer", "nuria@example.org").status == "entered"


def test_the_director_accepts_a_stranger_as_a_new_player_mailed_at_their_address(
    open_cup, director, mailoutbox, django_capture_on_commit_callbacks
):
    request = sign(open_cup, "Xavier Roca", "xavier@example.org").sign_up
    with django_capture_on_commit_callbacks(execute=True):
        outcome = registrations.accept_sign_up(open_cup, request, user=director)
    xavier = Player.objects.get(name="Xavier Roca")
    assert xavier.email == "xavier@example.org" and outcome.status == "entered"
    assert entered(open_cup) == ["Xavier Roca"]
    assert mailoutbox[0].to == ["xavier@example.org"]
    with pytest.raises(operations.OperationError, match="dealt with already"):
        registrations.accept_sign_up(open_cup, request, user=director)


def test_accepting_a_member_named_by_a_request_mails_the_address_on_record(
    open_cup, member, director, mailoutbox, django_capture_on_commit_callbacks
):
    request = sign(open_cup, "0412", "other@example.org").sign_up
    with django_capture_on_commit_callbacks(execute=True):
        registrations.accept_sign_up(open_cup, request, user=director)
    assert entered(open_cup) == ["Núria Ferrer"]
    assert [mail.to for mail in mailoutbox] == [["nuria@example.org"]]


def test_accepting_someone_already_in_says_so(open_cup, member, director):
    request = sign(open_cup, "0412", "other@example.org").sign_up
    sign(open_cup, "0412", "nuria@example.org")
    with pytest.raises(
        operations.OperationError, match="Núria Ferrer is already registered or on the waiting"
    ):
        registrations.accept_sign_up(open_cup, request, user=director)


def test_the_director_refuses(open_cup, director):
    request = sign(open_cup, "Xavier Roca", "xavier@example.org").sign_up
    registrations.refuse_sign_up(open_cup, request, user=director)
    request.refresh_from_db()
    assert request.status == SignUp.Status.REFUSED
    assert entered(open_cup) == [] and not Player.objects.filter(name="Xavier Roca").exists()


def test_a_sign_up_in_catalan_mail(
    open_cup, member, mailoutbox, django_capture_on_commit_callbacks
):
    Player.objects.filter(pk=member.pk).update(language="ca")
    with django_capture_on_commit_callbacks(execute=True):
        sign(open_cup, "0412", "nuria@example.org")
    assert mailoutbox[0].subject == "Copa de la Queimada: estàs inscrit"
    assert "Estàs inscrit a Copa de la Queimada." in mailoutbox[0].body
