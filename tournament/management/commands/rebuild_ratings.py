"""`manage.py rebuild_ratings`: compute every player's rating again from the first rated
match (the site keeps them up to date by itself; this is for peace of mind)."""

from django.core.management.base import BaseCommand

from ...operations import ratings


class Command(BaseCommand):
    help = "Recompute the FIBS ratings of every player from all rated matches, in order."

    def handle(self, *args, **options):
        count = ratings.refresh(rebuild=True)
        self.stdout.write(f"Ratings rebuilt from {count} rated matches.")
