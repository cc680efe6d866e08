"""Files to download, public like the pages: the standings spreadsheet (.xlsx) of a
season or a tournament, and a match as a GNU Backgammon transcript (.mat); and, from a
player's private link, all their analysed matches in one zip."""

import tempfile

from django.contrib import messages
from django.http import FileResponse, Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.text import slugify
from django.utils.translation import gettext
from django.views.decorators.http import require_GET

from ...core import matfile, scoring
from ...exports import match_files, season_sheets, tournament_sheets, write_workbook
from ...models import Match, Tournament
from ...operations import transcripts
from ...operations.links import player_by_token
from ...queries.match_labels import ROUNDS_IN_BRACKET
from ...web.access import private
from ...web.season_address import season_page

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def workbook_response(sheets, filename: str):
    # A temporary file, not memory: a big season's workbook streams to disk first.
    output = tempfile.TemporaryFile()  # noqa: SIM115 - FileResponse closes it once sent
    write_workbook(sheets, output)
    output.seek(0)
    response = FileResponse(output, as_attachment=True, filename=filename)
    response["Content-Type"] = XLSX
    return response


@require_GET
@season_page()
def season_workbook(request, season):
    """The season's spreadsheet (.xlsx) in the language of the page."""
    return workbook_response(season_sheets(season), f"qgammon-{season.years}.xlsx")


@require_GET
def tournament_workbook(request, pk):
    tournament = get_object_or_404(Tournament.objects.public().select_related("season"), pk=pk)
    filename = f"qgammon-{tournament.season.years}-{slugify(tournament.name)}.xlsx"
    return workbook_response(tournament_sheets(tournament), filename)


@require_GET
def match_transcript(request, pk):
    """The match's games as a .mat file (score lines and results, no moves), which GNU
    Backgammon, eXtreme Gammon and friends open, tagged with the event, the round, the
    date and the players' ratings (exports.match_files)."""
    match = get_object_or_404(
        Match.objects.filter(tournament__public=True)
        .select_related("tournament__season", "bracket", "player1", "player2")
        .annotate(rounds_in_bracket=ROUNDS_IN_BRACKET),
        pk=pk,
    )
    try:
        text = match_files.match_file(match)
    except (scoring.IllegalGame, matfile.MatError, transcripts.TranscriptRefused):
        raise Http404(gettext("This match cannot be written as a match file.")) from None
    response = HttpResponse(text, content_type="text/plain; charset=utf-8")
    name = slugify(f"{match.player1}-{match.player2}") or "match"
    response["Content-Disposition"] = f'attachment; filename="{name}-{match.pk}.mat"'
    return response


@require_GET
def player_matches_zip(request, token):
    """The player's analysed matches in one zip (exports.match_files.player_zip): each
    match's transcript, tagged, and matches.csv with the GNUBG PR. Four queries, however
    many matches: the link with its player, the matches with their PR, the ratings and
    the transcripts. An unknown or rotated link is a 404; a player with no analysed
    match goes back to their page, which says so. Like the page, never indexed, cached
    or sent on as a referrer (web.access.private)."""
    player = player_by_token(token)
    if player is None:
        raise Http404
    archive, count = match_files.player_zip(player)
    if not count:
        archive.close()
        messages.info(
            request,
            gettext(
                "You have no analysed matches yet: a match is analysed once its transcript "
                "(.mat) is handed in."
            ),
        )
        return private(redirect("player-page", token=token))
    name = f"qgammon-{slugify(player.name) or 'player'}-analysed-matches.zip"
    response = FileResponse(archive, as_attachment=True, filename=name)
    response["Content-Type"] = "application/zip"
    return private(response)
