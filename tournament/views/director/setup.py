"""The director's setup pages: seasons from a preset and their rules, and tournaments
with their format, tables, clock and brackets (match lengths, fees, payouts), new or
made like an earlier one. Every view needs the directors' permission; every write
goes through `operations`, and a format change after the draw says when the draw had
to go. (The tournament's desk, entries and check-in: `tournament`; the draw: `draw`.)
"""

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods

from ... import operations
from ...forms import POINTS_FIELDS, SeasonCreateForm, SeasonRulesForm, TournamentForm
from ...models import Tournament
from ...queries.director_pages import season_of_years, tournament_or_none
from ...rule_texts import describe_rules
from ...web.access import director_required
from ...web.season_address import season_page


def say_if_discarded(request, change: operations.Changed) -> None:
    if change.draw_discarded:
        messages.warning(
            request,
            gettext(
                "The draw was made for other entries or another format, so it was "
                "discarded: make the draw again."
            ),
        )


def _posted(request):
    """The posted data for a form (bound even when empty), or None for a GET."""
    return request.POST if request.method == "POST" else None


@director_required
@require_http_methods(["GET", "POST"])
def season_create(request):
    """A new season, its rules taken from a preset: a calendar year, or its first and
    last day. Template: director/season_form.html."""
    form = SeasonCreateForm(_posted(request), club=request.club_id)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            season = operations.create_season(
                None,
                data["preset"],
                data["name"],
                start=data["start"],
                end=data["end"],
                user=request.user,
                club=request.club_id,
            )
        except operations.OperationError as error:
            form.add_error(None, error.message)
        else:
            messages.success(request, gettext("Season %(year)s created.") % {"year": season.years})
            return redirect("director-season", season.years)
    status = 400 if form.errors else 200
    return render(request, "director/season_form.html", {"form": form}, status=status)


@director_required
@require_http_methods(["GET", "POST"])
@season_page()
def season_edit(request, season):
    """A season's name, dates and rule columns. Template: director/season_form.html;
    context: season, form, rule_texts (the rules as the public page words them)."""
    form = SeasonRulesForm(_posted(request), instance=season)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                operations.change_season_rules(
                    season,
                    form.rules,
                    name=form.cleaned_data["name"],
                    scale={field: form.cleaned_data[field] for field in POINTS_FIELDS},
                    dates=form.dates,
                    user=request.user,
                )
            except operations.OperationError as error:
                form.add_error(None, error.message)
            else:
                messages.success(request, gettext("Rules saved."))
                season.refresh_from_db()  # its years may have changed with its dates
                return redirect("director-season", season.years)
        status = 400
        season.refresh_from_db()
    context = {"season": season, "form": form, "rule_texts": describe_rules(season.rules)}
    return render(request, "director/season_form.html", context, status=status)


@director_required
@require_http_methods(["GET", "POST"])
def tournament_create(request):
    """A new tournament in a season (?season=YEARS: 2026, 2026-27), or made like an
    earlier one (?from=ID: its format, tables, clock, lengths, fees and payouts).

    Template: director/tournament_form.html; context: form, copy_of."""
    initial = {}
    if request.GET.get("season"):
        initial["season"] = season_of_years(request.GET["season"][:7])
    copy_of = None
    if request.GET.get("from", "").isdigit():
        copy_of = tournament_or_none(request.GET["from"])
    form = TournamentForm(_posted(request), initial=initial, copy_of=copy_of)
    if request.method == "POST" and form.is_valid():
        try:
            tournament = operations.create_tournament(
                form.tournament_fields(), form.brackets(), user=request.user
            )
        except operations.OperationError as error:
            form.add_error(None, error.message)
        else:
            messages.success(request, gettext("Tournament created: now register the players."))
            return redirect("director-tournament", tournament.pk)
    status = 400 if form.errors else 200
    context = {"form": form, "copy_of": copy_of}
    return render(request, "director/tournament_form.html", context, status=status)


@director_required
@require_http_methods(["GET", "POST"])
def tournament_edit(request, pk):
    """Template: director/tournament_form.html; context: tournament, form."""
    tournament = get_object_or_404(Tournament, pk=pk)
    form = TournamentForm(_posted(request), instance=tournament)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                change = operations.change_tournament(
                    tournament, form.tournament_fields(), form.brackets(), user=request.user
                )
            except operations.OperationError as error:
                form.add_error(None, error.message)
            else:
                messages.success(request, gettext("Tournament saved."))
                say_if_discarded(request, change)
                return redirect("director-tournament", tournament.pk)
        status = 400
        tournament.refresh_from_db()
    context = {"tournament": tournament, "form": form}
    return render(request, "director/tournament_form.html", context, status=status)
