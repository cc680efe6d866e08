"""A team event's teams at the director's desk: each team with its players in board
order, a team added, or removed while there is no draw. Every write goes through
`operations` (which refuse a change once the draw is made)."""

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from ... import operations
from ...forms.teams import TeamForm
from ...models import Team
from ...queries.director_pages import teams_with_members
from ...web.access import director_required
from .tournament import tournament_of


def _page(request, tournament, form, *, status=200, error=""):
    """Template: director/teams.html; context: tournament, teams (with their members'
    players, board order), form (a new team), drawn, error."""
    teams = teams_with_members(tournament)
    context = {
        "tournament": tournament,
        "teams": teams,
        "form": form,
        "drawn": tournament.team_matches.exists(),
        "error": error,
    }
    return render(request, "director/teams.html", context, status=status)


@director_required
def teams(request, pk):
    """The teams, and a new one (POST: added, back here)."""
    tournament = tournament_of(pk)
    if "teams" not in tournament.played_as.desk:
        return redirect("director-tournament", tournament.pk)
    if request.method != "POST":
        return _page(request, tournament, TeamForm(tournament=tournament))
    form = TeamForm(request.POST, tournament=tournament)
    if not form.is_valid():
        return _page(request, tournament, form, status=400)
    try:
        team = operations.save_team(
            tournament,
            name=form.cleaned_data["name"],
            club=form.cleaned_data["club"],
            players=form.players,
            user=request.user,
        )
    except operations.OperationError as error:
        return _page(request, tournament, form, status=409, error=error.message)
    messages.success(request, gettext("Team %(team)s added.") % {"team": team.name})
    return redirect("director-teams", tournament.pk)


@director_required
@require_POST
def team_remove(request, pk, team):
    tournament = tournament_of(pk)
    row = get_object_or_404(Team, pk=team, tournament=tournament)
    try:
        operations.remove_team(row, user=request.user)
    except operations.OperationError as error:
        form = TeamForm(tournament=tournament)
        return _page(request, tournament, form, status=409, error=error.message)
    messages.success(request, gettext("Team %(team)s removed.") % {"team": row.name})
    return redirect("director-teams", tournament.pk)
