"""A match's .mat file with the tags the site knows (core.matfile.tags): the event, the
round, the date and time, the club, and each player's club rating before the match; and
a player's analysed matches in one zip, their transcripts so tagged, with their PR.

The zip is written to a temporary file that stays in memory up to `IN_MEMORY` bytes and
goes to disk beyond, so a long career costs a bounded amount of memory; the transcripts
are read a chunk at a time. Its queries are a fixed number, whatever the matches."""

from __future__ import annotations

import csv
import io
import tempfile
import zipfile
from dataclasses import dataclass

from django.db.models import OuterRef, Subquery
from django.utils import timezone
from django.utils.text import slugify

from ..core import matfile
from ..core.matfile.tags import MatchTags, Rating
from ..models import AnalysedPlayer, Analysis, Match, Player, RatingChange, Transcript
from ..operations import transcripts
from ..queries.match_labels import ROUNDS_IN_BRACKET, round_label
from .workbook import FORMULA_STARTS

SITE = "Q-gammon"
IN_MEMORY = 4 * 1024 * 1024


def _ratings(match: Match, changes: dict[tuple[int, int], Rating]) -> tuple:
    return tuple(changes.get((match.pk, player.pk)) if player else None for player in match.players)


def _rating_changes(match_ids) -> dict[tuple[int, int], Rating]:
    """(match id, player id) -> the player's club rating before that match (one query)."""
    rows = RatingChange.objects.filter(match_id__in=match_ids).values_list(
        "match_id", "player_id", "before", "experience_before"
    )
    return {(m, p): Rating(before, experience) for m, p, before, experience in rows}


def tags_of(match: Match, changes: dict[tuple[int, int], Rating]) -> MatchTags:
    """The tags of `match` (annotated with ROUNDS_IN_BRACKET, its tournament and bracket
    selected), its first player first."""
    names = tuple(player.name if player else "?" for player in match.players)
    when = timezone.localtime(match.decided_at) if match.decided_at else None
    return MatchTags(
        players=names,
        event=match.tournament.name,
        round=round_label(match, getattr(match, "rounds_in_bracket", None)),
        site=SITE,
        transcriber=SITE,
        match_id=str(match.pk),
        when=when,
        ratings=_ratings(match, changes),
    )


def match_file(match: Match) -> str:
    """The site's export of `match` (transcripts.export: results, no moves) tagged.
    Raises what transcripts.export raises."""
    return matfile.retag(transcripts.export(match), tags_of(match, _rating_changes([match.pk])))


def _file_name(number: int, match: Match) -> str:
    """Made by the site: a number, the date and the players' names slugified (never the
    raw text of a name, which could hold a path), the match's id."""
    day = f"{timezone.localtime(match.decided_at):%Y-%m-%d}-" if match.decided_at else ""
    names = "-v-".join(slugify(player.name) or "player" for player in match.players if player)
    return f"{number:03d}-{day}{names}-{match.pk}.mat"


@dataclass
class AnalysedMatch:
    match: Match
    file_name: str
    pr: float | None  # the player's GNUBG PR in the deepest analysis
    opponent_pr: float | None
    ply: int | None


def _pr_of(side: int) -> Subquery:
    deepest = Analysis.objects.filter(match=OuterRef(OuterRef("pk"))).order_by("-ply")
    return Subquery(
        AnalysedPlayer.objects.filter(
            analysis=Subquery(deepest.values("pk")[:1]), side=side
        ).values("pr")[:1]
    )


def _theirs(player: Player):
    """The player's matches in public tournaments that have an analysis. Public
    tournaments only, as the player's calendar: a draft's matches stay hidden."""
    return (
        Match.objects.filter(tournament__public=True)
        .involving(player)
        .filter(pk__in=Analysis.objects.values("match_id"))
    )


def analysed_matches(player: Player):
    """The player's analysed matches (`_theirs`), oldest first, each with its bracket's
    rounds, its deepest analysis's ply and both sides' PR (one query)."""
    deepest_ply = Analysis.objects.filter(match=OuterRef("pk")).order_by("-ply").values("ply")
    return (
        _theirs(player)
        .select_related("tournament", "bracket", "player1", "player2")
        .annotate(
            rounds_in_bracket=ROUNDS_IN_BRACKET,
            ply=Subquery(deepest_ply[:1]),
            pr1=_pr_of(1),
            pr2=_pr_of(2),
        )
        .order_by("decided_at", "pk")
    )


def safe_text(text: str) -> str:
    """User text in a CSV cell that a spreadsheet program never takes for a formula."""
    return f"'{text}" if text.startswith(FORMULA_STARTS) else text


_CSV_HEADER = ["file", "date", "event", "round", "opponent", "ply", "my GNUBG PR", "their PR"]


def _csv_row(row: AnalysedMatch, player: Player) -> list:
    match = row.match
    opponent = match.player2 if match.player1_id == player.pk else match.player1
    when = f"{timezone.localtime(match.decided_at):%Y-%m-%d}" if match.decided_at else ""
    prs = ["" if pr is None else f"{pr:.2f}" for pr in (row.pr, row.opponent_pr)]
    return [
        row.file_name,
        when,
        safe_text(match.tournament.name),
        safe_text(round_label(match, match.rounds_in_bracket)),
        safe_text(opponent.name if opponent else ""),
        row.ply,
        *prs,
    ]


def player_zip(player: Player):
    """The player's analysed matches as a zip (a file object at its start), and how many
    matches it holds. Each match's file is its latest transcript handed in (the one
    analysed, moves and all), tagged; `matches.csv` lists them with the GNUBG PR."""
    matches = list(analysed_matches(player))
    rows: dict[int, AnalysedMatch] = {}
    for number, match in enumerate(matches, start=1):
        mine, theirs = (
            (match.pr1, match.pr2) if match.player1_id == player.pk else (match.pr2, match.pr1)
        )
        rows[match.pk] = AnalysedMatch(match, _file_name(number, match), mine, theirs, match.ply)
    # The matches as a subquery, not a list of ids: a long career's ids would pass the
    # database's limit of parameters (SQLite's).
    theirs = _theirs(player).values("pk")
    changes = _rating_changes(theirs)
    latest = Transcript.objects.filter(match_id=OuterRef("match_id")).order_by("-id")
    texts = (
        Transcript.objects.filter(match_id__in=theirs)
        .filter(pk=Subquery(latest.values("pk")[:1]))
        .order_by("match__decided_at", "match_id")  # the files in the list's order
        .values_list("match_id", "swapped", "text")
    )
    output = tempfile.SpooledTemporaryFile(max_size=IN_MEMORY)  # noqa: SIM115 - the caller's
    written: set[int] = set()
    with zipfile.ZipFile(output, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for match_id, swapped, text in texts.iterator(chunk_size=50):
            row = rows.get(match_id)
            if row is None:  # analysed between the two queries: next time
                continue
            tags = tags_of(row.match, changes)
            tagged = matfile.retag(text, tags.swapped() if swapped else tags)
            archive.writestr(row.file_name, tagged)
            written.add(match_id)
        table = io.StringIO()
        writer = csv.writer(table)
        writer.writerow(_CSV_HEADER)
        for match_id, row in rows.items():
            if match_id in written:  # (a match whose transcripts went has no file)
                writer.writerow(_csv_row(row, player))
        archive.writestr("matches.csv", table.getvalue())
    output.seek(0)
    return output, len(written)
