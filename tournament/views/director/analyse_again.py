"""A season's matches left out of its GNU Backgammon tables, analysed again
(docs/skill.md, "One engine's figures in one table"): a table counts one engine and
depth, and a match analysed at other settings only is left out of it until it is
analysed at the table's. GET lists them; POST queues their analyses (operations.analysis)."""

from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods

from ...models import Match
from ...models.analysis import comparable_figures
from ...operations import analysis
from ...queries.director_pages import matches_by_id
from ...queries.skill_tables import season_skill
from ...web.access import director_required
from ...web.season_address import season_page


def left_out(season) -> list[Match]:
    """The season's matches left out of one of its tables: its PR table, a Swiss's or
    round robin's standings scored on analyses, the league's Win + Skill points."""
    ids = set(season_skill(season).counted.left_out)
    tournaments = list(season.tournaments.all())
    for tournament in tournaments:
        if tournament.standings_scoring.needs_analyses:
            ids |= comparable_figures([tournament.pk]).left_out
    if season.uses_win_skill:
        ids |= comparable_figures([tournament.pk for tournament in tournaments]).left_out
    return matches_by_id(ids)


@director_required
@require_http_methods(["GET", "POST"])
@season_page()
def analyse_again(request, season):
    """Template: director/analyse_again.html; context: season, matches (left out)."""
    matches = left_out(season)
    if request.method == "POST":
        queued = analysis.analyse_again([match.pk for match in matches])
        messages.success(
            request,
            ngettext(
                "%(count)s match will be analysed again.",
                "%(count)s matches will be analysed again.",
                len(queued),
            )
            % {"count": len(queued)},
        )
        return redirect("director-jobs")
    return render(request, "director/analyse_again.html", {"season": season, "matches": matches})
