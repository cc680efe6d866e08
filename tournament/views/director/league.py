"""The league as a club's director runs it (`director/league/`, docs/league.md, "Who
does what"): the club's teams and fixtures, a team registered (captain, squad in board
order from the club's members) and changed; a fixture's page, where the home club's
director sets the line-ups (which opens the fixture's team event: its boards are
recorded on the ordinary match sheet) and records the result from the boards, the other
club's director confirms it, and the club whose team was there claims a walkover.

The door (web.access.director_required, models.club_owners) lets in the directors of
the fixture's two clubs and of the team's club; the operations say which of them may do
what, and a refusal of theirs (NotYourClub) is a 403. A refused write is a 400 with its
message; nothing is saved."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from ... import operations
from ...forms.league import LeagueTeamForm, LineUpForm, WalkoverForm
from ...models import LeagueFixture
from ...queries.league_desk import (
    club_fixtures,
    club_teams,
    divisions_to_enter,
    fixture_desk,
    team_of,
)
from ...web.access import director_required


@director_required
def league(request):
    """GET: the club's teams and fixtures, the form to register a team; POST: a team
    registered.

    Template: director/league.html; context: teams, fixtures, form."""
    form = LeagueTeamForm(
        request.POST or None, club_id=request.club_id, divisions=divisions_to_enter()
    )
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            team = operations.save_league_team(
                data["division"],
                club=request.club,
                name=data["name"],
                squad=form.squad,
                captain=data["captain"],
                user=request.user,
            )
        except operations.NotYourClub as error:
            raise PermissionDenied(error.message) from None
        except operations.OperationError as error:
            form.add_error(None, error.message)
        else:
            messages.success(request, gettext("Team %(team)s registered.") % {"team": team.name})
            return redirect("director-league")
    status = 400 if request.method == "POST" else 200
    context = {
        "teams": club_teams(request.club_id),
        "fixtures": club_fixtures(request.club_id),
        "form": form,
    }
    return render(request, "director/league.html", context, status=status)


@director_required
def team(request, league_team_pk):
    """GET: a team's name, captain and squad; POST: changed.

    Template: director/league_team.html; context: team, form."""
    found, squad = team_of(league_team_pk)
    if found is None:
        raise Http404
    initial = {"name": found.name, "captain": found.captain_id}
    initial |= {f"squad_{place}": player for place, player in enumerate(squad, start=1)}
    form = LeagueTeamForm(request.POST or None, club_id=request.club_id, initial=initial)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            operations.save_league_team(
                found.division,
                club=request.club,
                name=data["name"],
                squad=form.squad,
                captain=data["captain"],
                rank=found.rank,
                team=found,
                user=request.user,
            )
        except operations.NotYourClub as error:
            raise PermissionDenied(error.message) from None
        except operations.OperationError as error:
            form.add_error(None, error.message)
        else:
            messages.success(request, gettext("Team %(team)s saved.") % {"team": data["name"]})
            return redirect("director-league")
    status = 400 if request.method == "POST" else 200
    return render(
        request, "director/league_team.html", {"team": found, "form": form}, status=status
    )


def _found(pk: int):
    fixture, boards, squads = fixture_desk(pk)
    if fixture is None:
        raise Http404
    return fixture, boards, squads


def _fixture_page(request, fixture, boards, squads, *, lineup_form=None, walkover_form=None,
                  error=None, status=200):  # fmt: skip
    """Template: director/league_fixture.html; context: fixture, boards (each with its
    `sheet`, the match sheet's address, for the home club), at_home, away, lineup_form
    (the home club's, before the line-ups), walkover_form (before the line-ups),
    can_record, can_confirm, error."""
    at_home = fixture.home.club_id == request.club_id
    away = fixture.away.club_id == request.club_id
    scheduled = fixture.status == LeagueFixture.Status.SCHEDULED
    for board in boards:
        board.sheet = (
            reverse("director-match", args=[board.tournament_id, board.pk]) if at_home else None
        )
    confirming = fixture.home if fixture.absent == LeagueFixture.HOME else fixture.away
    if at_home and scheduled and lineup_form is None:
        lineup_form = LineUpForm(fixture=fixture, squads=squads)
    context = {
        "fixture": fixture,
        "boards": boards,
        "at_home": at_home,
        "away": away,
        "lineup_form": lineup_form if at_home and scheduled else None,
        "walkover_form": (walkover_form or WalkoverForm()) if scheduled else None,
        "can_record": at_home
        and not fixture.absent
        and fixture.status in (LeagueFixture.Status.PLAYING, LeagueFixture.Status.PLAYED),
        "can_confirm": fixture.status == LeagueFixture.Status.PLAYED
        and confirming.club_id == request.club_id,
        "error": error,
    }
    return render(request, "director/league_fixture.html", context, status=status)


@director_required
def fixture(request, fixture_pk):
    """A fixture as the club's director sees it, and what they may do there."""
    return _fixture_page(request, *_found(fixture_pk))


def _refused(request, found, error, **forms):
    if isinstance(error, operations.NotYourClub):
        raise PermissionDenied(error.message)
    return _fixture_page(request, *found, error=error.message, status=400, **forms)


@director_required
@require_POST
def line_ups(request, fixture_pk):
    """The line-ups set, the boards made (the home club's director)."""
    found = _found(fixture_pk)
    fixture, _boards, squads = found
    form = LineUpForm(request.POST, fixture=fixture, squads=squads)
    if not form.is_valid():
        return _fixture_page(request, *found, lineup_form=form, status=400)
    try:
        operations.open_fixture(
            fixture,
            home_players=form.players("home"),
            away_players=form.players("away"),
            user=request.user,
        )
    except operations.OperationError as error:
        return _refused(request, found, error, lineup_form=form)
    messages.success(request, gettext("Line-ups set: the boards are ready to record."))
    return redirect("director-league-fixture", fixture_pk=fixture.pk)


def _fixture_step(request, fixture_pk, operation, done: str):
    """One step on a fixture that takes no form: the operation's refusal shown on the
    fixture's desk (400), else `done` said and the desk again."""
    found = _found(fixture_pk)
    try:
        operation(found[0], user=request.user)
    except operations.OperationError as error:
        return _refused(request, found, error)
    messages.success(request, done)
    return redirect("director-league-fixture", fixture_pk=found[0].pk)


@director_required
@require_POST
def result(request, fixture_pk):
    """The result recorded from the boards (the home club's director)."""
    return _fixture_step(
        request,
        fixture_pk,
        operations.record_fixture_result,
        gettext("Result recorded: the other club confirms it."),
    )


@director_required
@require_POST
def confirm(request, fixture_pk):
    """The recorded result confirmed (the other club's director)."""
    return _fixture_step(
        request, fixture_pk, operations.confirm_fixture, gettext("Result confirmed.")
    )


@director_required
@require_POST
def walkover(request, fixture_pk):
    """A walkover claimed against the team that did not turn up (by the club whose team
    was there)."""
    found = _found(fixture_pk)
    form = WalkoverForm(request.POST)
    if not form.is_valid():
        return _fixture_page(request, *found, walkover_form=form, status=400)
    try:
        operations.record_walkover(found[0], absent=form.cleaned_data["absent"], user=request.user)
    except operations.OperationError as error:
        return _refused(request, found, error, walkover_form=form)
    messages.success(request, gettext("Walkover recorded: the other club confirms it."))
    return redirect("director-league-fixture", fixture_pk=found[0].pk)
