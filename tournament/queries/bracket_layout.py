"""A tournament's brackets laid out for reading: rounds in order with their match length,
each match with its two players, or where a player still to come will come from.

The bracket page and the JSON API both read this, so they never disagree. It works on
rows already fetched (a fixed number of queries, whatever the field).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import partial

from django.db.models import Case, IntegerField, When
from django.utils.translation import gettext

from ..core import draw, league, scoring
from ..models import Bracket, Match, Player, Tournament
from ..models.stored_draw import StoredDraw
from .feeders import feeders_of
from .match_labels import (
    BRACKET_LABELS,
    DOUBLE_LABELS,
    ENTRY_LOSER_NOTE,
    FIRST_LOSER_NOTE,
    round_name,
    source_text,
)

__all__ = [  # the names other modules read here
    "BRACKET_LABELS",
    "DOUBLE_LABELS",
    "BracketView",
    "MatchView",
    "NextMatch",
    "SlotView",
    "lay_out",
    "next_match_of",
    "path_of",
    "round_name",
    "window",
]

LIVE_READY_PENDING = Case(
    When(status=Match.Status.LIVE, then=0),
    When(status=Match.Status.READY, then=1),
    default=2,
    output_field=IntegerField(),
)


@dataclass
class SlotView:
    player: Player | None
    # Where the player comes from, e.g. "Winner of Quarter-final 1" (`source`): the
    # words, or what says them when asked. A page reads few of a 256-player cup's 1,000:
    # a card with its player shows the name, and the rounds out of its window nothing.
    where: str | Callable[[], str]
    score: int | None
    won: bool = False
    mine: bool = False  # the player a visitor looked for
    # The page's shorter form of `source` where the round says the rest once (a
    # first-round loser's "or, after a bye, ..."); the JSON keeps the whole sentence.
    short_where: str | Callable[[], str] = ""
    # Where the player looked for goes if they win their open match.
    ahead: bool = False

    @property
    def source(self) -> str:
        if callable(self.where):
            self.where = self.where()
        return self.where

    @property
    def short_source(self) -> str:
        if callable(self.short_where):
            self.short_where = self.short_where()
        return self.short_where

    @property
    def label(self) -> str:
        return self.short_source or self.source

    @property
    def classes(self) -> str:
        """The card's CSS classes for this side (one lookup in the template, which
        renders every slot of a 256-player cup)."""
        return "".join(
            word
            for word, on in (
                (" won", self.won),
                (" unknown", self.player is None),
                (" mine", self.mine),
                (" ahead", self.ahead),
            )
            if on
        )

    @property
    def hint(self) -> str:
        """What the colour of a marked side says, for a screen reader."""
        if self.mine:
            return gettext("(the player you looked for)")
        if self.ahead:
            return gettext("(where the player you looked for goes on winning)")
        return ""


@dataclass
class MatchView:
    match: Match
    slots: tuple[SlotView, SlotView]
    crawford_next: bool = False  # a live match whose next game is the Crawford game

    @property
    def mine(self) -> bool:
        return any(slot.mine for slot in self.slots)

    @property
    def status(self) -> str:
        return self.match.status

    @property
    def winner_side(self) -> int | None:
        return self.match.winner_side

    @property
    def ahead(self) -> bool:
        return any(slot.ahead for slot in self.slots)

    @property
    def not_needed(self) -> bool:
        """A grand final's reset left void: the winners' bracket's winner won the final."""
        return self.match.source1_kind in draw.RESET_KINDS


@dataclass
class RoundView:
    number: int
    name: str
    length: int
    matches: list[MatchView] = field(default_factory=list)
    note: str = ""  # said once under the round's heading, not in every slot
    # False: the page sends the round's heading alone, its cards on demand (window).
    sent: bool = True
    # The sent round's cards as HTML, rendered or kept (web.cards.render_cards).
    cards: list[str] = field(default_factory=list)

    @property
    def mine(self) -> bool:
        return any(item.mine for item in self.matches)

    @property
    def in_play(self) -> bool:
        return any(item.match.is_open for item in self.matches)


@dataclass
class PlaceView:
    places: str  # "1", "3-4"
    players: list[Player]
    # The players as links to their pages, HTML (web.cards.link_places).
    links: str = ""


@dataclass
class BracketView:
    bracket: Bracket
    rounds: list[RoundView]
    champion: Player | None
    places: list[PlaceView]
    double: bool = False  # a double elimination's bracket
    # Settled with fewer than two players ever in it (a thin last chance): not played,
    # so no champion and no places.
    unplayed: bool = False

    @property
    def kind(self) -> str:
        return self.bracket.kind

    @property
    def label(self) -> str:
        if self.double and self.bracket.kind in DOUBLE_LABELS:
            return str(DOUBLE_LABELS[self.bracket.kind])
        return str(BRACKET_LABELS[self.bracket.kind])

    @property
    def start_round(self) -> int:
        """The round a phone shows first: the one of the highlighted player's current
        match (their first still to finish, else their last), else the first round
        still in play, else the final once played (round 1 before any play)."""
        mine = [r for r in self.rounds if r.mine]
        if mine:
            current = [r for r in mine if any(i.mine and _to_play(i.match) for i in r.matches)]
            return (current or mine[::-1])[0].number
        for round_view in self.rounds:
            if round_view.in_play:
                return round_view.number
        played = any(i.match.is_decided for r in self.rounds for i in r.matches)
        return self.rounds[-1].number if played else 1

    @property
    def rows(self) -> int:
        """The most matches in one round: what decides the printed bracket's height."""
        return max(len(round_view.matches) for round_view in self.rounds)

    @property
    def paper(self) -> str:
        """The landscape sheet the bracket prints on, one sheet per bracket: A4 up to a
        32-player bracket, A3 and A2 for each doubling, A0 for 256 (a printer scales
        it down to its paper)."""
        for rows, paper in PAPERS:
            if self.rows <= rows:
                return paper
        return PAPERS[-1][1]


# A bracket of more cards than this is sent as a window of rounds (see `window`): a
# 64-player main bracket (63 cards) is sent whole, a 128- or 256-player one is not.
WINDOW_FROM = 64


def window(brackets: list[BracketView]) -> bool:
    """Marks the rounds a page sends as headings alone: in a bracket of more than
    WINDOW_FROM cards, every round but the one a phone shows first (`start_round`: the
    followed player's, else the one in play) and its two neighbours. A 256-player cup
    is 7,000 elements whole, and a phone shows one round at a time; the others come on
    demand (rounds.js, or the page's ?rounds=all). True when some round was left out."""
    left_out = False
    for bracket in brackets:
        if sum(len(round_view.matches) for round_view in bracket.rounds) <= WINDOW_FROM:
            continue
        start = bracket.start_round
        for round_view in bracket.rounds:
            round_view.sent = abs(round_view.number - start) <= 1
            left_out = left_out or not round_view.sent
    return left_out


# (most matches in a round, paper): see BracketView.paper and the print rules in site.css.
PAPERS = ((16, "a4"), (32, "a3"), (64, "a2"), (128, "a0"))


def _to_play(match: Match) -> bool:
    """Still to be decided (players known or not): the status group `to_play`."""
    return match.status in Match.TO_PLAY_STATUSES


def _source_text(
    match: Match, side: int, rows_by_id: dict[int, Match], names: draw.Names, short: bool = False
) -> str:
    """Where a side's player comes from, in words; `short` says a first-match loser's
    source as a plain loser's (the round's note says the rest, see FIRST_LOSER_NOTE)."""
    kind = (match.source1_kind, match.source2_kind)[side]
    if kind == draw.ENTRANT:
        player = match.players[side]
        return player.name if player else ""
    if kind == draw.BYE:
        return gettext("Bye")
    source = rows_by_id[(match.source1_match_id, match.source2_match_id)[side]]
    return source_text(names, kind, source, match.bracket.kind, short=short)


def _sides(match: Match) -> tuple[tuple[str, int | None], tuple[str, int | None]]:
    """Each side's source kind and source match id."""
    return (
        (match.source1_kind, match.source1_match_id),
        (match.source2_kind, match.source2_match_id),
    )


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
    rules = tournament.season.rules
    players = {}
    for match in matches:
        for player in match.players:
            if player is not None:
                players[player.pk] = player
    stored = StoredDraw.load(tournament, matches)
    # The names of every bracket's rounds, for the sources that cross brackets.
    last: dict[str, int] = {}
    for match in matches:
        last[match.bracket.kind] = max(last.get(match.bracket.kind, 0), match.round)
    # A double elimination is read from its draw (a grand final), as core.draw does.
    double = stored is not None and stored.ends_in_grand_final
    names = draw.Names(last, double=double)
    order = {kind: number for number, kind in enumerate(draw.BRACKET_KINDS)}
    views = []
    # The highlighted player's open matches, and the slots their winner goes to: the
    # path still ahead of them, marked round after round.
    way: set[int] = set()
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
            view = _match_view(match, rows_by_id, names, highlight, way)
            view.crawford_next = match.is_live and scoring.crawford_next(
                match.length,
                (match.raw_score1, match.raw_score2),
                match.crawford_game is not None,
                rules,
            )
            if view.mine and _to_play(match):
                way.add(match.pk)
            if view.ahead:
                way.add(match.pk)
            round_view = rounds[match.round - 1]
            round_view.matches.append(view)
            kinds = {kind for kind, _source in _sides(match)}
            if draw.ENTRY_LOSER in kinds:
                round_view.note = str(ENTRY_LOSER_NOTE)
            elif draw.FIRST_LOSER in kinds and not round_view.note:
                round_view.note = str(FIRST_LOSER_NOTE)
        if double:
            # One title and one list of places, the event's, under the grand final.
            final = bracket.kind == draw.GRAND_FINAL
            champion_id = stored.champion_id(bracket.kind) if final else None
            places = _places(stored, draw.MAIN, players) if final else []
        else:
            champion_id = stored.champion_id(bracket.kind) if stored else None
            places = _places(stored, bracket.kind, players) if stored else []
        final_row = max(in_bracket, key=lambda row: (row.round, row.position))
        unplayed = final_row.is_settled_empty and bool(stored) and not stored.played(bracket.kind)
        views.append(
            BracketView(
                bracket=bracket,
                rounds=rounds,
                champion=players.get(champion_id),
                places=places,
                double=double,
                unplayed=unplayed,
            )
        )
    return views


def _match_view(
    match: Match,
    rows_by_id: dict[int, Match],
    names: draw.Names,
    highlight: int | None,
    way: set[int],
) -> MatchView:
    started = match.is_started
    settled_empty = match.is_settled_empty
    ids = (match.player1_id, match.player2_id)
    slots = []
    for side, (kind, source_id) in enumerate(_sides(match)):
        player = match.players[side]
        # An empty side of a bye says so, not where nobody came from.
        empty = settled_empty and player is None
        first_loser = kind in draw.FIRST_LOSS_KINDS and not empty
        text = partial(_source_text, match, side, rows_by_id, names)
        slots.append(
            SlotView(
                player=player,
                where=gettext("Bye") if empty else text,
                short_where=partial(text, short=True) if first_loser else "",
                score=match.score[side] if started else None,
                won=match.is_decided and match.winner_id == ids[side],
                mine=highlight is not None and ids[side] == highlight,
                ahead=player is None and kind == draw.WINNER and source_id in way,
            )
        )
    return MatchView(match, (slots[0], slots[1]))


def _places(stored: StoredDraw, kind: str, players: dict[int, Player]) -> list[PlaceView]:
    grouped: dict[tuple[int, int], list[Player]] = {}
    for player_id, place in stored.places(kind).items():
        grouped.setdefault(place, []).append(players[player_id])
    return [
        PlaceView(league.place_label(best, worst), sorted(group, key=str))
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


def next_match_of(player: Player) -> NextMatch | None:
    """The player's next match in a running public tournament (two queries)."""
    match = (
        Match.objects.to_play()
        .involving(player)
        .filter(
            tournament__public=True,
            tournament__status=Tournament.Status.RUNNING,
        )
        # With its club: the player's page links into the club's own pages.
        .select_related("tournament__season__club", "bracket", "player1", "player2")
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
