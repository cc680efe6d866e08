"""`manage.py make_vapid_keys`: the club's VAPID key pair for Web Push (docs/push.md).

With `--file PATH` (or VAPID_KEY_FILE in the environment) the private key is written to
that file, readable by its owner alone, for the settings to read from VAPID_KEY_FILE;
`--keep` leaves a file that is already there as it is (`make run` makes its key once:
a new key would silence every browser that allowed notifications with the old one).
Without a file, the lines to put in the environment are printed. The public key is
printed either way: it is the one the pages give the browsers."""

import os
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from tournament import push_keys


class Command(BaseCommand):
    help = "Make the VAPID key pair that signs the site's push notifications."

    def add_arguments(self, parser):
        parser.add_argument(
            "--file",
            default=os.environ.get("VAPID_KEY_FILE", ""),
            help="Write the private key to this file (default: $VAPID_KEY_FILE, if set).",
        )
        parser.add_argument(
            "--keep",
            action="store_true",
            help="Leave a key file that exists as it is (and print its public key).",
        )

    def handle(self, *args, **options):
        path = Path(options["file"]) if options["file"] else None
        if path is not None and options["keep"] and path.exists():
            private_key = push_keys.read_key_file(path)
            try:
                public_key = push_keys.public_key_of(private_key)
            except push_keys.BadKey as error:
                raise CommandError(f"{path} holds no VAPID private key: {error}") from None
            self.stdout.write(f"kept the key in {path}; public key: {public_key}")
            return
        private_key = push_keys.new_private_key()
        public_key = push_keys.public_key_of(private_key)
        if path is None:
            # For the environment of every server (never the repository).
            self.stdout.write(f"VAPID_PRIVATE_KEY={private_key}")
            self.stdout.write(f"# public key: {public_key}")
            return
        push_keys.write_key_file(path, private_key)
        self.stdout.write(f"wrote a new key to {path}; public key: {public_key}")
