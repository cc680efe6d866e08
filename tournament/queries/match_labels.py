"""Where a match stands in its tournament, in words and as a fact: its brackets' names,
its round and the match as every page names them ("Quarter-finals", "Quarter-final 1",
"Consolation: Round 2, match 3", "Winner of Quarter-final 1": core.draw.words, one
label per round everywhere), a slot's source, and whether it is the final of the main
bracket (the match a club analyses deeper, jobs.analysis).

A match's own label is `Match.label` (models.match_words), from its bracket's number of
rounds: no query more per match."""

from __future__ import annotations

from django.db.models import Max, OuterRef, Subquery
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from ..core import draw
from ..models import Match

# The brackets' names, lazily translated (the same words as core.draw's titles).
BRACKET_LABELS = {
    draw.MAIN: _("Main bracket"),
    draw.CONSOLATION: _("Consolation"),
    draw.LAST_CHANCE: _("Last chance"),
    draw.GRAND_FINAL: _("Grand final"),
}
# A double elimination's main bracket and consolation by their own names.
DOUBLE_LABELS = {
    draw.MAIN: _("Winners' bracket"),
    draw.CONSOLATION: _("Losers' bracket"),
}

# A bracket page's round with first-match losers' slots says once what their short
# "Loser of" means.
FIRST_LOSER_NOTE = _("For a player who had a bye, “Loser of” means the loser of their first match.")
ENTRY_LOSER_NOTE = _(
    "“Loser of” means a player who lost their first consolation match there (or, after "
    "a bye, the first match they played): one who had won a consolation match before "
    "is out."
)

# Annotate a Match queryset with it (as `rounds_in_bracket`): its bracket's last round,
# or None for a match outside brackets.
ROUNDS_IN_BRACKET = Subquery(
    Match.objects.filter(bracket_id=OuterRef("bracket_id"))
    .values("bracket_id")
    .annotate(last=Max("round"))
    .values("last")[:1]
)


def round_name(kind: str, number: int, rounds: int) -> str:
    """A round's name under its bracket's heading: "Quarter-finals", "Round 2"."""
    return draw.Names({kind: rounds}).round(kind, number, within=kind).text(gettext)


def round_label(match: Match, rounds_in_bracket: int | None = None) -> str:
    """The match's round in words, in the active language ("" when it has none):
    `Match.round_label`. `match.bracket` is read for a bracket's match (select_related
    it)."""
    return match.round_label


def source_text(
    names: draw.Names, kind: str, source: Match, within: str, *, short: bool = False
) -> str:
    """Where a side's player comes from, `source` being the row of the match that
    decides it: "Winner of Quarter-final 1", "Loser of Main bracket: Round 1, match 4".
    `short`: a first-match loser's source as a plain loser's (a round note says the
    rest)."""
    slot = draw.Slot(source.bracket.kind, source.round, source.position)
    return names.source(draw.Source(kind, match=slot), within, short=short).text(gettext)


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
