"""The views of the entries in one sweep on the tournament desk (entry_sweep.py is what
the desk shows of it): the players ticked entered, the entries of an earlier tournament
copied after a preview, and the seeds from the club's ratings in one tap. Only before the
draw (`operations.entries_open`); the writes are `operations.entry_sweep`'s."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext, ngettext
from django.views.decorators.http import require_POST

from ... import operations
from ...forms.entry_sweep import CopyEntriesForm, SeedsFromRatingsForm, SweepForm
from ...web.access import director_required
from .setup import say_if_discarded
from .tournament import back_to_desk, desk_page, tournament_of


def _say_sweep(request, sweep) -> None:
    """Who was entered, and each player refused, by name with the reason."""
    if sweep.entered:
        names = ", ".join(entry.player.name for entry in sweep.entered)
        messages.success(
            request,
            ngettext(
                "%(count)d player registered: %(names)s.",
                "%(count)d players registered: %(names)s.",
                len(sweep.entered),
            )
            % {"count": len(sweep.entered), "names": names},
        )
    if sweep.refused:
        refused = "; ".join(f"{player.name} ({reason})" for player, reason in sweep.refused)
        messages.warning(request, gettext("Not registered: %(players)s.") % {"players": refused})


@director_required
@require_POST
def enter_ticked(request, pk):
    """Enter every player ticked on the desk's list, in one transaction."""
    tournament = tournament_of(pk)
    form = SweepForm(request.POST)
    if not form.is_valid():
        return desk_page(request, tournament, status=400, error=" ".join(form.errors["players"]))
    try:
        sweep = operations.enter_players(
            tournament,
            form.cleaned_data["players"],
            user=request.user,
            beyond_cap=form.cleaned_data["beyond_cap"],
        )
    except operations.OperationError as error:
        return desk_page(request, tournament, status=409, error=error.message)
    _say_sweep(request, sweep)
    return back_to_desk(tournament, "entries-heading")


@director_required
@require_POST
def copy_entries(request, pk):
    """Copy the entries of an earlier tournament: first a page of who would be added (and
    who not, and why), then, confirmed, the entries (director/ask_first.html)."""
    tournament = tournament_of(pk)
    form = CopyEntriesForm(request.POST, tournament=tournament)
    if not form.is_valid():
        return desk_page(request, tournament, status=400, error=" ".join(form.errors["source"]))
    source = form.cleaned_data["source"]
    try:
        if form.cleaned_data["confirm"]:
            sweep = operations.copy_entries(tournament, source, user=request.user)
        elif not operations.entries_open(tournament):
            raise operations.OperationError(operations.entry_sweep.ENTRIES_CLOSED)
        else:
            return _copy_preview(request, tournament, operations.preview_copy(tournament, source))
    except operations.OperationError as error:
        return desk_page(request, tournament, status=409, error=error.message)
    _say_sweep(request, sweep)
    return back_to_desk(tournament, "entries-heading")


def _copy_preview(request, tournament, preview):
    """Who would be added, and who is left out and why; with nobody to add, the desk
    says so instead of asking."""
    left_out = [
        gettext("%(player)s is left out (%(reason)s).") % {"player": player.name, "reason": reason}
        for player, reason in preview.left_out
    ]
    if not preview.added:
        messages.info(
            request,
            " ".join(
                [
                    gettext("Nobody from %(source)s is left to register.")
                    % {"source": preview.source.name},
                    *left_out,
                ]
            ),
        )
        return back_to_desk(tournament, "entries-heading")
    context = {
        "title": gettext("Copy the entries of %(source)s?") % {"source": preview.source.name},
        "back": reverse("director-tournament", args=[tournament.pk]),
        "action": request.path,
        "fields": {"source": preview.source.pk},
        "lines": left_out,
        "items_heading": gettext("These players would be registered:"),
        "items": [player.name for player in preview.added],
        "answer": ngettext(
            "Yes, register %(count)d player",
            "Yes, register %(count)d players",
            len(preview.added),
        )
        % {"count": len(preview.added)},
    }
    return render(request, "director/ask_first.html", context)


@director_required
@require_POST
def seeds_from_ratings(request, pk):
    """The top N entered players by the club's rating seeded 1 to N, provisional ratings
    last; the seeds form changes them afterwards."""
    tournament = tournament_of(pk)
    form = SeedsFromRatingsForm(request.POST)
    if not form.is_valid():
        return desk_page(request, tournament, status=400, error=" ".join(form.errors["count"]))
    try:
        change = operations.seeds_from_ratings(
            tournament, form.cleaned_data["count"], user=request.user
        )
    except operations.OperationError as error:
        return desk_page(request, tournament, status=409, error=error.message)
    messages.success(request, gettext("Seeds given by the club's ratings; change them below."))
    say_if_discarded(request, change)
    return back_to_desk(tournament, "entries-heading")
