"""`manage.py count_master_points`: the master points of every finished tournament not
counted yet (or changed since) counted for the federation's ranking at once, as the
worker's loop does a few at a time; with `--again`, every finished tournament's."""

from django.core.management.base import BaseCommand, no_translations

from ...jobs import master_points
from ...operations import federation_points
from ...queries.master_points import counted_tournaments


class Command(BaseCommand):
    help = "Count the master points of the finished tournaments for the federation's ranking."

    def add_arguments(self, parser):
        parser.add_argument(
            "--again", action="store_true", help="Count every finished tournament again."
        )

    @no_translations
    def handle(self, *args, again=False, **options):
        if again:
            for tournament_id in counted_tournaments():
                federation_points.forget_points(tournament_id)
        count = master_points.count_waiting()
        self.stdout.write(f"Master points of {count} tournaments counted.")
