"""The federation's master points across clubs (issue 41 item 3): each finished event's
points counted once (jobs.master_points, the worker's loop and a command), stored at
weight 1 and read as the ranking at `/points/` with each event's weight, which the
federation's administrator alone sets (operations.federation_points); a result taken
back after the end takes the event's points away until it finishes again; private and
unfinished events do not count; two queries a page at two clubs and at five."""

from __future__ import annotations

import io
from decimal import Decimal

import pytest
from django.contrib.auth.models import Permission, User
from django.core.management import call_command
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from builders import a_club, cup, new_players, play_out
from tournament import operations
from tournament.core import master_points as mp
from tournament.jobs.master_points import count_waiting
from tournament.models import AuditEntry, MasterPoints, Season, Tournament
from tournament.models.club_scope import everywhere
from tournament.operations.federation_points import set_event_weight
from tournament.queries.master_points import waiting
from tournament.queries.standings import master_points_of, tournament_standings

pytestmark = pytest.mark.django_db


def english() -> Client:
    return Client(headers={"accept-language": "en"})


def a_season(club, **fields) -> Season:
    season = Season.from_preset(2002, "qgammon-2002", name=f"T {club.slug}", club=club, **fields)
    season.save()
    return season


@pytest.fixture
def events():
    """A cup of 8 in each of two clubs, played out, Marta in both (the first seed of
    each: she wins both); a private cup and a cup under way in the founding club."""
    from tournament.models import Club

    founding = a_season(Club.founding(), league_scoring=mp.MASTER_POINTS)
    girona = a_season(a_club("girona", "Girona Backgammon"))
    marta, *rest = new_players(15, names=["Marta Vilaró"])

    def marta_wins(match) -> int:
        return match.players.index(marta) if marta in match.players else 0

    ours = cup(founding, [marta, *rest[:7]], name="Copa Q", seeds=1, brackets={"main": "5,7,9"})
    play_out(ours, marta_wins)
    theirs = cup(
        girona, [marta, *rest[7:]], name="Obert de Girona", seeds=1, brackets={"main": "5,7,9"}
    )
    play_out(theirs, marta_wins)
    hidden = cup(
        founding,
        ["Oculta 1", "Oculta 2", "Oculta 3", "Oculta 4"],
        name="Copa privada",
        public=False,
    )
    play_out(hidden)
    running = cup(founding, 4, name="Copa en joc")
    return {"ours": ours, "theirs": theirs, "marta": marta, "running": running, "hidden": hidden}


def ranking_rows(client=None) -> tuple[int, str]:
    with CaptureQueriesContext(connection) as captured:
        response = (client or english()).get("/points/")
    assert response.status_code == 200
    return len(captured), response.content.decode()


def test_the_ranking_waits_for_the_count_then_sums_every_club_s_events(events):
    count, text = ranking_rows()
    assert "No master points yet." in text
    assert {t.name for t in waiting()} == {"Copa Q", "Obert de Girona", "Copa privada"}
    assert count_waiting() == 3
    assert waiting() == []
    assert count_waiting() == 0  # nothing counted twice
    marta = events["marta"]
    ours = master_points_of(events["ours"])
    theirs = master_points_of(events["theirs"])
    # The winner of 8 by three matches won (5, 7, 9 points): places and matches.
    expected_win = mp.rounded(mp.place_points(8, 1)) + mp.rounded(
        mp.match_points(5) + mp.match_points(7) + mp.match_points(9)
    )
    assert ours[marta.pk] == theirs[marta.pk] == expected_win
    count, text = ranking_rows()
    assert count == 2  # the ranking counted, its page
    total = mp.federation_total([(ours[marta.pk], Decimal(1)), (theirs[marta.pk], Decimal(1))])
    assert f'Marta Vilaró</a></td><td class="number">2</td><td class="number">{total}<' in text
    assert text.index("Marta Vilaró") < text.index("Jugador 00")
    # The private cup's players count nowhere; the cup under way, not yet.
    private_names = set(events["hidden"].entries.values_list("player__name", flat=True))
    assert not any(f">{name}<" in text for name in private_names)
    assert MasterPoints.objects.filter(tournament=events["running"]).count() == 0


def test_stored_points_are_the_season_s_own_master_points(events):
    count_waiting()
    # The founding club's season counts master points: its standings agree.
    standings = tournament_standings(events["ours"])
    stored = dict(
        MasterPoints.objects.filter(tournament=events["ours"]).values_list("player_id", "points")
    )
    assert stored == {record.player.pk: record.league_points for record in standings.records}
    assert all(points >= 0 for points in stored.values())


@pytest.fixture
def administrator():
    user = User.objects.create_user("fedadmin", password="x")
    user.user_permissions.add(Permission.objects.get(codename="administer_federation"))
    return User.objects.get(pk=user.pk)


def test_the_federation_weighs_an_event_and_the_ranking_follows(events, administrator):
    count_waiting()
    marta, theirs = events["marta"], events["theirs"]
    one = master_points_of(theirs)[marta.pk]
    before = mp.federation_total([(master_points_of(events["ours"])[marta.pk], 1), (one, 1)])
    assert set_event_weight(theirs, "2", user=administrator) == Decimal("2.00")
    theirs.refresh_from_db()
    assert theirs.federation_weight == Decimal("2.00")
    entry = AuditEntry.objects.filter(tournament=theirs).latest("pk")
    assert entry.before == {"federation_weight": "1.00"} and entry.after == {
        "federation_weight": "2.00"
    }
    _count, text = ranking_rows()
    assert f">{before + one}<" in text  # no count again needed: the weight is read with it
    set_event_weight(theirs, 0, user=administrator)
    _count, text = ranking_rows()
    assert f">{before - one}<" in text


def test_only_the_federation_weighs_and_only_a_weight_it_can_be(events, administrator):
    director = User.objects.create_user("director-girona")
    from tournament.models import ClubRole

    ClubRole.objects.create(club=events["theirs"].season.club, user=director)
    with pytest.raises(operations.OperationError, match="federation's administrator"):
        set_event_weight(events["theirs"], "3", user=director)
    for bad in ("heavy", "-1", "11", "1.234"):
        with pytest.raises(operations.OperationError, match="from 0 to 10"):
            set_event_weight(events["theirs"], bad, user=administrator)
    assert Tournament.objects.get(pk=events["theirs"].pk).federation_weight == 1


def test_a_result_taken_back_after_the_end_takes_the_points_away(db):
    from tournament.models import Club

    season = a_season(Club.founding())
    tournament = cup(season, 4, name="Copa de la walkover")
    first, second = tournament.matches.filter(round=1).order_by("pk")
    from builders import win

    win(first)
    win(second)
    final = tournament.matches.get(round=2)
    operations.walkover(final, 0)
    tournament.refresh_from_db()
    assert tournament.is_finished
    assert count_waiting() == 1
    assert MasterPoints.objects.filter(tournament=tournament).count() == 4
    operations.reopen(final)
    with everywhere():
        assert [t.pk for t in waiting()] == [tournament.pk]
    assert count_waiting() == 1
    assert MasterPoints.objects.filter(tournament=tournament).count() == 0
    win(final, 1)
    assert count_waiting() == 1  # finished again, with another winner
    points = dict(
        MasterPoints.objects.filter(tournament=tournament).values_list("player_id", "points")
    )
    final.refresh_from_db()
    assert points[final.player2_id] > points[final.player1_id]


def test_two_queries_a_page_at_five_clubs_and_the_command(events):
    for number in range(3):
        season = a_season(a_club(f"club-{number}", f"Club {number}"))
        play_out(cup(season, 4, name=f"Obert {number}"))
    out = io.StringIO()
    call_command("count_master_points", stdout=out)
    assert out.getvalue().strip() == "Master points of 6 tournaments counted."
    count, text = ranking_rows()
    assert count == 2
    assert "Obert 2" not in text and text.count("<tr>") == 1 + 8 + 8 + 3 * 4 - 1
    call_command("count_master_points", "--again", stdout=out)
    assert "Master points of 6 tournaments counted." in out.getvalue().splitlines()[-1]
    # Reached by a club's address it is still the federation's (and the club read).
    with CaptureQueriesContext(connection) as captured:
        response = english().get("/clubs/girona/points/")
    assert response.status_code == 200 and len(captured) == 3
    assert "Marta Vilaró" in response.content.decode()
