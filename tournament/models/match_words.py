"""A match in people's words, one label everywhere (core.draw.words): "Quarter-final 1",
"Consolation: Round 2, match 3", a club night's "Round 3". A part of `Match` (a mixin),
read by the pages, the slips, the calendars and the workbook; never by the rules."""

from __future__ import annotations

from django.utils.translation import gettext

from ..core import draw
from ..core.messages import Phrase


class MatchWords:
    def names(self) -> draw.Names:
        """How its bracket's rounds are named: from the bracket's number of rounds (no
        query more with the bracket read), and a double elimination's brackets by their
        own names when the tournament was read with the match."""
        known = type(self).tournament.is_cached(self)
        # Left as it is (issue 39): the cup's consolation setting, which names its
        # brackets (a losers' bracket, a grand final) as the core's draw does
        # (`draw.Names`), not which format the tournament is.
        double = known and draw.ends_in_grand_final(self.tournament.consolation)
        return draw.Names({self.bracket.kind: self.bracket.rounds}, double=double)

    @property
    def slot(self) -> draw.Slot | None:
        """Its place in the draw, for a bracket's match."""
        if self.bracket_id is None or self.round is None:
            return None
        return draw.Slot(self.bracket.kind, self.round, self.position)

    @property
    def label(self) -> str:
        """The match: "Quarter-final 1", "Consolation: Round 2, match 3", "Final"; a
        club night's round; "" for a friendly."""
        slot = self.slot
        if slot is None:
            return self.round_label
        return self.names().match(slot).text(gettext)

    @property
    def label_words(self) -> Phrase | None:
        """A bracket's match's label as words to translate where they are read (the
        history keeps it so: models.audit.Said); None outside brackets."""
        slot = self.slot
        return None if slot is None else self.names().match(slot)

    @property
    def round_label(self) -> str:
        """Its round: "Quarter-finals", "Consolation: Round 2", a club night's "Round 3"
        (in a group, "Group 2, Round 3"); "" for a friendly."""
        if self.round is None:
            return ""
        if self.bracket_id is None:
            text = gettext("Round %(number)d") % {"number": self.round}
            if self.group:
                group = gettext("Group %(number)s") % {"number": self.group}
                text = f"{group}, {text}"
            return text
        return self.names().round(self.bracket.kind, self.round).text(gettext)
