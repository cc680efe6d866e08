"""The league as the federation's administrator runs it (`/federation/league/`,
docs/league.md): the league seasons with a form for a new one and its settings; a
season's page with its divisions and their teams, a division added, a division's
fixtures made on their dates, and the season closed into the next one. Every write goes
through the operations (league_setup, federation_league, league_season_end), which check
the administrator again; a refused one is a 400 with its message, nothing saved."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from ... import operations
from ...forms.league import CloseSeasonForm, DivisionForm, FixturesForm, LeagueSeasonForm
from ...models import LeagueDivision, LeagueSeason
from ...operations.league_setup import SETTING_FIELDS
from ...queries.league_desk import federation_seasons, next_season_of, season_divisions
from ...web.access import federation_admin_required


@federation_admin_required
def seasons(request):
    """GET: the league seasons and the new season's form; POST: the season made, then
    its page.

    Template: federation/league.html; context: seasons, form."""
    form = LeagueSeasonForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            league = operations.create_league_season(
                name=data["name"],
                years=data["years"],
                user=request.user,
                **{field: data[field] for field in SETTING_FIELDS},
            )
        except operations.OperationError as error:
            form.add_error(None, error.message)
        else:
            messages.success(
                request, gettext("League season %(season)s made.") % {"season": league}
            )
            return redirect("federation-league-season", season=league.pk)
    status = 400 if request.method == "POST" else 200
    context = {"seasons": federation_seasons(), "form": form}
    return render(request, "federation/league.html", context, status=status)


def _fixtures_form(division_pk: int, data=None) -> FixturesForm:
    # One form a division on the page: its fields named apart (and their ids).
    return FixturesForm(data, prefix=f"division-{division_pk}")


def _season_page(request, league, *, division_form=None, fixtures_form=None, close_form=None,
                 status=200):  # fmt: skip
    """Template: federation/league_season.html; context: season, divisions (each with
    its `teams`, `fixture_count` and `fixtures_form`), next_season (once closed),
    division_form, close_form (while open)."""
    following = next_season_of(league)
    divisions = season_divisions(league)
    for division in divisions:
        division.fixtures_form = _fixtures_form(division.pk)
        if fixtures_form is not None and fixtures_form.prefix == f"division-{division.pk}":
            division.fixtures_form = fixtures_form
    context = {
        "season": league,
        "divisions": divisions,
        "next_season": following,
        "division_form": division_form or DivisionForm(),
        "close_form": close_form or (None if following else _close_form(league)),
    }
    return render(request, "federation/league_season.html", context, status=status)


def _close_form(league, data=None):
    playoffs = operations.season_playoffs(league)
    return CloseSeasonForm(data, season=league, playoffs=playoffs)


@federation_admin_required
def season(request, season):
    """GET: the season's divisions and forms; POST: a division added."""
    league = get_object_or_404(LeagueSeason, pk=season)
    if request.method != "POST":
        return _season_page(request, league)
    form = DivisionForm(request.POST)
    if form.is_valid():
        try:
            division = operations.add_division(
                league,
                name=form.cleaned_data["name"],
                level=form.cleaned_data["level"],
                user=request.user,
            )
        except operations.OperationError as error:
            form.add_error(None, error.message)
        else:
            messages.success(
                request, gettext("Division %(division)s added.") % {"division": division}
            )
            return redirect("federation-league-season", season=league.pk)
    return _season_page(request, league, division_form=form, status=400)


@federation_admin_required
@require_POST
def fixtures(request, division):
    """A division's double round robin made, its rounds from the first date every so
    many days (made again while no fixture has its line-ups set)."""
    found = get_object_or_404(LeagueDivision.objects.select_related("season"), pk=division)
    form = _fixtures_form(found.pk, request.POST)
    if form.is_valid():
        try:
            made = operations.make_fixtures(
                found,
                every=(form.cleaned_data["first"], form.cleaned_data["every"]),
                user=request.user,
            )
        except operations.OperationError as error:
            form.add_error(None, error.message)
        else:
            messages.success(
                request,
                gettext("%(division)s: %(count)d fixtures made.")
                % {"division": found.name, "count": len(made)},
            )
            return redirect("federation-league-season", season=found.season_id)
    return _season_page(request, found.season, fixtures_form=form, status=400)


@federation_admin_required
@require_POST
def close(request, season):
    """The season closed: next season's divisions made from its final tables
    (promotion, relegation, the playoffs' winners as the form gives them)."""
    league = get_object_or_404(LeagueSeason, pk=season)
    form = _close_form(league, request.POST)
    if form.is_valid():
        try:
            following = operations.close_league_season(
                league,
                name=form.cleaned_data["name"],
                years=form.cleaned_data["years"],
                playoff_winners=form.winners(),
                user=request.user,
            )
        except operations.OperationError as error:
            form.add_error(None, error.message)
        else:
            messages.success(
                request,
                gettext("%(season)s closed: %(next)s made.")
                % {"season": league, "next": following},
            )
            return redirect("federation-league-season", season=following.pk)
    return _season_page(request, league, close_form=form, status=400)
