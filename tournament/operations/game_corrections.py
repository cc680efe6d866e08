"""An earlier game of a match corrected in place, from the match sheet: the games after
it stay, and the whole list is replayed through the rules. `preview` says first what
the correction changes (each later game's score and Crawford mark, a later game it makes
illegal, the winner, who goes on to the next matches, the later matches it re-opens),
reading only; `correct_game` saves what the preview showed, in one locked, audited
transaction, as every correction is (`corrections`: the re-opened matches confirmed).

A correction may make a later game illegal: the match now decided before it (a game
after the decision), or the Crawford game moved onto a game played with the cube. The
games from that one on cannot stand as they are: the preview names them, and saving
takes them back with the correction (kept in the history), to be typed again."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db import transaction
from django.db.models import Q
from django.utils.text import capfirst
from django.utils.translation import gettext, gettext_noop
from django.utils.translation import gettext_lazy as _

from ..core import actions, scoring
from ..models import AuditEntry, Game, Match, Player
from ..models.audit import Said, ngettext_noop
from . import audit, stale_transcripts
from .corrections import affected_by_change, prepare_change_of_winner
from .errors import MatchClosed, OperationError
from .games import check_open_for_games
from .locks import check_version, lock_match
from .progress import after_change
from .results import game_row, outcome, write_cache


def corrected(match: Match, number: int, result: scoring.GameResult) -> list[scoring.GameResult]:
    """The match's games with game `number` given as `result`, the others as they are.
    Raises OperationError for a game the match does not have."""
    played = match.game_results()
    if not 1 <= number <= len(played):
        raise OperationError(
            _("This match has no game %(number)d to correct.") % {"number": number}
        )
    return [*played[: number - 1], result, *played[number:]]


@dataclass(frozen=True)
class GameChange:
    """One game as it stands now and as the correction leaves it (`then` None: taken
    back, the rules refusing it after the correction)."""

    now: scoring.GameOutcome
    then: scoring.GameOutcome | None

    @property
    def number(self) -> int:
        return self.now.number

    @property
    def score_now(self) -> tuple[int, int]:
        return _after(self.now)

    @property
    def score_then(self) -> tuple[int, int] | None:
        return _after(self.then) if self.then else None

    @property
    def changed(self) -> bool:
        if self.then is None:
            return True
        now, then = self.now, self.then
        return (now.result, now.points, now.crawford, self.score_now) != (
            then.result,
            then.points,
            then.crawford,
            self.score_then,
        )


def _after(game: scoring.GameOutcome) -> tuple[int, int]:
    score = list(game.score_before)
    score[game.winner] += game.points
    return score[0], score[1]


@dataclass(frozen=True)
class Onward:
    """A later match that this one's winner or loser goes on to: who comes to it from
    here now, and who would after the correction (None: nobody, this match undecided)."""

    match: Match
    now: Player | None
    then: Player | None


@dataclass
class Preview:
    """What correcting game `number` would do. `refused`: the corrected game itself
    breaks a rule (nothing can be saved); `dropped_by`: the rule the first later game
    would break, that game and those after it taken back on saving (`keep` games
    stay)."""

    number: int
    now: scoring.MatchState
    then: scoring.MatchState | None = None
    refused: str = ""
    dropped_by: str = ""
    keep: int = 0
    games: list[GameChange] = field(default_factory=list)
    winner_now: Player | None = None
    winner_then: Player | None = None
    onward: list[Onward] = field(default_factory=list)
    reopened: list[Match] = field(default_factory=list)

    @property
    def may_save(self) -> bool:
        return self.then is not None and any(game.changed for game in self.games)

    @property
    def dropped(self) -> list[GameChange]:
        return [game for game in self.games if game.then is None]

    @property
    def outcome_changes(self) -> bool:
        return self.then is not None and (
            self.now.finished != self.then.finished or self.winner_now != self.winner_then
        )

    @property
    def reopened_key(self) -> str:
        """The re-opened matches as the preview showed them: saving compares."""
        return ",".join(str(match.pk) for match in self.reopened)


def preview(match: Match, number: int, result: scoring.GameResult) -> Preview:
    """What correcting game `number` to `result` would change; reads only. The games
    are replayed whole; at the first later game the rules would refuse, the rest are
    what saving takes back."""
    results = corrected(match, number, result)
    now = match.replay()
    shown = Preview(number=number, now=now, winner_now=_winner(match, now))
    try:
        then = match.replay_games(results)
    except scoring.IllegalGame as illegal:
        first = illegal.game_number or number
        if first <= number:
            shown.refused = capfirst(illegal.message(gettext))
            return shown
        shown.dropped_by = capfirst(illegal.message(gettext))
        then = match.replay_games(results[: first - 1])
    shown.then, shown.keep = then, len(then.games)
    shown.winner_then = _winner(match, then)
    shown.games = [
        GameChange(game, then.games[index] if index < len(then.games) else None)
        for index, game in enumerate(now.games)
    ]
    if shown.outcome_changes:
        shown.onward = _onward(match, then)
        shown.reopened = affected_by_change(match)
    return shown


def _winner(match: Match, state: scoring.MatchState) -> Player | None:
    return match.players[state.winner] if state.finished else None


def _onward(match: Match, state: scoring.MatchState) -> list[Onward]:
    """The later matches whose slots this match's winner or loser fills (a bracket's:
    the winner's next match, the loser's consolation match), with who fills them now
    and who would after the correction."""
    if match.bracket_id is None:
        return []
    decided = state.finished
    takes = {
        "winner": match.players[state.winner] if decided else None,
        "loser": match.players[1 - state.winner] if decided else None,
    }
    later = (
        Match.objects.filter(tournament_id=match.tournament_id)
        .filter(Q(source1_match=match) | Q(source2_match=match))
        .select_related("bracket", "player1", "player2")
        .order_by("bracket_id", "round", "position")
    )
    return [
        Onward(row, player, takes[kind])
        for row in later
        for kind, source, player in (
            (row.source1_kind, row.source1_match_id, row.player1),
            (row.source2_kind, row.source2_match_id, row.player2),
        )
        if source == match.pk and kind in takes
    ]


@transaction.atomic
def correct_game(
    match: Match | int,
    number: int,
    result: scoring.GameResult,
    *,
    keep: int | None = None,
    user=None,
    expected_version: int | None = None,
    confirm: bool = False,
) -> scoring.MatchState:
    """Give game `number` again, in place, the games after it kept and the whole list
    replayed; `keep`: how many games stay (the preview's, when the correction makes a
    later game illegal: those after are taken back). Raises IllegalGame when the games
    kept do not replay (nothing changes), NeedsConfirmation when a change of who won
    re-opens later matches and `confirm` is not given, StaleMatch for a form shown
    before the match last changed."""
    match = lock_match(match)
    check_version(match, expected_version)
    if not actions.allowed(match.situation(match.replay())).correct:
        check_open_for_games(match, match.replay_games([]))  # says why, when it can
        raise MatchClosed(_("This match's games cannot be corrected now."))
    results = corrected(match, number, result)
    if keep is not None:
        results = results[: max(keep, number)]
    outcome_before = outcome(match)
    before = audit.snapshot(match)
    state = match.replay_games(results)
    new_winner = match.players[state.winner].pk if state.finished else None
    rows = prepare_change_of_winner(match, (state.finished, new_winner), confirm, user)
    stale_transcripts.forget(match, unless_games=results)  # the file would not tell them
    dropped = _rewrite(match, state, number, user)
    write_cache(match, state)
    game = state.games[number - 1]
    said = {
        "number": number,
        "points": game.points,
        "player": match.players[game.winner],
        "a": state.score[0],
        "b": state.score[1],
    }
    if dropped:
        summary = Said(
            ngettext_noop(
                "Game %(number)s corrected: %(points)s to %(player)s; the %(taken)s later "
                "game it made illegal taken back; %(a)s-%(b)s",
                "Game %(number)s corrected: %(points)s to %(player)s; the %(taken)s later "
                "games it made illegal taken back; %(a)s-%(b)s",
            ),
            count="taken",
            taken=dropped,
            **said,
        )
    else:
        summary = Said(
            gettext_noop("Game %(number)s corrected: %(points)s to %(player)s; %(a)s-%(b)s"),
            **said,
        )
    audit.record(
        AuditEntry.Action.GAMES_REPLACED,
        user=user,
        match=match,
        summary=summary,
        before=before,
        after=audit.snapshot(match),
    )
    after_change(match, outcome_before, user, rows)
    return state


def _rewrite(match: Match, state: scoring.MatchState, number: int, user) -> int:
    """The game rows as `state` replays them: game `number` given again (entered by
    the director correcting it), the others keeping who entered them, a later game's
    points or Crawford mark following the correction; the games past `state`'s taken
    back. Returns how many were."""
    fields = ["winner", "kind", "cube", "how", "beaver", "points", "crawford"]
    rows = list(match.games.order_by("number"))
    changed = []
    for row, played in zip(rows, state.games, strict=False):
        fresh = game_row(match, played, user)
        if row.number == number:
            row.entered_by, row.entered_at = fresh.entered_by, fresh.entered_at
        elif all(getattr(row, name) == getattr(fresh, name) for name in fields):
            continue
        for name in fields:
            setattr(row, name, getattr(fresh, name))
        changed.append(row)
    Game.objects.bulk_update(changed, [*fields, "entered_by", "entered_at"])
    gone = [row.pk for row in rows[len(state.games) :]]
    if gone:
        Game.objects.filter(pk__in=gone).delete()
    return len(gone)
