"""Tournaments: created in a season with their consolation and match lengths, and
edited (the format only while the draw may be remade). (The two tournament form views.)"""

import pytest
from django.urls import reverse

import builders
from director_checks import assert_protected
from tournament import operations
from tournament.core.scoring import GameResult
from tournament.models import AuditEntry, Entry, Player, Season, Tournament

NEW = "/director/tournaments/new/"


def form(the_season, **changes):
    data = {
        "season": the_season.pk,
        "name": "Copa de Nadal",
        "date": "2002-12-20",
        "consolation": "progressive",
        "progressive_rounds": 2,
        "last_chance": "on",
        "public": "on",
        "main_lengths": "5, 5 7;9",
        "consolation_lengths": "5",
        "last_chance_lengths": "3",
    }
    data.update(changes)
    return {key: value for key, value in data.items() if value is not None}


def test_protected(director, season, tournament):
    assert_protected(director, NEW, "post", form(season), "put")
    edit = reverse("director-tournament-edit", args=[tournament.pk])
    assert_protected(director, edit, "post", form(season), "put")
    assert Tournament.objects.count() == 1


def test_create_with_lengths_per_bracket(director_client, season, director):
    response = director_client.post(NEW, form(season))
    tournament = Tournament.objects.get(name="Copa de Nadal")
    assert response["Location"] == reverse("director-tournament", args=[tournament.pk])
    lengths = dict(tournament.brackets.values_list("kind", "lengths"))
    assert lengths == {"main": "5,5,7,9", "consolation": "5", "last_chance": "3"}
    assert AuditEntry.objects.get(action="tournament_created").user == director


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"main_lengths": "5,0"}, "is not a match length"),
        ({"main_lengths": "five"}, "is not a match length"),
        ({"main_lengths": ""}, "This field is required"),
        ({"consolation": "none", "last_chance": "on"}, "A last chance bracket needs a consolation"),
        ({"consolation_lengths": ""}, "Give the consolation"),
        ({"name": ""}, "This field is required"),
        ({"name": "x" * 121}, "at most 120 characters"),
        ({"date": "31/02/2002"}, "Enter a valid date"),
        ({"season": 999999}, "Select a valid choice"),
        ({"progressive_rounds": -1}, "greater than or equal to 0"),
        ({"consolation": "swiss"}, "Select a valid choice"),
        (
            {"date": "2003-01-10"},
            "Temporada 2002 runs from Jan. 1, 2002 to Dec. 31, 2002: choose a date inside it.",
        ),
    ],
)
def test_bad_input_re_renders_and_creates_nothing(director_client, season, changes, message):
    response = director_client.post(NEW, form(season, **changes))
    assert response.status_code == 400
    assert message in response.content.decode()
    assert not Tournament.objects.exists()


def test_a_name_taken_in_the_season(director_client, season, tournament):
    response = director_client.post(NEW, form(season, name=tournament.name))
    assert response.status_code == 400
    assert "already has a tournament of that name" in response.content.decode()


def test_edit_lengths_reach_the_matches_not_started(director_client, season):
    director_client.post(NEW, form(season, consolation="none", last_chance=None))
    tournament = Tournament.objects.get(name="Copa de Nadal")
    for number in range(4):
        Entry.objects.create(
            checked_in=True, tournament=tournament, player=Player.objects.create(name=f"P{number}")
        )
    operations.make_draw(tournament, rng_seed=1)
    operations.start_tournament(tournament)
    started = tournament.matches.get(round=1, position=1)
    operations.record_game(started, GameResult(0))
    url = reverse("director-tournament-edit", args=[tournament.pk])
    # Round 1 has a result: its length stays; round 2, still to play, takes the new one.
    response = director_client.post(
        url, form(season, consolation="none", last_chance=None, main_lengths="5,11")
    )
    assert response.status_code == 302
    started.refresh_from_db()
    assert started.length == 5
    assert tournament.matches.get(round=1, position=2).length == 5
    assert tournament.matches.get(round=2).length == 11


def test_the_format_cannot_change_after_results(director_client, season):
    director_client.post(NEW, form(season, consolation="none", last_chance=None))
    tournament = Tournament.objects.get(name="Copa de Nadal")
    for number in range(4):
        Entry.objects.create(
            checked_in=True, tournament=tournament, player=Player.objects.create(name=f"P{number}")
        )
    operations.make_draw(tournament, rng_seed=1)
    url = reverse("director-tournament-edit", args=[tournament.pk])
    # Before any result: allowed, and the old draw goes (it was for the old format).
    response = director_client.post(url, form(season, consolation="first_round", last_chance=None))
    assert response.status_code == 302
    assert not tournament.matches.exists()
    operations.make_draw(tournament, rng_seed=1)
    operations.start_tournament(tournament)
    operations.record_game(tournament.matches.filter(status="ready").first(), GameResult(0))
    response = director_client.post(url, form(season, consolation="none", last_chance=None))
    assert response.status_code == 400
    assert "cannot change once results have been recorded" in response.content.decode()
    tournament.refresh_from_db()
    assert tournament.consolation == "first_round"


def test_unknown_tournament_is_404(director_client, db):
    assert director_client.get(reverse("director-tournament-edit", args=[99999])).status_code == 404


def test_a_tournament_outside_its_seasons_year_is_refused_by_the_operation(season):
    with pytest.raises(
        operations.OperationError, match=r"runs from Jan\. 1, 2002 to Dec\. 31, 2002"
    ):
        operations.create_tournament({"season": season, "name": "Tard", "date": "2001-12-31"}, {})
    assert not Tournament.objects.exists()


def test_a_new_tournament_made_like_an_earlier_one(director_client, season, tournament):
    operations.change_tournament(
        tournament,
        {"tables": "Taula 1, Bar", "clock_policy": "allowed", "consolation": "first_round"},
        {
            "main": {"lengths": "7,9", "fee": "15", "payouts": "60,40"},
            "consolation": {"lengths": "3", "side_pool_fee": "2"},
        },
    )
    page = director_client.get(NEW, {"from": tournament.pk})
    form = page.context["form"]
    assert form.initial["tables_text"] == "Taula 1, Bar"
    assert form.initial["main_lengths"] == "7,9" and form.initial["main_payouts"] == "60,40"
    assert form.initial["clock_policy"] == "allowed"
    assert form.initial["consolation"] == "first_round"
    assert "name" not in form.initial  # a new name for the new one
    data = {
        key: value
        for key, value in form.initial.items()
        if value is not None and not isinstance(value, bool)
    }
    data.update(name="Copa de Nadal", date="2002-12-20", public="on")
    response = director_client.post(NEW, {**data, "season": season.pk})
    assert response.status_code == 302, response.content.decode()[:2000]
    copy = Tournament.objects.get(name="Copa de Nadal")
    assert copy.tables == ["Taula 1", "Bar"] and copy.clock_policy == "allowed"
    main = copy.brackets.get(kind="main")
    assert (main.lengths, str(main.fee), main.payouts) == ("7,9", "15.00", "60,40")
    assert str(copy.brackets.get(kind="consolation").side_pool_fee) == "2.00"


def edit_url(tournament):
    return reverse("director-tournament-edit", args=[tournament.pk])


def as_shown(client, tournament, **changes):
    """The edit form as a browser posts it from the page, with `changes` (None: left
    out)."""
    shown = client.get(edit_url(tournament)).context["form"]
    data = {}
    for name, field in shown.fields.items():
        if field.disabled:
            continue  # a browser does not post it
        value = shown[name].value()
        if value is True:
            data[name] = "on"
        elif value not in (None, False, ""):
            data[name] = value
    data.update(changes)
    return {key: value for key, value in data.items() if value is not None}


def test_a_played_rounds_length_is_refused_with_the_reason(director_client, season):
    """ "5,5,7,9" to "7,11" after a game of round 1: refused, and nothing changes."""
    tournament = builders.cup(season, start=True)
    operations.change_tournament(tournament, {}, {"main": "5,5,7"})
    operations.record_game(tournament.matches.get(round=1, position=1), GameResult(0))
    response = director_client.post(
        edit_url(tournament), as_shown(director_client, tournament, main_lengths="7,11")
    )
    assert response.status_code == 400
    assert (
        "Round 1 already has results, at 5 points: its match length cannot change."
        in response.content.decode()
    )
    assert tournament.brackets.get(kind="main").lengths == "5,5,7"
    assert set(tournament.matches.values_list("length", flat=True)) == {5}


def finished_cup(season):
    """A cup of four played to its end, its main bracket with a fee and payouts."""
    tournament = builders.cup(season, start=True)
    operations.change_tournament(
        tournament, {}, {"main": {"lengths": "3,5", "fee": "10", "payouts": "70,30"}}
    )
    builders.play_out(tournament)
    assert tournament.is_finished
    return tournament


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        # The public bracket would say "to 1 point" beside a 3-0.
        ({"main_lengths": "1"}, "Round 1 already has results, at 3 points"),
        ({"main_lengths": "3,7"}, "Round 2 already has results, at 5 points"),
        ({"main_fee": "12"}, "The fees and payouts of a finished tournament cannot change"),
        ({"main_payouts": "100"}, "its prizes were paid from them"),
        ({"main_club_cut": "10"}, "its prizes were paid from them"),
    ],
)
def test_a_finished_cups_record_is_not_rewritten(director_client, season, changes, message):
    tournament = finished_cup(season)
    before = operations.tournaments.tournament_settings(tournament)
    response = director_client.post(
        edit_url(tournament), as_shown(director_client, tournament, **changes)
    )
    assert response.status_code == 400
    assert message in response.content.decode()
    tournament.refresh_from_db()
    assert operations.tournaments.tournament_settings(tournament) == before
    assert set(tournament.matches.filter(round=2).values_list("length", flat=True)) == {5}
    # What the record does not hold may still change: a name mistyped.
    response = director_client.post(
        edit_url(tournament), as_shown(director_client, tournament, name="Copa de Reis")
    )
    assert response.status_code == 302
    assert Tournament.objects.get(pk=tournament.pk).name == "Copa de Reis"


def test_a_running_cups_fee_and_payouts_may_still_change(season):
    tournament = builders.cup(season, start=True)
    operations.record_game(tournament.matches.get(round=1, position=1), GameResult(0))
    operations.change_tournament(tournament, {}, {"main": {"lengths": "5", "fee": "8"}})
    assert str(tournament.brackets.get(kind="main").fee) == "8.00"


def test_a_season_change_posted_after_the_draw_is_refused_not_ignored(director_client, season):
    """The page was shown before the draw (the season still a choice); posted after
    it, the change is refused with why rather than dropped with a "saved"."""
    tournament = builders.cup(season)
    other = Season.from_preset(2003, "qgammon-2002")
    other.save()
    data = as_shown(director_client, tournament, season=other.pk, date="2003-05-01")
    response = director_client.post(edit_url(tournament), data)
    assert response.status_code == 400
    assert "The season of a tournament cannot change once its draw is made." in (
        response.content.decode()
    )
    tournament.refresh_from_db()
    assert tournament.season == season
    # The form as the page shows it now (the season disabled, so not posted) saves.
    assert director_client.post(edit_url(tournament), as_shown(director_client, tournament))[
        "Location"
    ] == reverse("director-tournament", args=[tournament.pk])
