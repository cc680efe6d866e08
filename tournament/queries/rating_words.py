"""Whether a match is rated, and why not, as its page says it: one line from the core's
decision (`core.rating_policy.decide`, asked through `Match.rating_decision`), each
reason in words and whose rule it was, the club's own policy or the federation's."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from ..core import rating_policy as policy
from ..models import Match

# Each reason a match is left out, as the line names it.
REASONS = {
    policy.WALKOVER: _("a walkover"),
    policy.RETIREMENT: _("a retirement"),
    policy.ON_TIME: _("lost on time"),
    policy.SETTLED: _("settled without being played out"),
    policy.TOO_SHORT: _("a %(length)s-point match"),
    policy.FRIENDLY: _("a friendly"),
    policy.FRIENDLY_NOT_AGREED: _("a friendly not agreed beforehand as rated"),
    policy.ONLINE: _("played online"),
    policy.NOT_DECIDED: _("not decided yet"),
    policy.BYE: _("no opponent"),
}
# Whose rule it was; a match not decided or without an opponent is no policy's doing.
SOURCES = {
    policy.FEDERATION: _("%(reason)s (federation policy)"),
    policy.CLUB: _("%(reason)s (club policy)"),
}


def rating_line(match: Match) -> str:
    """The page's line: "Rated.", or every reason, as in "Not rated: a walkover (club
    policy)."; none ("") for a match still to be decided that its policies do not
    leave out (it is rated or not by how it ends). The match is read with its tournament, season and club and the
    federation's policy (`queries.public_matches.public_match`): no query here."""
    decision = match.rating_decision()
    if decision.rated:
        return str(_("Rated."))
    if decision.codes == (policy.NOT_DECIDED,):
        return ""
    reasons = []
    for code, source in decision.reasons:
        said = (
            str(REASONS[code]) % {"length": match.length}
            if code == policy.TOO_SHORT
            else str(REASONS[code])
        )
        reasons.append(str(SOURCES[source]) % {"reason": said} if source in SOURCES else said)
    return str(_("Not rated: %(reasons)s.") % {"reasons": "; ".join(reasons)})
