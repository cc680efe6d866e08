"""The director's pages, a module per screen; every view needs the directors' permission
(web.access.director_required) and every write goes through `operations`."""

from . import (
    desk,
    draw,
    entry_sweep,
    fees,
    history,
    jobs,
    match,
    members,
    money,
    player,
    registration,
    reports,
    rounds,
    score_sheet,
    setup,
    tournament,
    transcripts,
)

__all__ = [
    "desk",
    "draw",
    "entry_sweep",
    "fees",
    "history",
    "jobs",
    "match",
    "members",
    "money",
    "player",
    "registration",
    "reports",
    "rounds",
    "score_sheet",
    "setup",
    "tournament",
    "transcripts",
]
