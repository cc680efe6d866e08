"""The "check" job: harmless work that shows a worker runs, for the tests and for a
director who wants to see the queue move. It waits, can note a line in a file (which
worker ran it), and can fail on purpose, or fail as hopeless (NotRetryable)."""

import os
import time

from django_tasks import task

from ..operations.jobs import NotRetryable


@task
def check(
    seconds: float = 0,
    fail: bool = False,
    note_path: str = "",
    tag: str = "",
    hopeless: bool = False,
) -> None:
    time.sleep(seconds)
    if hopeless:
        raise NotRetryable(f"the check {tag} cannot run, as asked")
    if fail:
        raise RuntimeError(f"the check {tag} failed as asked")
    if note_path:
        # One write of one short line with O_APPEND: lines of several workers never mix.
        with open(note_path, "a") as note:
            note.write(f"{tag} {os.getpid()}\n")
