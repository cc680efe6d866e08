"""`manage.py add_club_director SLUG USERNAME`: an existing user made a director of the
club (operations.clubs.appoint_director: the club's role, then the Directors group, so
that the admin's screens open to them; audited)."""

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, no_translations

from ...models import Club, ClubRole
from ...operations import OperationError, appoint_director


class Command(BaseCommand):
    help = "Make an existing user a director of a club: manage.py add_club_director SLUG USERNAME."

    def add_arguments(self, parser):
        parser.add_argument("slug", help="The club's address name.")
        parser.add_argument("username", help="An existing user's username.")
        parser.add_argument(
            "--results-manager",
            action="store_true",
            help="Appoint them the club's results manager (a director named on its pages).",
        )

    # In English, as the operations' refusals it passes on (see player_link).
    @no_translations
    def handle(self, *args, slug, username, results_manager, **options):
        club = Club.objects.filter(slug=slug).first()
        if club is None:
            raise CommandError(f"No club with the address name {slug!r}.")
        user = get_user_model().objects.filter(username=username).first()
        if user is None:
            raise CommandError(f"No user named {username!r}: make the account first.")
        role = ClubRole.Role.RESULTS_MANAGER if results_manager else ClubRole.Role.DIRECTOR
        try:
            appoint_director(club, user, role=role)
        except OperationError as error:
            raise CommandError(str(error.message)) from None
        self.stdout.write(f"{user.get_username()} now runs {club.name}.")
