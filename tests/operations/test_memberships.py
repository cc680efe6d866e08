"""One player, many clubs (issue 40, item 4): a player is made once, a member of the club
that made them, with that club's own member number; they enter another club's
tournaments as themselves (registration finds them by the club's number, their
federation number, their name, their address); a club's member list joins a player of
another club by their federation number; and their contact details are their own
clubs' directors' to change."""

import pytest

import builders
from tournament import operations
from tournament.core.member_sheets import FEDERATION, columns_of, header_key
from tournament.core.members import HERE, JOIN, NEW, UPDATE, Choices
from tournament.imports.member_files import read_member_file
from tournament.models import Entry, Membership, Player, Season, SignUp, Tournament
from tournament.operations import OperationError, members, registrations
from tournament.operations.memberships import NotYourMember, clubs_of, number_of


@pytest.fixture
def bcn_cup(bcn):
    season = Season.from_preset(2002, "qgammon-2002", name="Temporada 2002", club=bcn)
    season.save()
    cup = Tournament.objects.create(season=season, name="Open de Barcelona", date="2002-11-16")
    registrations.set_registration(cup, open_=True, cap=None, closes=None, user=None)
    return cup


@pytest.fixture
def nuria(db):
    """A member of the founding club, with its number 0412 and a federation number."""
    player = Player.objects.create(
        name="Núria Ferrer", email="nuria@example.org", federation_number="F-77"
    )
    return builders.member(player, "0412")


def test_a_player_made_at_a_clubs_desk_is_its_member_with_its_number(bcn):
    founding = operations.create_player({"name": "Anna Bosch", "membership_number": "12"})
    barcelona = operations.create_player(
        {"name": "Jordi Puig", "membership_number": "12"}, club=bcn
    )
    assert number_of(founding, None) == "12" and clubs_of(founding) == {1}
    # The same number in another club is that club's own.
    assert number_of(barcelona, bcn) == "12" and clubs_of(barcelona) == {bcn.pk}
    with pytest.raises(OperationError, match="Another member of the club has this number"):
        operations.create_player({"name": "Pere Vila", "membership_number": "12"}, club=bcn)
    assert not Player.objects.filter(name="Pere Vila").exists()


def test_a_player_of_no_club_at_all_is_the_founding_clubs(db):
    player = Player.objects.create(name="Anna Bosch")
    assert clubs_of(player) == {1}
    assert list(Player.objects.members_of(1)) == [player]


def test_the_desks_new_player_is_a_member_of_the_tournaments_club(bcn_cup, bcn_director, bcn):
    change = operations.add_new_player(bcn_cup, "Marta Serra", user=bcn_director)
    assert clubs_of(change.subject.player) == {bcn.pk}


def test_a_member_of_another_club_registers_as_themselves(bcn_cup, nuria, mailoutbox):
    signed = registrations.sign_up(bcn_cup, "nuria ferrer", "NURIA@example.org")
    assert signed.status == SignUp.Status.ENTERED
    assert Entry.objects.get(tournament=bcn_cup).player == nuria
    assert Player.objects.count() == 1
    # Entering is not joining: she stays the founding club's member only.
    assert clubs_of(nuria) == {1}


def test_registration_reads_the_federation_number_and_the_tournaments_clubs_number(
    bcn_cup, nuria, bcn, mailoutbox
):
    assert registrations.sign_up(bcn_cup, "f-77", "nuria@example.org").status == "entered"
    jordi = builders.member(
        Player.objects.create(name="Jordi Puig", email="j@example.org"), "7", bcn
    )
    assert registrations.member_named("7", bcn.pk) == jordi
    # The founding club's number 0412 is nobody's in Barcelona.
    assert registrations.member_named("0412", bcn.pk) is None
    assert registrations.member_named("0412") == nuria


def test_namesakes_of_two_clubs_are_told_apart_by_their_address(bcn_cup, bcn, mailoutbox):
    ours = builders.member(Player.objects.create(name="Anna Bosch", email="anna@q.org"), "1")
    theirs = builders.member(Player.objects.create(name="Anna Bosch", email="ab@bcn.org"), "1", bcn)
    assert registrations.member_named("Anna Bosch", bcn.pk) is None
    assert registrations.member_named("Anna Bosch", bcn.pk, "ab@bcn.org") == theirs
    signed = registrations.sign_up(bcn_cup, "Anna Bosch", "anna@q.org")
    assert signed.status == "entered" and signed.sign_up.player == ours


def test_a_stranger_accepted_by_the_director_joins_the_tournaments_club(
    bcn_cup, bcn, bcn_director, mailoutbox
):
    request = registrations.sign_up(bcn_cup, "Pau Casals", "pau@example.org").sign_up
    registrations.accept_sign_up(bcn_cup, request, user=bcn_director)
    pau = Player.objects.get(name="Pau Casals")
    assert clubs_of(pau) == {bcn.pk}


def test_contact_details_are_changed_by_the_players_own_clubs_directors(
    nuria, bcn, bcn_director, director
):
    with pytest.raises(NotYourMember):
        operations.change_player(nuria, {"email": "n@bcn.org"}, user=bcn_director)
    nuria.refresh_from_db()
    assert nuria.email == "nuria@example.org"
    operations.change_player(nuria, {"phone": "600 11 22 33"}, user=director)
    # Once she joins Barcelona, its directors keep her details too.
    builders.member(nuria, "", bcn)
    operations.change_player(nuria, {"email": "n@bcn.org"}, user=bcn_director)
    nuria.refresh_from_db()
    assert (nuria.email, nuria.phone) == ("n@bcn.org", "600 11 22 33")


def test_a_member_number_change_is_the_clubs(nuria, bcn, bcn_director):
    builders.member(nuria, "", bcn)
    operations.change_player(nuria, {"membership_number": "B-3"}, user=bcn_director, club=bcn)
    assert (number_of(nuria, None), number_of(nuria, bcn)) == ("0412", "B-3")


FILE = "Nom,Cognoms,Número de soci,Número de federat,Correu\n"


def listing(*rows):
    return read_member_file((FILE + "".join(f"{row}\n" for row in rows)).encode(), "csv")


def test_the_federation_number_column_in_three_languages():
    for header in ("Número de federat", "Nº de federado", "Federation number"):
        columns = columns_of(["Nom", header])
        assert columns.fields[FEDERATION] == (1,), header
    assert header_key("Número de federat") != header_key("Número de soci")


def test_a_clubs_list_joins_a_player_of_another_club_by_their_federation_number(
    nuria, bcn, bcn_director
):
    rows = listing("Núria,Ferrer,B-9,F-77,other@example.org", "Jordi,Puig,B-10,,jordi@example.org")
    sorting = members.sort(rows, bcn)
    assert [verdict.status for verdict in sorting.verdicts] == [UPDATE, NEW]
    joining = sorting.verdicts[0]
    assert joining.player_id == nuria.pk
    # Her address is her clubs' to see: the preview offers her joining, with the number.
    assert [(c.field, c.old, c.new) for c in joining.changes] == [
        (JOIN, False, True),
        ("membership_number", "", "B-9"),
    ]
    imported = members.import_members(
        rows, club=bcn, user=bcn_director, choices=Choices.every_update(sorting)
    )
    assert (imported.added, imported.updated) == (1, 1)
    assert Player.objects.filter(name="Núria Ferrer").count() == 1
    nuria.refresh_from_db()
    assert nuria.email == "nuria@example.org"
    assert (number_of(nuria, None), number_of(nuria, bcn)) == ("0412", "B-9")
    jordi = Player.objects.get(name="Jordi Puig")
    assert clubs_of(jordi) == {bcn.pk} and number_of(jordi, bcn) == "B-10"
    # Imported again, both are Barcelona's members: here, nothing to change but the
    # address she now gives the club (hers to change, as a member).
    again = members.sort(rows, bcn)
    assert [verdict.status for verdict in again.verdicts] == [UPDATE, HERE]
    assert [change.field for change in again.verdicts[0].changes] == ["email"]


def test_a_clubs_list_is_sorted_against_its_own_members(nuria, bcn):
    # Without a federation number, the founding club's Núria is not Barcelona's: its
    # list neither sees her details nor her number.
    sorting = members.sort(listing("Núria,Ferrer,0412,,nuria@example.org"), bcn)
    assert [verdict.status for verdict in sorting.verdicts] == [NEW]
    assert members.sort(listing("Núria,Ferrer,0412,,"), None).verdicts[0].status == HERE


def test_a_federation_number_given_to_a_member_who_has_none(bcn):
    anna = builders.member(Player.objects.create(name="Anna Bosch"), "5", bcn)
    sorting = members.sort(listing("Anna,Bosch,5,F-1,"), bcn)
    assert [(c.field, c.new) for c in sorting.verdicts[0].changes] == [("federation_number", "F-1")]
    members.import_members(
        listing("Anna,Bosch,5,F-1,"), club=bcn, choices=Choices.every_update(sorting)
    )
    anna.refresh_from_db()
    assert anna.federation_number == "F-1"


def test_the_desks_search_reads_the_tournaments_clubs_numbers(bcn_cup, nuria, bcn):
    from tournament.queries.director_desk import players_to_add

    builders.member(nuria, "B-1", bcn)
    found = players_to_add(bcn_cup, "B-1", 10)
    assert found == [nuria] and found[0].number == "B-1"
    assert players_to_add(bcn_cup, "0412", 10) == []
    assert Membership.objects.filter(player=nuria).count() == 2
