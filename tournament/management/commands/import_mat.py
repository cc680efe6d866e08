"""`manage.py import_mat FILE --match ID [--yes | --swap] [--with-warnings]`: record a GNU
Backgammon (or XG, Snowie, BGBlitz) match transcript's games on one of the club's
matches. A file with warnings (a transcriber's slips) records only with
--with-warnings; without, its warnings are listed and nothing is recorded."""

import sys
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError, no_translations

from ...models import Match
from ...operations import OperationError, transcripts


class Command(BaseCommand):
    help = "Import a .mat match transcript onto a match, game by game, under its season's rules."

    def add_arguments(self, parser):
        parser.add_argument("file", help="the .mat file")
        parser.add_argument("--match", type=int, required=True, help="the match's id")
        parser.add_argument(
            "--yes",
            action="store_true",
            help="accept the proposed pairing of the file's names and the match's players",
        )
        parser.add_argument(
            "--swap",
            action="store_true",
            help="the file's first player is the match's second player",
        )
        parser.add_argument(
            "--with-warnings",
            action="store_true",
            help="record a file that contradicts itself as GNU Backgammon reads it",
        )

    # The command's own words are English: so are the operations' refusals it passes on
    # (whatever the club's language), so that it answers in one language.
    @no_translations
    def handle(self, *args, file, match, yes, swap, with_warnings, **options):
        path = Path(file)
        try:
            data = path.read_bytes()
        except OSError as error:
            raise CommandError(f"Cannot read {path}: {error.strerror}.") from None
        found = (
            Match.objects.select_related("tournament__season", "player1", "player2")
            .filter(pk=match)
            .first()
        )
        if found is None:
            raise CommandError(f"There is no match {match}.")
        try:
            text = transcripts.decode(data)
            reading = transcripts.read(found, text, path.name)
        except transcripts.TranscriptRefused as error:
            raise CommandError(f"{path}: {error.message}") from None
        swapped = reading.swapped
        if swap:
            swapped = True
        elif not reading.names_agree and not yes:
            swapped = self._ask(reading, found, swapped)
        try:
            games = transcripts.import_games(
                found,
                text,
                swapped=swapped,
                filename=path.name,
                warnings_confirmed=with_warnings,
            )
        except transcripts.WarningsToConfirm as asking:
            listed = "\n".join(f"  {warning}" for warning in asking.warnings)
            raise CommandError(
                f"{path} contradicts itself:\n{listed}\nNothing recorded: run again with "
                f"--with-warnings to record its games as GNU Backgammon reads them."
            ) from None
        except OperationError as error:  # the file's, or the match's (not started, decided)
            raise CommandError(f"{path}: {error.message}") from None
        found.refresh_from_db()
        self.stdout.write(
            f"{len(games)} games recorded on {found} ({found.score1}-{found.score2}, "
            f"{found.get_status_display()})."
        )

    def _ask(self, reading, match, swapped: bool) -> bool:
        left, right = reading.file_players
        first, second = (match.player2, match.player1) if swapped else match.players
        question = (
            f"The file's players are {left!r} and {right!r}; the match is "
            f"{match.player1} v {match.player2}.\n"
            f"Record {left!r} as {first} and {right!r} as {second}? [y]es / [s]wap / [n]o: "
        )
        if not sys.stdin.isatty():
            raise CommandError(
                f"The names in the file ({left}, {right}) differ from the match's players "
                f"({match.player1}, {match.player2}): run again with --yes to record them in "
                f"this order, or --swap for the other."
            )
        answer = input(question).strip().lower()
        if answer.startswith("y"):
            return swapped
        if answer.startswith("s"):
            return not swapped
        raise CommandError("Nothing recorded.")
