"""Where a match stands in its tournament, in words and as a fact: its round as the
bracket page names it ("Final", "Consolation: Semi-finals", "Round 3") and whether it
is the final of the main bracket (the match a club analyses deeper, jobs.analysis).

The bracket's number of rounds is its highest round among its matches (as the bracket
page counts them), read as a subquery on the match's row: no query more per match."""

from __future__ import annotations

from django.db.models import Max, OuterRef, Subquery
from django.utils.translation import gettext

from ..core import draw
from ..models import Match
from .bracket_layout import BRACKET_LABELS, round_name

# Annotate a Match queryset with it (as `rounds_in_bracket`): its bracket's last round,
# or None for a match outside brackets.
ROUNDS_IN_BRACKET = Subquery(
    Match.objects.filter(bracket_id=OuterRef("bracket_id"))
    .values("bracket_id")
    .annotate(last=Max("round"))
    .values("last")[:1]
)


def round_label(match: Match, rounds_in_bracket: int | None) -> str:
    """The match's round in words, in the active language ("" when it has none).

    `match.bracket` is read for a bracket's match (select_related it)."""
    if match.round is None:
        return ""
    if match.bracket_id is None:
        text = gettext("Round %(number)d") % {"number": match.round}
        if match.group:
            group = gettext("Group %(number)s") % {"number": match.group}
            text = f"{group}, {text}"
        return text
    kind = match.bracket.kind
    text = round_name(kind, match.round, rounds_in_bracket or match.round)
    if kind != draw.MAIN:
        text = f"{BRACKET_LABELS[kind]}: {text}"
    return text


def is_main_final(match_id: int) -> bool:
    """The match is the last round of its tournament's main bracket (one query)."""
    row = (
        Match.objects.filter(pk=match_id, bracket__kind=draw.MAIN)
        .annotate(rounds_in_bracket=ROUNDS_IN_BRACKET)
        .values_list("round", "rounds_in_bracket")
        .first()
    )
    # A one-round bracket (two players) is a final too.
    return row is not None and row[0] is not None and row[0] == row[1]
