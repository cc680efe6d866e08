"""`manage.py rebuild_ratings`: compute every player's rating again from the first rated
match (the site keeps them up to date by itself; this is for peace of mind)."""

from django.core.management.base import BaseCommand, no_translations

from ...operations import ratings


class Command(BaseCommand):
    help = "Recompute the FIBS ratings of every player from all rated matches, in order."

    # The command's own words are English: so are the operations' refusals it passes on
    # (whatever the club's language), so that it answers in one language.
    @no_translations
    def handle(self, *args, **options):
        count = ratings.refresh(rebuild=True)
        self.stdout.write(f"Ratings rebuilt from {count} rated matches.")
