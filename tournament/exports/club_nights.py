"""A Swiss's or a round robin's sheets for the tournament workbook: the standings with
every tie-break as a column, group by group, and the rounds' pairings. Both read
`queries.club_nights`, as the page does, so the workbook and the page never disagree.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from ..core import league, tables
from ..models import Match
from ..queries.club_nights import ClubNight
from .workbook import Sheet, fit


def standings_sheet(club: ClubNight) -> Sheet:
    """One block per group, headed by the group's label when the field is grouped; the
    place as the page writes it ("=3" when tied, a text cell like the Places sheet's)."""
    headers = [
        _("Place"),
        _("Player"),
        _("Wins"),
        _("Losses"),
        _("Byes"),
        _("Median-Buchholz"),
        _("Buchholz"),
        _("Points +/−"),
    ]
    if club.win_skill:
        headers[2:2] = [_("Points")]
        headers[4:4] = [_("Skill points")]
    if club.average_pr:
        headers.insert(headers.index(_("Losses")) + 1, _("GNUBG PR"))
    rows: list[tuple] = []
    for group in club.groups:
        if club.grouped:
            rows.append((group.label,))
        rows += [_standing(club, row) for row in group.standings]
    notes = [_(league.POINTS_AS_WRITTEN)]
    return Sheet(_("Club night standings"), headers, rows, fit(headers, rows), notes=notes)


def _standing(club: ClubNight, row) -> tuple:
    """A row in the headers' order: the Win + Skill points and skill points, and the
    average PR (empty without an analysed match), only when the tournament uses them."""
    points = (row.points,) if club.win_skill else ()
    skill = (row.skill_points,) if club.win_skill else ()
    pr = (row.average_pr,) if club.average_pr else ()
    return (
        row.place_label,
        row.player.name,
        *points,
        row.wins,
        *skill,
        row.losses,
        *pr,
        row.byes,
        row.median_buchholz,
        row.buchholz,
        row.points_difference,
    )


def _pairing(round_number: int, group, match: Match, statuses: dict) -> tuple:
    first, second = (player.name if player else "" for player in match.players)
    bye = match.status == Match.Status.BYE
    return (
        round_number,
        group.number or None,
        tables.as_value(match.table),
        first,
        None if bye else match.score1,
        None if bye else match.score2,
        second,
        statuses[match.status],
    )


def pairings_sheet(club: ClubNight) -> Sheet:
    """Every pairing round by round (the groups of a round together, as they are played
    on the night), then the round's byes; the group blank when the whole field plays."""
    headers = [
        _("Round"),
        _("Group"),
        _("Table"),
        _("Player 1"),
        _("Score 1"),
        _("Score 2"),
        _("Player 2"),
        _("Status"),
    ]
    statuses = {key: str(label) for key, label in Match.Status.choices}
    keyed = [
        ((club_round.number, group.number), _pairing(club_round.number, group, match, statuses))
        for group in club.groups
        for club_round in group.rounds
        for match in (*club_round.matches, *club_round.byes)
    ]
    keyed.sort(key=lambda item: item[0])  # stable: each round's pairings stay in order
    rows = [row for _key, row in keyed]
    return Sheet(_("Pairings"), headers, rows, fit(headers, rows))


def lives_sheet(club: ClubNight) -> Sheet:
    """A Swiss with lives: the players still in with their lives left, then those out
    in order of elimination (`queries.lives`, as the page shows them)."""
    headers = [
        _("Place"),
        _("Player"),
        _("Lives left"),
        _("Losses"),
        _("Wins"),
        _("Byes"),
        _("Out in round"),
        _("Re-entered"),
    ]
    # Ending in a knockout of the last N: who went on to it (its matches are on the
    # matches sheet, its places on the places sheet).
    knockout = club.tournament.played_as.knockout_follows(club.tournament)
    if knockout:
        headers.append(_("Knockout"))
    rows = [
        (
            row.place_label,
            getattr(row.player, "name", str(row.player)),
            row.lives_left if row.still_in or row.won or row.went_on else None,
            row.losses,
            row.wins,
            row.byes,
            row.out_round,
            _("yes") if row.reentered else "",
            *(
                [_("yes") if getattr(row.player, "pk", row.player) in club.knockout_players else ""]
                if knockout
                else []
            ),
        )
        for row in club.lives
    ]
    return Sheet(_("Swiss with lives"), headers, rows, fit(headers, rows))


def club_night_sheets(club: ClubNight) -> list[Sheet]:
    """Its standings (scored with Swiss tie-breaks, or by the lives left), then the
    pairings."""
    standings = standings_sheet if club.tournament.played_as.scored else lives_sheet
    return [standings(club), pairings_sheet(club)]
