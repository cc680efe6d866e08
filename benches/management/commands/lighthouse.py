"""`manage.py lighthouse` (run by `make lighthouse` on its own SQLite file): builds a
256-player cup on the day and one played to the end, serves them with gunicorn (DEBUG
off) and prints, as JSON lines, what Lighthouse on a phone says of their bracket page:
the four scores, the paint timings, the page's elements and the bytes it loads
(`benches.lighthouse`). It needs the collected static files (make lighthouse does it),
Node's npx and Chromium at /usr/bin/chromium."""

import json

from django.core.management.base import BaseCommand

from benches import lighthouse


class Command(BaseCommand):
    help = "Lighthouse's mobile scores of the 256-player cup's bracket page, as JSON lines."

    def handle(self, *args, **options):
        lighthouse.run(lambda figure: self.stdout.write(json.dumps(figure)))
