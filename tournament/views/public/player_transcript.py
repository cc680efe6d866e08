"""A player hands in the transcript of one of their matches from their private link
(`/p/<token>/matches/<id>/transcript/`), and sees GNU Backgammon's analysis of it
appear on the same page when the worker is done, without reloading. For a match not
recorded yet the file goes to the opponent to confirm first (operations.reports).

The page's live part (`?partial=skill`) is the match's Skill section, or "Analysing…"
while the job waits or runs: live.js asks for it every five seconds, and a poll that
finds nothing new is a 304 after two queries (the link's player, then the match with its
tournament's change mark, which storing an analysis moves, and its job's state).
Only the link's player's own matches: another match is a 404 here, a 403 when posted.
"""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_POST

from ...forms import HandInForm
from ...models import GameReport, JobStatus, Match, Player
from ...operations import OperationError
from ...operations.links import player_by_token
from ...operations.player_transcripts import hand_in
from ...operations.transcripts import MAX_BYTES, WarningsToConfirm, decode
from ...queries.public_matches import match_for_transcript
from ...queries.skill import skill_of
from ...web import live
from ...web.access import private
from ...web.link_limits import limit_link_writes

# The state of the match's analysis job (its newest), as a number for the ETag: a
# failed job is news for the page even though it moves no change mark.
JOB_STATES = (None, *JobStatus.values)


def _load(request, token, match_id) -> tuple[Player, Match] | None:
    player = player_by_token(token)
    if player is None:
        return None
    match = match_for_transcript(match_id)
    if match is None or match.side_of(player) is None:
        return None
    return player, match


def _marks(request, row) -> list:
    player, match = row
    return [
        player.pk,
        match.tournament.mark,
        match.club_mark,
        JOB_STATES.index(match.job_status) if match.job_status in JOB_STATES else 0,
    ]


def _page(request, player, token, match, *, status=200, form=None, error=None, confirm=None):
    """Template: tournament/player_transcript.html (tournament/includes/
    player_transcript_live.html alone for the live refresh); context: player, token,
    match, opponent, skill (queries.skill.Skill or None), analysing (a transcript is
    handed in and its analysis not stored yet), failed (its job failed), form
    (HandInForm, while no transcript is handed in nor a file waits), file_waiting
    ("mine" or "theirs": a match file waits for confirmation, handed in by whom),
    error (why a file was refused), confirm (a file with warnings that would record the
    match, asking first: its `warnings` and its `text`, carried back), mark (what the
    live refresh compares)."""
    skill = skill_of(match)
    failed = skill is None and match.job_status == JobStatus.FAILED
    analysing = skill is None and match.handed_in and not failed
    # What the live part shows, for live.js to compare: the job's moving from waiting
    # to running changes the ETag but not "Analysing…", which is left in place.
    file_waiting = None
    if match.file_reported_by is not None and not match.handed_in:
        file_waiting = "mine" if match.file_reported_by == player.pk else "theirs"
    if skill:
        mark = f"skill-{skill.analysis.pk}"
    elif file_waiting:
        mark = f"file-{file_waiting}"
    else:
        mark = "analysing" if analysing else "failed" if failed else "nothing"
    context = {
        "player": player,
        "token": token,
        "match": match,
        "opponent": match.players[1 - match.side_of(player)],
        "skill": skill,
        "analysing": analysing,
        "failed": failed,
        "form": None if match.handed_in or file_waiting else (form or HandInForm()),
        "file_waiting": file_waiting,
        "player_page": reverse("player-page", args=[token]),
        "error": error,
        "confirm": confirm,
        "mark": mark,
    }
    partial = request.GET.get("partial") == "skill"
    template = (
        "tournament/includes/player_transcript_live.html"
        if partial
        else "tournament/player_transcript.html"
    )
    response = render(request, template, context, status=status)
    response["X-Live-Mark"] = mark
    return private(response)


@require_GET
@live.conditional(_load, _marks, personal=True)
def transcript(request, token, match_id):
    """The match, the file's form (until one is handed in) and its analysis, live."""
    row = request.live_row
    if row is None:
        raise Http404
    player, match = row
    return _page(request, player, token, match)


@require_POST
@limit_link_writes
def hand_in_transcript(request, player, token, match_id):
    """The file, read and checked against the recorded games: kept and its analysis
    queued (its warnings said after); for a match with no games yet, sent to the
    opponent to confirm, a file with warnings only once the player said yes to them
    (the page shows them and asks, the text carried back); or the page again with why
    (the line, the game), nothing saved."""
    match = match_for_transcript(match_id)
    if match is None:
        raise Http404
    if match.side_of(player) is None:
        # The match exists (its page is public) but is not theirs: refused, not hidden.
        raise PermissionDenied(gettext("This is not one of your matches."))
    form = HandInForm(request.POST, request.FILES)
    if not form.is_valid():
        return _page(request, player, token, match, status=400, form=form)
    try:
        if form.cleaned_data["file"]:
            # One byte past the limit says the file is too big: the rest is never read.
            text = decode(form.cleaned_data["file"].read(MAX_BYTES + 1))
        else:  # the second step: the text carried back with the player's word
            text = form.cleaned_data["transcript"]
        kept = hand_in(
            match, player, text, warnings_confirmed=form.cleaned_data["confirm_warnings"]
        )
    except WarningsToConfirm as asking:
        confirm = {"warnings": asking.warnings, "text": text}
        return _page(request, player, token, match, form=form, confirm=confirm)
    except OperationError as refused:
        return _page(request, player, token, match, status=400, form=form, error=refused.message)
    if isinstance(kept, GameReport):
        opponent = match.players[1 - match.side_of(player)]
        messages.success(
            request,
            gettext("Sent to %(opponent)s to confirm: the match is recorded once they do.")
            % {"opponent": opponent.name},
        )
        return redirect("player-transcript", token=token, match_id=match.pk)
    messages.success(
        request,
        gettext("Match file handed in. Its analysis appears below as soon as it is done."),
    )
    if getattr(kept, "warnings", ()):
        messages.warning(
            request,
            gettext(
                "The file contradicts itself; its games agree with the recorded ones, and "
                "its analysis takes it as GNU Backgammon reads it: %(warnings)s"
            )
            % {"warnings": "; ".join(kept.warnings)},
        )
    return redirect("player-transcript", token=token, match_id=match.pk)
