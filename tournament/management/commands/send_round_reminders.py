"""Remind the players of Swiss and round-robin matches due within a day: run it from
the club's scheduler (cron, a systemd timer) every hour or so; each round's reminder
goes once, whichever server runs it."""

from django.core.management.base import BaseCommand, no_translations

from ... import operations


class Command(BaseCommand):
    help = "Mail the players of unplayed matches whose round deadline is within a day."

    # The command's own words are English: so are the operations' refusals it passes on
    # (whatever the club's language), so that it answers in one language.
    @no_translations
    def handle(self, *args, **options):
        sent = operations.send_round_reminders()
        self.stdout.write(f"{sent} reminders sent")
