"""A draw's rounds, matches and slots in people's words, one label for each everywhere:
"Quarter-finals", "Quarter-final 1", "Consolation: Round 2, match 3", "Winner of
Quarter-final 1" (never "R3 M1").

Pure Python: no Django import and no I/O. The words are `Phrase`s (marked templates and
their values), translated where they are shown. A round is named from its bracket's
number of rounds (`Names.rounds`): the last is the final, and the main bracket's two
before it the semi-finals and the quarter-finals; the others are numbered.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from ..messages import Phrase, Translate, _
from .plan import (
    BYE,
    CONSOLATION,
    ENTRANT,
    ENTRY_LOSER,
    FIRST_LOSER,
    GRAND_FINAL,
    LAST_CHANCE,
    LOSER,
    MAIN,
    RESET_LOSER,
    RESET_WINNER,
    WINNER,
    DrawPlan,
    Slot,
    Source,
)

BRACKET_TITLES = {
    MAIN: _("Main bracket"),
    CONSOLATION: _("Consolation"),
    LAST_CHANCE: _("Last chance"),
    GRAND_FINAL: _("Grand final"),
}
# A double elimination's main bracket and consolation by their own names.
DOUBLE_TITLES = {
    MAIN: _("Winners' bracket"),
    CONSOLATION: _("Losers' bracket"),
}

_SOURCES = {
    WINNER: _("Winner of %(match)s"),
    LOSER: _("Loser of %(match)s"),
    FIRST_LOSER: _("Loser of %(match)s (or, after a bye, of their first match)"),
    ENTRY_LOSER: _(
        "Who dropped into %(match)s, if they lose their first match (there, or after a bye)"
    ),
    RESET_WINNER: _("Winner of %(match)s, if the losers' bracket's winner won it"),
    RESET_LOSER: _("Loser of %(match)s, if the losers' bracket's winner won it"),
}
# The bracket page's shorter forms, where a note under the round says the rest once.
_SHORT_SOURCES = {
    FIRST_LOSER: _SOURCES[LOSER],
    ENTRY_LOSER: _SOURCES[LOSER],
}
IN_BRACKET = _("%(bracket)s: %(match)s")


@dataclass(frozen=True)
class Names:
    """How a draw's rounds and matches are named: each bracket's number of rounds (a
    bracket missing or at 0 names no final), and whether it is a double elimination
    (its main bracket and consolation have names of their own, and its main bracket
    is named too, as its final is not the event's)."""

    rounds: Mapping[str, int] = field(default_factory=dict, hash=False)
    double: bool = False

    def title(self, kind: str) -> str:
        """The bracket's name (a marked template)."""
        if self.double and kind in DOUBLE_TITLES:
            return DOUBLE_TITLES[kind]
        return BRACKET_TITLES[kind]

    def round(self, kind: str, number: int, within: str | None = None) -> Phrase:
        """The round's name, "Quarter-finals", "Round 2"; with its bracket's name in
        front where it is read outside it (`within`, as for `match`: the bracket
        page's headings give their own bracket)."""
        last = self.rounds.get(kind, 0)
        if kind == GRAND_FINAL:
            words = Phrase(_("Grand final") if number == 1 else _("Reset (if needed)"))
        elif number == last:
            words = Phrase(_("Final"))
        elif kind == MAIN and number == last - 1:
            words = Phrase(_("Semi-finals"))
        elif kind == MAIN and number == last - 2:
            words = Phrase(_("Quarter-finals"))
        else:
            words = Phrase(_("Round %(number)d"), {"number": number})
        return self._placed(kind, words, within)

    def match(self, slot: Slot, within: str | None = None) -> Phrase:
        """The match's name, "Quarter-final 1", "Final", "Round 1, match 3".

        `within`: the bracket it is read in (a slot's source in the match it feeds):
        its name in front when the match is in another. Read on its own (None), every
        bracket's but the main one's (a double elimination's too)."""
        kind, number, position = slot.bracket, slot.round, slot.position
        last = self.rounds.get(kind, 0)
        if kind == GRAND_FINAL:
            words = Phrase(_("Grand final") if number == 1 else _("Grand final reset"))
        elif number == last:
            words = Phrase(_("Final"))
        elif kind == MAIN and number == last - 1:
            words = Phrase(_("Semi-final %(position)d"), {"position": position})
        elif kind == MAIN and number == last - 2:
            words = Phrase(_("Quarter-final %(position)d"), {"position": position})
        else:
            words = Phrase(
                _("Round %(round)d, match %(position)d"), {"round": number, "position": position}
            )
        return self._placed(kind, words, within)

    def source(self, source: Source, within: str | None = None, *, short: bool = False) -> Phrase:
        """Where a slot's player comes from: "Winner of Quarter-final 1", "Loser of Main
        bracket: Round 1, match 4", "Bye". `within`: the bracket of the match it feeds.
        `short`: a first-match loser's source as a plain loser's (a note says the rest)."""
        if source.kind == BYE:
            return Phrase(_("Bye"))
        if source.kind == ENTRANT:
            return Phrase(_("Entrant %(entrant)s"), {"entrant": source.entrant})
        assert source.match is not None  # noqa: S101 -- a match source names its match
        template = (_SHORT_SOURCES if short else _SOURCES).get(source.kind, _SOURCES[source.kind])
        return Phrase(template, {"match": self.match(source.match, within)})

    def describe(
        self, source: Source, translate: Translate | None = None, within: str | None = None
    ) -> str:
        """`source` in words, translated by `translate` if given."""
        return self.source(source, within).text(translate)

    def _placed(self, kind: str, words: Phrase, within: str | None) -> Phrase:
        home = within if within else (None if self.double else MAIN)
        if kind in (home, GRAND_FINAL):
            return words
        return Phrase(IN_BRACKET, {"bracket": Phrase(self.title(kind)), "match": words})


def names_of(plan: DrawPlan) -> Names:
    """The names of a plan's rounds and matches."""
    return Names(
        {bracket.kind: bracket.rounds for bracket in plan.brackets},
        double=plan.has_bracket(GRAND_FINAL),
    )
