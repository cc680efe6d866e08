"""A tournament's money: each bracket's pool (what was actually paid, less the club's
cut) and side pool, and, once a bracket's places are known, its prizes (`core.prizes`:
ties share, whole amounts, the remainder to the best place). The results page, the
JSON and the workbook all read this, so they never disagree."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from decimal import Decimal

from django.utils.translation import gettext

from ..core import draw, prizes
from ..models import Bracket, Match, Payment, Player, Tournament
from ..models.stored_draw import StoredDraw
from .bracket_layout import BRACKET_LABELS


def pool_label(kind: str, side: bool) -> str:
    """ "Main bracket", or "Main bracket: side pool"."""
    label = str(BRACKET_LABELS[kind])
    return gettext("%(bracket)s: side pool") % {"bracket": label} if side else label


@dataclass
class Pool:
    kind: str  # the bracket's kind
    side: bool  # a side pool: only the players who joined share it
    paid: Decimal  # what was paid into it
    amount: Decimal  # what is shared: paid, less the club's cut (never on a side pool)
    players: int  # how many paid

    @property
    def label(self) -> str:
        return pool_label(self.kind, self.side)


@dataclass
class PrizeLine:
    """A place band's prize: each of its players wins `amount`."""

    kind: str
    side: bool
    places: str  # "1", "3-4"
    amount: Decimal
    players: list[Player] = field(default_factory=list)

    @property
    def label(self) -> str:
        return pool_label(self.kind, self.side)


@dataclass
class Money:
    pools: list[Pool]
    prizes: list[PrizeLine]

    @property
    def any(self) -> bool:
        return any(pool.paid for pool in self.pools)


def _settled(stored: StoredDraw, kind: str) -> bool:
    """Every place of the bracket is known: its final is decided (or nobody reached it)."""
    final = stored.rows[stored.plan.bracket(kind).final.slot]
    return final.status in Match.SETTLED_STATUSES


def tournament_money(
    tournament: Tournament, *, brackets=None, matches=None, keep_plan: bool = True
) -> Money:
    """The pools and, for the brackets whose places are all known, the prizes: one
    query for the payments, and the brackets and the matches (with their players) unless
    the caller has them already. `keep_plan=False` for a read of a whole season
    (`StoredDraw.load`)."""
    if brackets is None:
        brackets = Bracket.objects.filter(tournament=tournament)
    brackets = {bracket.kind: bracket for bracket in brackets}
    paid: dict[tuple[str, bool], list[Decimal]] = defaultdict(list)
    joined: dict[str, set[int]] = defaultdict(set)
    rows = Payment.objects.filter(entry__tournament=tournament).values_list(
        "bracket", "side", "amount", "entry__player_id"
    )
    for kind, side, amount, player_id in rows:
        paid[(kind, side)].append(amount)
        if side:
            joined[kind].add(player_id)
    pools = []
    order = {kind: number for number, kind in enumerate(draw.BRACKET_KINDS)}
    for (kind, side), amounts in sorted(
        paid.items(), key=lambda item: (order[item[0][0]], item[0][1])
    ):
        bracket = brackets.get(kind)
        cut = Decimal(0) if side or bracket is None else bracket.club_cut
        pools.append(
            Pool(kind, side, sum(amounts, Decimal(0)), prizes.pool(amounts, cut), len(amounts))
        )
    lines = _prizes(tournament, pools, brackets, joined, matches, keep_plan) if pools else []
    return Money(pools, lines)


def _prizes(tournament, pools, brackets, joined, matches, keep_plan) -> list[PrizeLine]:
    if matches is None:
        matches = list(tournament.matches.select_related("bracket", "player1", "player2"))
    stored = StoredDraw.load(tournament, matches, keep_plan=keep_plan)
    if stored is None:
        return []
    shares: list[tuple[str, bool, prizes.Prize]] = []
    for pool in pools:
        bracket = brackets.get(pool.kind)
        if bracket is None or not stored.plan.has_bracket(pool.kind) or not pool.amount:
            continue
        if not _settled(stored, pool.kind):
            continue
        places = stored.places(pool.kind)
        if pool.side:
            places = prizes.rerank(
                {player: band for player, band in places.items() if player in joined[pool.kind]}
            )
        for prize in prizes.share(pool.amount, bracket.payout_scale, places):
            shares.append((pool.kind, pool.side, prize))
    names = {
        player.pk: player
        for match in matches
        for player in (match.player1, match.player2)
        if player is not None
    }
    lines: dict[tuple[str, bool, str, Decimal], PrizeLine] = {}
    for kind, side, prize in shares:
        key = (kind, side, prize.label, prize.amount)
        line = lines.setdefault(key, PrizeLine(kind, side, prize.label, prize.amount))
        line.players.append(names[prize.player])
    for line in lines.values():
        line.players.sort(key=lambda player: player.name.casefold())
    return list(lines.values())
