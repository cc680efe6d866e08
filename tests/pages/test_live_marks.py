"""Live pages that cost nothing when nothing changed: every write that changes what a
tournament's pages show moves its change mark (or the club's), a poll that finds the
same mark is a 304 after one query, and the brackets rendered once per change are never
shown stale."""

import random
from datetime import date

import pytest
import time_machine
from django.core.cache import cache
from django.test import Client
from django.urls import reverse
from django.utils import timezone

import builders
from tournament import operations
from tournament.core import draw, sample_games
from tournament.core.rules import PRESETS
from tournament.core.scoring import GameResult
from tournament.models import Match, Tournament
from tournament.models.marks import ClubMark
from tournament.operations.links import link_for, token_of


def marks(tournament) -> tuple:
    """What a tournament's pages are keyed on: its own mark and the club's."""
    club = ClubMark.objects.values_list("mark", flat=True).first()
    return Tournament.objects.get(pk=tournament.pk).mark, club


def cup(season, size=8, name="Copa") -> Tournament:
    """A drawn and started cup with a first-round consolation."""
    return builders.cup(
        season,
        builders.new_players(size, prefix=f"{name}: jugador"),
        name=name,
        date=date(season.year, 3, 1),
        brackets={draw.MAIN: "3", draw.CONSOLATION: "3"},
        rng_seed=size,
        start=True,
        consolation=draw.FIRST_ROUND,
    )


def ready(tournament) -> Match:
    return tournament.matches.ready().order_by("pk").first()


def finish(match, seed=0) -> None:
    for result in sample_games.games_to_finish(match.replay(), random.Random(seed)):
        operations.record_game(match, result)


def partial(tournament, **query):
    return reverse("tournament", args=[tournament.pk]), {"partial": "brackets", **query}


def poll(client, url, query=None, etag=None):
    headers = {"if-none-match": etag} if etag else {}
    return client.get(url, query or {}, headers=headers)


@pytest.fixture
def copa(season):
    return cup(season)


# --- the mark moves with every write a page shows -------------------------------------


def test_a_game_an_undo_and_a_walkover_each_move_the_mark(copa):
    match = ready(copa)
    seen = [marks(copa)]
    operations.record_game(match, GameResult(0))
    seen.append(marks(copa))
    operations.undo_last_game(match)
    seen.append(marks(copa))
    operations.walkover(match, 1)
    seen.append(marks(copa))
    assert len(set(seen)) == 4


def test_entries_seeds_tables_and_settings_move_the_mark(season):
    tournament = operations.create_tournament(
        {"season": season, "name": "Obert", "date": date(season.year, 5, 1)}, {draw.MAIN: "5"}
    )
    anna = operations.create_player({"name": "Anna Bosch"})
    seen = [marks(tournament)]
    operations.add_entry(tournament, anna)
    seen.append(marks(tournament))
    entry = tournament.entries.get(player=anna)
    operations.set_seeds(tournament, {entry.pk: 1})
    seen.append(marks(tournament))
    operations.check_in(tournament, entry)
    seen.append(marks(tournament))
    operations.change_tournament(tournament, {"tables": ["1", "2"]}, {})
    seen.append(marks(tournament))
    assert len(set(seen)) == 5


def test_a_table_move_moves_the_mark(copa):
    operations.change_tournament(copa, {"tables": ["1", "2", "3", "4", "5"]}, {})
    match = ready(copa)
    match.refresh_from_db()
    free = next(t for t in ["1", "2", "3", "4", "5"] if not copa.matches.filter(table=t).exists())
    before = marks(copa)
    operations.move_to_table(match, free)
    assert marks(copa) != before


def test_a_renamed_player_and_new_season_rules_move_the_club_mark(copa, season):
    before = marks(copa)
    player = ready(copa).player1
    operations.change_player(player, {"name": "Núria Puig"})
    renamed = marks(copa)
    operations.change_season_rules(season, PRESETS["qgammon-2002"], name="Temporada nova")
    assert len({before, renamed, marks(copa)}) == 3
    assert before[0] == renamed[0]  # the tournament's own rows did not change: the club's did


def test_a_write_to_another_tournament_leaves_this_mark_alone(copa, season):
    other = cup(season, 4, name="Obert")
    before = marks(copa)
    operations.record_game(ready(other), GameResult(0))
    assert marks(copa) == before


def test_a_stale_row_saved_whole_does_not_put_the_old_mark_back(copa):
    stale = Tournament.objects.get(pk=copa.pk)
    operations.record_game(ready(copa), GameResult(0))
    moved = marks(copa)
    stale.name = "Copa reanomenada"
    stale.save()
    assert marks(copa) == moved
    assert Tournament.objects.get(pk=copa.pk).name == "Copa reanomenada"


def test_a_refused_write_leaves_the_mark_as_it_was(copa):
    match = ready(copa)
    before = marks(copa)
    with pytest.raises(operations.OperationError):
        operations.walkover(match, 5)
    assert marks(copa) == before


# --- a poll that changed nothing: a 304 after one query -------------------------------


def test_an_unchanged_poll_is_a_304_after_one_query(client, copa, django_assert_max_num_queries):
    url, query = partial(copa)
    first = poll(client, url, query)
    assert first.status_code == 200 and first["ETag"].startswith('W/"')
    with django_assert_max_num_queries(1):
        again = poll(client, url, query, first["ETag"])
    assert again.status_code == 304
    assert again.content == b""
    assert again["ETag"] == first["ETag"]
    assert "no-cache" in again["Cache-Control"]


def test_after_a_game_the_poll_brings_the_new_bracket(client, copa):
    url, query = partial(copa)
    first = poll(client, url, query)
    match = ready(copa)
    operations.record_game(match, GameResult(0, "gammon"))
    after = poll(client, url, query, first["ETag"])
    assert after.status_code == 200
    assert after["ETag"] != first["ETag"]
    assert b'<span class="score">2</span>' in after.content
    assert b'<span class="score">2</span>' not in first.content
    assert poll(client, url, query, after["ETag"]).status_code == 304


def test_the_kept_brackets_are_never_stale(client, copa):
    url, query = partial(copa)
    page = reverse("tournament", args=[copa.pk])
    client.get(url, query)  # rendered and kept
    client.get(page)
    match = ready(copa)
    finish(match)
    match.refresh_from_db()
    body = client.get(url, query).content.decode()
    assert body.count('<span class="tag">won</span>') == 1
    assert client.get(page).content.decode().count('<span class="tag">won</span>') == 1
    operations.change_player(match.winner, {"name": "Núria Puig i Ferrer"})
    assert "Núria Puig i Ferrer" in client.get(url, query).content.decode()
    assert "Núria Puig i Ferrer" in client.get(page).content.decode()


def test_the_page_whose_tournament_did_not_change_is_rendered_once(
    client, copa, django_assert_num_queries
):
    page = reverse("tournament", args=[copa.pk])
    # The tournament with its season and marks, its brackets, its matches, their players.
    with django_assert_num_queries(4):
        cold = client.get(page)
    # Rendered since the last change: the tournament with its marks alone.
    with django_assert_num_queries(1):
        warm = client.get(page)
    with django_assert_num_queries(1):
        client.get(*partial(copa))
    assert warm.content.decode().count("match-card") == cold.content.decode().count("match-card")
    cache.clear()
    with django_assert_num_queries(4):
        client.get(*partial(copa))


def test_the_etag_differs_by_language_and_by_followed_player(copa):
    url, query = partial(copa)
    english = Client(headers={"accept-language": "en"})
    catalan = Client(headers={"accept-language": "ca"})
    in_english = poll(english, url, query)
    in_catalan = poll(catalan, url, query)
    assert in_english["ETag"] != in_catalan["ETag"]
    # Each language its own rendering: the Catalan bracket is not the English one kept.
    assert "Quarter-finals" in in_english.content.decode()
    assert "Quarts de final" in in_catalan.content.decode()
    assert poll(catalan, url, query, in_english["ETag"]).status_code == 200
    player = ready(copa).player1
    following = poll(english, url, {**query, "player": player.pk})
    assert following["ETag"] != in_english["ETag"]
    assert "(the player you looked for)" in following.content.decode()
    assert "(the player you looked for)" not in in_english.content.decode()


def test_the_match_page_and_the_call_screen_answer_304_too(
    client, copa, django_assert_max_num_queries
):
    match = ready(copa)
    pages = [
        (reverse("match", args=[match.pk]), {"partial": "score"}),
        (reverse("calls", args=[copa.pk]), {"partial": "calls"}),
        (reverse("home"), {"partial": "live"}),
    ]
    # The call screen's ETag holds the minute (its marks move with the clock): the
    # polls all fall in one minute here, so only the change can make them new.
    with time_machine.travel(timezone.now(), tick=False):
        first = {url: poll(client, url, query)["ETag"] for url, query in pages}
        for url, query in pages:
            with django_assert_max_num_queries(1):
                assert poll(client, url, query, first[url]).status_code == 304
        operations.record_game(match, GameResult(1))
        for url, query in pages:
            answer = poll(client, url, query, first[url])
            assert answer.status_code == 200, url
            assert answer["ETag"] != first[url]


def test_a_whole_page_reloaded_unchanged_is_a_304_for_a_visitor(
    client, copa, director_client, django_assert_max_num_queries
):
    page = reverse("tournament", args=[copa.pk])
    client.get(page)  # the first visit: the CSRF cookie of the language form is given
    first = client.get(page)
    assert "private" in first["Cache-Control"]
    with django_assert_max_num_queries(1):
        assert poll(client, page, etag=first["ETag"]).status_code == 304
    # A new CSRF cookie (a login and a logout) makes the page's token another: not a 304.
    client.cookies["csrftoken"] = "x" * 32
    assert poll(client, page, etag=first["ETag"]).status_code == 200
    # A director's page says who is logged in: no ETag, every time the page itself.
    assert not director_client.get(page).has_header("ETag")


def test_an_unknown_or_hidden_tournament_is_still_a_404(client, copa):
    Tournament.objects.filter(pk=copa.pk).update(public=False)
    assert client.get(*partial(copa)).status_code == 404
    assert client.get(reverse("tournament", args=[copa.pk + 1000])).status_code == 404


# --- the player's private page ----------------------------------------------------------


def test_the_private_page_answers_304_and_stays_private(
    client, match, players, django_assert_max_num_queries
):
    url = reverse("player-page", args=[token_of(link_for(players[0]))])
    client.get(url)  # the page, whose forms give the CSRF cookie the polls then send
    first = client.get(url, {"partial": "matches"})
    assert first["ETag"] and first["X-Live-Mark"]
    # The link's player, then the marks of their tournaments and the club's.
    with django_assert_max_num_queries(2):
        again = poll(client, url, {"partial": "matches"}, first["ETag"])
    assert again.status_code == 304
    assert again["Cache-Control"] == "private, no-store"
    assert again["X-Robots-Tag"] == "noindex, nofollow"
    # The opponent renamed, a game recorded: each is news.
    operations.change_player(players[1], {"name": "Xavier Roca i Pla"})
    renamed = poll(client, url, {"partial": "matches"}, first["ETag"])
    assert renamed.status_code == 200 and "Xavier Roca i Pla" in renamed.content.decode()
    # What live.js compares before replacing the part: the new name is news.
    assert renamed["X-Live-Mark"] != first["X-Live-Mark"]
    unchanged = client.get(url, {"partial": "matches"})  # new CSRF tokens, nothing else
    assert unchanged.content != renamed.content
    assert unchanged["X-Live-Mark"] == renamed["X-Live-Mark"]
    operations.record_game(match, GameResult(0))
    scored = poll(client, url, {"partial": "matches"}, renamed["ETag"])
    assert scored.status_code == 200 and scored["ETag"] != renamed["ETag"]
    # The whole private page is never stored, so it needs no ETag.
    assert not client.get(url).has_header("ETag")


def test_the_private_page_of_another_player_is_not_this_ones(client, match, players):
    mine = reverse("player-page", args=[token_of(link_for(players[0]))])
    theirs = reverse("player-page", args=[token_of(link_for(players[1]))])
    etag = client.get(mine, {"partial": "matches"})["ETag"]
    assert poll(client, theirs, {"partial": "matches"}, etag).status_code == 200
    assert client.get(reverse("player-page", args=["no-such-token"])).status_code == 404


def test_tournaments_made_straight_in_the_database_share_no_mark():
    # Rows built directly (tests, a restored backup) still get marks of their own: a
    # page kept under one tournament's mark is never another's.
    assert len({Tournament().mark for _ in range(10)}) == 10


# --- what a query string may keep in the cache (issue 23, item 9) ----------------------


def kept_keys() -> set[str]:
    """The keys of the rendered parts in the tests' cache (each process's memory:
    Django's LocMemCache); the cards kept with them (web.cards) follow the parts."""
    return {key for key in cache._cache if ":live:" in key}


# Among the suite's slowest (10 s in one process on 2 busy cores): 600 junk
# requests, the point being that none of them grows the cache
def test_junk_query_strings_keep_no_more_parts_than_the_entrants(client, copa, season):
    page = reverse("tournament", args=[copa.pk])
    entrant = ready(copa).player1
    stranger = operations.create_player({"name": "No inscrita"})
    client.get(page)
    before = kept_keys()
    junk = [
        *({"player": "0" * n + str(stranger.pk)} for n in range(300)),
        *({"player": str(10**12 + n)} for n in range(300)),
        *({"name": f"ningú {n}"} for n in range(300)),
        *({"utm": str(n)} for n in range(97)),
        {"player": stranger.pk},
        {"player": "²"},
        {"player": "9" * 5000},
    ]
    assert len(junk) == 1000
    for query in junk:
        response = client.get(page, query)
        assert response.status_code == 200
        assert "(the player you looked for)" not in response.content.decode()
    # Every junk query is the page with nobody followed, kept once already.
    assert kept_keys() == before
    # An entrant followed, however the id is written, is one part more, and marked.
    for written in (str(entrant.pk), f"000{entrant.pk}"):
        followed = client.get(page, {"player": written}).content.decode()
        assert "(the player you looked for)" in followed
    assert len(kept_keys() - before) == 1
