"""The locks every writer takes, always in the same order (the tournament, then the
match), so that two directors working on one cup queue up instead of deadlocking."""

from __future__ import annotations

from django.db.models import Exists, OuterRef

from ..models import Analysis, Entry, Match, Tournament, Transcript
from ..models.rating_policies import FEDERATION_POLICY
from .errors import MatchGone, StaleMatch


def lock_tournament(tournament: Tournament | int) -> Tournament:
    """The tournament, locked for the rest of the transaction, with its season, its
    club and the federation's rating policy (the ratings' refresh then reads no
    policy: `models.rating_policies.of_tournament`)."""
    pk = tournament.pk if isinstance(tournament, Tournament) else tournament
    # Whether anyone has withdrawn comes with the lock: a decision then needs no query
    # for the walkovers of the matches it makes ready (stored_draw.load_rows).
    withdrawn = Entry.objects.filter(tournament=OuterRef("pk"), withdrawn=True)
    return (
        Tournament.objects.select_for_update(of=("self",))
        .select_related("season__club")
        .annotate(any_withdrawn=Exists(withdrawn), federation_rating_policy=FEDERATION_POLICY)
        .get(pk=pk)
    )


def lock_match(match: Match | int) -> Match:
    """The match, locked, after its tournament: every writer takes the locks in that order.

    Raises MatchGone when the match is no longer there: another transaction (pairing
    the newest round again) removed it while this one waited for the tournament."""
    if isinstance(match, Match):
        # A match never changes tournament: the instance's is the row's, one query less.
        pk, tournament_id = match.pk, match.tournament_id
    else:
        pk = match
        try:
            tournament_id = Match.objects.values_list("tournament_id", flat=True).get(pk=pk)
        except Match.DoesNotExist:
            raise MatchGone from None
    tournament = lock_tournament(tournament_id)
    # Whether a transcript or an analysis describes the games comes with the lock: taking
    # a game back then needs no query to know there is none to remove (stale_transcripts).
    held = Exists(Transcript.objects.filter(match=OuterRef("pk"))) | Exists(
        Analysis.objects.filter(match=OuterRef("pk"))
    )
    try:
        match = (
            Match.objects.select_for_update(of=("self",))
            .select_related("player1", "player2", "bracket")
            .annotate(files_held=held)
            .get(pk=pk)
        )
    except Match.DoesNotExist:
        raise MatchGone from None
    match.tournament = tournament
    return match


def check_version(match: Match, expected_version: int | None) -> None:
    """Refuse a form rendered for an earlier state of the match."""
    if expected_version is not None and match.version != expected_version:
        raise StaleMatch(match)
