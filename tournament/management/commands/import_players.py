"""`manage.py import_players FILE [--dry-run] [--all-or-nothing]`: the club's member
spreadsheet (.xlsx, .ods or .csv), as on the director's page, without the preview."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError, no_translations
from django.utils.translation import gettext, ngettext

from ...core.member_sheets import MemberFileError, kind_of
from ...core.members import HERE, NEW, REFUSED
from ...imports.member_files import read_member_file
from ...operations import OperationError, members


class Command(BaseCommand):
    help = (
        "Import the club's member list (.xlsx, .ods or .csv, headers in Catalan, Spanish "
        "or English). Rows already here (same member number or same name) are not added "
        "again; refused rows are listed with their line numbers. The good rows are "
        "imported in one transaction. Exit status: 0 when the file was read (even with "
        "refused rows, unless --all-or-nothing); 1 when the file cannot be read, or when "
        "--all-or-nothing found a refused row (nothing is imported, nor would be with "
        "--dry-run)."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help="the .xlsx, .ods or .csv file")
        parser.add_argument(
            "--dry-run", action="store_true", help="show what would be imported; change nothing"
        )
        parser.add_argument(
            "--all-or-nothing",
            action="store_true",
            help="import nothing when any row is refused (and exit with status 1)",
        )

    # The command's own words are English: so are the operations' refusals it passes on
    # (whatever the club's language), so that it answers in one language.
    @no_translations
    def handle(self, *args, file, dry_run, all_or_nothing, verbosity, **options):
        path = Path(file)
        try:
            kind = kind_of(path.name)
            data = path.read_bytes()
            listing = read_member_file(data, kind)
        except OSError as error:
            raise CommandError(f"Cannot read {path}: {error.strerror}.") from None
        except MemberFileError as refusal:
            raise CommandError(f"{path}: {refusal.message(gettext)}") from None
        try:
            if dry_run:
                sorting = members.sort(listing)
            else:
                sorting = members.import_members(listing, all_or_nothing=all_or_nothing)
        except members.RowsRefused as refusal:
            sorting = refusal.sorting
        except OperationError as refusal:
            raise CommandError(str(refusal.message)) from None
        counts = sorting.counts
        self.stdout.write(
            gettext("%(new)d new, %(here)d already here, %(refused)d refused.") % counts
        )
        for verdict in sorting.verdicts:
            if verdict.status == REFUSED or verbosity > 1:
                self.stdout.write(self._line(verdict))
        if all_or_nothing and counts[REFUSED]:
            raise CommandError(gettext("Nothing imported: some rows are refused."))
        if dry_run:
            self.stdout.write(gettext("Dry run: nothing was changed."))
        elif counts[NEW]:
            self.stdout.write(
                self.style.SUCCESS(
                    ngettext(
                        "%(new)d player added to the club.",
                        "%(new)d players added to the club.",
                        counts[NEW],
                    )
                    % counts
                )
            )

    def _line(self, verdict) -> str:
        status = {
            NEW: gettext("new"),
            HERE: gettext("already here"),
            REFUSED: gettext("refused"),
        }[verdict.status]
        note = f": {verdict.note.message(gettext)}" if verdict.note else ""
        name = verdict.member.name or "—"
        return gettext("line %(line)d, %(name)s, %(status)s%(note)s") % {
            "line": verdict.member.line,
            "name": name,
            "status": status,
            "note": note,
        }
