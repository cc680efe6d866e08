"""The results announced in one tap from the tournament's desk, once it is finished
(operations.announce_results): the page to share, and the mail to the players who
agreed, sent by a background job."""

from django.contrib import messages
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from ... import operations
from ...web.access import director_required
from .tournament import back_to_desk, desk_page, tournament_of


@director_required
@require_POST
def announce(request, pk):
    """Announce the finished tournament's results (once)."""
    tournament = tournament_of(pk)
    try:
        mailed = operations.announce_results(tournament, user=request.user)
    except operations.OperationError as error:
        return desk_page(request, tournament, status=400, error=error.message)
    messages.success(
        request,
        ngettext(
            "Results announced; %(count)s player gets them by mail.",
            "Results announced; %(count)s players get them by mail.",
            mailed,
        )
        % {"count": mailed},
    )
    return back_to_desk(tournament)
