"""`manage.py create_club SLUG "NAME"`: a new club of the federation, its pages under
`/clubs/SLUG/` (operations.clubs.create_club: the address name checked, the creation
audited). Its directors are appointed with `add_club_director`."""

from django.core.management.base import BaseCommand, CommandError, no_translations

from ...operations import OperationError, create_club


class Command(BaseCommand):
    help = 'Create a club: manage.py create_club SLUG "NAME" (its pages are /clubs/SLUG/).'

    def add_arguments(self, parser):
        parser.add_argument("slug", help="The club's address name: letters, digits, hyphens.")
        parser.add_argument("name", help="The club's name, as its pages show it.")

    # In English, as the operations' refusals it passes on (see player_link).
    @no_translations
    def handle(self, *args, slug, name, **options):
        try:
            club = create_club(slug, name)
        except OperationError as error:
            raise CommandError(str(error.message)) from None
        self.stdout.write(f"Club {club.name} created: {club.get_absolute_url()}")
