"""The demo's summer cup from its round 3 on, as the demo has always played it.

The summer cup is the issue-36 cup: 20 players, a progressive consolation and a last
chance. Its games come from one random stream, and the last chance's shape decides when
its matches take games from it; when the last chance came to take every first-match
loser, the main bracket's and the consolation's later games would have changed with
it. They are kept here instead, so that the demo's analysed matches (their moves kept
as files, demo_analyses) and its places stay what they were, and only the last chance
(played from a stream of its own) shows the change.
"""

from __future__ import annotations

from ..core import draw
from ..core.scoring import GameResult


def g(winner, kind="single", cube=1, how="played") -> GameResult:
    return GameResult(winner=winner, kind=kind, cube=cube, how=how)


# (bracket, round, position) -> the games, side 0 being the match's first player.
GAMES = {
    # Jordi Puig v Xavier Roca
    (draw.MAIN, 3, 1): [g(1, how="dropped"), g(1, cube=4), g(1), g(1, "gammon")],
    # Núria Ferrer v Joan Vidal
    (draw.MAIN, 3, 2): [g(0, how="resigned"), g(1, how="dropped"), g(1, cube=2), g(1, cube=4)],
    # Roger Mas v Carla Pujol
    (draw.MAIN, 3, 3): [
        g(1, "gammon", how="resigned"),
        g(0, cube=2),
        g(1, cube=4, how="resigned"),
        g(0),
        g(1, "gammon", cube=4),
    ],
    # Marc Riera v Carmen García
    (draw.MAIN, 3, 4): [
        g(1),
        g(1),
        g(1),
        g(0, cube=2),
        g(0, "gammon"),
        g(1),
        g(0),
        g(0, cube=4),
    ],
    # Xavier Roca v Joan Vidal
    (draw.MAIN, 4, 1): [
        g(0, cube=2, how="dropped"),
        g(0, "gammon", cube=2),
        g(1, how="resigned"),
        g(1),
        g(1, how="resigned"),
        g(0, cube=2),
        g(0),
    ],
    # Carla Pujol v Marc Riera
    (draw.MAIN, 4, 2): [
        g(0),
        g(1),
        g(1, "backgammon", cube=2, how="resigned"),
        g(0),
        g(0, "gammon"),
        g(1, how="dropped"),
        g(0, "gammon", how="resigned"),
        g(1, cube=2, how="dropped"),
    ],
    # Xavier Roca v Marc Riera: the final
    (draw.MAIN, 5, 1): [
        g(1, how="resigned"),
        g(1, cube=2, how="dropped"),
        g(1, how="dropped"),
        g(1, cube=4),
        g(0),
        g(1, cube=2),
        g(0),
        g(0, "gammon", cube=4),
        g(0, cube=2),
    ],
    # Berta Coll v Pere Soler
    (draw.CONSOLATION, 3, 1): [
        g(0),
        g(0, "gammon"),
        g(1, cube=2, how="dropped"),
        g(0),
        g(1),
        g(1, "gammon", cube=2),
    ],
    # Laia Casals v Montserrat Vila
    (draw.CONSOLATION, 3, 2): [
        g(1, cube=2, how="dropped"),
        g(0),
        g(1, "gammon", how="resigned"),
        g(0),
        g(0, cube=2, how="dropped"),
        g(1, how="dropped"),
    ],
    # Meritxell Sala v Pau Camps
    (draw.CONSOLATION, 3, 3): [g(0, "gammon", cube=8)],
    # Anna Bosch v Oriol Prat
    (draw.CONSOLATION, 3, 4): [g(1, how="resigned"), g(0, cube=2), g(0), g(0, "gammon", cube=2)],
    # Pere Soler v Montserrat Vila
    (draw.CONSOLATION, 4, 1): [
        g(0, "gammon"),
        g(0, how="resigned"),
        g(1, cube=2, how="dropped"),
        g(1, "gammon", cube=4),
    ],
    # Meritxell Sala v Anna Bosch
    (draw.CONSOLATION, 4, 2): [
        g(0),
        g(1, cube=2),
        g(0, how="dropped"),
        g(1, "backgammon", cube=4, how="resigned"),
    ],
    # Montserrat Vila v Anna Bosch: the consolation's final
    (draw.CONSOLATION, 5, 1): [
        g(0, "gammon"),
        g(0, cube=2, how="dropped"),
        g(1),
        g(1, how="dropped"),
        g(1),
        g(1, "gammon"),
    ],
}
