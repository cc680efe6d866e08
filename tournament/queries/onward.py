"""Where each player of a match went from it, and how it stands for them now: the
"where they go next" of the director's match sheet and of a bye's page.

A cup's answer comes from its plan (`core.draw.path_after`: the winner's next match in
the bracket, the consolation or last-chance match a loser drops into, byes passed
through, a title or the way out); a Swiss's or a round robin's from its rounds (the next
round's match or bye, the knockout after the groups, the final place). The sentences are
made here, once, so the templates only show them.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext, gettext_lazy

from ..core import draw, league
from ..models import Entry, Match, Player, Tournament
from ..models.stored_draw import StoredDraw
from . import lives
from .club_nights import FinalPlaces
from .club_nights import final_places as club_final_places
from .teams import player_places as team_player_places


@dataclass(frozen=True)
class Onward:
    """One player's line: where they went (`went`, with `next_match` to link) and how
    it stands for them now (`ended`, with `now_match` to link when that is a later match
    they are still to play). Either sentence may be empty."""

    player: Player
    went: str
    next_match: Match | None = None
    ended: str = ""
    now_match: Match | None = None


def where_next(match: Match) -> list[Onward]:
    """For a decided match or a bye: a line for each of its players, in side order (two
    queries: the tournament's matches, and for a club night who has withdrawn)."""
    players = [player for player in match.players if player is not None]
    if not players or not match.from_draw:
        return []
    tournament = match.tournament
    matches = list(tournament.matches.select_related("bracket", "player1", "player2"))
    stored = StoredDraw.load(tournament, matches)
    if match.bracket_id is not None:
        slot, resolutions = stored.slot_of[match.pk], stored.resolve()
        return [
            _cup_line(stored, player, draw.path_after(stored.plan, resolutions, player.pk, slot))
            for player in players
        ]
    withdrawn = set(
        Entry.objects.filter(tournament=tournament, withdrawn=True, player__in=players)
        .order_by()
        .values_list("player_id", flat=True)
    )
    rounds = _Rounds(tournament, matches, stored)
    return [rounds.line(match, player, player.pk in withdrawn) for player in players]


# --- a cup (or a round robin's knockout) ---------------------------------------------


# A double elimination's brackets as its players call them.
DOUBLE_BRACKET_WORDS = {
    draw.MAIN: gettext_lazy("winners'"),
    draw.CONSOLATION: gettext_lazy("losers'"),
}


def _where(stored: StoredDraw, row: Match) -> dict:
    """The match as every page names it ("Quarter-final 1", "Consolation: Round 2,
    match 3"), and its bracket in a sentence's words ("consolation"; a double
    elimination's, its draw having a grand final, "losers'")."""
    kind = row.bracket.kind
    if stored.ends_in_grand_final and kind in DOUBLE_BRACKET_WORDS:
        bracket = str(DOUBLE_BRACKET_WORDS[kind])
    else:
        bracket = row.bracket.get_kind_display()
    return {"bracket": bracket, "match": row.label}


def _cup_line(stored: StoredDraw, player: Player, path: draw.Path) -> Onward:
    ended, now = _path_words(stored, player, path)
    if path.next is None:
        return Onward(player, "", ended=ended)
    row = stored.rows[path.next]
    params = {"player": player.name, **_where(stored, row)}
    if row.is_decided:
        went = gettext("%(player)s played next: %(match)s")
    else:
        went = gettext("%(player)s plays next: %(match)s")
    return Onward(player, went % params, row, ended, now)


def _path_words(stored: StoredDraw, player: Player, path: draw.Path) -> tuple[str, Match | None]:
    """How the path stands: a title; out, with the place; or the match still to play,
    when it is further on than the next one (the next one says the rest)."""
    double = stored.ends_in_grand_final
    if path.state == draw.WON and double:
        return gettext("%(player)s won the tournament.") % {"player": player.name}, None
    if path.state == draw.OUT and double and path.place is not None:
        # Out of a double elimination only at the second loss: the place is the event's.
        params = {"player": player.name, **_where(stored, stored.rows[path.last])}
        words = gettext(
            "%(player)s lost a second time (%(match)s) and is out of the tournament: "
            "place %(place)s."
        )
        return words % {**params, "place": league.place_label(*path.place)}, None
    if path.state == draw.WON:
        final = stored.rows[stored.plan.bracket(path.bracket).final.slot]
        words = gettext("%(player)s won the %(bracket)s bracket.")
        return words % {"player": player.name, "bracket": final.bracket.get_kind_display()}, None
    if path.state == draw.OUT:
        params = {"player": player.name, **_where(stored, stored.rows[path.last])}
        if path.place is None:
            words = gettext("%(player)s lost (%(match)s) and is out of the tournament.")
            return words % params, None
        words = gettext(
            "%(player)s lost (%(match)s) and is out of the tournament: place %(place)s in "
            "the %(bracket)s bracket."
        )
        return words % {**params, "place": league.place_label(*path.place)}, None
    if path.last is not None and path.last != path.next:
        row = stored.rows[path.last]
        words = gettext("%(player)s plays now: %(match)s")
        return words % {"player": player.name, **_where(stored, row)}, row
    return "", None


# --- a Swiss or a round robin ---------------------------------------------------------


@dataclass
class _Rounds:
    tournament: Tournament
    matches: list[Match]
    stored: StoredDraw | None  # a round robin's or a Swiss's knockout, once drawn

    def line(self, match: Match, player: Player, withdrawn: bool) -> Onward:
        later = sorted(
            (
                row
                for row in self.matches
                if row.in_rounds
                and row.group == match.group
                and row.round > match.round
                and player.pk in (row.player1_id, row.player2_id)
            ),
            key=lambda row: row.round,
        )
        if not later and self.stored is not None and player.pk in self.stored.plan.entrants:
            # A group winner (or runner-up) goes on to the knockout.
            path = draw.path_after(self.stored.plan, self.stored.resolve(), player.pk)
            return _cup_line(self.stored, player, path)
        ended, now = self._ended(player, later)
        if later:
            row = later[0]
            params = {"player": player.name, "round": row.round}
            if row.is_bye:
                went = gettext("%(player)s has the bye in round %(round)s")
            elif row.is_decided or row.double_loss:
                went = gettext("%(player)s played next in round %(round)s")
            else:
                went = gettext("%(player)s plays next in round %(round)s")
            return Onward(player, went % params, row, ended, now)
        return Onward(player, self._nothing_after(match, player, withdrawn), ended=ended)

    def _nothing_after(self, match: Match, player: Player, withdrawn: bool) -> str:
        """Why no later match is known for the player."""
        tournament = self.tournament
        params = {"player": player.name, "round": match.round + 1}
        if withdrawn:
            return gettext("%(player)s has withdrawn and is not paired again.") % params
        played_as = tournament.played_as
        knockout = played_as.knockout_of(tournament)
        if played_as.lives:
            record = lives.state_of(tournament, self.matches).records.get(player.pk)
            if record is not None and not record.still_in():
                return gettext("%(player)s is out: their last life is lost.") % params
        if played_as.pairs_by_results:
            # Paired round by round: another round follows while any are left (all of
            # them, without a fixed number).
            more = not played_as.fixed_rounds or match.round < tournament.rounds
            if knockout and not played_as.fixed_rounds and more and self.stored is None:
                # Ending in a knockout of the last N: the next round, or that knockout.
                words = gettext(
                    "%(player)s waits for round %(round)s or for the knockout of the last "
                    "%(count)s: which comes is known when the last match of this round is "
                    "decided."
                )
                return words % {**params, "count": knockout}
            # Under Win + Skill the next step reads the skill points, so it waits for
            # the analyses too (operations.analysis_waits).
            win_skill = tournament.standings_scoring.win_skill
            if more and not tournament.is_finished:
                if win_skill:
                    words = gettext(
                        "%(player)s waits for round %(round)s: it is paired once the matches "
                        "of this round are decided and analysed by GNU Backgammon."
                    )
                else:
                    words = gettext(
                        "%(player)s waits for round %(round)s: it is paired when the last "
                        "match of this round is decided."
                    )
                return words % params
            if knockout and self.stored is None and not tournament.is_finished:
                if win_skill:
                    words = gettext(
                        "%(player)s has played every round; the knockout of the top %(count)s "
                        "is drawn once the matches of the round are decided and analysed by "
                        "GNU Backgammon."
                    )
                else:
                    words = gettext(
                        "%(player)s has played every round; the knockout of the top %(count)s "
                        "is drawn when the last match of the round is decided."
                    )
                return words % {**params, "count": knockout}
            return gettext("%(player)s has played every round.") % params
        if knockout and self.stored is None and not tournament.is_finished:
            if tournament.standings_scoring.win_skill:
                words = gettext(
                    "%(player)s has played every group match; the knockout is drawn once "
                    "the group matches are decided and analysed by GNU Backgammon."
                )
            else:
                words = gettext(
                    "%(player)s has played every group match; the knockout is drawn when "
                    "the last one is decided."
                )
            return words % params
        return gettext("%(player)s has played every group match.") % params

    def _ended(self, player: Player, later: list[Match]) -> tuple[str, Match | None]:
        """A finished event: the final place. Still under way: the match the player is
        to play now, when it is further on than the next one."""
        found = END_PLACES[self.tournament.played_as.places](self.tournament, self.matches)
        if player.pk in found.places:
            words = gettext("%(player)s finished in place %(place)s.")
            return words % {"player": player.name, "place": found.label(player.pk)}, None
        open_rows = [row for row in later[1:] if row.status in Match.TO_PLAY_STATUSES]
        if open_rows:
            row = open_rows[0]
            words = gettext("%(player)s is now in round %(round)s")
            return words % {"player": player.name, "round": row.round}, row
        return "", None


def _team_places(tournament: Tournament, matches: list[Match]) -> FinalPlaces:
    """A team event's place is the player's team's (queries.teams)."""
    return FinalPlaces(team_player_places(tournament), ties=True)


# Where the final places of a format played outside brackets come from (`Format.places`):
# its rounds', or its teams'.
END_PLACES = {"rounds": club_final_places, "teams": _team_places}
