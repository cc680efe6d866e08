"""Each job kind's task, imported: the worker runs `TASKS[job.kind]`.

A job's row keeps its kind as a name ("analysis"), and operations.jobs.KINDS gives each
name its time limit; the operations sit below the tasks and import none of them (the
tasks are callers of the operations like any other). So the tasks are named here, by
import, not by a dotted path in a string: the import contract (pyproject.toml) sees
them, a task renamed or moved fails at import, and the stored names stay what they
were. A new kind is a name in both (tests/operations/test_jobs.py checks they match)."""

from __future__ import annotations

from django_tasks.base import Task

from . import analysis, announcement, check, push, ratings

TASKS: dict[str, Task] = {
    "check": check.check,
    "analysis": analysis.analyse_match,
    "final_analysis": analysis.analyse_final,
    "announcement": announcement.mail_announcement,
    "push": push.send_push,
    "ratings_rebuild": ratings.rebuild_ratings,
}
