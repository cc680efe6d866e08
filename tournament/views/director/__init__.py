"""The director's pages, a module per screen; every view needs the directors' permission
(web.access.director_required) and every write goes through `operations`."""

from . import (
    desk,
    door,
    draw,
    fees,
    history,
    jobs,
    match,
    members,
    player,
    reports,
    rounds,
    score_sheet,
    setup,
    tournament,
    transcripts,
)

__all__ = [
    "desk",
    "door",
    "draw",
    "fees",
    "history",
    "jobs",
    "match",
    "members",
    "player",
    "reports",
    "rounds",
    "score_sheet",
    "setup",
    "tournament",
    "transcripts",
]
