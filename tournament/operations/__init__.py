"""The one door: every write that changes the club, from a director's page, the admin,
a management command or an import, is one of these operations.

Each runs in one transaction. It locks the tournament first and then the match (so two
directors working on one cup queue up instead of deadlocking), asks the pure core what
is legal and what follows (`scoring.replay()`, `actions.allowed()`, `draw.resolve()`),
and writes the rows, the match's cached result, the bracket's progress, the ratings and
one audit entry (`audit.record`, the log's only writer) together. A refusal is an
`OperationError` with a message for the director, and nothing is written.

By subject: `games` and `decisions` (a match's results, penalty points, clocks),
`corrections` and `progress` (who won changes, the bracket moves on), `tables`,
`adjournments`, `withdrawals`, `draws`, `entries` (and check-in; many at once and seeds
by rating in `entry_sweep`), `late_entries`, `payments` (and `prize_payments`, the
prizes handed over),
`analysis_waits` (a Win + Skill event's next step waits for its analyses, or goes on
without), `tournaments`, `seasons`, `players`, `matches` (outside the brackets), `ratings`
(and `rating_policies`, a club's policy of which matches are rated and the
federation's floor),
`transcripts` (.mat files; a player's of their match in `player_transcripts`, and
`file_reports`: a player's file of a match not recorded yet, reported for the opponent
to confirm), `links` (players' private links), `reports` (games the
players report, confirmed or settled), `notifications` (next-match mail, after commit),
`accounts` (directors' logins), `clubs` (the federation's: clubs made, their details,
their directors appointed); `league_setup` and `federation_league` (the federation's
league of club teams: its season, divisions and teams; the fixtures, their boards,
results, walkovers and confirmations), `league_season_end` (a league season closed, the
next made from its final tables);
`locks`, `results` (the match's cached result) and `audit`
underneath them all.
"""

from .adjournments import adjourn_match, resume_match
from .analysis_waits import go_on_without_waiting
from .announcements import announce_results
from .avoided_pairs import add_avoided_pair, remove_avoided_pair
from .club_nights import (
    check_can_pair,
    check_can_pair_again,
    may_pair_again,
    pair_next_round,
    pair_round_again,
)
from .club_nights import preview as preview_club_draw
from .clubs import appoint_director, change_club, create_club, remove_director
from .corrections import affected_by_change, correction_impact
from .deadlines import send_round_reminders, set_round_deadline
from .decisions import bring_in_clock, double_loss, lose_on_time, reopen, retire, walkover
from .door import (
    accept_entry_request,
    ask_to_enter,
    check_in_at_door,
    close_check_in,
    open_check_in,
    refuse_entry_request,
    waiting_requests,
)
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
from .entries import (
    add_entry,
    add_new_player,
    arrivals_open,
    check_in,
    check_in_everyone,
    remove_entry,
    set_seeds,
)
from .entry_sweep import (
    copy_entries,
    enter_players,
    entries_open,
    preview_copy,
    seeds_from_ratings,
)
from .errors import (
    AlreadySent,
    BracketInconsistent,
    MatchClosed,
    MatchGone,
    NeedsConfirmation,
    NotYourClub,
    OperationError,
    StaleMatch,
)
from .federation_league import (
    confirm_fixture,
    make_fixtures,
    open_fixture,
    record_fixture_result,
    record_walkover,
)
from .founding import founding_club
from .games import award_penalty, record_game, replace_games, undo_last_game
from .late_entries import byes_open_to_late_entries, consolation_gone_past, place_in_bye
from .league_season_end import close_league_season, season_playoffs
from .league_setup import add_division, create_league_season, save_league_team
from .lives import reenter
from .locks import lock_match
from .matches import correct_friendly, create_match, delete_match, may_delete_match
from .payments import pay, pay_every_fee, pay_everyone_here, take_back_payment
from .players import (
    NamesakeExists,
    change_player,
    create_player,
    deactivate_players,
    delete_player,
)
from .prize_payments import pay_prize, take_back_prize_payment
from .rating_list import set_rating_list_thresholds
from .rating_policies import set_federation_floor, set_rating_policy
from .seasons import (
    change_season_rules,
    check_season_dates,
    check_season_rules,
    create_season,
    delete_season,
    games_changed_by,
)
from .tables import assign_tables, move_to_table
from .teams import remove_team, save_team
from .tournaments import (
    change_tournament,
    check_tournament_change,
    create_tournament,
    delete_tournament,
    may_delete_tournament,
    missing_lengths,
)
from .withdrawals import withdraw

__all__ = [
    "AlreadySent",
    "BracketInconsistent",
    "Changed",
    "MatchClosed",
    "MatchGone",
    "NamesakeExists",
    "NeedsConfirmation",
    "NotYourClub",
    "OperationError",
    "StaleMatch",
    "accept_entry_request",
    "add_avoided_pair",
    "add_division",
    "add_entry",
    "add_new_player",
    "adjourn_match",
    "affected_by_change",
    "announce_results",
    "appoint_director",
    "arrivals_open",
    "ask_to_enter",
    "assign_tables",
    "award_penalty",
    "bring_in_clock",
    "byes_open_to_late_entries",
    "change_club",
    "change_player",
    "change_season_rules",
    "change_tournament",
    "check_can_pair",
    "check_can_pair_again",
    "check_in",
    "check_in_at_door",
    "check_in_everyone",
    "check_season_dates",
    "check_season_rules",
    "check_tournament_change",
    "close_check_in",
    "close_league_season",
    "confirm_fixture",
    "consolation_gone_past",
    "copy_entries",
    "correct_friendly",
    "correction_impact",
    "create_club",
    "create_league_season",
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
    "double_loss",
    "draw_can_be_remade",
    "draw_problems",
    "enter_players",
    "entries_open",
    "founding_club",
    "games_changed_by",
    "go_on_without_waiting",
    "has_results",
    "is_drawn",
    "lock_match",
    "lose_on_time",
    "make_draw",
    "make_fixtures",
    "may_delete_match",
    "may_delete_tournament",
    "may_pair_again",
    "missing_lengths",
    "move_to_table",
    "new_draw_seed",
    "open_check_in",
    "open_fixture",
    "pair_next_round",
    "pair_round_again",
    "pay",
    "pay_every_fee",
    "pay_everyone_here",
    "pay_prize",
    "place_in_bye",
    "preview_club_draw",
    "preview_copy",
    "preview_draw",
    "record_fixture_result",
    "record_game",
    "record_walkover",
    "reenter",
    "refuse_entry_request",
    "remove_avoided_pair",
    "remove_director",
    "remove_entry",
    "remove_team",
    "reopen",
    "replace_games",
    "resume_match",
    "retire",
    "save_league_team",
    "save_team",
    "season_playoffs",
    "seeds_from_ratings",
    "send_round_reminders",
    "set_federation_floor",
    "set_rating_list_thresholds",
    "set_rating_policy",
    "set_round_deadline",
    "set_seeds",
    "start_tournament",
    "take_back_payment",
    "take_back_prize_payment",
    "undo_last_game",
    "waiting_requests",
    "walkover",
    "withdraw",
]
