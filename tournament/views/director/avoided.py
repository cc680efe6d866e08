"""The pairs a director keeps apart early in one tournament (family, one household,
players who travelled together): listed, marked and unmarked. Round 1 of a cup and
every Swiss round avoid them when the rules allow (docs/avoided-pairs.md). Every view
needs the directors' permission; every write goes through `operations`.
"""

from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods, require_POST

from ... import operations
from ...forms.avoided import AvoidedPairForm
from ...models import Player
from ...queries.director_pages import avoided_pairs_of, players_entered
from ...web.access import director_required
from .tournament import tournament_of

# What each format's draw does with a pair kept apart, in the page's words: a template
# named for the format's part (core.formats.Format.apart).
APART = "director/includes/apart/{}.html"


def _entered(tournament) -> list[Player]:
    return players_entered(tournament)


def _page(request, tournament, form=None, *, error=None, status=200):
    players = _entered(tournament)
    pairs = avoided_pairs_of(tournament)
    context = {
        "tournament": tournament,
        "pairs": pairs,
        "form": form or AvoidedPairForm(players=players),
        "error": error,
        "apart": APART.format(tournament.played_as.apart),
        "can_add": not tournament.is_finished and len(players) >= 2,
    }
    return render(request, "director/avoided.html", context, status=status)


@director_required
@require_http_methods(["GET", "POST"])
def avoided_pairs(request, pk):
    """GET: the tournament's pairs kept apart, and a form to mark one. POST: mark it.

    Template: director/avoided.html; context: tournament, pairs (AvoidedPair rows with
    their players), form, can_add, error (why a pair was refused: a 400), apart (what
    the format's draw does with them: APART's include)."""
    tournament = tournament_of(pk)
    if request.method == "GET":
        return _page(request, tournament)
    form = AvoidedPairForm(request.POST, players=_entered(tournament))
    if not form.is_valid():
        return _page(
            request, tournament, form, error=gettext("Choose two players and why."), status=400
        )
    data = form.cleaned_data
    try:
        operations.add_avoided_pair(
            tournament,
            data["first"],
            data["second"],
            reason=data["reason"],
            note=data["note"],
            user=request.user,
        )
    except operations.OperationError as error:
        return _page(request, tournament, form, error=error.message, status=400)
    messages.success(request, gettext("The two are kept apart."))
    return redirect("director-avoided", tournament.pk)


@director_required
@require_POST
def avoided_remove(request, pk, pair_pk):
    """Stop keeping a pair apart; a pair not of this tournament is a 404."""
    tournament = tournament_of(pk)
    try:
        operations.remove_avoided_pair(tournament, pair_pk, user=request.user)
    except operations.OperationError as error:
        return _page(request, tournament, error=error.message, status=404)
    messages.success(request, gettext("The two are no longer kept apart."))
    return redirect("director-avoided", tournament.pk)
