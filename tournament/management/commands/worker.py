"""`manage.py worker`: one background worker (tournament.jobs.runner), which `make run`
starts beside gunicorn. Start as many as wanted, on one machine or several sharing one
PostgreSQL database: they never take the same job (docs/jobs.md)."""

from django.core.management.base import BaseCommand

from tournament.jobs.runner import Worker


class Command(BaseCommand):
    help = "Run the background jobs (analysis and other work outside the requests)."

    def add_arguments(self, parser):
        parser.add_argument(
            "--until-empty", action="store_true", help="Stop when no job is waiting."
        )
        parser.add_argument("--poll", type=float, help="Seconds between looks when idle.")
        parser.add_argument("--name", help="The worker's name (default: host:pid).")

    def handle(self, *args, **options):
        worker = Worker(name=options["name"], poll=options["poll"])
        self.stdout.write(f"worker {worker.name} started")
        done = worker.work(until_empty=options["until_empty"])
        self.stdout.write(f"worker {worker.name} stopped after {done} jobs")
