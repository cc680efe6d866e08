"""A Swiss with lives on the desk: an eliminated player buys back in (the director's
action, audited, its fee paid into the pool as an entry fee)."""

from __future__ import annotations

from django.contrib import messages
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from ... import operations
from ...forms.lives import ReentryForm
from ...models import Tournament
from ...models.lives_state import lives_state
from ...web.access import director_required


def reentry_form(tournament: Tournament, data=None) -> ReentryForm | None:
    """The form, offering the players out who have not re-entered; None when the
    tournament has no re-entry or nobody may re-enter now."""
    if not tournament.allows_reentry or not tournament.matches.exists():
        return None
    event = lives_state(tournament)
    if event.finished or len(event.still_in()) < 3:
        return None
    out = [
        key
        for key, record in event.records.items()
        if record.out_round is not None and not record.reentered and not record.withdrawn
    ]
    eligible = tournament.entries.filter(player_id__in=out).select_related("player")
    eligible = eligible.order_by("player__name")
    return ReentryForm(data, eligible=eligible) if out else None


@director_required
@require_POST
def reenter(request, pk):
    from .tournament import back_to_desk, desk_page, tournament_of

    tournament = tournament_of(pk)
    form = reentry_form(tournament, request.POST)
    if form is None or not form.is_valid():
        return desk_page(
            request, tournament, status=400, error=gettext("This player cannot re-enter now.")
        )
    entry = form.cleaned_data["entry"]
    try:
        operations.reenter(tournament, entry, method=form.cleaned_data["method"], user=request.user)
    except operations.OperationError as error:
        return desk_page(request, tournament, status=409, error=error.message)
    messages.success(
        request,
        gettext("%(player)s is back in with one life.") % {"player": entry.player.name},
    )
    return back_to_desk(tournament)
