"""The director's queue of games the players reported: pending and disputed, oldest
first, each with accept, correct and reject in one tap. The operations
(`operations.reports`) record the game, check it and audit who reported, confirmed or
settled it; this page only shows their answers."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.text import capfirst
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_POST

from ..core import scoring
from ..forms import GameForm
from ..models import GameReport
from ..operations import OperationError
from ..operations.reports import accept_report, correct_report, reject_report
from .access import director_required


def waiting_reports():
    return (
        GameReport.objects.waiting()
        .select_related(
            "reported_by",
            "match__tournament__season",
            "match__bracket",
            "match__player1",
            "match__player2",
        )
        .prefetch_related("match__games", "match__penalties")
        .order_by("created", "pk")
    )


def _correct_form(report: GameReport, state, data=None):
    """The director's game form for the report's match, filled in with the report (or,
    when disputed with a version, the opponent's): correcting is changing what differs."""
    shown = report.counter_result() or report.as_result()
    initial = {
        "winner": shown.winner,
        "kind": shown.kind,
        "cube": shown.cube,
        "how": shown.how,
        "beaver": shown.beaver,
    }
    return GameForm(
        data, match=report.match, state=state, initial=initial, auto_id=f"r{report.pk}_%s"
    )


def _queue(request, *, status=200, error=None, failed=None):
    """Template: director/reports.html; context: rows (report, lapsed, correct_form,
    error), error."""
    rows = []
    for report in waiting_reports():
        match = report.match
        lapsed = report.version != match.version
        form = None
        if not lapsed:
            try:
                state = match.replay_games([game.as_result() for game in match.games.all()])
            except scoring.IllegalGame:
                state = None
            if state is not None and not state.finished:
                form = (
                    failed[1] if failed and failed[0] == report.pk else _correct_form(report, state)
                )
        rows.append({"report": report, "lapsed": lapsed, "correct_form": form})
    context = {"rows": rows, "error": error}
    return render(request, "director/reports.html", context, status=status)


@director_required
@require_GET
def queue(request):
    return _queue(request)


def _settle(request, pk, run, done: str):
    report = get_object_or_404(GameReport, pk=pk)
    try:
        run(report)
    except OperationError as error:
        return _queue(request, status=409, error=error.message)
    except scoring.IllegalGame as illegal:
        return _queue(request, status=400, error=capfirst(illegal.message(gettext)))
    messages.success(request, done)
    return redirect("director-reports")


@director_required
@require_POST
def accept(request, pk):
    """Record the game as the player reported it."""
    return _settle(
        request,
        pk,
        lambda report: accept_report(report, user=request.user),
        gettext("Reported game accepted and recorded."),
    )


@director_required
@require_POST
def reject(request, pk):
    """Throw the report away; the match stays as it is."""
    return _settle(
        request,
        pk,
        lambda report: reject_report(report, user=request.user),
        gettext("Reported game rejected."),
    )


@director_required
@require_POST
def correct(request, pk):
    """Record the game as the director says it was."""
    report = get_object_or_404(
        GameReport.objects.select_related(
            "match__tournament__season", "match__bracket", "match__player1", "match__player2"
        ),
        pk=pk,
    )
    try:
        state = report.match.replay()
    except scoring.IllegalGame as illegal:
        return _queue(request, status=409, error=capfirst(illegal.message(gettext)))
    form = _correct_form(report, state, request.POST)
    if not form.is_valid():
        return _queue(request, status=400, failed=(report.pk, form))
    return _settle(
        request,
        pk,
        lambda found: correct_report(found, form.result, user=request.user),
        gettext("Reported game corrected and recorded."),
    )
