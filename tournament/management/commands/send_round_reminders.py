"""Remind the players of Swiss and round-robin matches due within a day: run it from
the club's scheduler (cron, a systemd timer) every hour or so; each round's reminder
goes once, whichever server runs it."""

from django.core.management.base import BaseCommand

from ... import operations


class Command(BaseCommand):
    help = "Mail the players of unplayed matches whose round deadline is within a day."

    def handle(self, *args, **options):
        sent = operations.send_round_reminders()
        self.stdout.write(f"{sent} reminders sent")
