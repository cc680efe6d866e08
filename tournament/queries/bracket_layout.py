"""A tournament's brackets laid out for reading: rounds in order with their match length,
each match with its two players, or where a player still to come will come from.

The bracket page and the JSON API both read this, so they never disagree. It works on
rows already fetched (a fixed number of queries, whatever the field).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from django.db.models import Case, IntegerField, When
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from ..core import draw
from ..models import Bracket, Match, Player, Tournament
from ..models.stored_draw import StoredDraw
from .feeders import feeders_of

LIVE_READY_PENDING = Case(
    When(status=Match.Status.LIVE, then=0),
    When(status=Match.Status.READY, then=1),
    default=2,
    output_field=IntegerField(),
)

BRACKET_LABELS = {
    draw.MAIN: _("Main bracket"),
    draw.CONSOLATION: _("Consolation"),
    draw.LAST_CHANCE: _("Last chance"),
}


@dataclass
class SlotView:
    player: Player | None
    source: str  # where the player comes from, e.g. "Winner of R2 M3"
    score: int | None
    won: bool = False
    mine: bool = False  # the player a visitor looked for


@dataclass
class MatchView:
    match: Match
    slots: tuple[SlotView, SlotView]

    @property
    def mine(self) -> bool:
        return any(slot.mine for slot in self.slots)

    @property
    def status(self) -> str:
        return self.match.status

    @property
    def winner_side(self) -> int | None:
        return self.match.winner_side


@dataclass
class RoundView:
    number: int
    name: str
    length: int
    matches: list[MatchView] = field(default_factory=list)


@dataclass
class PlaceView:
    places: str  # "1", "3-4"
    players: list[Player]


@dataclass
class BracketView:
    bracket: Bracket
    rounds: list[RoundView]
    champion: Player | None
    places: list[PlaceView]

    @property
    def kind(self) -> str:
        return self.bracket.kind

    @property
    def label(self) -> str:
        return str(BRACKET_LABELS[self.bracket.kind])


def round_name(kind: str, number: int, rounds: int) -> str:
    if number == rounds:
        return gettext("Final")
    if kind == draw.MAIN and number == rounds - 1:
        return gettext("Semi-finals")
    if kind == draw.MAIN and number == rounds - 2:
        return gettext("Quarter-finals")
    return gettext("Round %(number)d") % {"number": number}


def _source_text(match: Match, side: int, rows_by_id: dict[int, Match]) -> str:
    kind = (match.source1_kind, match.source2_kind)[side]
    if kind == draw.ENTRANT:
        player = match.players[side]
        return player.name if player else ""
    if kind == draw.BYE:
        return gettext("Bye")
    source_id = (match.source1_match_id, match.source2_match_id)[side]
    source = rows_by_id[source_id]
    slot = draw.Slot(source.bracket.kind, source.round, source.position)
    return draw.Source(kind, match=slot).describe(gettext, within=match.bracket.kind)


def lay_out(
    tournament: Tournament,
    matches: Iterable[Match],
    bracket_rows: Iterable[Bracket],
    highlight: int | None = None,
) -> list[BracketView]:
    """The brackets that have matches, main first, laid out round by round; the slots of
    player `highlight` (an id) are marked, to show a player their path."""
    matches = [match for match in matches if match.bracket_id is not None]
    rows_by_id = {match.pk: match for match in matches}
    players = {}
    for match in matches:
        for player in match.players:
            if player is not None:
                players[player.pk] = player
    stored = StoredDraw.load(tournament, matches)
    order = {kind: number for number, kind in enumerate(draw.BRACKET_KINDS)}
    views = []
    for bracket in sorted(bracket_rows, key=lambda row: order[row.kind]):
        in_bracket = [match for match in matches if match.bracket_id == bracket.pk]
        if not in_bracket:
            continue
        rounds_count = max(match.round for match in in_bracket)
        rounds = [
            RoundView(
                number,
                round_name(bracket.kind, number, rounds_count),
                bracket.length_for_round(number),
            )
            for number in range(1, rounds_count + 1)
        ]
        for match in sorted(in_bracket, key=lambda row: (row.round, row.position)):
            started = match.is_started
            settled_empty = match.is_settled_empty
            slots = tuple(
                SlotView(
                    player=match.players[side],
                    # An empty side of a bye says so, not where nobody came from.
                    source=gettext("Bye")
                    if settled_empty and match.players[side] is None
                    else _source_text(match, side, rows_by_id),
                    score=match.score[side] if started else None,
                    won=match.is_decided
                    and match.winner_id == (match.player1_id, match.player2_id)[side],
                    mine=highlight is not None
                    and (match.player1_id, match.player2_id)[side] == highlight,
                )
                for side in (0, 1)
            )
            rounds[match.round - 1].matches.append(MatchView(match, slots))
        champion_id = stored.champion_id(bracket.kind) if stored else None
        views.append(
            BracketView(
                bracket=bracket,
                rounds=rounds,
                champion=players.get(champion_id),
                places=_places(stored, bracket.kind, players) if stored else [],
            )
        )
    return views


def _places(stored: StoredDraw, kind: str, players: dict[int, Player]) -> list[PlaceView]:
    grouped: dict[tuple[int, int], list[Player]] = {}
    for player_id, place in stored.places(kind).items():
        grouped.setdefault(place, []).append(players[player_id])
    return [
        PlaceView(str(best) if best == worst else f"{best}-{worst}", sorted(group, key=str))
        for (best, worst), group in sorted(grouped.items())
    ]


def path_of(brackets: list[BracketView]) -> list[MatchView]:
    """The highlighted player's matches, bracket by bracket and round by round."""
    return [
        item
        for bracket in brackets
        for round_view in bracket.rounds
        for item in round_view.matches
        if item.mine
    ]


@dataclass
class NextMatch:
    """A player's next match: the opponent, or where the opponent will come from."""

    match: Match
    opponent: Player | None
    opponent_source: str
    # The match the opponent comes from, with its players and score (None when known).
    feeder: Match | None = None

    @property
    def bracket_label(self) -> str:
        return str(BRACKET_LABELS[self.match.bracket.kind]) if self.match.bracket_id else ""


def next_match_of(player: Player) -> NextMatch | None:
    """The player's next match in a running public tournament (two queries)."""
    match = (
        Match.objects.to_play()
        .involving(player)
        .filter(
            tournament__public=True,
            tournament__status=Tournament.Status.RUNNING,
        )
        .select_related("tournament", "bracket", "player1", "player2")
        .order_by(LIVE_READY_PENDING, "tournament__date", "round", "pk")
        .first()
    )
    if match is None:
        return None
    side = match.side_of(player)
    opponent = match.players[1 - side]
    if opponent is not None:
        return NextMatch(match, opponent, "")
    feeder = feeders_of(match)[1 - side]
    if feeder is None:
        return NextMatch(match, None, "")
    return NextMatch(match, None, feeder.text, feeder.match)
