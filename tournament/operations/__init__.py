"""The one door: every write that changes the club, from a director's page, the admin,
a management command or an import, is one of these operations.

Each runs in one transaction. It locks the tournament first and then the match (so two
directors working on one cup queue up instead of deadlocking), asks the pure core what
is legal and what follows (`scoring.replay()`, `actions.allowed()`, `draw.resolve()`),
and writes the rows, the match's cached result, the bracket's progress, the ratings and
one audit entry (`audit.record`, the log's only writer) together. A refusal is an
`OperationError` with a message for the director, and nothing is written.

By subject: `games` and `decisions` (a match's results), `corrections` and `progress`
(who won changes, the bracket moves on), `withdrawals`, `draws`, `entries`,
`tournaments`, `seasons`, `players`, `matches` (outside the brackets), `ratings`,
`transcripts` (.mat files); `locks`, `results` (the match's cached result) and `audit`
underneath them all.
"""

from .corrections import affected_by_change, correction_impact
from .decisions import reopen, retire, walkover
from .draws import (
    Changed,
    discard_draw,
    draw_can_be_remade,
    draw_problems,
    has_results,
    is_drawn,
    make_draw,
    new_draw_seed,
    preview_draw,
    start_tournament,
)
from .entries import add_entry, add_new_player, remove_entry, set_seeds
from .errors import (
    BracketInconsistent,
    MatchClosed,
    NeedsConfirmation,
    OperationError,
    StaleMatch,
)
from .games import record_game, replace_games, undo_last_game
from .locks import lock_match
from .matches import correct_friendly, create_match, delete_match, may_delete_match
from .players import (
    NamesakeExists,
    change_player,
    create_player,
    deactivate_players,
    delete_player,
)
from .seasons import (
    change_season_rules,
    check_season_rules,
    create_season,
    delete_season,
    games_changed_by,
)
from .tournaments import (
    change_tournament,
    check_tournament_change,
    create_tournament,
    delete_tournament,
    may_delete_tournament,
)
from .withdrawals import withdraw

__all__ = [
    "BracketInconsistent",
    "Changed",
    "MatchClosed",
    "NamesakeExists",
    "NeedsConfirmation",
    "OperationError",
    "StaleMatch",
    "add_entry",
    "add_new_player",
    "affected_by_change",
    "change_player",
    "change_season_rules",
    "change_tournament",
    "check_season_rules",
    "check_tournament_change",
    "correct_friendly",
    "correction_impact",
    "create_match",
    "create_player",
    "create_season",
    "create_tournament",
    "deactivate_players",
    "delete_match",
    "delete_player",
    "delete_season",
    "delete_tournament",
    "discard_draw",
    "draw_can_be_remade",
    "draw_problems",
    "games_changed_by",
    "has_results",
    "is_drawn",
    "lock_match",
    "make_draw",
    "may_delete_match",
    "may_delete_tournament",
    "new_draw_seed",
    "preview_draw",
    "record_game",
    "remove_entry",
    "reopen",
    "replace_games",
    "retire",
    "set_seeds",
    "start_tournament",
    "undo_last_game",
    "walkover",
    "withdraw",
]
