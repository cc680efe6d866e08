"""`manage.py player_link PLAYER_ID [--rotate]`: print the path of a player's private
page (`/p/<token>/`), made on first use; `--rotate` revokes the old link first."""

from django.core.management.base import BaseCommand, CommandError, no_translations

from ...models import Player
from ...operations.links import link_for, path_of, rotate_link


class Command(BaseCommand):
    help = "Print the path of a player's private page; --rotate makes a new link."

    def add_arguments(self, parser):
        parser.add_argument("player_id", type=int)
        parser.add_argument(
            "--rotate",
            action="store_true",
            help="Revoke the player's link and make a new one (the old one answers 404).",
        )

    # The command's own words are English: so are the operations' refusals it passes on
    # (whatever the club's language), so that it answers in one language.
    @no_translations
    def handle(self, *args, player_id, rotate, **options):
        player = Player.objects.filter(pk=player_id).first()
        if player is None:
            raise CommandError(f"No player with id {player_id}.")
        link = rotate_link(player) if rotate else link_for(player)
        # Printed, never logged: the path is the player's only credential.
        self.stdout.write(path_of(link))
