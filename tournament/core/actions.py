"""What a director may do with a match at this point: record its next game, award
lateness penalty points before the first one, take the last one back, correct an
earlier one, report a walkover, a retirement or a loss on time, bring in a clock, or
take a decision back.

Pure Python. The operations refuse what these functions refuse, and the match sheet
offers only what they allow, so a page never shows a button the operation would refuse.
"""

from __future__ import annotations

from dataclasses import dataclass

from .clocks import ALLOWED, NO_CLOCK, REQUIRED
from .scoring import MatchState

# How a decided match was decided; a match still open has "". A double loss (a league
# match nobody played by its round's deadline) is settled with no winner.
OPEN, GAMES, WALKOVER, RETIREMENT, ON_TIME = "", "games", "walkover", "retirement", "time"
DOUBLE_LOSS = "double"
DECIDED_BY = (OPEN, GAMES, WALKOVER, RETIREMENT, ON_TIME, DOUBLE_LOSS)
# Decided without being played out: the games recorded (if any) did not decide it.
WITHOUT_GAMES = (WALKOVER, RETIREMENT, ON_TIME, DOUBLE_LOSS)


@dataclass(frozen=True)
class MatchSituation:
    """The facts about a match that decide what may be done with it."""

    players_known: bool  # both players are known (not a bye, not waiting)
    decided_by: str  # one of DECIDED_BY
    games: int  # games recorded
    finished: bool  # the recorded games (and penalty points) decide the match
    penalty_points: int = 0  # awarded before the first game, to either player
    clock_policy: str = NO_CLOCK  # the match's bracket's: none, allowed, required
    clock_in: bool = False  # a clock was brought in (a required clock is in from the start)
    in_rounds: bool = False  # a Swiss or round-robin match, where a double loss exists
    # Called to play: a round robin's match waits until both players have finished
    # their matches of the rounds before (club_nights.waiting_on); any other is called
    # once its players are known.
    called: bool = True
    # Its tournament has started: a draft's matches (drawn, players known) take no game,
    # no penalty point and no clock until the director starts it.
    started: bool = True

    @classmethod
    def of(
        cls,
        players_known: bool,
        decided_by: str,
        state: MatchState,
        *,
        clock_policy: str = NO_CLOCK,
        clock_in: bool = False,
        in_rounds: bool = False,
        called: bool = True,
        started: bool = True,
    ) -> MatchSituation:
        return cls(
            players_known,
            decided_by,
            len(state.games),
            state.finished,
            sum(state.penalty),
            clock_policy,
            clock_in,
            in_rounds,
            called,
            started,
        )

    @property
    def clock_running(self) -> bool:
        return self.clock_policy == REQUIRED or (self.clock_policy == ALLOWED and self.clock_in)

    @property
    def decided_without_games(self) -> bool:
        return self.decided_by in WITHOUT_GAMES


@dataclass(frozen=True)
class Allowed:
    """What may be done now, each a yes or no."""

    game: bool  # record the next game
    undo: bool  # take the last game (or, before the first game, the last penalty) back
    walkover: bool  # decide it for a player whose opponent did not come
    retirement: bool  # decide it for the opponent of a player who stops
    reopen: bool  # take back a walkover, a retirement or a loss on time
    penalty: bool = False  # award lateness penalty points to the waiting player
    on_time: bool = False  # decide it against a player whose time ran out
    clock: bool = False  # bring in a clock (where the bracket allows one)
    double_loss: bool = False  # both lose a round's match nobody played
    correct: bool = False  # give any recorded game again (the games replayed as a whole)


def allowed(situation: MatchSituation) -> Allowed:
    """What the rules allow with a match in this situation.

    A game needs both players, a tournament started, a match called to play and not
    yet decided (a draft's matches wait for the start, whoever sends a game); penalty
    points are awarded before the first game of a match called (its tournament started
    too); a walkover is for a match whose players are known and which has not started
    (penalty points or not), called or not (a withdrawn player's later matches); a
    retirement is for a match under way (before the first game, it is a walkover); a
    loss on time needs a clock in use, which a bracket that allows clocks brings in
    between games (one that requires them has it from the start); only a walkover, a
    retirement or a loss on time can be taken back as such (a decided game is undone
    instead); a double loss is for a Swiss or round-robin match not started (neither
    came by the deadline), and is taken back the same way; any recorded game may be
    corrected while the games decide the match (decided by them or not yet), the
    corrected list replayed whole.
    """
    s = situation
    open_for_games = (
        s.players_known
        and s.started
        and s.called
        and not s.decided_without_games
        and not s.finished
    )
    not_started = s.players_known and s.decided_by == OPEN and s.games == 0
    return Allowed(
        game=open_for_games,
        undo=(s.games > 0 or s.penalty_points > 0) and not s.decided_without_games,
        walkover=not_started,
        retirement=open_for_games and s.games > 0,
        reopen=s.decided_without_games,
        penalty=not_started and s.started and s.called and not s.finished,
        on_time=open_for_games and s.clock_running,
        clock=open_for_games and s.clock_policy == ALLOWED and not s.clock_in,
        double_loss=not_started and s.in_rounds,
        correct=s.games > 0
        and s.players_known
        and s.started
        and s.called
        and not s.decided_without_games,
    )
