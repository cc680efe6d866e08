"""An earlier game corrected in place, from the match sheet's "Correct" beside each game:
the game's form as it was recorded, then what the correction changes before anything is
saved (operations.game_corrections.preview: each later game's score and Crawford mark,
a later game the rules would now refuse and so take back, the winner, who goes on to
the next matches, the later matches re-opened), then the correction saved. Every view
needs the directors' permission.
"""

from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.text import capfirst
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods

from ... import operations
from ...core import actions, scoring
from ...forms import GameForm
from ...models import Match
from ...operations import game_corrections
from ...web.access import director_required
from .match import _answer, _sheet, _sheet_url, match_of


def _form(match: Match, games: list, number: int, data=None) -> GameForm:
    """Game `number`'s form, offering what the rules allowed at its place in the
    match (the games before it replayed), filled as it was recorded."""
    before = match.replay_games([game.as_result() for game in games[: number - 1]])
    game = games[number - 1]
    initial = {
        "winner": game.winner,
        "kind": game.kind,
        "cube": game.cube,
        "how": game.how,
        "beaver": game.beaver,
    }
    return GameForm(data, match=match, state=before, initial=initial, focus=True)


def _page(request, match, number, form, shown=None, status=200, error=""):
    """Template: director/correct_game.html; context: match, number, form (the game's
    fields), shown (the preview: game_corrections.Preview, or None before one is
    asked for), error."""
    context = {"match": match, "number": number, "form": form, "shown": shown, "error": error}
    return render(request, "director/correct_game.html", context, status=status)


@director_required
@require_http_methods(["GET", "POST"])
def correct_game(request, tournament_pk, pk, number):
    """GET: game `number`'s form as it was recorded. POST: what the correction changes
    (the preview), or with `save` the correction saved (operations.correct_game), when
    the re-opened matches are still the ones the preview showed."""
    match = match_of(tournament_pk, pk)
    games = list(match.games.all())
    if not 1 <= number <= len(games):
        raise Http404
    try:
        allowed = actions.allowed(match.situation(match.replay()))
    except scoring.IllegalGame as illegal:
        return _sheet(request, match, status=409, error=capfirst(illegal.message(gettext)))
    if not allowed.correct:
        reason = gettext("This match's games cannot be corrected now.")
        return _sheet(request, match, status=409, error=reason)
    if request.method == "GET":
        return _page(request, match, number, _form(match, games, number))
    form = _form(match, games, number, request.POST)
    if not form.is_valid():
        return _page(request, match, number, form, status=400)
    shown = game_corrections.preview(match, number, form.result)
    saving = "save" in request.POST
    if not saving or not shown.may_save:
        return _page(request, match, number, form, shown, status=400 if saving else 200)
    if request.POST.get("reopened", "") != shown.reopened_key:
        error = gettext(
            "Other matches started since the preview: here is what the correction changes now."
        )
        return _page(request, match, number, form, shown, status=409, error=error)
    try:
        game_corrections.correct_game(
            match,
            number,
            form.result,
            keep=shown.keep,
            user=request.user,
            expected_version=form.cleaned_data["version"],
            confirm=True,  # the preview listed the matches it re-opens
        )
    except scoring.IllegalGame as illegal:
        return _page(
            request, match, number, form, status=400, error=capfirst(illegal.message(gettext))
        )
    except operations.OperationError as error:
        return _answer(request, match, error, "")
    messages.success(request, gettext("Game %(number)d corrected.") % {"number": number})
    return redirect(_sheet_url(match))
