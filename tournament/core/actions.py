"""What a director may do with a match at this point: record its next game, take the
last one back, report a walkover or a retirement, or take either back.

Pure Python. The operations refuse what these functions refuse, and the match sheet
offers only what they allow, so a page never shows a button the operation would refuse.
"""

from __future__ import annotations

from dataclasses import dataclass

from .scoring import MatchState

# How a decided match was decided; a match still open has "".
OPEN, GAMES, WALKOVER, RETIREMENT = "", "games", "walkover", "retirement"
DECIDED_BY = (OPEN, GAMES, WALKOVER, RETIREMENT)
# Decided without being played out: the games recorded (if any) did not decide it.
WITHOUT_GAMES = (WALKOVER, RETIREMENT)


@dataclass(frozen=True)
class MatchSituation:
    """The facts about a match that decide what may be done with it."""

    players_known: bool  # both players are known (not a bye, not waiting)
    decided_by: str  # one of DECIDED_BY
    games: int  # games recorded
    finished: bool  # the recorded games decide the match

    @classmethod
    def of(cls, players_known: bool, decided_by: str, state: MatchState) -> MatchSituation:
        return cls(players_known, decided_by, len(state.games), state.finished)

    @property
    def decided_without_games(self) -> bool:
        return self.decided_by in WITHOUT_GAMES


@dataclass(frozen=True)
class Allowed:
    """What may be done now, each a yes or no."""

    game: bool  # record the next game
    undo: bool  # take the last game back
    walkover: bool  # decide it for a player whose opponent did not come
    retirement: bool  # decide it for the opponent of a player who stops
    reopen: bool  # take back a walkover or a retirement


def allowed(situation: MatchSituation) -> Allowed:
    """What the rules allow with a match in this situation.

    A game needs both players and a match not yet decided; a walkover is for a match
    whose players are known and which has not started; a retirement is for a match
    under way (before the first game, it is a walkover); only a walkover or a
    retirement can be taken back as such (a decided game is undone instead).
    """
    s = situation
    open_for_games = s.players_known and not s.decided_without_games and not s.finished
    return Allowed(
        game=open_for_games,
        undo=s.games > 0 and not s.decided_without_games,
        walkover=s.players_known and s.decided_by == OPEN and s.games == 0,
        retirement=open_for_games and s.games > 0,
        reopen=s.decided_without_games,
    )
