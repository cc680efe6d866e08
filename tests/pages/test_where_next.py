"""Where the players of a decided match went from it, and how it ended for them: the
match sheet's "where they go next" (and a bye's page) follows each player's real path,
in a finished cup (consolation and last chance included) and in a finished Swiss."""

import re

import pytest
from django.urls import reverse
from django.utils import translation

import builders
from tournament.core import draw, win_skill
from tournament.models import Match, Tournament, stored_draw
from tournament.queries.club_nights import club_night

pytestmark = pytest.mark.django_db


def sheet_url(match):
    return reverse("director-match", args=[match.tournament_id, match.pk])


def where_next(client, match) -> list[str]:
    """The section's lines as a director reads them (tags gone, spaces folded)."""
    html = client.get(sheet_url(match)).content.decode()
    section = html.split('id="next-heading"')[1].split("</section>")[0]
    items = re.findall(r"<li>(.*?)</li>", section, re.S)
    return [" ".join(re.sub(r"<[^>]+>", "", item).split()) for item in items]


def finished_cup(season, count, **settings) -> Tournament:
    """A cup of `count` played to its end, each match won by a side that varies."""
    names = [f"P{number:02}" for number in range(count)]
    cup = builders.cup(season, names, rng_seed=3, start=True, **settings)
    builders.play_out(cup, pick=lambda match: match.pk % 2)
    assert cup.is_finished
    return cup


@pytest.fixture
def cup_of_17(season):
    """The tournament day's cup: 17 players, progressive consolation and a last chance."""
    return finished_cup(season, 17, consolation=draw.PROGRESSIVE, last_chance=True)


def champions(cup) -> dict[str, str]:
    """Bracket word ("main", "consolation", "last chance") -> its champion's name (a
    bracket fewer than two players reached has none: stored_draw.champion_id)."""
    stored = stored_draw.load(cup)
    names = dict(cup.entries.values_list("player_id", "player__name"))
    # In English, as the director's pages read here: the active language is otherwise
    # whatever an earlier test's request left in this thread (once in a while Catalan).
    with translation.override("en"):
        return {
            str(bracket.get_kind_display()): names[stored.champion_id(bracket.kind)]
            for bracket in cup.brackets.all()
            if stored.plan.has_bracket(bracket.kind) and stored.champion_id(bracket.kind)
        }


def test_nobody_wins_a_bracket_they_lost_in(director_client, cup_of_17):
    """Every decided match's sheet: a bracket is said won only by its champion, and a
    player said to be out did not win the last bracket they played in."""
    won = champions(cup_of_17)
    titles = set()
    for match in cup_of_17.matches.decided():
        for line in where_next(director_client, match):
            for player, bracket in re.findall(r"(P\d\d) (?:has )?won the ([a-z ]+) bracket", line):
                assert won[bracket] == player, line
                titles.add((player, bracket))
            for player in re.findall(r"(P\d\d) lost \(", line):
                assert player not in won.values() or "won the" in line, line
    assert titles == {(player, bracket) for bracket, player in won.items()}


def test_the_first_round_winner_went_on_and_lost_later(director_client, cup_of_17):
    first = cup_of_17.matches.decided().get(bracket__kind=draw.MAIN, round=1)
    winner = first.winner
    after = Match.objects.get(
        tournament=cup_of_17, bracket__kind=draw.MAIN, round=2, winner__isnull=False,
        pk__in=Match.objects.involving(winner),
    )  # fmt: skip
    lines = where_next(director_client, first)
    line = next(line for line in lines if line.startswith(winner.name))
    # 17 players: a bracket of 32, whose round 2 is numbered (the quarter-finals are 3).
    assert (
        f"{winner.name} played next: Round 2, match {after.position} "
        f"({after.player1.name} – {after.player2.name})."
    ) in line
    path = list(
        Match.objects.involving(winner).filter(tournament=cup_of_17).decided()
        .select_related("bracket").order_by("bracket_id", "round")
    )  # fmt: skip
    last = path[-1]
    if last.winner_id == winner.pk:
        assert f"{winner.name} won the {last.bracket.get_kind_display()} bracket." in line
    else:
        assert (f"{winner.name} lost ({last.label}) and is out of the tournament: place ") in line
        assert f"in the {last.bracket.get_kind_display()} bracket." in line
    assert f'href="{sheet_url(after)}"' in director_client.get(sheet_url(first)).content.decode()


def test_the_loser_drops_into_the_consolation_and_its_end_is_said(director_client, season):
    cup = finished_cup(season, 4, consolation=draw.FIRST_ROUND)
    first = (
        cup.matches.decided()
        .select_related("player1", "player2")
        .get(bracket__kind=draw.MAIN, round=1, position=1)
    )
    loser = first.player2 if first.winner_id == first.player1_id else first.player1
    consolation = Match.objects.involving(loser).get(tournament=cup, bracket__kind="consolation")
    (line,) = [line for line in where_next(director_client, first) if line.startswith(loser.name)]
    assert line.startswith(f"{loser.name} played next: Consolation: Final")
    if consolation.winner_id == loser.pk:
        assert line.endswith(f"{loser.name} won the consolation bracket.")
    else:
        assert line.endswith(
            f"{loser.name} lost (Consolation: Final) and is out of the tournament: place 2 "
            "in the consolation bracket."
        )


def test_a_final_lost_is_not_a_title(director_client, season):
    cup = finished_cup(season, 4)
    final = cup.matches.get(bracket__kind=draw.MAIN, round=2)
    lines = where_next(director_client, final)
    winner = final.winner
    loser = final.player2 if winner == final.player1 else final.player1
    assert f"{winner.name} won the main bracket." in lines[0] + lines[1]
    assert (
        f"{loser.name} lost (Final) and is out of the tournament: place 2 in the main bracket."
    ) in lines[0] + lines[1]


@pytest.fixture
def finished_swiss(season):
    """The tournament day's Swiss: 11 players (a bye each round) over four rounds."""
    tournament, _players = builders.club_night(season, 11, rounds=4, rng_seed=11, start=True)
    for number in range(1, 5):
        builders.play_round(tournament, number)
    tournament.refresh_from_db()
    assert tournament.is_finished
    return tournament


def test_a_finished_swiss_says_the_next_round_and_the_final_place(director_client, finished_swiss):
    (group,) = club_night(finished_swiss).groups
    place = {row.player.pk: row.place_label for row in group.standings}
    first = (
        finished_swiss.matches.decided()
        .select_related("player1", "player2")
        .get(round=1, position=1)
    )
    lines = where_next(director_client, first)
    assert not any("not paired" in line or "no match" in line for line in lines)
    for player, line in zip(first.players, lines, strict=True):
        second = Match.objects.involving(player).get(tournament=finished_swiss, round=2)
        if second.is_bye:
            assert line.startswith(f"{player.name} has the bye in round 2.")
        else:
            assert line.startswith(f"{player.name} played next in round 2 (")
        assert line.endswith(f"{player.name} finished in place {place[player.pk]}.")
    last = finished_swiss.matches.decided().get(round=4, position=1)
    for player, line in zip(last.players, where_next(director_client, last), strict=True):
        assert line == (
            f"{player.name} has played every round. "
            f"{player.name} finished in place {place[player.pk]}."
        )


def test_a_running_swiss_waits_for_the_next_round(director_client, season):
    tournament, _players = builders.club_night(season, 11, rounds=4, rng_seed=11, start=True)
    builders.play_round(tournament, 1)
    second = tournament.matches.filter(round=2, status="ready").first()
    builders.win(second, 0)
    lines = where_next(director_client, second)
    assert all("waits for round 3: it is paired when the last match" in line for line in lines)


def test_a_win_skill_swiss_says_its_next_round_waits_for_the_analyses(director_client, season):
    """Under Win + Skill the next round is paired on the skill points, once the round's
    matches are analysed (issue 36, item 9): the sheet says so, not "when the last match
    is decided", which would be false."""
    tournament, _players = builders.club_night(
        season, 4, rounds=3, rng_seed=3, start=True, scoring=win_skill.WIN_SKILL
    )
    first = tournament.matches.filter(round=1).between_two().order_by("position").first()
    builders.win(first, 0)
    lines = where_next(director_client, first)
    assert lines and all(
        "waits for round 2: it is paired once the matches of this round are decided and "
        "analysed by GNU Backgammon." in line
        for line in lines
    )


def test_a_bye_page_names_the_match_after_the_bye(client, season):
    """A bye-holder who loses their first real match drops into the consolation's round
    1: the bye's next match is still the main bracket's round 2."""
    cup = finished_cup(season, 6, consolation=draw.FIRST_ROUND, public=True)
    for bye in cup.matches.filter(status="bye", bracket__kind=draw.MAIN):
        after = Match.objects.get(
            tournament=cup, bracket__kind=draw.MAIN, round=2,
            pk__in=Match.objects.involving(bye.player1),
        )  # fmt: skip
        html = client.get(bye.get_absolute_url()).content.decode()
        assert f'<a href="{after.get_absolute_url()}">Their next match' in html


def test_a_swiss_with_a_knockout_sends_its_top_on_and_places_the_rest(director_client, season):
    from tournament.core import club_nights
    from tournament.models.rounds import swiss_cut_of

    tournament, _players = builders.club_night(
        season, 8, format=club_nights.SWISS, rounds=3, swiss_knockout=4, rng_seed=5, start=True
    )
    builders.play_round(tournament, 1)
    builders.play_round(tournament, 2)
    first, *others = tournament.matches.in_rounds().filter(round=3).open()
    builders.win(first)
    lines = where_next(director_client, first)
    assert all("the knockout of the top 4 is drawn when the last match" in line for line in lines)
    for match in others:
        builders.win(match)
    went_on = set(swiss_cut_of(tournament, tournament.matches.in_rounds()).qualifiers)
    for match in tournament.matches.in_rounds().filter(round=3):
        for player, line in zip(match.players, where_next(director_client, match), strict=True):
            if player.pk in went_on:
                # On to the knockout of 4, its semi-finals.
                assert f"{player.name} plays next: Semi-final " in line, line
            else:
                assert line.startswith(f"{player.name} has played every round.")
                assert "finished in place" in line


def test_a_swiss_with_lives_into_a_knockout_says_which_may_come_then_sends_them_on(
    director_client, season
):
    from tournament.core import club_nights
    from tournament.core import lives as core
    from tournament.operations import lives

    tournament, _players = builders.club_night(
        season,
        4,
        format=club_nights.LIVES,
        lives=2,
        playoff=core.KNOCKOUT,
        swiss_knockout=4,
        rng_seed=5,
        start=True,
    )
    first, second = tournament.matches.in_rounds().filter(round=1)
    builders.win(first)
    lines = where_next(director_client, first)
    assert all("or for the knockout of the last 4" in line for line in lines)
    builders.win(second)
    # Four still in after round 1: no round 2, all four go on to the knockout.
    assert not tournament.matches.in_rounds().filter(round=2).exists()
    assert set(lives.state(tournament).still_in()) == {p.pk for p in first.players} | {
        p.pk for p in second.players
    }
    for player, line in zip(first.players, where_next(director_client, first), strict=True):
        assert f"{player.name} plays next: Semi-final " in line, line
