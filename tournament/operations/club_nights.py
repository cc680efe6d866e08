"""Swiss and round-robin tournaments: the first round (a Swiss) or every round (a round
robin) stored when the draw is made, each next Swiss round paired when the last match
of the round is decided (or by the director), a withdrawn player's matches lost by
walkover and never paired again, and the tournament finished when its last round is.
A Win + Skill Swiss's next round, and a Win + Skill Swiss's or round robin's knockout or
final places, wait for the analyses of the matches played out (`waited_for`; the last
to land goes on, or the director without waiting: `analysis_waits`).

The pairing is the core's (`core.swiss`); these functions store it as match rows with a
round, a position and no bracket, the bye as a settled match of one player.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.db.models import Count, Q
from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop

from ..core import club_nights, swiss
from ..models import AuditEntry, Match, Tournament
from ..models.audit import Said
from ..models.rounds import awaiting_analysis, figures_for, group_results, round_matches
from . import audit, push_events
from .avoided_pairs import avoided_pairs, round_summary
from .errors import OperationError
from .finish import set_finished
from .knockouts import follow_groups_with_knockout, follow_swiss_with_knockout
from .locks import lock_tournament
from .pairings import PAIRINGS, Round, current_round
from .results import decide_without_games
from .tables import assign_tables

ENTRANT, BYE = "entrant", "bye"


@dataclass(frozen=True)
class ClubDraw:
    """What the draw of a Swiss or a round robin stores: the groups (one for a Swiss or
    a whole-field round robin) in draw order, and the rounds it pairs now."""

    groups: tuple[tuple[int, ...], ...]
    rounds: tuple[Round, ...]


def _field(tournament: Tournament) -> tuple[list[int], dict[int, int]]:
    entries = tournament.entries.in_field().order_by("pk")
    players = [entry.player_id for entry in entries]
    return players, {entry.player_id: entry.seed for entry in entries if entry.seed}


def preview(tournament: Tournament, rng_seed: int) -> ClubDraw:
    """The draw `store_draw` makes with this seed, of the players checked in."""
    players, seeds = _field(tournament)
    if len(players) < 2:
        raise OperationError(_("A draw needs at least two players checked in."))
    order = club_nights.seeded_order(players, seeds, rng_seed)
    # Paired round by round (a Swiss, a Swiss with lives): the first round only, as the
    # format pairs it (seeds in the top half meeting the bottom, or on the rating).
    # Else every round at once.
    if tournament.played_as.pairs_by_results:
        avoid = avoided_pairs(tournament)
        pairs, bye = PAIRINGS[tournament.played_as.pairs_on].first(order, avoid, rng_seed)
        unkept = tuple(swiss.avoided_meetings(pairs, avoid))
        return ClubDraw((tuple(order),), (Round(0, 1, tuple(pairs), bye, unkept),))
    groups = club_nights.split_groups(order, tournament.group_size)
    numbered = len(groups) > 1
    rounds = []
    for index, group in enumerate(groups, start=1):
        for number, matches in enumerate(swiss.round_robin(group), start=1):
            pairs = tuple((a, b) for a, b in matches if b is not None)
            byes = [a for a, b in matches if b is None]
            rounds.append(Round(index if numbered else 0, number, pairs, byes[0] if byes else None))
    return ClubDraw(tuple(tuple(group) for group in groups), tuple(rounds))


def _store_round(tournament: Tournament, stored: Round) -> list[Match]:
    length = tournament.length_for_round(stored.number)
    rows = [
        Match(
            tournament=tournament,
            group=stored.group,
            round=stored.number,
            position=position,
            length=length,
            status=Match.Status.READY,
            source1_kind=ENTRANT,
            source2_kind=ENTRANT,
            player1_id=first,
            player2_id=second,
        )
        for position, (first, second) in enumerate(stored.pairs, start=1)
    ]
    if stored.bye is not None:
        # The bye is a match of one player, settled: the player is paired, and has won.
        rows.append(
            Match(
                tournament=tournament,
                group=stored.group,
                round=stored.number,
                position=len(stored.pairs) + 1,
                length=length,
                status=Match.Status.BYE,
                source1_kind=ENTRANT,
                source2_kind=BYE,
                player1_id=stored.bye,
                winner_id=stored.bye,
            )
        )
    return Match.objects.bulk_create(rows)


def store_draw(tournament: Tournament, rng_seed: int) -> ClubDraw:
    """Store the first round of a Swiss, or every round of a round robin (the caller
    has locked the tournament, removed any earlier draw and writes the audit entry)."""
    made = preview(tournament, rng_seed)
    for stored in made.rounds:
        _store_round(tournament, stored)
    return made


# --- a Swiss moves on -----------------------------------------------------------------


def _settled(matches) -> bool:
    """Some matches, and none of them still to play: one query (a decision asks it)."""
    counts = matches.aggregate(
        rows=Count("pk"), to_play=Count("pk", filter=Q(status__in=Match.TO_PLAY_STATUSES))
    )
    return counts["rows"] > 0 and counts["to_play"] == 0


def round_settled(tournament: Tournament, number: int) -> bool:
    return _settled(tournament.matches.in_rounds().filter(round=number))


def next_swiss_round(tournament: Tournament) -> Round:
    """The pairing of the next round from the rounds so far: every player checked in
    and not withdrawn (a late entry with no wins), through `core.swiss`, on what the
    format pairs on (`PAIRINGS`)."""
    players, _seeds = _field(tournament)
    return PAIRINGS[tournament.played_as.pairs_on].next(tournament, players)


def _pair(tournament: Tournament, user, not_waited: list[Match] = ()) -> Round:
    """The next round stored; `not_waited`: the analyses the director paired without."""
    paired = next_swiss_round(tournament)
    if not paired.pairs and paired.bye is None:
        raise OperationError(_("Nobody is left to pair."))
    push_events.round_paired(tournament, paired.number, _store_round(tournament, paired))
    after = {"round": paired.number, "pairs": [list(pair) for pair in paired.pairs]}
    if paired.unkept:
        after["unkept"] = [sorted(pair) for pair in paired.unkept]
    if not_waited:
        after["without_analyses_of"] = [match.pk for match in not_waited]
    summary = round_summary(paired.number, len(paired.pairs), paired.unkept)
    audit.record(
        AuditEntry.Action.ROUND_PAIRED,
        user=user,
        tournament=tournament,
        summary=summary,
        after=after,
    )
    return paired


def _paired_here(tournament: Tournament) -> bool:
    """Its rounds are paired one by one from the results, up to the rounds the director
    set (a Swiss): this module pairs them. (A Swiss with lives pairs its own until one
    is left: `operations.lives`.)"""
    played_as = tournament.played_as
    return played_as.pairs_by_results and played_as.fixed_rounds


def check_can_pair(tournament: Tournament) -> int:
    """The number of the round a director may pair now, or OperationError saying why not."""
    if not _paired_here(tournament):
        raise OperationError(_("Only a Swiss is paired round by round."))
    current = current_round(tournament)
    if current == 0:
        raise OperationError(_("Make the draw first: it pairs round 1."))
    if current >= tournament.rounds:
        raise OperationError(
            _("All %(count)d rounds have been paired.") % {"count": tournament.rounds}
        )
    if not round_settled(tournament, current):
        raise OperationError(
            _(
                "Round %(number)s is still being played: the next one is paired when its "
                "last match is decided."
            )
            % {"number": current}
        )
    return current + 1


@transaction.atomic
def pair_next_round(tournament: Tournament | int, *, user=None) -> Round:
    """The director pairs the next round of a Swiss whose round is settled (it is
    paired by itself when the last match is decided; this is for a round that settled
    otherwise, e.g. with nobody left to pair at the time, or for a Win + Skill round
    whose analyses the director does not wait for: on the points as they stand)."""
    tournament = lock_tournament(tournament)
    current = check_can_pair(tournament) - 1
    waited = awaiting_analysis(tournament, current)
    paired = _pair(tournament, user, not_waited=waited)
    progress(tournament, user)
    return paired


def check_can_pair_again(tournament: Tournament, current: int | None = None) -> int:
    """The number of the newest round if it may be paired again now, or OperationError
    saying why not: the one home of the rule "a Swiss round may be paired again" (the
    operation and the director's desk ask it). A format that pairs again (`pairs_again`:
    a Swiss), a round after the first (the first is the draw's: the draw is made again),
    none of whose matches has started. `current`: the newest round, if the caller has
    read it."""
    current = current_round(tournament) if current is None else current
    if not tournament.played_as.pairs_again or current < 2:
        raise OperationError(_("Only a Swiss round after the first is paired again."))
    if tournament.matches.in_rounds().filter(round=current).started().exists():
        raise OperationError(
            _("Round %(number)s has started: its pairing stays.") % {"number": current}
        )
    return current


def may_pair_again(tournament: Tournament, current: int | None = None) -> bool:
    """Whether the newest round may be paired again now (`check_can_pair_again`)."""
    try:
        check_can_pair_again(tournament, current)
    except OperationError:
        return False
    return True


@transaction.atomic
def pair_round_again(tournament: Tournament | int, *, user=None) -> Round:
    """Pair the newest round again while none of its matches has started (a late
    arrival or a withdrawal after the pairing): its rows go, the pairing is made anew."""
    tournament = lock_tournament(tournament)
    current = check_can_pair_again(tournament)
    tournament.matches.in_rounds().filter(round=current).delete()
    paired = _pair(tournament, user)
    progress(tournament, user)
    return paired


def _call_round_robin(tournament: Tournament) -> None:
    """A round-robin match not under way is ready (called) or waits, as the core says
    (`club_nights.waiting_on`): every match is known from the draw, but nobody is
    called to two tables at once."""
    rows = list(
        tournament.matches.in_rounds()
        .filter(player2__isnull=False)
        # The tournament's id too: the related manager sets the tournament on every row
        # it reads, and a deferred id would be read again, a query per match.
        .only("pk", "tournament", "group", "round", "player1", "player2", "status", "table")
    )
    waiting = club_nights.waiting_on(round_matches(rows))
    changed = []
    for row in rows:
        if row.status not in (Match.Status.READY, Match.Status.PENDING):
            continue  # under way or settled: left as it is
        status = Match.Status.PENDING if row.pk in waiting else Match.Status.READY
        if row.status != status:
            row.status = status
            row.table = ""
            changed.append(row)
    Match.objects.bulk_update(changed, ["status", "table"])


def call_in_turn(tournament: Tournament) -> None:
    """A team event's individual matches are called as a round robin's are."""
    _call_round_robin(tournament)


def _walkovers_for_withdrawn(tournament: Tournament, user) -> bool:
    """A withdrawn player's matches not started are lost by walkover (a round robin's
    later ones too: its opponents are known); True if there were any."""
    withdrawn = list(tournament.entries.filter(withdrawn=True).values_list("player_id", flat=True))
    if not withdrawn:
        return False
    rows = list(
        tournament.matches.in_rounds()
        .filter(status__in=[Match.Status.READY, Match.Status.PENDING])
        .between_two()
        .involving(*withdrawn)
    )
    for row in rows:
        row.tournament = tournament
        loser = 0 if row.player1_id in withdrawn else 1
        player = row.player1 if loser == 0 else row.player2
        decide_without_games(
            row,
            1 - loser,
            Match.DecidedBy.WALKOVER,
            user,
            Said(gettext_noop("Walkover: %(player)s has withdrawn"), player=player),
        )
    return bool(rows)


# --- a round robin's groups, then a knockout --------------------------------------------


def _knockout_of_groups(tournament: Tournament, settled: bool, user, **follow) -> bool:
    return follow_groups_with_knockout(
        tournament, group_places(tournament), settled, user, **follow
    )


# Where the knockout after the rounds takes its players from (`Format.knockout_from`):
# the standings' top places (a Swiss), or each group's best (a round robin).
FOLLOWED_BY = {"standings": follow_swiss_with_knockout, "groups": _knockout_of_groups}


def group_places(tournament: Tournament) -> list[list[int]]:
    """Each group's players in standings order (group 1 first)."""
    groups: dict[int, list[Match]] = {}
    for row in tournament.matches.in_rounds():
        groups.setdefault(row.group, []).append(row)
    scoring, figures = tournament.standings_scoring, figures_for(tournament)
    return [
        [row.player for row in group_results(rows, False, scoring, figures).ranked()]
        for _number, rows in sorted(groups.items())
    ]


def is_complete(tournament: Tournament) -> bool:
    """Every round played: a Swiss's last round settled, every round-robin match."""
    if not _settled(tournament.matches.in_rounds()):
        return False
    if tournament.played_as.fixed_rounds:
        return current_round(tournament) >= tournament.rounds
    return True


def _due_to_pair(tournament: Tournament) -> bool:
    """The newest round is settled and another is to come (a Win + Skill one once its
    matches are analysed: their skill points are what the pairing reads)."""
    current = current_round(tournament)
    return (
        0 < current < tournament.rounds
        and round_settled(tournament, current)
        and len(_field(tournament)[0]) >= 2
        and not awaiting_analysis(tournament, current)
    )


def waited_for(tournament: Tournament) -> list[Match]:
    """The matches played out whose analyses a Win + Skill Swiss's or round robin's
    next step waits for (`models.rounds.awaiting_analysis`): a Swiss's newest round's
    (its next round is paired on their skill points, or its knockout drawn, or its
    places given), a round robin's every match (its knockout, or its places). None, and
    no query, under wins alone."""
    if not tournament.standings_scoring.win_skill:
        return []
    newest = current_round(tournament) if tournament.played_as.pairs_by_results else None
    return awaiting_analysis(tournament, newest)


def progress(tournament: Tournament, user=None, not_waited: list[Match] = ()) -> None:
    """After a result changed (the tournament is locked): a withdrawn player's ready
    matches are walkovers; a Swiss round whose last match is decided brings the next
    one; the tournament is finished when every round is (running again if a result
    is taken back); free tables go to the ready matches. `not_waited`: the analyses
    the director goes on without (`analysis_waits`)."""
    while True:
        if not tournament.played_as.pairs_by_results:
            _call_round_robin(tournament)  # every round drawn at once: called in turn
        # A walkover can ready a withdrawn player's next match, or settle a round.
        moved = _walkovers_for_withdrawn(tournament, user)
        if _paired_here(tournament) and _due_to_pair(tournament):
            _pair(tournament, user)
            moved = True
        if not moved:
            break
    complete = is_complete(tournament)
    # Win + Skill: the knockout, or the final places, wait for the analyses of the
    # matches played out (`waited_for`; the last to land goes on, or the director).
    waits = complete and not not_waited and bool(waited_for(tournament))
    follow = {"waits": waits, "not_waited": not_waited}
    following = tournament.played_as.knockout_follows(tournament) and FOLLOWED_BY[
        tournament.played_as.knockout_from
    ](tournament, complete, user, **follow)
    if following:
        # The knockout after the rounds finishes the tournament (progress.resolve).
        assign_tables(tournament)
        return
    # Finished by the director without waiting: a later analysis leaves it so.
    set_finished(tournament, complete and (not waits or tournament.is_finished))
    assign_tables(tournament)
