"""A team event: the director's teams (players in board order), the draw of the groups
(every team match and its individual matches), and what a decided individual match
moves on: its team match settles, the group tables change, the knockout is drawn when
the groups are done, and a knockout team match gets its individual matches as soon as
both its teams are known. The rules are `core.teams`'; these functions store them.

Every individual match is an ordinary match row with its team match and board, so its
games, walkovers, corrections, ratings and analysis go through the usual operations,
which call `progress` here after the result changed (`progress.resolve`).
"""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop

from ..core import club_nights, draw
from ..core import teams as core
from ..models import AuditEntry, Entry, Match, Player, Team, TeamMatch, TeamMember, Tournament
from ..models.audit import Said
from ..models.teams import group_tables, results
from . import audit
from . import club_nights as rounds
from .errors import OperationError
from .finish import set_finished
from .locks import lock_tournament
from .tables import assign_tables

ENTRANT = "entrant"


def _refuse_unless_teams(tournament: Tournament) -> None:
    if not tournament.played_as.teams:
        raise OperationError(_("This tournament is not a team event."))


def _refuse_after_draw(tournament: Tournament) -> None:
    """Teams are the draw's entrants: they change only before it (the director makes the
    draw again after discarding it, which results forbid)."""
    if tournament.team_matches.exists() or tournament.matches.exists():
        raise OperationError(
            _("The teams cannot change once the draw is made: discard the draw first.")
        )


@transaction.atomic
def save_team(
    tournament: Tournament | int,
    *,
    name: str,
    club: str = "",
    players: list[int],
    team: Team | int | None = None,
    user=None,
) -> Team:
    """Make a team (or change one) with its players in board order (board 1 first).
    Each player is registered in the tournament (and checked in: the team brings them)."""
    tournament = lock_tournament(tournament)
    _refuse_unless_teams(tournament)
    _refuse_after_draw(tournament)
    name, club = name.strip(), club.strip()
    if not name:
        raise OperationError(_("A team needs a name."))
    if len(players) != tournament.team_size or len(set(players)) != len(players):
        raise OperationError(
            _("A team has %(size)d different players, one per board.")
            % {"size": tournament.team_size}
        )
    found = Player.objects.in_bulk(players)
    if len(found) != len(players):
        raise OperationError(_("Unknown player."))
    if team is not None:
        team = tournament.teams.get(pk=team.pk if isinstance(team, Team) else team)
    others = TeamMember.objects.filter(tournament=tournament, player_id__in=players)
    if team is not None:
        others = others.exclude(team=team)
    taken = [str(member.player) for member in others.select_related("player")]
    if taken:
        raise OperationError(
            _("Already in another team of this tournament: %(players)s.")
            % {"players": ", ".join(taken)}
        )
    before = None
    try:
        with transaction.atomic():
            if team is None:
                team = Team.objects.create(tournament=tournament, name=name, club=club)
            else:
                before = {"name": team.name, "players": _board_order(team)}
                team.name, team.club = name, club
                team.save(update_fields=["name", "club"])
                team.members.all().delete()
    except IntegrityError:
        raise OperationError(_("This tournament already has a team of that name.")) from None
    TeamMember.objects.bulk_create(
        TeamMember(team=team, tournament=tournament, player_id=player, board=board)
        for board, player in enumerate(players, start=1)
    )
    registered = set(
        tournament.entries.filter(player_id__in=players).values_list("player_id", flat=True)
    )
    Entry.objects.bulk_create(
        Entry(tournament=tournament, player_id=player, checked_in=True)
        for player in players
        if player not in registered
    )
    tournament.entries.filter(player_id__in=players).update(checked_in=True)
    audit.record(
        AuditEntry.Action.TEAM_CHANGED,
        user=user,
        tournament=tournament,
        summary=Said(
            gettext_noop("Team %(team)s: %(players)s"),
            team=name,
            players=", ".join(str(found[player]) for player in players),
        ),
        before=before,
        after={"name": name, "club": club, "players": players},
    )
    return team


def _board_order(team: Team) -> list[int]:
    return list(team.members.order_by("board").values_list("player_id", flat=True))


@transaction.atomic
def remove_team(team: Team | int, *, user=None) -> None:
    team = Team.objects.select_related("tournament").get(
        pk=team.pk if isinstance(team, Team) else team
    )
    tournament = lock_tournament(team.tournament_id)
    _refuse_after_draw(tournament)
    players = _board_order(team)
    team.delete()
    tournament.entries.filter(player_id__in=players).delete()
    audit.record(
        AuditEntry.Action.TEAM_CHANGED,
        user=user,
        tournament=tournament,
        summary=Said(gettext_noop("Team %(team)s removed"), team=team.name),
        before={"name": team.name, "players": players},
    )


# --- the draw of the groups --------------------------------------------------------------


def line_ups(tournament: Tournament) -> dict[int, list[int]]:
    """Team id -> its players in board order."""
    lines: dict[int, list[int]] = {team.pk: [] for team in tournament.teams.all()}
    for team, player in (
        TeamMember.objects.filter(tournament=tournament)
        .order_by("team_id", "board")
        .values_list("team_id", "player_id")
    ):
        lines[team].append(player)
    return lines


def _draw_groups(tournament: Tournament, rng_seed: int):
    lines = line_ups(tournament)
    try:
        core.check_teams(lines, tournament.team_size)
    except core.TeamError as error:
        raise OperationError(error.message()) from error
    order = club_nights.seeded_order(list(lines), {}, rng_seed)
    return lines, core.groups_of(order, tournament.group_size)


def preview(tournament: Tournament, rng_seed: int) -> list[tuple[list[int], list[core.Fixture]]]:
    """The draw `store_draw` makes with this seed: each group's teams (ids, in draw
    order) and its first round's team matches."""
    _lines, groups = _draw_groups(tournament, rng_seed)
    first = [fixture for fixture in core.fixtures(groups) if fixture.round == 1]
    return [
        (group, [fixture for fixture in first if fixture.group == number])
        for number, group in enumerate(groups, start=1)
    ]


def stored_preview(tournament: Tournament) -> list[tuple[list[int], list[core.Fixture]]]:
    """The draw that was made, as `preview` says it: the groups and their round 1."""
    groups: dict[int, list[int]] = {}
    for team, group in tournament.teams.order_by("pk").values_list("pk", "group"):
        groups.setdefault(group, []).append(team)
    first = [
        core.Fixture(row.group, 1, row.position, (row.team1_id, row.team2_id))
        for row in tournament.team_matches.filter(stage=TeamMatch.GROUP, round=1)
    ]
    return [
        (groups[number], [fixture for fixture in first if fixture.group == number])
        for number in sorted(groups)
    ]


def store_draw(tournament: Tournament, rng_seed: int) -> list[list[int]]:
    """The groups and every group team match with its individual matches (the caller,
    `draws.make_draw`, has locked the tournament, removed the earlier draw and audits).
    Returns the groups of team ids."""
    lines, groups = _draw_groups(tournament, rng_seed)
    numbers = {team: number for number, group in enumerate(groups, start=1) for team in group}
    for team in tournament.teams.all():
        team.group, team.knockout_seed = numbers[team.pk], None
        team.save(update_fields=["group", "knockout_seed"])
    for fixture in core.fixtures(groups):
        team_match = TeamMatch.objects.create(
            tournament=tournament,
            stage=TeamMatch.GROUP,
            group=fixture.group,
            round=fixture.round,
            position=fixture.position,
            team1_id=fixture.teams[0],
            team2_id=fixture.teams[1],
            status=TeamMatch.Status.PLAYING,
        )
        _store_boards(tournament, team_match, lines, fixture.round)
    return groups


def store_team_match(tournament: Tournament, first: Team, second: Team) -> TeamMatch:
    """One team match of two teams whose line-ups are saved, with its boards (a league
    fixture's, `operations.federation_league`: the home team named first). The caller
    has locked the tournament and audits."""
    team_match = TeamMatch.objects.create(
        tournament=tournament,
        stage=TeamMatch.GROUP,
        group=1,
        round=1,
        position=1,
        team1=first,
        team2=second,
        status=TeamMatch.Status.PLAYING,
    )
    Team.objects.filter(pk__in=[first.pk, second.pk]).update(group=1)
    _store_boards(tournament, team_match, line_ups(tournament), 1)
    return team_match


def _store_boards(
    tournament: Tournament, team_match: TeamMatch, lines: dict[int, list[int]], round_: int
) -> None:
    """The individual matches of a team match whose teams are known: board i v board i.
    Their slot among the tournament's rounds: the team match's group (0 for the
    knockout), the event's round `round_` (a knockout round counts on from the group
    rounds: a final after three group rounds is round 4, on the sheets and the player's
    page alike), and a position per board."""
    size = tournament.team_size
    first = (team_match.position - 1) * size
    pairs = core.boards(lines[team_match.team1_id], lines[team_match.team2_id])
    Match.objects.bulk_create(
        Match(
            tournament=tournament,
            team_match=team_match,
            board=board,
            group=team_match.group,
            round=round_,
            position=first + board,
            length=tournament.length_for_round(round_),
            status=Match.Status.READY,
            source1_kind=ENTRANT,
            source2_kind=ENTRANT,
            player1_id=pair[0],
            player2_id=pair[1],
        )
        for board, pair in enumerate(pairs, start=1)
    )


# --- a decision moves the event on -------------------------------------------------------


def _settle(team_matches: list[TeamMatch], found: dict[int, core.TeamResult]) -> None:
    """Write each team match's cached result (status, winner, how)."""
    for row in team_matches:
        result = found.get(row.pk)
        if result is None:
            continue  # a knockout match still waiting for its teams
        status = TeamMatch.Status.DECIDED if result.decided else TeamMatch.Status.PLAYING
        winner = None if result.winner is None else (row.team1_id, row.team2_id)[result.winner]
        new = (status, winner, result.by)
        if (row.status, row.winner_id, row.decided_by) != new:
            row.status, row.winner_id, row.decided_by = new
            row.save(update_fields=["status", "winner", "decided_by"])


def knockout_plan(tournament: Tournament) -> draw.DrawPlan | None:
    """The knockout as drawn (from the stored seeds), or None before it is."""
    seeded = list(
        tournament.teams.filter(knockout_seed__isnull=False)
        .order_by("knockout_seed")
        .values_list("pk", flat=True)
    )
    if len(seeded) < 2:
        return None
    return core.knockout_plan(seeded, tournament.draw_seed or 0)


def _draw_knockout(tournament: Tournament, qualified: list[int], user) -> None:
    for seed, team in enumerate(qualified, start=1):
        Team.objects.filter(pk=team).update(knockout_seed=seed)
    plan = core.knockout_plan(qualified, tournament.draw_seed or 0)
    TeamMatch.objects.bulk_create(
        TeamMatch(
            tournament=tournament,
            stage=TeamMatch.KNOCKOUT,
            round=match.slot.round,
            position=match.slot.position,
        )
        for match in plan.bracket(draw.MAIN).matches
    )
    audit.record(
        AuditEntry.Action.DRAW_MADE,
        user=user,
        tournament=tournament,
        summary=Said(
            gettext_noop("Knockout drawn from the group places: %(count)d teams"),
            count=len(qualified),
        ),
        after={"seed": tournament.draw_seed, "teams": qualified},
    )


def _take_back_knockout(tournament: Tournament) -> None:
    knockout = tournament.team_matches.filter(stage=TeamMatch.KNOCKOUT)
    if tournament.matches.filter(team_match__in=knockout).started().exists():
        raise OperationError(
            _("The knockout has started: the group results it was drawn from stand.")
        )
    knockout.delete()  # its individual matches go with it
    tournament.teams.update(knockout_seed=None)


def _follow_groups(tournament: Tournament, found, user) -> bool:
    """Draw the knockout when every group match is decided (again if a group result
    changed before it started); True when there is a knockout to play."""
    if not tournament.knockout:
        return False
    groups = tournament.team_matches.filter(stage=TeamMatch.GROUP)
    settled = all(found.get(pk) and found[pk].decided for pk in groups.values_list("pk", flat=True))
    tables = group_tables(tournament, found)
    qualified = core.qualifiers(
        [[row.team for row in rows] for rows in tables.values()], tournament.knockout
    )
    if len(qualified) < 2:
        return False
    drawn = list(
        tournament.teams.filter(knockout_seed__isnull=False)
        .order_by("knockout_seed")
        .values_list("pk", flat=True)
    )
    if drawn and (not settled or drawn != qualified):
        _take_back_knockout(tournament)
        drawn = []
    if settled and not drawn:
        _draw_knockout(tournament, qualified, user)
    return True


def _resolve_knockout(tournament: Tournament, found) -> bool:
    """Carry the knockout's results through its plan: each team match gets its teams
    (and then its individual matches), or its bye; True when the final is decided."""
    plan = knockout_plan(tournament)
    if plan is None:
        return False
    rows = {
        draw.Slot(draw.MAIN, row.round, row.position): row
        for row in tournament.team_matches.filter(stage=TeamMatch.KNOCKOUT)
    }
    outcomes = {
        slot: found[row.pk].winner
        for slot, row in rows.items()
        if row.pk in found and found[row.pk].decided
    }
    state = core.knockout_state(plan, outcomes)
    lines = line_ups(tournament)
    group_rounds = max(
        tournament.team_matches.filter(stage=TeamMatch.GROUP).values_list("round", flat=True),
        default=0,
    )
    for slot, resolution in state.items():
        row = rows[slot]
        teams = resolution.players
        if (row.team1_id, row.team2_id) != teams:
            if row.boards.started().exists():
                raise OperationError(
                    _("%(match)s was played by other teams than the knockout now says.")
                    % {"match": row}
                )
            row.boards.all().delete()
            row.team1_id, row.team2_id = teams
            row.winner_id, row.decided_by = None, ""
            row.status = TeamMatch.Status.PENDING
        if resolution.status == draw.BYE:
            row.status, row.winner_id = TeamMatch.Status.BYE, resolution.winning_player
        elif resolution.status == draw.READY and not row.boards.exists():
            row.status = TeamMatch.Status.PLAYING
            _store_boards(tournament, row, lines, group_rounds + slot.round)
        elif resolution.status in (draw.PENDING, draw.VOID):
            row.status = TeamMatch.Status.PENDING
        row.save()
    return core.knockout_champion(plan, state) is not None


def progress(tournament: Tournament, user=None) -> None:
    """After an individual match's result changed (the tournament is locked): its team
    match settles, the knockout is drawn or moves on, matches are called to tables, and
    the event is finished when its last team match is decided."""
    found = results(tournament)
    _settle(list(tournament.team_matches.filter(stage=TeamMatch.GROUP)), found)
    if _follow_groups(tournament, found, user):
        found = results(tournament)
        finished = _resolve_knockout(tournament, found)
        found = results(tournament)
        _settle(list(tournament.team_matches.filter(stage=TeamMatch.KNOCKOUT)), found)
    else:
        finished = all(result.decided for result in found.values()) and bool(found)
    # Nobody is called to two tables: a player's later rounds wait (as a round robin's).
    rounds.call_in_turn(tournament)
    set_finished(tournament, finished)
    assign_tables(tournament)
