"""`manage.py restore FILE`: load a backup into an empty, migrated database, in one
transaction (operations.backups); refused with nothing written otherwise."""

from django.core.management.base import BaseCommand, CommandError, no_translations

from ...operations.backups import BackupRefused, restore


class Command(BaseCommand):
    help = (
        "Load a file written by `manage.py backup` into an empty database (run "
        "`manage.py migrate` first). Refuses a database that holds data, a damaged file "
        "and a file from a newer version, writing nothing."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help="the backup file")

    # The command's own words are English: so are the operations' refusals it passes on
    # (whatever the club's language), so that it answers in one language.
    @no_translations
    def handle(self, *args, file, **options):
        try:
            summary = restore(file)
        except BackupRefused as error:
            raise CommandError(f"Nothing was restored. {error.message}") from None
        self.stdout.write(f"Restored {summary.total} rows from {summary.path}.")
