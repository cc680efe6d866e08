"""A Swiss with lives on the desk: the form by which an eliminated player buys back in
(the director's action, `lives_actions.reenter`: the desk imports this module, that
view imports the desk)."""

from __future__ import annotations

from ...forms.lives import ReentryForm
from ...models import Tournament
from ...models.lives_state import lives_state
from ...queries.director_desk import entries_of_players


def reentry_form(tournament: Tournament, data=None) -> ReentryForm | None:
    """The form, offering the players out who have not re-entered; None when the
    tournament has no re-entry or nobody may re-enter now."""
    if not tournament.allows_reentry or not tournament.matches.exists():
        return None
    event = lives_state(tournament)
    if event.finished or len(event.still_in()) < 3:
        return None
    out = [
        key
        for key, record in event.records.items()
        if record.out_round is not None and not record.reentered and not record.withdrawn
    ]
    eligible = entries_of_players(tournament, out)
    return ReentryForm(data, eligible=eligible) if out else None
