"""The match sheet at the director's desk: a match entered game by game (by the page's
form, or by the device's queue of games typed offline, answered in JSON), the last
game undone, a walkover or a retirement (and either taken back), a loss on time, and a
.mat transcript imported; the conditions of play (lateness penalty points, a clock,
another table) are match_conditions'. Every view needs the directors' permission.

Every write goes through `operations`, which locks, replays and audits; these views only
turn its answers into pages: an illegal game is shown beside the form, a stale form
gets the match as it is now, a correction that re-opens later matches asks first, and
any refusal is the sheet again with the operation's message.
"""

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.text import capfirst
from django.utils.translation import gettext, ngettext
from django.views.decorators.http import require_http_methods, require_POST

from ... import operations
from ...core import actions, scoring
from ...forms import (
    AdjournForm,
    ConfirmForm,
    GameForm,
    PenaltyForm,
    SideForm,
    TableForm,
    TranscriptForm,
)
from ...models import Match, Penalty
from ...models.rounds import not_called
from ...operations import transcripts
from ...operations.games import not_started
from ...queries.director_pages import tables_taken, version_of
from ...queries.onward import where_next
from ...web import sent_entries
from ...web.access import director_required


def match_of(tournament_pk, pk) -> Match:
    """The match, 404 unless it belongs to that tournament (ids from another one); the
    history and the score sheet find theirs the same way."""
    return get_object_or_404(
        Match.objects.select_related(
            "tournament__season", "bracket", "player1", "player2", "winner"
        ),
        pk=pk,
        tournament_id=tournament_pk,
    )


NOTHING_ALLOWED = actions.Allowed(
    game=False, undo=False, walkover=False, retirement=False, reopen=False
)


def _free_tables(match: Match) -> list[str]:
    """The tournament's tables no other open match holds (for moving this one)."""
    names = list(match.tournament.tables or [])
    if not names or not match.is_open:
        return []
    taken = tables_taken(match)
    return [name for name in names if name not in taken and name != match.table]


def _sheet(request, match: Match, *, form=None, status=200, error=None):
    """Template: director/match.html; context: match, state, rows, allowed (what the
    core allows now: core.actions.Allowed), leader (one point from winning as the
    Crawford game starts), form, walkover_form, retire_form, penalty_form, on_time_form,
    table_form, confirm_form, adjourn_form (None unless it can be adjourned now),
    where_next (queries.onward.Onward, a line for each player of a decided match),
    not_called (why a match takes no game yet: a draft's, a round robin's not called),
    recorded (the
    game just recorded, to undo from its confirmation), error."""
    games = list(match.games.all())
    state = None
    try:
        state = match.replay_games([game.as_result() for game in games])
    except scoring.IllegalGame as illegal:
        error = error or capfirst(illegal.message(gettext))
    # Stored games that no longer replay (rules edited under them) allow nothing here.
    allowed = actions.allowed(match.situation(state)) if state else NOTHING_ALLOWED
    if form is None and allowed.game:
        form = GameForm(match=match, state=state, focus=True)
    leader = state.crawford_leader if state else None
    context = {
        "match": match,
        "state": state,
        "allowed": allowed,
        "leader": match.players[leader] if leader is not None else None,
        "rows": list(zip(games, state.games, strict=True)) if state else [],
        "form": form if allowed.game and not match.is_adjourned else None,
        "walkover_form": SideForm(match=match) if allowed.walkover else None,
        "retire_form": SideForm(match=match) if allowed.retirement else None,
        "penalty_form": PenaltyForm(match=match) if allowed.penalty else None,
        "on_time_form": SideForm(match=match) if allowed.on_time else None,
        "table_form": TableForm(match=match, free=free) if (free := _free_tables(match)) else None,
        "confirm_form": ConfirmForm(initial={"version": match.version}),
        "adjourn_form": AdjournForm(initial={"version": match.version})
        if match.is_open and match.players_known and not match.is_adjourned
        else None,
        "where_next": where_next(match) if match.is_decided else None,
        # A draft's match, or a round robin's not called yet: why it takes no game now
        # (once: a game refused for it says it already).
        "not_called": waiting if (waiting := _waiting(match)) != error else "",
        "recorded": _just_recorded(request, games, allowed),
        "error": error,
    }
    return render(request, "director/match.html", context, status=status)


def _waiting(match: Match) -> str:
    """Why a match whose players are known takes no game yet: its tournament is a
    draft, or (a round robin's) it is not called; "" when neither."""
    if not match.players_known:
        return ""
    if not match.tournament_started:
        return not_started()
    return not_called(match) if not match.is_called else ""


def _just_recorded(request, games: list, allowed) -> int | None:
    """The number of the game just recorded, while it is still the last one and can be
    taken back: the confirmation then offers its undo. Only on the page the recording
    redirected to: a form posted from there (the sheet's form keeps its address) and
    refused answers with the refusal alone, not a green "recorded" above the red."""
    if request.method != "GET":
        return None
    number = request.GET.get("recorded", "")
    if allowed.undo and games and number == str(games[-1].number):
        return games[-1].number
    return None


def _sheet_url(match: Match) -> str:
    return reverse("director-match", args=[match.tournament_id, match.pk])


def _answer(request, match: Match, error: operations.OperationError, action: str, form=None):
    """The page for an operation that could not be done: why, and the match as it is.
    A match removed meanwhile (its round paired again) is the sheet as it was, with the
    form the director typed (`form`): nothing is lost to a 404 or a 500."""
    if isinstance(error, operations.MatchGone):
        return _sheet(request, match, form=form, status=409, error=error.message)
    if isinstance(error, operations.NeedsConfirmation):
        context = {
            "match": match,
            "error": error.message,
            "reopened": error.matches,
            "action": action,
            "version": match.version,
        }
        return render(request, "director/confirm.html", context, status=409)
    fresh = match_of(match.tournament_id, match.pk)
    return _sheet(request, fresh, status=409, error=error.message)


@director_required
@require_http_methods(["GET", "POST"])
def match_sheet(request, tournament_pk, pk):
    """GET: the sheet. POST: the next game, recorded through operations.record_game."""
    match = match_of(tournament_pk, pk)
    if request.method == "GET":
        return _sheet(request, match)
    queued = sent_entries.wanted(request)  # from the device's queue: answered in JSON
    try:
        state = match.replay()
    except scoring.IllegalGame as illegal:
        error = capfirst(illegal.message(gettext))
        if queued:
            return sent_entries.refused(error, 409)
        return _sheet(request, match, status=409, error=error)
    # An entry with a key of its own goes to the operation, which looks for the key
    # first (under the match's lock): sent again after it decided the match, it is
    # answered as done, not as a match closed. The operation checks the rest itself.
    keyed = bool(request.POST.get("entry")) and match.players_known
    if not keyed and not actions.allowed(match.situation(state)).game:
        # A draft's match says so; a round robin's not called yet says when it will be.
        reason = _waiting(match) or gettext("This match is not open for games.")
        if queued:
            return sent_entries.refused(reason, 409)
        return _sheet(request, match, status=409, error=reason)
    form = GameForm(request.POST, match=match, state=state, focus=True)
    if not form.is_valid():
        if queued:
            return sent_entries.refused(sent_entries.form_errors(form), 400)
        return _sheet(request, match, form=form, status=400)
    try:
        game = operations.record_game(
            match,
            form.result,
            user=request.user,
            expected_version=form.cleaned_data["version"],
            entry=form.cleaned_data["entry"] or None,
        )
    except operations.AlreadySent as sent:
        # The sheet offers the game's undo while it is still the last one.
        after = f"{_sheet_url(match)}?recorded={sent.number}"
        if queued:
            return sent_entries.already(sent, after)
        messages.info(request, sent.message)
        return redirect(after)
    except scoring.IllegalGame as illegal:
        if queued:
            return sent_entries.refused(capfirst(illegal.message(gettext)), 400)
        again = form.shown_again(capfirst(illegal.message(gettext)))
        return _sheet(request, match, form=again, status=400)
    except operations.OperationError as error:
        if queued:
            return sent_entries.refused(error.message, 409)
        return _answer(request, match, error, "game", form)
    # The sheet confirms the game with its own undo button (?recorded=N), not a message.
    after = f"{_sheet_url(match)}?recorded={game.number}"
    if queued:
        version = version_of(match)
        return sent_entries.recorded(game.number, version, after)
    return redirect(after)


def _confirmed_action(request, match: Match, action: str, run):
    form = ConfirmForm(request.POST)
    if not form.is_valid():
        return _sheet(request, match, status=400, error=gettext("The form was incomplete."))
    try:
        run(
            expected_version=form.cleaned_data["version"],
            confirm=form.cleaned_data["confirm"],
        )
    except operations.OperationError as error:
        return _answer(request, match, error, action)
    return redirect(_sheet_url(match))


@director_required
@require_POST
def undo(request, tournament_pk, pk):
    """Take back the last game (asking first if later matches have started from it)."""
    match = match_of(tournament_pk, pk)

    def run(**kwargs):
        removed = operations.undo_last_game(match, user=request.user, **kwargs)
        if isinstance(removed, Penalty):
            done = ngettext(
                "The penalty of %(points)d point taken back.",
                "The penalty of %(points)d points taken back.",
                removed.points,
            )
            messages.success(request, done % {"points": removed.points})
        else:
            done = gettext("Game %(number)d taken back.")
            messages.success(request, done % {"number": removed.number})

    return _confirmed_action(request, match, "undo", run)


@director_required
@require_POST
def reopen(request, tournament_pk, pk):
    """Take back a walkover or a retirement."""
    match = match_of(tournament_pk, pk)

    def run(**kwargs):
        operations.reopen(match, user=request.user, **kwargs)
        messages.success(request, gettext("The match is open again."))

    return _confirmed_action(request, match, "reopen", run)


def _allowed_now(match: Match, action: str) -> bool:
    """Whether the core allows this action on the match as it stands (a match whose
    games no longer replay allows nothing: the operation will say why)."""
    try:
        return getattr(actions.allowed(match.situation(match.replay())), action)
    except scoring.IllegalGame:
        return False


def _side_action(request, match: Match, run, done_message: str, ask=None):
    """A walkover, a retirement or a loss on time for the posted side. With `ask`
    ((the core's name of the action, the question from the side chosen)) the director
    confirms first, when the action is allowed at all (a refusal needs no question):
    the ask_first page's "Yes" posts the same form again with `confirm`."""
    form = SideForm(request.POST, match=match)
    if not form.is_valid():
        return _sheet(request, match, status=400, error=gettext("Choose one of the two players."))
    if ask is not None and not form.cleaned_data["confirm"] and _allowed_now(match, ask[0]):
        side = form.cleaned_data["side"]
        question, answer = ask[1](match.players[side], match.players[1 - side])
        context = {
            "title": question,
            "back": _sheet_url(match),
            "action": request.path,
            "fields": {"side": side, "version": form.cleaned_data["version"]},
            "lines": [
                gettext("The score now: %(score)s.") % {"score": f"{match.score1}–{match.score2}"}
            ],
            "answer": answer,
        }
        return render(request, "director/ask_first.html", context)
    try:
        run(form.cleaned_data["side"], expected_version=form.cleaned_data["version"])
    except operations.OperationError as error:
        return _answer(request, match, error, "")
    messages.success(request, done_message)
    return redirect(_sheet_url(match))


@director_required
@require_POST
def walkover(request, tournament_pk, pk):
    """A player did not come: the posted side is the absent player."""
    match = match_of(tournament_pk, pk)
    return _side_action(
        request,
        match,
        lambda absent, **kwargs: operations.walkover(
            match, 1 - absent, user=request.user, **kwargs
        ),
        gettext("Walkover recorded."),
    )


@director_required
@require_POST
def retire(request, tournament_pk, pk):
    """A player retires mid-match: the posted side is the player who retires."""
    match = match_of(tournament_pk, pk)
    return _side_action(
        request,
        match,
        lambda retiring, **kwargs: operations.retire(match, retiring, user=request.user, **kwargs),
        gettext("Retirement recorded."),
        ask=(
            "retirement",
            lambda retiring, winner: (
                gettext("%(player)s retires: %(winner)s wins the match. Record it?")
                % {"player": retiring, "winner": winner},
                gettext("Yes, record the retirement"),
            ),
        ),
    )


@director_required
@require_POST
def import_transcript(request, tournament_pk, pk):
    """A .mat, .sgf or gnubg text file onto the match: read, checked, recorded game by
    game; when the file's names differ from the match's players, the director says who
    is who first, and when the file has warnings (a transcriber's slips), the page shows
    them and the director confirms first. Nothing is recorded before.

    Template: director/import_confirm.html for those questions; context: match, form,
    reading (its warnings), text (carried back), ask_names (who is who is asked),
    swapped (the way round proposed or answered)."""
    match = match_of(tournament_pk, pk)
    form = TranscriptForm(request.POST, request.FILES)
    if not form.is_valid():
        return _sheet(request, match, status=400, error=" ".join(form.non_field_errors()))
    filename = ""  # only a hint of the format (the content decides); never a path
    try:
        if form.cleaned_data["file"]:
            # One byte past the limit says the file is too big: the rest is never read.
            upload = form.cleaned_data["file"]
            filename = upload.name or ""
            text = transcripts.decode(upload.read(transcripts.MAX_BYTES + 1))
        else:
            text = form.cleaned_data["transcript"]
        reading = transcripts.read(match, text, filename)
        choice = form.cleaned_data["swapped"]
        ask_names = choice is None and not reading.names_agree
        ask_warnings = reading.warnings and not form.cleaned_data["confirm_warnings"]
        if ask_names or ask_warnings:
            context = {
                "match": match,
                "reading": reading,
                "text": text,
                "form": form,
                "ask_names": not reading.names_agree,
                "swapped": reading.swapped if choice is None else bool(choice),
            }
            return render(request, "director/import_confirm.html", context)
        # The director's answer: 0, the file's first player is the match's first; 1, the
        # other way round. Without a question, the names themselves said it.
        swapped = reading.swapped if choice is None else bool(choice)
        games = transcripts.import_games(
            match,
            text,
            swapped=swapped,
            user=request.user,
            filename=filename,
            warnings_confirmed=form.cleaned_data["confirm_warnings"],
        )
    except operations.MatchGone as error:
        return _answer(request, match, error, "")
    except operations.OperationError as error:
        return _sheet(request, match_of(tournament_pk, pk), status=400, error=error.message)
    messages.success(
        request, gettext("%(count)d games imported from the file.") % {"count": len(games)}
    )
    return redirect(_sheet_url(match))


@director_required
@require_POST
def on_time(request, tournament_pk, pk):
    """A player's time ran out: the posted side is the player who lost on time."""
    match = match_of(tournament_pk, pk)
    return _side_action(
        request,
        match,
        lambda loser, **kwargs: operations.lose_on_time(match, loser, user=request.user, **kwargs),
        gettext("Loss on time recorded."),
        ask=(
            "on_time",
            lambda loser, winner: (
                gettext("%(player)s loses on time: %(winner)s wins the match. Record it?")
                % {"player": loser, "winner": winner},
                gettext("Yes, record the loss on time"),
            ),
        ),
    )
