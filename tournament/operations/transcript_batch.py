"""A whole event's transcripts at once: each file placed on its match by the players' names
and the length (core.transcript_placing), checked as a single hand-in is, shown in a
preview, then imported on the director's word.

`plan` reads and checks, writing nothing: per file the match it goes to and what will
happen (the games recorded from it, or the file added to the games already recorded), or
why not (unreadable, with the line; no match; the recorded games told otherwise, naming
the game), with the file's warnings (a transcriber's slips, read on as GNU Backgammon
reads them) on its row: confirming the preview records a file with them.
`import_planned` plans again (nothing posted back is trusted), and refuses the lot when
the plan is not the preview's (its `fingerprint`): a match recorded meanwhile, another
file... Each file is then imported in a transaction of its own, through
`transcripts.import_games` or `transcripts.attach`, so a file that fails at the last
moment leaves the others in.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

from django.utils.translation import gettext

from ..core import matfile
from ..core.transcript_placing import Candidate, place_all
from ..models import Match, Tournament
from .errors import OperationError
from .games import not_started
from .transcripts import TranscriptRefused, attach, convert, disagreement, import_games, read

RECORD, ADD = "record", "add"


@dataclass
class FilePlan:
    """What becomes of one file: `action` RECORD or ADD on `match`, or `error`."""

    name: str
    format: str = ""
    text: str = ""  # the .mat text made from the file (kept between preview and import)
    match: Match | None = None
    swapped: bool = False
    action: str = ""
    error: str = ""
    warnings: tuple[str, ...] = ()  # the transcriber's slips, shown on the preview's row
    done: bool = False
    refused_at_import: str = ""  # ready in the plan, refused when imported

    @property
    def ready(self) -> bool:
        return self.match is not None and not self.error

    @property
    def kept(self) -> tuple[str, str, str, str]:
        """What a later `plan` needs of this file: its name, its .mat text (or, when it
        could not be read, nothing), its error as read, its format."""
        if not self.format:
            return (self.name, "", self.error, "")
        return (self.name, self.text, "", self.format)


@dataclass
class Plan:
    files: list[FilePlan] = field(default_factory=list)

    @property
    def ready(self) -> list[FilePlan]:
        return [file for file in self.files if file.ready]

    @property
    def fingerprint(self) -> str:
        """What the preview promised: each file's match, its way round and action."""
        digest = hashlib.sha256()
        for file in self.files:
            line = f"{file.name}\t{file.match.pk if file.match else ''}\t{file.swapped}"
            digest.update(
                f"{line}\t{file.action}\t{bool(file.error)}\t{len(file.warnings)}\n".encode()
            )
        return digest.hexdigest()


def _candidates(tournament: Tournament) -> tuple[list[Candidate], dict[int, Match]]:
    matches = list(
        Match.objects.filter(tournament=tournament, player1__isnull=False, player2__isnull=False)
        .select_related("tournament__season", "player1", "player2")
        .prefetch_related("games")
        .order_by("pk")
    )
    candidates = [
        Candidate(
            id=match.pk,
            names=(match.player1.name, match.player2.name),
            length=match.length,
            results=tuple(match.game_results()),
        )
        for match in matches
    ]
    return candidates, {match.pk: match for match in matches}


def _read(file: FilePlan) -> tuple[tuple[str, str], int, list] | None:
    """The file's names, length and results, or None with its error set. A file whose
    format is known is .mat text made from it already (by an earlier plan)."""
    try:
        converted = convert(file.text, "" if file.format else file.name)
        file.format, file.text = file.format or converted.format, converted.text
        parsed = matfile.parse(converted.text)
    except TranscriptRefused as refusal:
        file.error = str(refusal.message)
        return None
    except matfile.MatError as error:
        located = converted.located(error)
        reason = located.message(gettext)
        file.error = gettext("line %(line)d: %(reason)s") % {
            "line": located.line,
            "reason": reason,
        }
        return None
    return parsed.players, parsed.length, [game.result for game in parsed.games]


def plan(tournament: Tournament, files: list[tuple[str, str, str, str]]) -> Plan:
    """Each (name, text, error, format) file's match and action, or its error. Writes
    nothing. With a format, `text` is the .mat text an earlier plan made from the file
    (`FilePlan.kept`); without, the file as it came."""
    candidates, matches = _candidates(tournament)
    plans = [
        FilePlan(name=name, text=text, error=error, format=fmt) for name, text, error, fmt in files
    ]
    found = [None if file.error else _read(file) for file in plans]
    for file, placed in zip(
        plans, place_all(found, candidates, names=[file.name for file in plans]), strict=True
    ):
        if placed is None:
            continue
        if placed.refusal is not None:
            file.error = placed.refusal.message(gettext)
            continue
        match = matches[placed.match_id]
        file.swapped = placed.swapped
        if match.decided_without_games:
            file.error = gettext("This match was decided without playing it out.")
            continue
        try:
            reading = read(match, file.text)
        except TranscriptRefused as refusal:
            file.error = str(refusal.message)
            continue
        file.match = match
        file.warnings = reading.warnings
        file.action = ADD if match.games.all() else RECORD
        if file.action == ADD:
            file.error = disagreement(match, reading, file.swapped) or ""
        elif not match.tournament_started:
            file.error = not_started()  # its games would be refused at the import
    return Plan(plans)


class PlanChanged(OperationError):
    """The files would not go where the preview said: the new plan is to be shown."""

    def __init__(self, new_plan: Plan) -> None:
        self.plan = new_plan
        super().__init__(
            gettext(
                "The matches changed since the preview (a result recorded, a match "
                "paired): check the files again below, then confirm."
            )
        )


def import_planned(
    tournament: Tournament, files: list[tuple[str, str, str, str]], *, fingerprint: str, user
) -> Plan:
    """Plan the files again and import the ready ones, each in its own transaction.
    Raises PlanChanged (nothing imported) when the plan is not the preview's. A file
    refused at its import keeps its reason in the plan (`refused_at_import`)."""
    new_plan = plan(tournament, files)
    if new_plan.fingerprint != fingerprint:
        raise PlanChanged(new_plan)
    for file in new_plan.ready:
        keywords = {"swapped": file.swapped, "user": user, "source_format": file.format}
        try:
            if file.action == RECORD:
                # The preview showed the file's warnings on its row: the director's
                # confirming it is the word the import asks for.
                import_games(file.match.pk, file.text, warnings_confirmed=True, **keywords)
            else:
                attach(file.match.pk, file.text, **keywords)
        except OperationError as refusal:
            file.refused_at_import = str(refusal.message)
            continue
        file.done = True
    return new_plan
