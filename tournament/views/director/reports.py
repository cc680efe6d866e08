"""The director's queue of games the players reported: pending and disputed, oldest
first, each with accept, correct and reject in one tap; a disputed one shows both
versions side by side, and neither is the default. A match file a player handed in for
a match not recorded yet is there too, with its games, to accept or reject whole. The
operations (`operations.reports`) record the game, check it and audit who reported,
confirmed or settled it; this page only shows their answers."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.text import capfirst
from django.utils.translation import gettext, pgettext
from django.views.decorators.http import require_GET, require_POST

from ...core import scoring
from ...forms import GameForm
from ...models import Game, GameReport
from ...operations import OperationError, file_reports
from ...operations.reports import (
    accept_counter_report,
    accept_report,
    correct_report,
    reject_report,
)
from ...queries.director_pages import waiting_reports
from ...web.access import director_required

FIELDS = ("winner", "kind", "cube", "how", "beaver")


def _correct_form(report: GameReport, state, data=None):
    """The director's game form for the report's match, filled in with the report; when
    the opponent disputed it with a version of their own, only with what the two agree
    on, so that neither side's word is the default."""
    reported, counter = report.as_result(), report.counter_result()
    initial = {
        field: getattr(reported, field)
        for field in FIELDS
        if counter is None or getattr(reported, field) == getattr(counter, field)
    }
    return GameForm(
        data, match=report.match, state=state, initial=initial, auto_id=f"r{report.pk}_%s"
    )


def _versions(report: GameReport) -> list[dict]:
    """A disputed game's two versions, field by field, for the side-by-side table:
    label, what the reporter said, what the opponent said, and whether they differ."""
    counter = report.counter_result()
    if counter is None:
        return []
    match = report.match
    kinds, hows = dict(Game.KIND_CHOICES), dict(Game.HOW_CHOICES)

    def words(result) -> list[str]:
        return [
            match.players[result.winner].name,
            str(kinds[result.kind]),
            str(result.cube),
            str(hows[result.how]),
            pgettext("beaver given", "yes") if result.beaver else pgettext("beaver given", "no"),
        ]

    labels = [
        gettext("Winner"),
        gettext("Result"),
        gettext("Cube"),
        gettext("How it ended"),
        gettext("Beaver"),
    ]
    return [
        {"label": label, "reported": mine, "counter": theirs, "differs": mine != theirs}
        for label, mine, theirs in zip(
            labels, words(report.as_result()), words(counter), strict=True
        )
    ]


def _queue(request, *, status=200, error=None, failed=None):
    """Template: director/reports.html; context: rows (report, lapsed, correct_form,
    versions (a disputed game's two versions side by side), opponent (who disputed)),
    error."""
    rows = []
    for report in waiting_reports(request.club_id):
        match = report.match
        lapsed = report.version != match.version
        form = None
        # A match file is accepted or rejected whole: its games, no correction form.
        report.file = file_reports.summary(report)
        if not lapsed and not report.is_file:
            try:
                state = match.replay_games([game.as_result() for game in match.games.all()])
            except scoring.IllegalGame:
                state = None
            if state is not None and not state.finished:
                form = (
                    failed[1] if failed and failed[0] == report.pk else _correct_form(report, state)
                )
        opponent = None
        if report.is_disputed:
            side = match.side_of(report.reported_by)
            opponent = match.players[1 - side] if side is not None else None
        rows.append(
            {
                "report": report,
                "lapsed": lapsed,
                "correct_form": form,
                "versions": _versions(report) if report.is_disputed else [],
                "opponent": opponent,
            }
        )
    context = {"rows": rows, "error": error}
    return render(request, "director/reports.html", context, status=status)


@director_required
@require_GET
def queue(request):
    return _queue(request)


def _settle(request, pk, run, done):
    """`done`: the message, or a function of the settled report that gives it."""
    report = get_object_or_404(GameReport, pk=pk)
    try:
        settled = run(report)
    except OperationError as error:
        return _queue(request, status=409, error=error.message)
    except scoring.IllegalGame as illegal:
        return _queue(request, status=400, error=capfirst(illegal.message(gettext)))
    messages.success(request, done(settled) if callable(done) else done)
    return redirect("director-reports")


@director_required
@require_POST
def accept(request, pk):
    """Record the game as the player reported it."""
    return _settle(
        request,
        pk,
        lambda report: accept_report(report, user=request.user),
        lambda settled: (
            gettext("Match file accepted: its games are recorded.")
            if settled.is_file
            else gettext("Reported game accepted and recorded.")
        ),
    )


@director_required
@require_POST
def accept_counter(request, pk):
    """Record the game as the opponent said it was when they disputed it."""
    return _settle(
        request,
        pk,
        lambda report: accept_counter_report(report, user=request.user),
        gettext("The opponent's version recorded."),
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
