"""Files to download, public like the pages: the standings spreadsheet (.xlsx) of a
season or a tournament, and a match as a GNU Backgammon transcript (.mat)."""

import tempfile

from django.http import FileResponse, Http404, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.text import slugify
from django.utils.translation import gettext
from django.views.decorators.http import require_GET

from ...core import matfile, scoring
from ...exports import season_sheets, tournament_sheets, write_workbook
from ...models import Match, Season, Tournament
from ...operations import transcripts

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def _workbook_response(sheets, filename: str):
    # A temporary file, not memory: a big season's workbook streams to disk first.
    output = tempfile.TemporaryFile()  # noqa: SIM115 - FileResponse closes it once sent
    write_workbook(sheets, output)
    output.seek(0)
    response = FileResponse(output, as_attachment=True, filename=filename)
    response["Content-Type"] = XLSX
    return response


@require_GET
def season_workbook(request, year):
    """The season's spreadsheet (.xlsx) in the language of the page."""
    season = get_object_or_404(Season, year=year)
    return _workbook_response(season_sheets(season), f"qgammon-{season.year}.xlsx")


@require_GET
def tournament_workbook(request, pk):
    tournament = get_object_or_404(Tournament.objects.public().select_related("season"), pk=pk)
    filename = f"qgammon-{tournament.season.year}-{slugify(tournament.name)}.xlsx"
    return _workbook_response(tournament_sheets(tournament), filename)


@require_GET
def match_transcript(request, pk):
    """The match's games as a .mat file (score lines and results, no moves), which GNU
    Backgammon, eXtreme Gammon and friends open."""
    match = get_object_or_404(
        Match.objects.filter(tournament__public=True).select_related(
            "tournament__season", "player1", "player2"
        ),
        pk=pk,
    )
    try:
        text = transcripts.export(match)
    except (scoring.IllegalGame, matfile.MatError, transcripts.TranscriptRefused):
        raise Http404(gettext("This match cannot be written as a match file.")) from None
    response = HttpResponse(text, content_type="text/plain; charset=utf-8")
    name = slugify(f"{match.player1}-{match.player2}") or "match"
    response["Content-Disposition"] = f'attachment; filename="{name}-{match.pk}.mat"'
    return response
