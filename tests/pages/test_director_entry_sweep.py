"""Entries in one sweep on the tournament desk (issue 27, item 2): the club's players
ticked, an earlier tournament's entries copied, the seeds from the club's ratings."""

import pytest
from django.urls import reverse

from director_checks import assert_protected
from tournament import operations
from tournament.core import ratings
from tournament.models import AuditEntry, Entry, Player, Tournament


def desk(tournament):
    return reverse("director-tournament", args=[tournament.pk])


def sweep_url(tournament):
    return reverse("director-entry-sweep", args=[tournament.pk])


def copy_url(tournament):
    return reverse("director-entry-copy", args=[tournament.pk])


def seeds_url(tournament):
    return reverse("director-seeds-from-ratings", args=[tournament.pk])


def names(tournament):
    return sorted(tournament.entries.values_list("player__name", flat=True))


@pytest.fixture
def earlier(season):
    return Tournament.objects.create(season=season, name="Copa d'Octubre", date="2002-10-12")


@pytest.mark.parametrize("url", [sweep_url, copy_url, seeds_url])
def test_protected(director, tournament, url):
    assert_protected(director, url(tournament), "post", wrong_method="get")


def test_the_list_puts_the_last_tournaments_players_first(
    director_client, tournament, earlier, season
):
    zoe, bernat, carla = (Player.objects.create(name=n) for n in ("Zoe", "Bernat", "Carla"))
    Player.objects.create(name="Albert Retirat", active=False)
    # A tournament of another season, and a later one, are not "the last".
    other = operations.create_season(2001, "qgammon-2002", "Temporada 2001")
    old = Tournament.objects.create(season=other, name="Vella", date="2001-05-05")
    later = Tournament.objects.create(season=season, name="Després", date="2002-12-12")
    Entry.objects.create(tournament=earlier, player=zoe)
    Entry.objects.create(tournament=old, player=carla)
    Entry.objects.create(tournament=later, player=carla)
    Entry.objects.create(tournament=tournament, player=carla)
    response = director_client.get(desk(tournament))
    rows = [(p.name, entered, regular) for p, entered, regular in response.context["sweep_rows"]]
    assert rows == [("Zoe", False, True), ("Bernat", False, False), ("Carla", True, False)]
    assert response.context["regulars_from"] == earlier
    assert response.context["earlier"] == [earlier, old]
    text = response.content.decode()
    assert f'value="{carla.pk}" checked disabled' in text
    assert f'value="{bernat.pk}">' in text
    assert "Albert Retirat" not in text


def test_ticked_players_are_registered_in_one_post(director_client, tournament, players):
    anna, xavier = players
    more = [Player.objects.create(name=n) for n in ("Carla", "Dídac")]
    response = director_client.post(
        sweep_url(tournament), {"players": [anna.pk, xavier.pk, more[0].pk]}
    )
    assert response.status_code == 302
    assert response["Location"].endswith("#entries-heading")
    assert names(tournament) == ["Anna Bosch", "Carla", "Xavier Roca"]
    # One audit entry per player, as a registration one by one writes.
    assert AuditEntry.objects.filter(action=AuditEntry.Action.ENTRY_ADDED).count() == 3
    page = director_client.get(response["Location"]).content.decode()
    assert "3 players registered: Anna Bosch, Carla, Xavier Roca." in page


def test_a_player_who_cannot_enter_is_named(director_client, tournament, players):
    anna, xavier = players
    Entry.objects.create(tournament=tournament, player=anna)
    gone = Player.objects.create(name="Pere Retirat", active=False)
    response = director_client.post(
        sweep_url(tournament), {"players": [anna.pk, xavier.pk, gone.pk]}, follow=True
    )
    assert names(tournament) == ["Anna Bosch", "Xavier Roca"]
    text = response.content.decode()
    assert "1 player registered: Xavier Roca." in text
    assert "Not registered: Anna Bosch (Anna Bosch is already registered.); " in text
    assert "Pere Retirat (not an active player)." in text


def test_nothing_ticked_is_a_400(director_client, tournament):
    response = director_client.post(sweep_url(tournament), {})
    assert response.status_code == 400
    assert "Tick at least one player." in response.content.decode()
    response = director_client.post(sweep_url(tournament), {"players": ["999999"]})
    assert response.status_code == 400
    assert not tournament.entries.exists()


def test_after_the_draw_the_sweep_is_closed(director_client, tournament, players):
    for player in players:
        Entry.objects.create(tournament=tournament, player=player, checked_in=True)
    operations.make_draw(tournament, rng_seed=1)
    newcomer = Player.objects.create(name="Carla")
    text = director_client.get(desk(tournament)).content.decode()
    assert "Register several club players" not in text
    response = director_client.post(sweep_url(tournament), {"players": [newcomer.pk]})
    assert response.status_code == 409
    assert "The draw is made" in response.content.decode()
    assert names(tournament) == ["Anna Bosch", "Xavier Roca"]
    response = director_client.post(seeds_url(tournament), {"count": 2})
    assert response.status_code == 409
    assert not tournament.entries.filter(seed__isnull=False).exists()


def test_copy_previews_then_registers(director_client, tournament, earlier, players):
    anna, xavier = players
    gone = Player.objects.create(name="Pere Retirat", active=False)
    carla = Player.objects.create(name="Carla")
    for player in (anna, xavier, gone, carla):
        Entry.objects.create(tournament=earlier, player=player)
    Entry.objects.create(tournament=tournament, player=anna)
    preview = director_client.post(copy_url(tournament), {"source": earlier.pk})
    assert preview.status_code == 200
    text = preview.content.decode()
    assert "Copy the entries of Copa d&#x27;Octubre?" in text
    assert "<li>Carla</li>" in text and "<li>Xavier Roca</li>" in text
    assert "Anna Bosch is left out (already registered)." in text
    assert "Pere Retirat is left out (not an active player)." in text
    assert "Yes, register 2 players" in text
    assert names(tournament) == ["Anna Bosch"]  # the preview changes nothing
    response = director_client.post(copy_url(tournament), {"source": earlier.pk, "confirm": "on"})
    assert response.status_code == 302
    assert names(tournament) == ["Anna Bosch", "Carla", "Xavier Roca"]


def test_copy_with_nobody_left_says_so(director_client, tournament, earlier, players):
    Entry.objects.create(tournament=earlier, player=players[0])
    Entry.objects.create(tournament=tournament, player=players[0])
    response = director_client.post(copy_url(tournament), {"source": earlier.pk}, follow=True)
    text = response.content.decode()
    assert "Nobody from Copa d&#x27;Octubre is left to register." in text


def test_copy_of_itself_or_nothing_is_refused(director_client, tournament):
    response = director_client.post(copy_url(tournament), {"source": tournament.pk})
    assert response.status_code == 400
    response = director_client.post(copy_url(tournament), {"source": "x"})
    assert response.status_code == 400


def rated(name, rating, experience):
    player = Player.objects.create(name=name)
    Player.objects.filter(pk=player.pk).update(rating=rating, rating_experience=experience)
    return player


def test_seeds_from_ratings_provisional_last(director_client, tournament):
    club = [
        rated("Nou Fort", 1900, 10),  # provisional: after the established
        rated("Anna", 1600, 300),
        rated("Bernat", 1700, 150),
        rated("Carla", 1600, 500),  # a tie with Anna: by name
        rated("Dídac", 1400, 120),
        rated("Retirada", 2000, 900),
    ]
    for player in club:
        Entry.objects.create(tournament=tournament, player=player)
    Entry.objects.filter(player=club[-1]).update(withdrawn=True)
    Entry.objects.filter(player=club[4]).update(seed=1)
    response = director_client.post(seeds_url(tournament), {"count": 3})
    assert response.status_code == 302
    seeds = dict(tournament.entries.values_list("player__name", "seed"))
    assert seeds == {
        "Bernat": 1,
        "Anna": 2,
        "Carla": 3,
        "Dídac": None,
        "Nou Fort": None,
        "Retirada": None,
    }
    # Still the seeds form's to change.
    form = director_client.get(desk(tournament)).context["seeds_form"]
    assert not form.fields[f"seed_{tournament.entries.get(player__name='Anna').pk}"].disabled
    director_client.post(seeds_url(tournament), {"count": 8})
    seeds = dict(tournament.entries.values_list("player__name", "seed"))
    assert seeds["Nou Fort"] == 5 and seeds["Retirada"] is None


def test_seed_count_is_checked(director_client, tournament, players):
    assert director_client.get(desk(tournament)).status_code == 200
    for bad in ("0", "x", "9999"):
        response = director_client.post(seeds_url(tournament), {"count": bad})
        assert response.status_code == 400


def test_seeding_order_is_the_cores():
    order = ratings.seeding_order(
        {
            "new": ratings.Rating(1900, 0),
            "a": ratings.Rating(1500, 100),
            "b": ratings.Rating(1600, 100),
            "c": ratings.Rating(1500, 99),
        }
    )
    assert order == ["b", "a", "new", "c"]


def test_the_desk_costs_the_same_however_many_players(
    director_client, tournament, earlier, players, django_assert_num_queries
):
    for player in players:
        Entry.objects.create(tournament=tournament, player=player)
        Entry.objects.create(tournament=earlier, player=player)
    # The desk's 14 (test_director_tournament_desk: its registration and door included),
    # and the sweep's: the earlier tournaments, the players of the season's last one, the
    # club's active players.
    with django_assert_num_queries(17):
        director_client.get(desk(tournament))
    for number in range(30):
        Player.objects.create(name=f"J{number}")
        Entry.objects.create(tournament=earlier, player=Player.objects.create(name=f"K{number}"))
    with django_assert_num_queries(17):
        response = director_client.get(desk(tournament))
    assert len(response.context["sweep_rows"]) == 62


def test_catalan_and_spanish(director_client, tournament, earlier, players):
    Entry.objects.create(tournament=tournament, player=players[0])
    for language, words in (
        ("ca", ["Inscriu diversos jugadors del club", "Caps de sèrie segons les puntuacions"]),
        (
            "es",
            ["Inscribir a varios jugadores del club", "Cabezas de serie según las puntuaciones"],
        ),
    ):
        text = director_client.get(
            desk(tournament), headers={"accept-language": language}
        ).content.decode()
        for word in words:
            assert word in text, language
