"""The tables of the day, as the director sees them: a match ready to start is called to
the lowest free table in call order (byes and matches still waiting for a player hold
none), more ready matches than tables wait and take the table a decided match frees, a
decided match keeps its table for the record, and no two open matches ever share one,
not even when two directors move matches at the same moment. The director moves a
match to a free table from its sheet; the tournament's settings take a number or
names, and refuse a table given twice or a name too long, beside the field. The JSON
gives each match's table: a number, a name, or null."""

import random
import re
import threading
from functools import partial

import pytest
from django.contrib.auth.models import User
from django.db import IntegrityError, connection, connections, transaction
from django.test import Client
from django.urls import reverse

import builders
from conftest import directors_group
from director_checks import assert_protected
from tournament import operations
from tournament.core import sample_games
from tournament.core.scoring import GameResult
from tournament.models import AuditEntry, Match, Season, Tournament

OPTION = re.compile(r'<option value="([^"]*)"')


def cup(season, size, tables, *, name="Copa de les Taules", lengths="1", consolation="none"):
    """A started cup of `size` players (one-point matches unless told), drawn with
    these tables."""
    brackets = {"main": lengths}
    if consolation != "none":
        brackets["consolation"] = lengths
    return builders.cup(
        season,
        size,
        name=name,
        date="2002-06-01",
        brackets=brackets,
        rng_seed=2,
        start=True,
        tables=list(tables),
        consolation=consolation,
    )


def slot(tournament, round_number, position) -> Match:
    return tournament.matches.get(bracket__kind="main", round=round_number, position=position)


def table_of(tournament, round_number, position) -> str:
    return slot(tournament, round_number, position).table


def open_matches(tournament) -> list[Match]:
    """The open matches in the order they are called: round, then position."""
    return list(tournament.matches.open().order_by("round", "bracket_id", "position"))


def assert_tables_sound(tournament):
    """What the director relies on: no two open matches at one table, and no table left
    idle while a match ready to start waits for one."""
    tournament.refresh_from_db()
    at_tables = [match.table for match in open_matches(tournament) if match.table]
    assert len(at_tables) == len(set(at_tables)), at_tables
    assert set(at_tables) <= set(tournament.tables)
    idle = set(tournament.tables) - set(at_tables)
    waiting = [match for match in open_matches(tournament) if not match.table]
    assert not (idle and waiting), (idle, waiting)


def move_url(match) -> str:
    return reverse("director-table", args=[match.tournament_id, match.pk])


def sheet_url(match) -> str:
    return reverse("director-match", args=[match.tournament_id, match.pk])


def sheet_meta(director_client, match) -> str:
    """The line under the match sheet's title: length, status, table, clock."""
    page = director_client.get(sheet_url(match)).content.decode()
    return " ".join(re.search(r'</h1>\s*<p class="meta">(.*?)</p>', page, re.S).group(1).split())


def offered_tables(director_client, match) -> list[str] | None:
    """The tables the sheet's "Move to another free table" form offers (None: no form)."""
    page = director_client.get(sheet_url(match)).content.decode()
    form = re.search(
        r'<form[^>]*action="' + re.escape(move_url(match)) + r'".*?</form>', page, re.S
    )
    return OPTION.findall(form.group(0)) if form else None


def api_tables(client, tournament) -> dict[tuple[int, int], object]:
    """(round, position) -> the "table" the JSON gives each main-bracket match."""
    data = client.get(reverse("api-tournament", args=[tournament.pk])).json()
    main = next(bracket for bracket in data["brackets"] if bracket["kind"] == "main")
    return {
        (round_data["number"], match["position"]): match["table"]
        for round_data in main["rounds"]
        for match in round_data["matches"]
    }


def settings_form(tournament, **changes) -> dict:
    """The tournament form as the settings page posts it, with these changes."""
    data = {
        "season": tournament.season_id,
        "name": tournament.name,
        "date": str(tournament.date),
        "consolation": tournament.consolation,
        "progressive_rounds": tournament.progressive_rounds,
        "public": "on",
        "clock_policy": tournament.clock_policy,
        "main_lengths": tournament.brackets.get(kind="main").lengths,
        "tables_text": ", ".join(tournament.tables),
    }
    data.update(changes)
    return data


def field_block(page, name) -> str:
    """The form's <div class="field"> holding the input `name`: its label, its input
    and its errors."""
    for block in re.findall(r'<div class="field[^"]*">.*?</div>', page, re.S):
        if f'name="{name}"' in block:
            return block
    raise AssertionError(f"no field {name} on the page")


# Called to tables as the bracket moves on


def test_after_the_draw_the_ready_matches_take_the_lowest_tables_in_call_order(season):
    # 11 players: five byes in the first round, and two bye-holders already meet in
    # the second, ready before anyone has played.
    tournament = cup(season, 11, ["1", "2", "3", "4", "5"])
    called = open_matches(tournament)
    assert [(match.round, match.table) for match in called] == [
        (1, "1"),
        (1, "2"),
        (1, "3"),
        (2, "4"),
    ]
    byes = tournament.matches.filter(status="bye")
    assert byes.count() == 5
    assert set(byes.values_list("table", flat=True)) == {""}
    assert set(tournament.matches.filter(status="pending").values_list("table", flat=True)) == {""}


def test_more_ready_matches_than_tables_wait_and_take_the_table_a_decided_match_frees(
    director_client, season
):
    tournament = cup(season, 8, ["1", "2", "3"])
    assert [match.table for match in open_matches(tournament)] == ["1", "2", "3", ""]
    fourth = slot(tournament, 1, 4)
    assert fourth.is_open and fourth.table == ""  # waits, called to no table
    builders.win(slot(tournament, 1, 2))
    # The decided match keeps table 2 for the record, and the waiting one is called to it.
    decided = slot(tournament, 1, 2)
    assert (decided.status, decided.table) == ("decided", "2")
    assert table_of(tournament, 1, 4) == "2"
    assert tournament.matches.open().filter(table="2").count() == 1
    # The record shows where it was played: on the sheet and in the JSON.
    assert "· Table 2" in sheet_meta(director_client, decided)
    assert api_tables(Client(), tournament)[(1, 2)] == 2


def test_a_second_round_match_is_called_to_a_table_freed_by_its_feeders(season):
    tournament = cup(season, 8, ["1", "2", "3"])
    builders.win(slot(tournament, 1, 1))  # table 1 to the fourth match, still waiting
    assert table_of(tournament, 1, 4) == "1"
    builders.win(slot(tournament, 1, 2))
    # The first semi-final is ready: it is called to the table just freed.
    assert table_of(tournament, 2, 1) == "2"
    assert_tables_sound(tournament)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_no_two_open_matches_ever_share_a_table_over_a_whole_day(season, seed):
    tournament = cup(season, 13, ["1", "2", "3"], lengths="3", consolation="first_round")
    rng = random.Random(seed)
    decided = 0
    while matches := list(tournament.matches.open().order_by("pk")):
        match = rng.choice(matches)  # the matches finish in any order
        for result in sample_games.games_to_finish(match.replay(), rng):
            operations.record_game(match, result)
            assert_tables_sound(tournament)
        decided += 1
    tournament.refresh_from_db()
    assert tournament.is_finished
    assert decided == tournament.matches.filter(status="decided").count() > 12


def test_the_database_refuses_two_open_matches_at_one_table(season):
    tournament = cup(season, 8, ["1", "2", "3"])
    first, second = slot(tournament, 1, 1), slot(tournament, 1, 2)
    with pytest.raises(IntegrityError), transaction.atomic():
        Match.objects.filter(pk=second.pk).update(table=first.table)
    assert table_of(tournament, 1, 2) == "2"
    # A table is "taken" only by an open match: the decided first match keeps table 1
    # for the record while the fourth plays there, and the rule still holds for the
    # one open match now at table 1.
    builders.win(first)
    assert set(tournament.matches.filter(table="1").values_list("status", flat=True)) == {
        "decided",
        "ready",
    }
    with pytest.raises(IntegrityError), transaction.atomic():
        Match.objects.filter(pk=second.pk).update(table="1")
    assert table_of(tournament, 1, 2) == "2"


def test_a_match_sent_back_to_waiting_gives_up_its_table(season):
    tournament = cup(season, 8, ["1", "2", "3"])
    builders.win(slot(tournament, 1, 1))  # the fourth match takes table 1
    builders.win(slot(tournament, 1, 2))  # the first semi-final is called to table 2
    builders.win(slot(tournament, 1, 4))  # table 1 frees, nobody waits
    assert table_of(tournament, 2, 1) == "2"
    # The second match's result was a mistake: the semi-final waits for its winner again.
    operations.undo_last_game(slot(tournament, 1, 2), confirm=True)
    assert slot(tournament, 2, 1).status == "pending"
    builders.win(slot(tournament, 1, 3))  # the second semi-final is ready: called to a free table
    builders.win(slot(tournament, 1, 2), side=1)  # the first semi-final is ready again
    assert_tables_sound(tournament)
    semis = [slot(tournament, 2, 1).table, slot(tournament, 2, 2).table]
    assert "" not in semis and semis[0] != semis[1]


# The director moves a match


def test_the_director_moves_a_match_to_a_free_table(director_client, director, season):
    tournament = cup(season, 6, ["1", "2", "3", "4"])  # two matches, at tables 1 and 2
    match = slot(tournament, 1, 2)
    assert match.table == "1"
    response = director_client.post(move_url(match), {"table": "3", "version": match.version})
    assert response.status_code == 302
    assert response["Location"] == sheet_url(match)
    match.refresh_from_db()
    assert match.table == "3"
    entry = AuditEntry.objects.get(action="table_moved")
    assert (entry.match_id, entry.user) == (match.pk, director)
    assert entry.summary == "Moved from Table 1 to Table 3"
    page = director_client.get(sheet_url(match)).content.decode()
    assert "Now at Table 3." in page
    # Table 1 is free now: offered to the other match, and the JSON says where each is.
    other = tournament.matches.open().exclude(pk=match.pk).get()
    assert offered_tables(director_client, other) == ["1", "4"]
    assert sorted(value for value in api_tables(Client(), tournament).values() if value) == [2, 3]


@pytest.mark.parametrize(
    ("table", "why"), [("2", "busy"), ("9", "not a table"), ("", "none chosen")]
)
def test_a_move_to_a_busy_or_unknown_table_is_refused_and_nothing_changes(
    director_client, season, table, why
):
    tournament = cup(season, 6, ["1", "2", "3", "4"])
    match = slot(tournament, 1, 2)
    before = (match.table, match.version)
    response = director_client.post(move_url(match), {"table": table, "version": match.version})
    assert response.status_code == 400, why
    assert "Choose one of the free tables." in response.content.decode()
    match.refresh_from_db()
    assert (match.table, match.version) == before
    assert tournament.matches.open().filter(table="2").count() == 1
    assert not AuditEntry.objects.filter(action="table_moved").exists()


def test_a_move_from_a_sheet_shown_before_the_match_changed_is_refused(director_client, season):
    tournament = cup(season, 6, ["1", "2", "3", "4"], lengths="3")
    match = slot(tournament, 1, 2)
    shown = match.version
    operations.record_game(match, GameResult(0))  # entered meanwhile at another desk
    response = director_client.post(move_url(match), {"table": "3", "version": shown})
    assert response.status_code == 409
    match.refresh_from_db()
    assert match.table == "1"
    assert not AuditEntry.objects.filter(action="table_moved").exists()


def test_the_sheet_offers_only_the_free_tables(director_client, season):
    tournament = cup(season, 8, ["1", "2", "3", "Bar"])
    first = slot(tournament, 1, 1)
    # Tables 1 to 3 and the bar are taken by the four first-round matches.
    assert offered_tables(director_client, first) is None
    builders.win(slot(tournament, 1, 3))  # table 3 frees; nobody is waiting for it
    assert offered_tables(director_client, first) == ["3"]
    page = director_client.get(sheet_url(first)).content.decode()
    assert "Move to another free table" in page
    # A decided match holds no table any more: there is nothing to move.
    decided = slot(tournament, 1, 3)
    assert offered_tables(director_client, decided) is None
    response = director_client.post(move_url(decided), {"table": "Bar", "version": decided.version})
    assert response.status_code == 400
    assert table_of(tournament, 1, 3) == "3"


def test_without_tables_nothing_changes(director_client, season):
    tournament = cup(season, 8, [], lengths="3", consolation="first_round")
    rng = random.Random(4)
    match = slot(tournament, 1, 1)
    assert offered_tables(director_client, match) is None
    response = director_client.post(move_url(match), {"table": "1", "version": match.version})
    assert response.status_code == 400
    while (match := tournament.matches.open().first()) is not None:
        for result in sample_games.games_to_finish(match.replay(), rng):
            operations.record_game(match, result)
    assert set(tournament.matches.values_list("table", flat=True)) == {""}
    assert set(api_tables(Client(), tournament).values()) == {None}
    assert not AuditEntry.objects.filter(action="table_moved").exists()


def test_protected(director, season):
    tournament = cup(season, 6, ["1", "2", "3", "4"])
    match = slot(tournament, 1, 2)
    assert_protected(
        director, move_url(match), "post", {"table": "3", "version": match.version}, "get"
    )
    match.refresh_from_db()
    assert match.table == "1"
    assert not AuditEntry.objects.filter(action="table_moved").exists()


def test_a_match_of_another_tournament_is_404(director_client, season):
    tournament = cup(season, 6, ["1", "2", "3", "4"])
    other = Tournament.objects.create(season=season, name="Una altra", date="2002-07-01")
    match = slot(tournament, 1, 2)
    url = reverse("director-table", args=[other.pk, match.pk])
    assert director_client.post(url, {"table": "3", "version": match.version}).status_code == 404
    assert table_of(tournament, 1, 2) == "1"


# The tables in the tournament's settings


def test_tables_can_be_named_and_the_json_gives_each_matchs_table(director_client, season):
    tournament = cup(season, 8, [])
    url = reverse("director-tournament-edit", args=[tournament.pk])
    response = director_client.post(url, settings_form(tournament, tables_text="Taula 1;  Bar"))
    assert response.status_code == 302
    tournament.refresh_from_db()
    assert tournament.tables == ["Taula 1", "Bar"]
    # The matches under way are called to the new tables at once, in call order.
    assert [match.table for match in open_matches(tournament)] == ["Taula 1", "Bar", "", ""]
    assert api_tables(Client(), tournament) == {
        (1, 1): "Taula 1",
        (1, 2): "Bar",
        (1, 3): None,
        (1, 4): None,
        (2, 1): None,
        (2, 2): None,
        (3, 1): None,
    }
    assert "· Bar ·" in sheet_meta(director_client, slot(tournament, 1, 2))
    # The settings page shows the names as typed back; numbered tables as their count.
    edit = director_client.get(url).content.decode()
    assert 'value="Taula 1, Bar"' in field_block(edit, "tables_text")
    director_client.post(url, settings_form(tournament, tables_text="6"))
    tournament.refresh_from_db()
    assert tournament.tables == ["1", "2", "3", "4", "5", "6"]
    assert 'value="6"' in field_block(director_client.get(url).content.decode(), "tables_text")
    numbered = api_tables(Client(), tournament)
    assert sorted(value for value in numbered.values() if value is not None) == [1, 2, 3, 4]
    assert all(isinstance(value, int) for value in numbered.values() if value is not None)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("Taula 1, Bar, taula  1", "The table “taula 1” is given twice."),
        ("1, 2, 1", "The table “1” is given twice."),
        ("Taula de la finestra gran, Bar", "A table&#x27;s name has at most 20 characters"),
        ("65", "At most 64 tables."),
    ],
)
def test_a_table_given_twice_or_a_name_too_long_is_refused_beside_the_field(
    director_client, season, text, message
):
    tournament = cup(season, 8, ["1", "2"])
    url = reverse("director-tournament-edit", args=[tournament.pk])
    response = director_client.post(
        url, settings_form(tournament, tables_text=text, name="Copa Reanomenada")
    )
    assert response.status_code == 400
    assert message in field_block(response.content.decode(), "tables_text")
    tournament.refresh_from_db()
    assert (tournament.name, tournament.tables) == ("Copa de les Taules", ["1", "2"])
    assert [match.table for match in open_matches(tournament)] == ["1", "2", "", ""]
    assert not AuditEntry.objects.filter(action="tournament_changed").exists()


def test_fewer_tables_send_the_matches_at_the_tables_gone_to_wait(director_client, season):
    tournament = cup(season, 8, ["1", "2", "3"])
    url = reverse("director-tournament-edit", args=[tournament.pk])
    assert director_client.post(url, settings_form(tournament, tables_text="2")).status_code == 302
    assert [match.table for match in open_matches(tournament)] == ["1", "2", "", ""]
    assert_tables_sound(tournament)


# Two directors at once (PostgreSQL)


def _at_once(actions):
    """Run the actions in threads released together; their results in order. Each
    thread has its own database connection, closed when it is done."""
    barrier = threading.Barrier(len(actions))
    results = [None] * len(actions)

    def run(index, action):
        try:
            barrier.wait()
            results[index] = action()
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=item) for item in enumerate(actions)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return results


def _director_browser(name) -> Client:
    user = User.objects.create_user(name, password="pw-tables-1234")
    user.groups.add(directors_group())
    # A server error is a 500 as a browser sees it, not an exception in the thread.
    browser = Client(headers={"accept-language": "en"}, raise_request_exception=False)
    browser.force_login(user)
    return browser


def _move(browser, match, table) -> tuple[int, str]:
    response = browser.post(move_url(match), {"table": table, "version": match.version})
    return response.status_code, response.content.decode()


@pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="two directors at once need PostgreSQL's row locks; SQLite serialises writers",
)
def test_two_directors_moving_two_matches_to_one_free_table_at_once(transactional_db):
    season = Season.from_preset(2002, "qgammon-2002")
    season.save()
    # Eight players at six tables: the four first-round matches at 1 to 4.
    tournament = cup(season, 8, ["1", "2", "3", "4", "5", "6"], lengths="5")
    anna, marc = _director_browser("anna"), _director_browser("marc")
    for free in ("5", "6"):
        first, second = open_matches(tournament)[:2]
        before = {first.pk: first.table, second.pk: second.table}
        answers = _at_once([partial(_move, anna, first, free), partial(_move, marc, second, free)])
        # One is moved; the other is told the table is taken (409), or, had it come
        # second, that it is not free any more (400). Never a server error.
        (moved_status, __), (refused, text) = sorted(answers)
        assert moved_status == 302, answers
        assert refused in (400, 409), answers
        assert {
            409: "Another match is playing at that table.",
            400: "Choose one of the free tables.",
        }[refused] in text
        now = dict(Match.objects.filter(pk__in=before).values_list("pk", "table"))
        assert list(now.values()).count(free) == 1, now
        stayed = next(pk for pk, table in now.items() if table != free)
        assert now[stayed] == before[stayed]
        assert_tables_sound(tournament)
    assert AuditEntry.objects.filter(action="table_moved").count() == 2


# Which bracket a free table goes to first


def first_round_played(season):
    """8 players at two tables, a first-round consolation (its first match: the losers of
    the main bracket's matches 1 and 4): matches 1 and 2 play, then 3 and 4, and match
    4 ends first, leaving table 2 free. The main bracket's first semi-final and the
    consolation's first match are then both ready, for one table."""
    tournament = cup(season, 8, ["1", "2"], consolation="first_round")
    for position in (1, 2, 4):
        builders.win(slot(tournament, 1, position))
    return tournament


def consolation_slot(tournament, round_number, position) -> Match:
    return tournament.matches.get(
        bracket__kind="consolation", round=round_number, position=position
    )


def test_the_main_bracket_takes_a_free_table_before_the_consolation_by_default(season):
    tournament = first_round_played(season)
    semi_final, first_consolation = slot(tournament, 2, 1), consolation_slot(tournament, 1, 1)
    assert semi_final.status == first_consolation.status == "ready"
    # The consolation's match is of an earlier round, yet the main bracket goes first.
    assert (semi_final.table, first_consolation.table) == ("2", "")
    assert first_consolation.waits_for_table and first_consolation.called_to == (
        "waiting for a table"
    )
    assert_tables_sound(tournament)


def test_the_director_gives_the_consolation_priority_and_it_is_audited(director_client, season):
    tournament = cup(season, 8, ["1", "2"], consolation="first_round")
    url = reverse("director-tournament-edit", args=[tournament.pk])
    form = director_client.get(url).content.decode()
    assert "Consolation: priority for free tables" in form
    response = director_client.post(
        url,
        settings_form(
            tournament,
            consolation_lengths="1",
            main_table_priority="2",
            consolation_table_priority="1",
        ),
    )
    assert response.status_code == 302
    priorities = dict(tournament.brackets.values_list("kind", "table_priority"))
    assert priorities == {"main": 2, "consolation": 1}
    entry = AuditEntry.objects.get(action="tournament_changed")
    assert entry.before["tables_first"] == {"main": 1, "consolation": 1}
    assert entry.after["tables_first"] == {"main": 2, "consolation": 1}
    # From now on the free table goes to the consolation's ready match first.
    for position in (1, 2, 4):
        builders.win(slot(tournament, 1, position))
    assert (slot(tournament, 2, 1).table, consolation_slot(tournament, 1, 1).table) == ("", "2")
    assert_tables_sound(tournament)


@pytest.mark.parametrize("priority", ["0", "10", "first"])
def test_a_priority_outside_1_to_9_is_refused_beside_the_field(director_client, season, priority):
    tournament = cup(season, 8, ["1", "2"], consolation="first_round")
    url = reverse("director-tournament-edit", args=[tournament.pk])
    response = director_client.post(
        url,
        settings_form(tournament, consolation_lengths="1", consolation_table_priority=priority),
    )
    assert response.status_code == 400
    assert 'class="errorlist' in field_block(
        response.content.decode(), "consolation_table_priority"
    )
    assert dict(tournament.brackets.values_list("kind", "table_priority"))["consolation"] == 1
    assert not AuditEntry.objects.filter(action="tournament_changed").exists()


def test_the_operations_refuse_a_priority_the_core_refuses(season):
    tournament = cup(season, 8, ["1", "2"])
    with pytest.raises(operations.OperationError, match="from 1 to 9"):
        operations.change_tournament(
            tournament, {}, {"main": {"lengths": "1", "table_priority": 0}}
        )
    assert tournament.brackets.get(kind="main").table_priority == 1


def test_a_new_tournaments_brackets_take_each_kinds_default(director_client, season):
    page = director_client.get(reverse("director-tournament-new")).content.decode()
    assert 'value="1"' in field_block(page, "main_table_priority")
    assert 'value="3"' in field_block(page, "last_chance_table_priority")
    tournament = operations.create_tournament(
        {"season": season, "name": "Obert", "date": "2002-06-01", "consolation": "first_round",
         "last_chance": True},
        {"main": "3", "consolation": "3", "last_chance": "3"},
    )  # fmt: skip
    priorities = dict(tournament.brackets.values_list("kind", "table_priority"))
    assert priorities == {"main": 1, "consolation": 2, "last_chance": 3}
