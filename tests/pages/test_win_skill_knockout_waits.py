"""A Win + Skill event's knockout and final places wait for the skill points they are
made of (issue 36, item 9): a Swiss's knockout of its top K, seeded by Swiss place, and
a round robin's knockout of its group winners are drawn once the matches played out are
analysed (the last analysis to land draws it), or by the director without waiting, which
the desk offers and the standings say; an analysis that lands after the draw moves the
standings, not the knockout (whose results are still recorded); and a Win + Skill
tournament without a knockout is not finished, its places given, while skill points are
still to come."""

import pytest
from analyses import analysed
from django.urls import reverse

import builders
from tournament import operations
from tournament.core import club_nights, win_skill
from tournament.models import AuditEntry
from tournament.models.rounds import swiss_cut_of

# The last round's analyses by board (player1's error rate, player2's): they change
# who goes on (the winners of boards 1 and 3 and the loser of board 2 gain a point).
LAST_ROUND = [(-2.0, -20.0), (-20.0, -2.0), (-2.0, -20.0), (-2.0, -2.0)]


def played_swiss(season, *, cut=4):
    """A Win + Skill Swiss of 8 over 2 rounds, then a knockout of the top `cut`: round 1
    played and analysed (round 2 paired on it), round 2 played, not analysed yet."""
    tournament, _players = builders.club_night(
        season,
        8,
        format=club_nights.SWISS,
        rounds=2,
        swiss_knockout=cut,
        rng_seed=5,
        start=True,
        scoring=win_skill.WIN_SKILL,
    )
    builders.play_round(tournament, 1)
    for match in tournament.matches.filter(round=1).between_two():
        analysed(match, -2.0, -2.0)
    builders.play_round(tournament, 2)
    tournament.refresh_from_db()
    return tournament


def last_round(tournament):
    return list(tournament.matches.filter(round=2).between_two().order_by("position"))


def analyse(tournament, boards):
    matches = last_round(tournament)
    for board in boards:
        analysed(matches[board], *LAST_ROUND[board])


def knockout(tournament):
    return tournament.matches.filter(bracket__isnull=False)


def seated(tournament) -> list[set]:
    first = knockout(tournament).filter(round=1).order_by("position")
    return sorted(({m.player1_id, m.player2_id} for m in first), key=sorted)


def seeded(qualifiers) -> list[set]:
    """A knockout of four seeded by Swiss place: 1 v 4, 2 v 3."""
    top = qualifiers
    return sorted([{top[0], top[3]}, {top[1], top[2]}], key=sorted)


def cut(tournament):
    return swiss_cut_of(tournament, tournament.matches.in_rounds()).qualifiers


@pytest.mark.django_db
def test_the_swiss_knockout_waits_for_the_last_rounds_analyses_and_the_last_draws_it(season):
    tournament = played_swiss(season)
    on_the_wins = cut(tournament)
    assert not knockout(tournament).exists()  # drawn at once before, on these points
    analyse(tournament, [0, 1, 2])
    assert not knockout(tournament).exists()
    analyse(tournament, [3])
    with_skill = cut(tournament)
    assert with_skill != on_the_wins  # the skill points change who goes on
    assert seated(tournament) == seeded(with_skill)
    # Drawn in the job that stored the analysis, and carried on: its first round called.
    assert knockout(tournament).filter(round=1).open().count() == 2
    tournament.refresh_from_db()
    assert tournament.is_running


@pytest.mark.django_db
def test_the_director_draws_the_knockout_without_waiting_and_later_analyses_leave_it(
    director_client, season
):
    tournament = played_swiss(season)
    analyse(tournament, [3])
    url = reverse("director-tournament", args=[tournament.pk])
    html = director_client.get(url).content.decode()
    assert "The knockout is drawn by itself once GNU Backgammon has analysed these matches" in html
    matches = last_round(tournament)
    for match in matches[:3]:
        assert f"{match.player1.name} – {match.player2.name}</a>: no file handed in yet" in html
    assert f"{matches[3].player1.name} – {matches[3].player2.name}</a>:" not in html
    assert "Draw the knockout without waiting" in html

    response = director_client.post(reverse("director-without-waiting", args=[tournament.pk]))
    assert response.status_code == 302
    as_they_stood = cut(tournament)
    assert seated(tournament) == seeded(as_they_stood)
    entry = AuditEntry.objects.filter(
        tournament=tournament, action=AuditEntry.Action.DRAW_MADE
    ).latest("pk")
    assert sorted(entry.after["without_analyses_of"]) == sorted(m.pk for m in matches[:3])
    html = director_client.get(url).content.decode()
    assert "without waiting" not in html

    # The analyses that land later move the standings (and would have moved the cut),
    # not the knockout; its results are recorded as any cup's, to its final.
    drawn = sorted(knockout(tournament).values_list("pk", "player1", "player2"))
    analyse(tournament, [0, 1, 2])
    assert cut(tournament) != as_they_stood
    assert sorted(knockout(tournament).values_list("pk", "player1", "player2")) == drawn
    while (match := knockout(tournament).open().order_by("round", "position").first()) is not None:
        builders.win(match)
    tournament.refresh_from_db()
    assert tournament.is_finished


@pytest.mark.django_db
def test_a_swiss_result_changed_before_the_knockout_starts_still_draws_it_again(season):
    tournament = played_swiss(season)
    analyse(tournament, [0, 1, 2, 3])
    assert knockout(tournament).exists()
    last = last_round(tournament)[0]
    operations.undo_last_game(last)
    assert not knockout(tournament).exists()
    builders.win(last, side=1)  # the other way: its analysis went with its games
    assert not knockout(tournament).exists()
    analysed(last, -20.0, -2.0)
    assert seated(tournament) == seeded(cut(tournament))


@pytest.mark.django_db
def test_the_standings_say_the_knockout_waits_for_the_analyses(client, season):
    tournament = played_swiss(season)
    analyse(tournament, [0])
    html = client.get(reverse("tournament", args=[tournament.pk])).content.decode()
    waiting = html.split('class="notice awaiting-analysis"')[1].split("</div>")[0]
    assert "these 3 matches’ skill points are not counted yet" in waiting
    assert "The knockout waits for them: it is drawn on the points once they are in" in waiting
    analyse(tournament, [1, 2, 3])
    html = client.get(reverse("tournament", args=[tournament.pk])).content.decode()
    assert "awaiting-analysis" not in html and 'class="badge to-knockout"' in html


def played_groups(season, *, knockout=1):
    """A Win + Skill round robin of two groups of 4, then a knockout of each group's
    winner (and runner-up), every group match played, none analysed."""
    tournament, _players = builders.club_night(
        season,
        8,
        format=club_nights.ROUND_ROBIN,
        group_size=4,
        knockout=knockout,
        rng_seed=6,
        start=True,
        scoring=win_skill.WIN_SKILL,
    )
    for number in (1, 2, 3):
        builders.play_round(tournament, number)
    tournament.refresh_from_db()
    return tournament


@pytest.mark.django_db
def test_a_round_robins_knockout_waits_for_every_group_matchs_analysis(director_client, season):
    tournament = played_groups(season)
    assert not knockout(tournament).exists()  # drawn at once before
    html = director_client.get(reverse("director-tournament", args=[tournament.pk])).content
    assert b"Draw the knockout without waiting" in html
    matches = list(tournament.matches.in_rounds().between_two().order_by("pk"))
    for match in matches[:-1]:
        analysed(match, -2.0, -20.0)
    assert not knockout(tournament).exists()
    analysed(matches[-1], -2.0, -20.0)
    places = operations.club_nights.group_places(tournament)
    final = knockout(tournament).get()
    assert {final.player1_id, final.player2_id} == {places[0][0], places[1][0]}


@pytest.mark.django_db
def test_a_round_robins_knockout_drawn_without_waiting(season):
    tournament = played_groups(season)
    operations.go_on_without_waiting(tournament)
    assert knockout(tournament).count() == 1
    entry = AuditEntry.objects.filter(
        tournament=tournament, action=AuditEntry.Action.DRAW_MADE
    ).latest("pk")
    assert len(entry.after["without_analyses_of"]) == 12


def played_swiss_alone(season):
    """A Win + Skill Swiss of 4 over 2 rounds and no knockout, played out, round 1
    analysed, round 2 not."""
    tournament, _players = builders.club_night(
        season, 4, rounds=2, rng_seed=3, start=True, scoring=win_skill.WIN_SKILL
    )
    builders.play_round(tournament, 1)
    for match in tournament.matches.filter(round=1).between_two():
        analysed(match)
    builders.play_round(tournament, 2)
    tournament.refresh_from_db()
    return tournament


@pytest.mark.django_db
def test_a_win_skill_swiss_is_finished_once_its_last_round_is_analysed(client, season):
    tournament = played_swiss_alone(season)
    assert tournament.is_running  # finished, its places given, before
    html = client.get(reverse("tournament", args=[tournament.pk])).content.decode()
    assert "The final places wait for them: they are given once they are in" in html
    first, second = tournament.matches.filter(round=2).between_two()
    analysed(first)
    tournament.refresh_from_db()
    assert tournament.is_running
    analysed(second)
    tournament.refresh_from_db()
    assert tournament.is_finished


@pytest.mark.django_db
def test_the_director_finishes_without_waiting_and_it_stays_finished(director_client, season):
    tournament = played_swiss_alone(season)
    url = reverse("director-tournament", args=[tournament.pk])
    html = director_client.get(url).content.decode()
    assert "The tournament is finished by itself once GNU Backgammon has analysed" in html
    assert "Finish without waiting" in html
    response = director_client.post(reverse("director-without-waiting", args=[tournament.pk]))
    assert response.status_code == 302
    tournament.refresh_from_db()
    assert tournament.is_finished
    entry = AuditEntry.objects.filter(
        tournament=tournament, action=AuditEntry.Action.TOURNAMENT_CHANGED
    ).latest("pk")
    assert entry.summary == "Finished without waiting for 2 analyses"
    assert len(entry.after["without_analyses_of"]) == 2
    first, _second = tournament.matches.filter(round=2).between_two()
    analysed(first)
    tournament.refresh_from_db()
    assert tournament.is_finished
    # Nothing waits any more: the desk offers nothing, and a second post is refused.
    assert "without waiting" not in director_client.get(url).content.decode()
    response = director_client.post(reverse("director-without-waiting", args=[tournament.pk]))
    assert response.status_code == 409


@pytest.mark.django_db
def test_a_win_skill_round_robin_is_finished_once_analysed(season):
    tournament = played_groups(season, knockout=0)
    assert tournament.is_running
    for match in tournament.matches.in_rounds().between_two():
        analysed(match)
    tournament.refresh_from_db()
    assert tournament.is_finished


@pytest.mark.django_db
def test_going_on_without_waiting_needs_the_directors_permission(client, season):
    tournament = played_swiss_alone(season)
    response = client.post(reverse("director-without-waiting", args=[tournament.pk]))
    assert response.status_code in (302, 403)
    tournament.refresh_from_db()
    assert tournament.is_running
