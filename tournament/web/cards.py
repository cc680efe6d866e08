"""A bracket's cards, each rendered once per state of what it shows.

A game recorded changes one card (and the card its winner goes to), yet the brackets of
a 256-player cup hold 700: rendering them all again after each change cost a hundred
times the login page. Each card is kept in Django's cache under a key made of
everything it shows (the match's status, score, table and players, the followed
player's marks, the language and the code), so the cards of an unchanged match come
back from one `get_many` and only the others are rendered. A key names one state of a
card, so it is never stale; the timeout only bounds what is kept.
"""

from __future__ import annotations

import hashlib

from django.core.cache import cache
from django.template.loader import get_template
from django.urls import reverse
from django.utils.html import escape
from django.utils.safestring import SafeString
from django.utils.translation import get_language

from ..queries.bracket_layout import BracketView, MatchView
from .live import KEEP_RENDERED, code_version

CARD = "tournament/includes/bracket_match.html"
# Around each card: its list item, classed for the match's status and the followed player.
OPENING = '<li class="match status-{status}{mine}{ahead}">'
CLOSING = "</li>\n"


def url_maker(name: str):
    """`reverse(name, args=[pk])` for many ids from one reverse (a route whose one
    argument is an <int:pk>): a bracket's final places link 256 players."""
    sample = 987654321
    head, tail = reverse(name, args=[sample]).rsplit(str(sample), 1)
    return lambda pk: f"{head}{pk}{tail}"


def link_places(brackets: list[BracketView]) -> None:
    """Each final place's players as links to their pages (PlaceView.links, HTML): a
    finished 256-player cup lists 500 of them, joined here rather than in a template
    loop (half the cost of the brackets' template)."""
    player_url = url_maker("player")
    for bracket in brackets:
        for place in bracket.places:
            place.links = SafeString(
                ", ".join(
                    f'<a href="{escape(player_url(player.pk))}">{escape(player.name)}</a>'
                    for player in place.players
                )
            )


def _state(item: MatchView) -> str:
    """Everything the card shows, as a short key (memcached stops at 250 characters)."""
    match = item.match
    shown = [
        match.pk,
        match.position,
        match.status,
        match.status_label,
        item.crawford_next,
        match.post_crawford,
        match.called_to,
        match.waits_for_table,
        match.player1_id,
        match.player2_id,
    ]
    for slot in item.slots:
        player = slot.player
        shown += [
            player.name if player else slot.label,  # the source only where it shows
            slot.score,
            slot.won,
            slot.mine,
            slot.ahead,
        ]
    return hashlib.sha256(repr(shown).encode()).hexdigest()[:32]


def _render(template, item: MatchView) -> str:
    opening = OPENING.format(
        status=escape(item.status),
        mine=" mine" if item.mine else "",
        ahead=" ahead" if item.ahead else "",
    )
    return opening + template.render({"item": item}) + CLOSING


def render_cards(brackets: list[BracketView]) -> None:
    """Each sent round's cards (RoundView.cards), from the cache where their state was
    rendered before; the others rendered now and kept."""
    prefix = f"card:{code_version()}:{get_language() or ''}:"
    items = [
        (round_view, item, prefix + _state(item))
        for bracket in brackets
        for round_view in bracket.rounds
        if round_view.sent
        for item in round_view.matches
    ]
    for bracket in brackets:
        for round_view in bracket.rounds:
            round_view.cards = []
    kept = cache.get_many([key for _round, _item, key in items])
    template = get_template(CARD)
    new = {}
    for round_view, item, key in items:
        html = kept.get(key)
        if html is None:
            html = new[key] = _render(template, item)
        round_view.cards.append(SafeString(html))
    if new:
        cache.set_many(new, KEEP_RENDERED)
