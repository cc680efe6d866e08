"""A player's own page, opened from their private link (`/p/<token>/`): no account, no
password. It shows their open matches and their next one, refreshes live, and lets them
report a game, or confirm or dispute the one their opponent reported.

The token is the only credential: an unknown or rotated one is a 404 (the same lookup
either way); the page is never indexed, cached or sent as a referrer, and shows no
contact details. Every write goes through `operations.reports`, limited per link, and
per address for links that do not exist (link_limits).
"""

from __future__ import annotations

import hashlib
import re

from django.contrib import messages
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.text import capfirst
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_POST

from ...core import scoring
from ...forms import ConfirmReportForm, DisputeForm, GameForm
from ...models import Match, Player
from ...operations import (
    AlreadySent,
    MatchClosed,
    MatchGone,
    OperationError,
    StaleMatch,
    file_reports,
)
from ...operations.links import player_by_token
from ...operations.reports import (
    NotYourMatch,
    confirm_report,
    dispute_report,
    report_game,
)
from ...queries.marks import player_tournament_marks
from ...queries.player_door import door_rows
from ...queries.player_matches import (
    change_mark,
    open_matches,
    recorded_matches,
    swiss_waiting,
    waiting_match,
)
from ...web import door_device, live, push_control, sent_entries
from ...web.access import private
from ...web.link_limits import limit_link_writes


def _forms(row, posted=None):
    """The report and dispute forms of one open match (ids unique on the page)."""
    auto_id = f"m{row.match.pk}_%s"
    report_form = dispute_form = None
    if row.may_report:
        report_form = GameForm(match=row.match, state=row.state, auto_id=auto_id)
    if row.may_dispute:
        dispute_form = DisputeForm(
            match=row.match,
            state=row.state,
            auto_id=f"d{row.match.pk}_%s",
            initial={"report": row.report.pk},
        )
    if posted is not None:
        kind, form = posted
        report_form = form if kind == "report" else report_form
        dispute_form = form if kind == "dispute" else dispute_form
    return report_form, dispute_form


def _page(request, player: Player, token: str, *, status=200, errors=None, posted=None):
    """Template: tournament/player_page.html (tournament/includes/player_live.html alone
    for the live refresh); context: player, token, matches (each an OpenMatch with its
    report_form, dispute_form and error), waiting (the next match without an opponent
    yet, when nothing is open), swiss_waiting (Swiss tournaments whose next round is not
    paired yet, when nothing is open), recorded (their latest matches decided by their
    games, each with a link to hand in its file; the whole page only), door (the
    check-in of their tournaments: queries.player_door.door_rows, in the live part), not_drawn
    (the tournaments drawn without them, though registered), mark
    (what the live refresh compares), push (the "Allow notifications" control: None
    without the club's VAPID key; the whole page only)."""
    errors = errors or {}
    matches = open_matches(player)
    shown = {row.match.pk for row in matches}
    for match_id, message in errors.items():
        if match_id not in shown:
            # No match on the page to say it beside (one not called yet, or no longer
            # in the draw): above them.
            messages.error(request, message)
    for row in matches:
        mine = posted if posted and posted[0] == row.match.pk else None
        row.report_form, row.dispute_form = _forms(row, mine[1:] if mine else None)
        row.error = errors.get(row.match.pk)
        if row.report is not None:
            # A match file reported: its games, read as the director's import reads them.
            row.report.file = file_reports.summary(row.report)
    context = {
        "player": player,
        "token": token,
        "matches": matches,
        "waiting": None if matches else waiting_match(player),
        "swiss_waiting": [] if matches else swiss_waiting(player),
        "mark": change_mark(player, matches),
    }
    partial = request.GET.get("partial") == "matches"
    # The door is in the live part: "I'm here" comes up when the director opens the
    # check-in of a tournament the player is in (its mark moves), without a reload.
    context["door"] = door_rows(player)
    # Registered, but the draw was made without them: not "no match to play".
    context["not_drawn"] = [row.tournament for row in context["door"] if row.late]
    if not partial:
        context["recorded"] = recorded_matches(player)
        context["push"] = push_control.control(
            url=reverse("player-push", args=[token]),
            off_url=reverse("player-push-off", args=[token]),
            owner=f"player-{player.pk}",
            intro=gettext(
                "Your match called to its table, a game your opponent reported, a round "
                "paired, your analysis ready: told on this device, even with the page closed."
            ),
        )
    template = "tournament/includes/player_live.html" if partial else "tournament/player_page.html"
    response = render(request, template, context, status=status)
    # The live part's mark is what it shows, its CSRF tokens left out: a renamed
    # opponent or a next match whose feeder moved on is news; a new token is not.
    response["X-Live-Mark"] = _shown(response.content) if partial else context["mark"]
    return private(response)


CSRF_VALUES = re.compile(rb'(name="csrfmiddlewaretoken" value=")[^"]*"')


def _shown(content: bytes) -> str:
    return hashlib.sha256(CSRF_VALUES.sub(rb'\1"', content)).hexdigest()[:16]


def _player_of_link(request, token):
    return player_by_token(token)


def _marks(request, player: Player) -> list:
    """The page shows the player's name and, in the tournaments in play that they
    entered or play in, their matches, reports and next match: the club's mark and
    those tournaments' (the list changes too when one starts or finishes)."""
    rows = player_tournament_marks(player)
    club = rows[0][2] if rows else live.club_mark()
    return [player.pk, club, *(value for pk, mark, _club in rows for value in (pk, mark))]


@require_GET
@live.conditional(_player_of_link, _marks, personal=True)
def home(request, token):
    """A refresh that finds nothing new is a 304 (live.conditional): the link's player
    and the marks, two queries."""
    player = request.live_row
    if player is None:
        raise Http404
    response = _page(request, player, token)
    if not live.is_partial(request):
        # This phone is the player's: the door's QR code opens this page from now on.
        door_device.remember(response, token)
    return response


def _match_of(match_id: int) -> Match:
    return get_object_or_404(
        Match.objects.select_related("tournament__season", "bracket", "player1", "player2"),
        pk=match_id,
    )


def _refused(request, player, token, match_id, error, posted=None):
    """The page again, with why beside the match: 403 for another player's match,
    400 for a game the rules forbid, 409 for a match that changed or cannot take it."""
    if isinstance(error, scoring.IllegalGame):
        status, message = 400, capfirst(error.message(gettext))
    else:
        status, message = (403 if isinstance(error, NotYourMatch) else 409), error.message
    if isinstance(error, NotYourMatch | StaleMatch | MatchClosed | MatchGone):
        posted = None  # the form is no use now: show the match as it is
    if isinstance(error, NotYourMatch):
        messages.error(request, message)
        return _page(request, player, token, status=status)
    return _page(request, player, token, status=status, errors={match_id: message}, posted=posted)


def _posted_game(request, player, token, match_id, form_class, id_prefix):
    """(match, bound and valid form) for a posted game of the player's own match, or
    (the page answering why not, None)."""
    match = _match_of(match_id)
    if match.side_of(player) is None:
        mismatch = NotYourMatch(gettext("This is not one of your matches."))
        return _refused(request, player, token, match_id, mismatch), None
    try:
        state = match.replay()
    except scoring.IllegalGame as illegal:
        return _refused(request, player, token, match_id, illegal), None
    form = form_class(request.POST, match=match, state=state, auto_id=f"{id_prefix}{match.pk}_%s")
    if not form.is_valid():
        kind = "report" if id_prefix == "m" else "dispute"
        return _page(request, player, token, status=400, posted=(match.pk, kind, form)), None
    return match, form


@require_POST
@limit_link_writes
def report(request, player, token, match_id):
    """A game of one of the player's open matches, waiting for the opponent. Sent by
    the phone's queue (js/offline_entry.js), it is answered in JSON (web.sent_entries)."""
    if sent_entries.wanted(request):
        return _queued_report(request, player, token, match_id)
    match, form = _posted_game(request, player, token, match_id, GameForm, "m")
    if not isinstance(match, Match):
        return match  # the refusal, or the form again with its errors
    try:
        report_game(match, player, form.result, expected_version=form.cleaned_data["version"])
    except (OperationError, scoring.IllegalGame) as error:
        return _refused(request, player, token, match_id, error, (match.pk, "report", form))
    messages.success(request, gettext("Game reported: it counts once your opponent confirms it."))
    return redirect("player-page", token=token)


def _queued_report(request, player, token, match_id):
    """The report, from the phone's queue: each key reported once, a refusal kept on the
    phone with its reason."""
    page = reverse("player-page", args=[token])
    match = _match_of(match_id)
    try:
        state = match.replay()
    except scoring.IllegalGame as illegal:
        return sent_entries.refused(capfirst(illegal.message(gettext)), 409)
    form = GameForm(request.POST, match=match, state=state)
    if not form.is_valid():
        return sent_entries.refused(sent_entries.form_errors(form), 400)
    try:
        made = report_game(
            match,
            player,
            form.result,
            expected_version=form.cleaned_data["version"],
            entry=form.cleaned_data["entry"] or None,
        )
    except AlreadySent as sent:
        return sent_entries.already(sent, page)
    except scoring.IllegalGame as illegal:
        return sent_entries.refused(capfirst(illegal.message(gettext)), 400)
    except OperationError as error:
        status = 403 if isinstance(error, NotYourMatch) else 409
        return sent_entries.refused(error.message, status)
    messages.success(request, gettext("Game reported: it counts once your opponent confirms it."))
    return sent_entries.recorded(made.number, made.version, page)


@require_POST
@limit_link_writes
def confirm(request, player, token, match_id):
    """The opponent's report is right: the game is recorded."""
    match = _match_of(match_id)
    form = ConfirmReportForm(request.POST)
    report_id = form.cleaned_data["report"] if form.is_valid() else None
    try:
        report = confirm_report(match, player, report_id=report_id)
    except (OperationError, scoring.IllegalGame) as error:
        return _refused(request, player, token, match_id, error)
    if report.is_file:
        messages.success(request, gettext("Match file confirmed: its games are recorded."))
    else:
        messages.success(request, gettext("Game confirmed and recorded."))
    return redirect("player-page", token=token)


@require_POST
@limit_link_writes
def dispute(request, player, token, match_id):
    """The opponent's report is wrong: it goes to the director with both versions."""
    match, form = _posted_game(request, player, token, match_id, DisputeForm, "d")
    if not isinstance(match, Match):
        return match
    try:
        dispute_report(
            match,
            player,
            form.result,
            note=form.cleaned_data["note"],
            report_id=form.cleaned_data["report"],
        )
    except (OperationError, scoring.IllegalGame) as error:
        return _refused(request, player, token, match_id, error, (match.pk, "dispute", form))
    messages.success(request, gettext("Your version went to the director, who will settle it."))
    return redirect("player-page", token=token)
