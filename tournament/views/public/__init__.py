"""The pages that need no account, a module per screen: what visitors read (the club's
seasons, tournaments, matches, players, ratings, the call screen for the club's TV, the
downloads, the calendars and the JSON for other tools) and what a player opens from
their private link (`player_page`, their calendar in `calendars`, a match's file handed
in and its analysis in `player_transcript`, notifications allowed on a phone in
`player_push`).

Every view fetches what its template shows in a fixed number of queries (pinned by
tests/pages/test_views_public.py), whatever the size of the club.
"""

from . import (
    announcement,
    api,
    app,
    calendars,
    calls,
    door,
    downloads,
    federation,
    federation_calendar,
    federation_results,
    home,
    league,
    master_points,
    match,
    player,
    player_door,
    player_page,
    player_push,
    player_transcript,
    ratings,
    registration,
    results,
    season,
    standings,
    tournament,
)

__all__ = [
    "announcement",
    "api",
    "app",
    "calendars",
    "calls",
    "door",
    "downloads",
    "federation",
    "federation_calendar",
    "federation_results",
    "home",
    "league",
    "master_points",
    "match",
    "player",
    "player_door",
    "player_page",
    "player_push",
    "player_transcript",
    "ratings",
    "registration",
    "results",
    "season",
    "standings",
    "tournament",
]
