"""The background jobs as the director's page names them: the work in the club's words
("Analysis of Anna Bosch v Xavier Roca, Spring Cup"), not a key or an id. However many
jobs are listed, the names cost at most two queries more: the matches analysed (with
their players and tournaments) and the tournaments whose results are mailed."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext, ngettext

from ..models import Job, Match, Tournament

ANALYSES = ("analysis", "final_analysis")


@dataclass(frozen=True)
class JobLine:
    """A job and its work, in words."""

    job: Job
    work: str


def _first_id(job: Job) -> int | None:
    """The id a job's arguments start with (a match's, a tournament's), or None."""
    args = job.args if isinstance(job.args, list) else []
    first = args[0] if args else None
    return first if isinstance(first, int) and not isinstance(first, bool) else None


def _analysis(job: Job, match: Match | None) -> str:
    if match is None:
        return gettext("Analysis of a match that is no longer there")
    names = {"match": str(match), "tournament": match.tournament.name}
    if job.kind == "final_analysis":
        return gettext("Deeper analysis of the final %(match)s, %(tournament)s") % names
    return gettext("Analysis of %(match)s, %(tournament)s") % names


def _announcement(job: Job, tournament: Tournament | None) -> str:
    if tournament is None:
        return gettext("Results mail of a tournament that is no longer there")
    players = job.args[1] if len(job.args) > 1 and isinstance(job.args[1], list) else []
    return ngettext(
        "Results of %(tournament)s mailed to %(count)d player",
        "Results of %(tournament)s mailed to %(count)d players",
        len(players),
    ) % {"tournament": tournament.name, "count": len(players)}


def _push(job: Job) -> str:
    messages = job.args[0] if job.args and isinstance(job.args[0], list) else []
    return ngettext(
        "%(count)d notification to phones", "%(count)d notifications to phones", len(messages)
    ) % {"count": len(messages)}


def _check(job: Job) -> str:
    tag = job.args[3] if len(job.args) > 3 and job.args[3] else ""
    if tag:
        return gettext("A check that a worker runs: %(tag)s") % {"tag": tag}
    return gettext("A check that a worker runs")


def job_lines(jobs: list[Job]) -> list[JobLine]:
    """The jobs, each with its work in words in the active language."""
    match_ids = {_first_id(job) for job in jobs if job.kind in ANALYSES} - {None}
    matches = (
        Match.objects.select_related("player1", "player2", "tournament").in_bulk(match_ids)
        if match_ids
        else {}
    )
    tournament_ids = {_first_id(job) for job in jobs if job.kind == "announcement"} - {None}
    tournaments = (
        Tournament.objects.only("pk", "name").in_bulk(tournament_ids) if tournament_ids else {}
    )
    lines = []
    for job in jobs:
        if job.kind in ANALYSES:
            work = _analysis(job, matches.get(_first_id(job)))
        elif job.kind == "announcement":
            work = _announcement(job, tournaments.get(_first_id(job)))
        elif job.kind == "push":
            work = _push(job)
        elif job.kind == "check":
            work = _check(job)
        elif job.kind == "ratings_rebuild":
            # Every club's ratings, not this club's: listed on the founding club's page
            # (models.club_owners.jobs_with_club), where the federation's administrator
            # and the founding club's directors see it and may retry it.
            work = gettext("Every rating computed again after a rating policy changed")
        else:  # a kind this page does not know yet: at least what it is
            work = job.kind
        lines.append(JobLine(job, work))
    return lines
