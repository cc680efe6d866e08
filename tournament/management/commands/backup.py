"""`manage.py backup --output FILE`: the whole club in one file (operations.backups)."""

from django.core.management.base import BaseCommand, CommandError, no_translations

from ...operations.backups import backup


class Command(BaseCommand):
    help = (
        "Write the whole club (players, seasons, tournaments, draws, games, audit log, "
        "ratings, users and groups) into one file with a manifest and a checksum."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--output",
            required=True,
            help="the file to write (replaced only once complete; readable by its owner only)",
        )

    # The command's own words are English: so are the operations' refusals it passes on
    # (whatever the club's language), so that it answers in one language.
    @no_translations
    def handle(self, *args, output, **options):
        try:
            summary = backup(output)
        except OSError as error:
            raise CommandError(f"Cannot write {output}: {error.strerror}.") from None
        tables = sum(1 for count in summary.rows.values() if count)
        self.stdout.write(f"Backed up {summary.total} rows of {tables} tables into {summary.path}.")
