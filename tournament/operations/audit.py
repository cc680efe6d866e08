"""The audit log's one writer: every operation records what it did here, with who did
it, on which tournament or match, and the state before and after."""

from __future__ import annotations

from collections.abc import Collection, Iterable

from ..models import AuditEntry, Match, Player, Said, Season, Tournament
from ..models.club_owners import player_clubs
from ..models.clubs import directs
from . import marks
from .errors import ANOTHER_CLUBS_SEASON, NOT_YOUR_MEMBER, NotYourClub

SUBJECT_LENGTH = AuditEntry._meta.get_field("subject").max_length
SUMMARY_LENGTH = AuditEntry._meta.get_field("summary").max_length


def known(action: str) -> AuditEntry.Action:
    """The action, checked against the model's list: the migrations no longer hold the
    choices (models.fields.ChoicesInCodeCharField), so the one writer refuses an unknown
    code (a ValueError) instead of storing it."""
    return AuditEntry.Action(action)


def acting(user):
    """The user to record: None for a command, a migration or an anonymous request."""
    return user if user is not None and user.is_authenticated else None


def check_directs(user, tournament: Tournament) -> None:
    """The one door knows the club: a write by a user who does not run the tournament's
    club is refused, and the transaction it is part of undoes everything it wrote
    (players' writes by their private link carry no user)."""
    if Tournament.season.is_cached(tournament):
        club_id = tournament.season.club_id
    else:
        club_id = Season._base_manager.values_list("club_id", flat=True).get(
            pk=tournament.season_id
        )
    if not directs(user, club_id):
        raise NotYourClub


def check_clubs(user, clubs: Collection[int], message=None) -> None:
    """The same for a write about a season (its club) or a player (the clubs they are
    a member of: a director of any one of them may write it). No user: a command, a
    migration, a player's own link."""
    who = acting(user)
    if who is not None and not any(directs(who, club) for club in clubs):
        raise NotYourClub(message)


def check_player(user, player: Player | int) -> None:
    """A player's details are their clubs' directors' to change (a player of no club:
    the founding club's, models.club_owners)."""
    if acting(user) is not None:
        clubs = player_clubs(player.pk if isinstance(player, Player) else player)
        check_clubs(user, clubs, NOT_YOUR_MEMBER)


def name_of(user) -> str:
    """The name kept with the entry, so that it outlives the account."""
    return user.get_username() if user is not None else ""


def record(
    action: str,
    *,
    user,
    summary,
    tournament: Tournament | None = None,
    match: Match | None = None,
    subject=None,
    before=None,
    after=None,
    club: int | None = None,
    player: Player | int | None = None,
) -> AuditEntry:
    """Write one audit entry. The subject defaults to the match as it reads now
    ("Copa: Anna v Xavier"), else the tournament's name, so the entry still says what
    it was about if the row goes. A write about no tournament says whose it is for the
    one door's check: `club`, a season's club; `player`, the player whose details
    changed."""
    if match is not None:
        tournament = tournament or match.tournament
        if subject is None:
            subject = f"{tournament.name}: {match}"
    if subject is None and tournament is not None:
        subject = tournament.name
    # Every write writes an entry here: the one place that moves the pages' marks.
    if tournament is not None:
        marks.touch_tournament(tournament.pk)
    else:
        marks.touch_club()
    who = acting(user)
    if who is not None and tournament is not None:
        check_directs(who, tournament)
    if club is not None:
        check_clubs(who, {club}, ANOTHER_CLUBS_SEASON)
    if player is not None:
        check_player(who, player)
    return AuditEntry.objects.create(
        user=who,
        user_name=name_of(who),
        action=known(action),
        tournament=tournament,
        match=match,
        subject=str(subject or "")[:SUBJECT_LENGTH],
        summary=str(summary)[:SUMMARY_LENGTH],
        said=summary.as_json() if isinstance(summary, Said) else None,
        before=before,
        after=after,
    )


def snapshot(match: Match, *, games: list | None = None, penalties: list | None = None) -> dict:
    """What an audit entry keeps of a match: enough to see and to restore it. An
    operation that has just read the games and penalties (its "before") passes them as
    they are now, so the "after" costs no query."""
    if penalties is None and not (match.penalty1 or match.penalty2):
        penalties = []  # a penalty is a point or more: the match's cached sums say none
    if penalties is None:
        penalties = [
            {"side": penalty.side, "points": penalty.points, "minutes_late": penalty.minutes_late}
            for penalty in match.penalties.order_by("number")
        ]
    if games is None:
        games = [game_entry(game) for game in match.games.order_by("number")]
    return {
        "players": [match.player1_id, match.player2_id],
        "length": match.length,
        "status": match.status,
        "decided_by": match.decided_by,
        "winner": match.winner_id,
        "score": [match.score1, match.score2],
        "table": match.table,
        "clock_points": match.clock_points,
        "penalties": penalties,
        "games": games,
    }


def game_entry(game) -> dict:
    """One game as a snapshot keeps it."""
    return {
        "number": game.number,
        "winner": game.winner,
        "kind": game.kind,
        "cube": game.cube,
        "how": game.how,
        "beaver": game.beaver,
        "points": game.points,
    }


def record_many(action: str, entries: Iterable[tuple[object, object, dict]], *, user) -> None:
    """One entry per (subject, summary, after), written in bulk: an import adds
    thousands of players in one transaction, and each keeps its own entry."""
    who = acting(user)
    action = known(action)
    marks.touch_club()
    AuditEntry.objects.bulk_create(
        (
            AuditEntry(
                user=who,
                user_name=name_of(who),
                action=action,
                subject=str(subject)[:SUBJECT_LENGTH],
                summary=str(summary)[:SUMMARY_LENGTH],
                after=after,
            )
            for subject, summary, after in entries
        ),
        batch_size=500,
    )
