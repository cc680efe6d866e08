"""`manage.py import_players FILE [--club SLUG] [--dry-run] [--all-or-nothing] [--update]`:
the club's member spreadsheet (.xlsx, .ods or .csv), as on the director's page,
without the preview: so a namesake, which the page asks about, is left out here."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError, no_translations
from django.utils.translation import gettext, ngettext

from ...core.member_sheets import MemberFileError, kind_of
from ...core.members import ASK, HERE, NEW, REFUSED, UPDATE, Choices
from ...forms.members import changes_text
from ...imports.member_files import read_member_file
from ...models import Club
from ...operations import OperationError, members


class Command(BaseCommand):
    help = (
        "Import the club's member list (.xlsx, .ods or .csv, headers in Catalan, Spanish "
        "or English). Rows already here (same member number or same name) are not added "
        "again; with --update, their e-mail, phone, language and mail consent are changed "
        "where the file says otherwise (an empty cell changes nothing). A row named like "
        "a club player whom its member number does not settle is left out: the "
        "director's page asks who it is. Refused rows, namesakes, changes and totals under "
        "the list are listed with their line numbers. Everything is done in one "
        "transaction. Exit status: 0 when the file was read (even with "
        "refused rows, unless --all-or-nothing); 1 when the file cannot be read, or when "
        "--all-or-nothing found a refused row (nothing is imported, nor would be with "
        "--dry-run)."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help="the .xlsx, .ods or .csv file")
        parser.add_argument(
            "--club",
            help="the slug of the club whose members these are (the founding club's if not given)",
        )
        parser.add_argument(
            "--dry-run", action="store_true", help="show what would be imported; change nothing"
        )
        parser.add_argument(
            "--all-or-nothing",
            action="store_true",
            help="import nothing when any row is refused (and exit with status 1)",
        )
        parser.add_argument(
            "--update",
            action="store_true",
            help="change the details of players already here where the file says otherwise",
        )

    # The command's own words are English: so are the operations' refusals it passes on
    # (whatever the club's language), so that it answers in one language.
    @no_translations
    def handle(self, *args, file, dry_run, all_or_nothing, update, verbosity, **options):
        path = Path(file)
        club = Club.founding()
        if options.get("club"):
            club = Club.objects.filter(slug=options["club"]).first()
            if club is None:
                raise CommandError(f"No club has the address name {options['club']!r}.")
        try:
            kind = kind_of(path.name)
            data = path.read_bytes()
            listing = read_member_file(data, kind)
        except OSError as error:
            raise CommandError(f"Cannot read {path}: {error.strerror}.") from None
        except MemberFileError as refusal:
            raise CommandError(f"{path}: {refusal.message(gettext)}") from None
        imported = None
        try:
            if dry_run:
                sorting = members.sort(listing, club)
            else:
                choices = Choices.every_update(members.sort(listing, club)) if update else None
                imported = members.import_members(
                    listing, club=club, all_or_nothing=all_or_nothing, choices=choices
                )
                sorting = imported.sorting
        except members.RowsRefused as refusal:
            sorting = refusal.sorting
        except members.PreviewOutdated:
            raise CommandError(
                gettext("The club's players changed while the file was read: run it again.")
            ) from None
        except OperationError as refusal:
            raise CommandError(str(refusal.message)) from None
        counts = sorting.counts
        self.stdout.write(
            gettext("%(new)d new, %(here)d already here, %(refused)d refused.") % counts
        )
        if counts[UPDATE] or counts[ASK]:
            self.stdout.write(
                gettext("%(update)d already here with other details, %(ask)d namesakes left out.")
                % counts
            )
        for verdict in sorting.verdicts:
            if verdict.status in (REFUSED, UPDATE, ASK) or verbosity > 1:
                self.stdout.write(self._line(verdict))
        for footer in listing.footers:
            self.stdout.write(
                gettext("line %(line)d, %(text)s, left out: a total, not a member")
                % {"line": footer.line, "text": footer.text}
            )
        if all_or_nothing and counts[REFUSED]:
            raise CommandError(gettext("Nothing imported: some rows are refused."))
        if dry_run:
            self.stdout.write(gettext("Dry run: nothing was changed."))
            return
        if imported.added:
            self.stdout.write(
                self.style.SUCCESS(
                    ngettext(
                        "%(new)d player added to the club.",
                        "%(new)d players added to the club.",
                        imported.added,
                    )
                    % {"new": imported.added}
                )
            )
        if imported.updated:
            self.stdout.write(
                self.style.SUCCESS(
                    ngettext(
                        "%(count)d player's details updated from the list.",
                        "%(count)d players' details updated from the list.",
                        imported.updated,
                    )
                    % {"count": imported.updated}
                )
            )
        elif counts[UPDATE]:
            self.stdout.write(
                gettext("The details of players already here were left as they are: use --update.")
            )

    def _line(self, verdict) -> str:
        status = {
            NEW: gettext("new"),
            HERE: gettext("already here"),
            UPDATE: gettext("other details"),
            ASK: gettext("namesake, left out"),
            REFUSED: gettext("refused"),
        }[verdict.status]
        note = f": {verdict.note.message(gettext)}" if verdict.note else ""
        if verdict.changes:
            note += f" ({changes_text(verdict.changes)})"
        name = verdict.member.name or "—"
        return gettext("line %(line)d, %(name)s, %(status)s%(note)s") % {
            "line": verdict.member.line,
            "name": name,
            "status": status,
            "note": note,
        }
