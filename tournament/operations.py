"""The writes that span several rows: record or undo a game, correct a match, make a
draw, report a walkover, a retirement or a withdrawal.

Each runs in one transaction. It locks the tournament first (so two directors working on
two matches of one cup queue up instead of deadlocking), then the match; asks the pure
core (`scoring.replay()`, `draw.resolve()`) what is legal and what follows; and writes
the games, the match caches, the bracket's progress and an audit entry together.
Nothing else writes a match's cached score, winner, Crawford game or status.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from . import brackets, player_ratings
from .core import draw, scoring
from .models import AuditEntry, Bracket, Entry, Game, Match, Player, Tournament

DEFAULT_LENGTHS = {draw.MAIN: "5", draw.CONSOLATION: "5", draw.LAST_CHANCE: "3"}
OPEN = (Match.Status.READY, Match.Status.LIVE)
STARTED = (Match.Status.LIVE, Match.Status.DECIDED)
WITHOUT_GAMES = (Match.DecidedBy.WALKOVER, Match.DecidedBy.RETIREMENT)
CACHE_FIELDS = [
    "player1",
    "player2",
    "raw_score1",
    "raw_score2",
    "score1",
    "score2",
    "crawford_game",
    "status",
    "decided_by",
    "winner",
    "decided_at",
    "version",
]


class OperationError(Exception):
    """An operation the current state of the data does not allow (a 4xx, never a 500)."""

    def __init__(self, message) -> None:
        super().__init__(message)
        self.message = message


class StaleMatch(OperationError):
    """The match changed after the form was shown (another director, another tab)."""

    def __init__(self, match: Match) -> None:
        super().__init__(_("This match changed since the form was shown; here it is now."))
        self.match = match


class MatchClosed(OperationError):
    """The match cannot take this: players unknown, a bye, or decided without games."""


class NeedsConfirmation(OperationError):
    """Changing who won would re-open later matches; the director must confirm first."""

    def __init__(self, matches: Sequence[Match]) -> None:
        self.matches = list(matches)
        super().__init__(
            ngettext(
                "This changes who won the match; %(count)d later match depends on it and "
                "will be re-opened (its games are kept in the history).",
                "This changes who won the match; %(count)d later matches depend on it and "
                "will be re-opened (their games are kept in the history).",
                len(self.matches),
            )
            % {"count": len(self.matches)}
        )


class BracketInconsistent(OperationError):
    """The stored bracket disagrees with its plan: refuse rather than make it worse."""


# --- locking and small pieces -----------------------------------------------------


def _lock_tournament(tournament: Tournament | int) -> Tournament:
    pk = tournament.pk if isinstance(tournament, Tournament) else tournament
    return Tournament.objects.select_for_update(of=("self",)).select_related("season").get(pk=pk)


def lock_match(match: Match | int) -> Match:
    """The match, locked, after its tournament: every writer takes the locks in that order."""
    pk = match.pk if isinstance(match, Match) else match
    tournament_id = Match.objects.values_list("tournament_id", flat=True).get(pk=pk)
    tournament = _lock_tournament(tournament_id)
    match = (
        Match.objects.select_for_update(of=("self",))
        .select_related("player1", "player2", "bracket")
        .get(pk=pk)
    )
    match.tournament = tournament
    return match


def _check_version(match: Match, expected_version: int | None) -> None:
    if expected_version is not None and match.version != expected_version:
        raise StaleMatch(match)


def _check_open_for_games(match: Match) -> None:
    if match.player1_id is None or match.player2_id is None:
        raise MatchClosed(_("Both players must be known before a game can be recorded."))
    if match.decided_by in WITHOUT_GAMES:
        raise MatchClosed(_("This match was decided without playing it out."))


def _user(user):
    return user if user is not None and user.is_authenticated else None


def snapshot(match: Match) -> dict:
    """What an audit entry keeps of a match: enough to see and to restore it."""
    return {
        "players": [match.player1_id, match.player2_id],
        "length": match.length,
        "status": match.status,
        "decided_by": match.decided_by,
        "winner": match.winner_id,
        "score": [match.score1, match.score2],
        "games": [
            {
                "number": game.number,
                "winner": game.winner,
                "kind": game.kind,
                "cube": game.cube,
                "how": game.how,
                "beaver": game.beaver,
                "points": game.points,
            }
            for game in match.games.order_by("number")
        ],
    }


def _audit(match: Match, action: str, user, summary, before=None, after=None) -> AuditEntry:
    return AuditEntry.objects.create(
        user=_user(user),
        action=action,
        tournament_id=match.tournament_id,
        match=match,
        subject=f"{match.tournament.name}: {match}"[:250],
        summary=str(summary)[:250],
        before=before,
        after=after,
    )


def _write_cache(match: Match, state: scoring.MatchState) -> None:
    """Store what `replay()` says of the match. The only writer of these fields."""
    match.raw_score1, match.raw_score2 = state.raw_score
    match.score1, match.score2 = state.score
    match.crawford_game = state.crawford_game
    if state.finished:
        match.status = Match.Status.DECIDED
        match.decided_by = Match.DecidedBy.GAMES
        match.winner = match.players[state.winner]
        match.decided_at = match.decided_at or timezone.now()
    else:
        if match.player1_id is None or match.player2_id is None:
            match.status = Match.Status.PENDING
        else:
            match.status = Match.Status.LIVE if state.games else Match.Status.READY
        match.decided_by = Match.DecidedBy.OPEN
        match.winner = None
        match.decided_at = None
    match.version += 1
    match.save(update_fields=CACHE_FIELDS)


def _game_row(match: Match, outcome: scoring.GameOutcome, user) -> Game:
    result = outcome.result
    return Game(
        match=match,
        number=outcome.number,
        winner=result.winner,
        kind=result.kind,
        cube=result.cube,
        how=result.how,
        beaver=result.had_beaver,
        points=outcome.points,
        crawford=outcome.crawford,
        entered_by=_user(user),
    )


# --- the bracket: corrections and the resolve step --------------------------------


def _outcome(match: Match) -> tuple[bool, int | None]:
    return match.status == Match.Status.DECIDED, match.winner_id


def affected_by_change(match: Match) -> list[Match]:
    """The later matches already started that a change of this match's winner re-opens."""
    if match.bracket_id is None:
        return []
    stored = brackets.load(match.tournament)
    return [later for later in stored.dependents(match) if later.status in STARTED]


def _prepare_change_of_winner(
    match: Match, new_outcome: tuple[bool, int | None], confirm: bool, user
) -> None:
    """Before who-won changes: re-open the later matches that depend on it, if confirmed."""
    if _outcome(match) == new_outcome:
        return
    started = affected_by_change(match)
    if started and not confirm:
        raise NeedsConfirmation(started)
    for later in reversed(started):
        _reopen_for_correction(later, match, user)


def _reopen_for_correction(later: Match, cause: Match, user) -> None:
    before = snapshot(later)
    later.games.all().delete()
    later.raw_score1 = later.raw_score2 = later.score1 = later.score2 = 0
    later.crawford_game = None
    later.status = Match.Status.PENDING
    later.decided_by = Match.DecidedBy.OPEN
    later.winner = None
    later.decided_at = None
    later.version += 1
    later.save(update_fields=CACHE_FIELDS)
    later.tournament = cause.tournament
    _audit(
        later,
        AuditEntry.Action.MATCH_REOPENED,
        user,
        _("Re-opened because the result of %(match)s was corrected") % {"match": cause},
        before,
        snapshot(later),
    )


def _status_for(row: Match, state: draw.MatchResolution) -> tuple[str, int | None]:
    if state.status == draw.DECIDED:
        return row.status, row.winner_id
    if state.status == draw.BYE:
        return Match.Status.BYE, state.winning_player
    if state.status == draw.VOID:
        return Match.Status.VOID, None
    if state.status == draw.READY:
        return (Match.Status.LIVE if row.status == Match.Status.LIVE else Match.Status.READY), None
    return Match.Status.PENDING, None


def _resolve(tournament: Tournament, user=None) -> None:
    """Carry every result through the bracket until nothing changes.

    Byes move their player on; a withdrawn player's new match is a walkover; the
    tournament is finished when every bracket has its champion.
    """
    withdrawn = set(tournament.entries.filter(withdrawn=True).values_list("player_id", flat=True))
    while True:
        stored = brackets.load(tournament)
        if stored is None:
            return
        try:
            resolutions = stored.resolve()
        except draw.DrawError as error:
            raise BracketInconsistent(error.message()) from error
        changed, walkovers = [], []
        for slot, state in resolutions.items():
            row = stored.rows[slot]
            players = (row.player1_id, row.player2_id)
            if players != state.players and row.status in STARTED:
                raise BracketInconsistent(
                    _("%(match)s was played by other players than the bracket now says.")
                    % {"match": row}
                )
            status, winner = _status_for(row, state)
            if players != state.players or (row.status, row.winner_id) != (status, winner):
                row.player1_id, row.player2_id = state.players
                row.status, row.winner_id = status, winner
                changed.append(row)
            if status == Match.Status.READY and withdrawn & set(state.players):
                walkovers.append(row)
        Match.objects.bulk_update(changed, ["player1", "player2", "status", "winner"])
        if not walkovers:
            break
        for row in walkovers:
            loser = 0 if row.player1_id in withdrawn else 1
            row.tournament = tournament
            _decide_without_games(
                row,
                1 - loser,
                Match.DecidedBy.WALKOVER,
                user,
                _("Walkover: %(player)s has withdrawn") % {"player": row.players[loser]},
            )
    # A void final (nobody ever reached it, possible in a thin last chance) is settled too.
    settled = (Match.Status.DECIDED, Match.Status.BYE, Match.Status.VOID)
    finals = [stored.rows[bracket.final.slot] for bracket in stored.plan.brackets]
    finished = all(final.status in settled for final in finals)
    if finished and tournament.status != Tournament.Status.FINISHED:
        tournament.status = Tournament.Status.FINISHED
        tournament.save(update_fields=["status"])
    elif not finished and tournament.status == Tournament.Status.FINISHED:
        tournament.status = Tournament.Status.RUNNING
        tournament.save(update_fields=["status"])


def _decide_without_games(match: Match, winner: int, how: str, user, summary) -> None:
    before = snapshot(match)
    match.status = Match.Status.DECIDED
    match.decided_by = how
    match.winner_id = (match.player1_id, match.player2_id)[winner]
    match.decided_at = timezone.now()
    match.version += 1
    match.save(update_fields=CACHE_FIELDS)
    if how == Match.DecidedBy.WALKOVER:
        action = AuditEntry.Action.WALKOVER
    else:
        action = AuditEntry.Action.RETIREMENT
    _audit(match, action, user, summary, before, snapshot(match))


def _after_change(match: Match, before: tuple[bool, int | None], user) -> None:
    """After who won changed: the bracket moves on, and the ratings follow (same
    transaction, so a page never shows one without the other)."""
    if _outcome(match) == before:
        return
    if match.bracket_id is not None:
        _resolve(match.tournament, user)
    player_ratings.refresh()


# --- games ------------------------------------------------------------------------


@transaction.atomic
def record_game(
    match: Match | int,
    result: scoring.GameResult,
    *,
    user=None,
    expected_version: int | None = None,
) -> Game:
    """Record the next game of a match; when it decides the match, move the bracket on.

    Raises IllegalGame if the rules forbid it, StaleMatch if the match changed since
    `expected_version`, MatchClosed if it cannot take games; nothing is saved then.
    """
    match = lock_match(match)
    _check_version(match, expected_version)
    _check_open_for_games(match)
    before = snapshot(match)
    outcome_before = _outcome(match)
    state = match.replay(extra=(result,))
    game = _game_row(match, state.games[-1], user)
    game.save()
    _write_cache(match, state)
    outcome = state.games[-1]
    _audit(
        match,
        AuditEntry.Action.GAME_RECORDED,
        user,
        _("Game %(number)s: %(points)s to %(player)s; %(a)s-%(b)s")
        % {
            "number": outcome.number,
            "points": outcome.points,
            "player": match.players[outcome.winner],
            "a": state.score[0],
            "b": state.score[1],
        },
        before,
        snapshot(match),
    )
    _after_change(match, outcome_before, user)
    return game


@transaction.atomic
def undo_last_game(
    match: Match | int,
    *,
    user=None,
    expected_version: int | None = None,
    confirm: bool = False,
) -> Game:
    """Take back the last game; the removed game stays in the audit log.

    If the match was decided and later matches have started from its result, raises
    NeedsConfirmation listing them unless `confirm`; with it they are re-opened too.
    """
    match = lock_match(match)
    _check_version(match, expected_version)
    if match.decided_by in WITHOUT_GAMES:
        raise MatchClosed(_("This match was decided without playing it out."))
    last = match.games.order_by("-number").first()
    if last is None:
        raise MatchClosed(_("This match has no game to undo."))
    outcome_before = _outcome(match)
    _prepare_change_of_winner(match, (False, None), confirm, user)
    before = snapshot(match)
    last.delete()
    _write_cache(match, match.replay())
    _audit(
        match,
        AuditEntry.Action.GAME_UNDONE,
        user,
        _("Game %(number)s taken back") % {"number": last.number},
        before,
        snapshot(match),
    )
    _after_change(match, outcome_before, user)
    return last


def correction_impact(match: Match, results: Sequence[scoring.GameResult]) -> list[Match]:
    """The started later matches that giving `results` as the match's games would re-open.

    Raises IllegalGame if the games are not legal. Reads only.
    """
    state = scoring.replay(match.length, list(results), match.rules)
    winner = match.players[state.winner].pk if state.finished else None
    if _outcome(match) == (state.finished, winner):
        return []
    return affected_by_change(match)


@transaction.atomic
def replace_games(
    match: Match | int,
    results: Sequence[scoring.GameResult],
    *,
    user=None,
    expected_version: int | None = None,
    confirm: bool = False,
) -> Match:
    """Correct a match by giving all its games again (the admin's inline editing).

    The whole list is replayed first; if any game is illegal nothing changes. A change
    of who won re-opens the later matches that depend on it, once confirmed.
    """
    match = lock_match(match)
    _check_version(match, expected_version)
    results = list(results)
    if results:
        _check_open_for_games(match)
    state = scoring.replay(match.length, results, match.rules)
    outcome_before = _outcome(match)
    new_winner = match.players[state.winner].pk if state.finished else None
    _prepare_change_of_winner(match, (state.finished, new_winner), confirm, user)
    before = snapshot(match)
    match.games.all().delete()
    Game.objects.bulk_create([_game_row(match, outcome, user) for outcome in state.games])
    _write_cache(match, state)
    _audit(
        match,
        AuditEntry.Action.GAMES_REPLACED,
        user,
        _("Games corrected: %(count)s games, %(a)s-%(b)s")
        % {"count": len(state.games), "a": state.score[0], "b": state.score[1]},
        before,
        snapshot(match),
    )
    _after_change(match, outcome_before, user)
    return match


# --- decided without playing it out -----------------------------------------------


@transaction.atomic
def walkover(
    match: Match | int, winner: int, *, user=None, expected_version: int | None = None
) -> Match:
    """A player did not come: the other (side `winner`) goes on without playing."""
    match = lock_match(match)
    _check_version(match, expected_version)
    if winner not in (0, 1):
        raise OperationError(_("Say which player goes on."))
    if (
        match.player1_id is None
        or match.player2_id is None
        or match.status == Match.Status.DECIDED
        or match.games.exists()
    ):
        raise MatchClosed(_("A walkover is for a match whose players are known and not started."))
    outcome_before = _outcome(match)
    _decide_without_games(
        match,
        winner,
        Match.DecidedBy.WALKOVER,
        user,
        _("Walkover to %(player)s") % {"player": match.players[winner]},
    )
    _after_change(match, outcome_before, user)
    return match


@transaction.atomic
def retire(
    match: Match | int, retiring: int, *, user=None, expected_version: int | None = None
) -> Match:
    """A player retires mid-match: the other wins; the games played are kept."""
    match = lock_match(match)
    _check_version(match, expected_version)
    if retiring not in (0, 1):
        raise OperationError(_("Say which player retires."))
    if match.status != Match.Status.LIVE:
        raise MatchClosed(
            _("A retirement is for a match under way; before the first game, use a walkover.")
        )
    outcome_before = _outcome(match)
    _decide_without_games(
        match,
        1 - retiring,
        Match.DecidedBy.RETIREMENT,
        user,
        _("%(player)s retired") % {"player": match.players[retiring]},
    )
    _after_change(match, outcome_before, user)
    return match


@transaction.atomic
def reopen(
    match: Match | int, *, user=None, expected_version: int | None = None, confirm: bool = False
) -> Match:
    """Take back a walkover or a retirement: the match is open again with its games."""
    match = lock_match(match)
    _check_version(match, expected_version)
    if match.decided_by not in WITHOUT_GAMES:
        raise MatchClosed(_("Only a walkover or a retirement can be taken back this way."))
    outcome_before = _outcome(match)
    _prepare_change_of_winner(match, (False, None), confirm, user)
    before = snapshot(match)
    match.decided_by = Match.DecidedBy.OPEN
    match.decided_at = None
    _write_cache(match, match.replay())
    _audit(match, AuditEntry.Action.MATCH_REOPENED, user, _("Re-opened"), before, snapshot(match))
    _after_change(match, outcome_before, user)
    return match


@transaction.atomic
def withdraw(tournament: Tournament | int, player: Player, *, user=None) -> Entry:
    """A player leaves the tournament: their open matches and any later ones are walkovers
    (a retirement where games were played)."""
    tournament = _lock_tournament(tournament)
    entry = Entry.objects.select_for_update().get(tournament=tournament, player=player)
    if entry.withdrawn:
        return entry
    entry.withdrawn = True
    entry.save(update_fields=["withdrawn"])
    AuditEntry.objects.create(
        user=_user(user),
        action=AuditEntry.Action.WITHDRAWAL,
        tournament=tournament,
        subject=tournament.name[:250],
        summary=str(_("%(player)s has withdrawn") % {"player": player})[:250],
        after={"player": player.pk},
    )
    open_matches = tournament.matches.filter(
        Q(player1=player) | Q(player2=player), status__in=OPEN
    ).select_related("player1", "player2")
    for match in open_matches:
        match.tournament = tournament
        side = match.side_of(player)
        if match.status == Match.Status.LIVE:
            how = Match.DecidedBy.RETIREMENT
        else:
            how = Match.DecidedBy.WALKOVER
        _decide_without_games(
            match, 1 - side, how, user, _("%(player)s has withdrawn") % {"player": player}
        )
    _resolve(tournament, user)
    player_ratings.refresh()
    return entry


# --- the draw ---------------------------------------------------------------------


def new_draw_seed() -> int:
    """A random seed for a draw, stored with it so the same draw can be shown again."""
    return secrets.randbelow(2**53)


def preview_draw(tournament: Tournament, rng_seed: int) -> draw.DrawPlan:
    """The draw `make_draw` would make with this seed (raises draw.DrawError if it can't)."""
    entries = list(tournament.entries.filter(withdrawn=False).order_by("pk"))
    return draw.make_plan(
        [entry.player_id for entry in entries],
        seeds={entry.player_id: entry.seed for entry in entries if entry.seed},
        consolation=tournament.consolation,
        progressive_rounds=tournament.progressive_rounds,
        last_chance=tournament.last_chance,
        rng_seed=rng_seed,
    )


def draw_can_be_remade(tournament: Tournament) -> bool:
    return not tournament.matches.filter(
        status__in=[Match.Status.LIVE, Match.Status.DECIDED]
    ).exists()


@transaction.atomic
def make_draw(tournament: Tournament | int, *, rng_seed: int, user=None) -> draw.DrawPlan:
    """Store the draw for `rng_seed` (replacing an earlier one while nothing is played)."""
    tournament = _lock_tournament(tournament)
    if not draw_can_be_remade(tournament):
        raise OperationError(
            _("The draw cannot be made again: results have been recorded in this tournament.")
        )
    plan = preview_draw(tournament, rng_seed)
    tournament.matches.all().delete()
    bracket_rows = {}
    for bracket in plan.brackets:
        bracket_rows[bracket.kind], _created = Bracket.objects.get_or_create(
            tournament=tournament,
            kind=bracket.kind,
            defaults={"lengths": DEFAULT_LENGTHS[bracket.kind]},
        )
    rows = {}
    for planned in plan.matches():
        slot = planned.slot
        bracket_row = bracket_rows[slot.bracket]
        first, second = planned.sources
        rows[slot] = Match(
            tournament=tournament,
            bracket=bracket_row,
            round=slot.round,
            position=slot.position,
            length=bracket_row.length_for_round(slot.round),
            status=Match.Status.PENDING,
            source1_kind=first.kind,
            source2_kind=second.kind,
            player1_id=first.entrant if first.kind == draw.ENTRANT else None,
            player2_id=second.entrant if second.kind == draw.ENTRANT else None,
        )
    Match.objects.bulk_create(rows.values())
    for planned in plan.matches():
        row = rows[planned.slot]
        first, second = planned.sources
        row.source1_match_id = rows[first.match].pk if first.match else None
        row.source2_match_id = rows[second.match].pk if second.match else None
    Match.objects.bulk_update(rows.values(), ["source1_match", "source2_match"])
    tournament.draw_seed = rng_seed
    tournament.save(update_fields=["draw_seed"])
    AuditEntry.objects.create(
        user=_user(user),
        action=AuditEntry.Action.DRAW_MADE,
        tournament=tournament,
        subject=tournament.name[:250],
        summary=str(
            _("Draw made with seed %(seed)s: %(count)d entrants")
            % {"seed": rng_seed, "count": len(plan.entrants)}
        )[:250],
        after={"seed": rng_seed, "entrants": list(plan.entrants)},
    )
    _resolve(tournament, user)
    return plan


@transaction.atomic
def start_tournament(tournament: Tournament | int, *, user=None) -> Tournament:
    """Open a drawn tournament for play: it shows as running."""
    tournament = _lock_tournament(tournament)
    if not tournament.matches.exists():
        raise OperationError(_("Make the draw before starting the tournament."))
    if tournament.status == Tournament.Status.DRAFT:
        tournament.status = Tournament.Status.RUNNING
        tournament.save(update_fields=["status"])
        AuditEntry.objects.create(
            user=_user(user),
            action=AuditEntry.Action.TOURNAMENT_STARTED,
            tournament=tournament,
            subject=tournament.name[:250],
            summary=str(_("Tournament started")),
        )
    return tournament
