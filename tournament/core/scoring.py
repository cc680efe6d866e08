"""A match to N points replayed game by game: the score, the Crawford game, and every
check of whether a game may be recorded.

This module is the single source of truth for a game's legality (DESIGN.md): forms,
models, the admin and the importers call `replay()` and never re-implement a check.
Pure Python: no Django import.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from .messages import CoreError, _
from .rules import RuleSet

KINDS = ("single", "gammon", "backgammon")
HOWS = ("played", "resigned", "dropped", "beaver_dropped")
DROPS = ("dropped", "beaver_dropped")


class IllegalGame(CoreError):
    """A game the rules forbid, at the first offending game of a replay."""

    def __init__(self, template: str, game_number: int | None, **params: object) -> None:
        self.game_number = game_number
        super().__init__(template, **{"number": game_number, **params})


@dataclass(frozen=True)
class GameResult:
    """How one game of a match ended, as the director reports it."""

    winner: int  # 0 = first player of the match, 1 = second
    kind: str = "single"  # "single" | "gammon" | "backgammon"
    # The cube the game was decided at. For a refused double: the value BEFORE the
    # refused offer. For a refused beaver: the value the doubler had offered.
    cube: int = 1
    how: str = "played"  # "played" | "resigned" | "dropped" | "beaver_dropped"
    beaver: bool = False  # a beaver was given in this game

    @property
    def had_beaver(self) -> bool:
        # A refused beaver is a beaver that was given, whatever the flag says.
        return self.beaver or self.how == "beaver_dropped"


@dataclass(frozen=True)
class Penalty:
    """Points awarded to a side before the first game: a lateness penalty, as opens
    apply them (the UK Open: a point for every five minutes late). They count like any
    points: they can bring on the Crawford game, or decide the match."""

    side: int  # 0 = first player of the match, 1 = second
    points: int


def most_penalty_points(length: int) -> int:
    """The most points one award of penalty points may give in a match to `length`:
    the length (more would decide the match several times over). Several awards may
    add up to more; the match is decided when they reach the length."""
    return length


@dataclass(frozen=True)
class GameOutcome:
    """One game as the replay saw it."""

    number: int  # 1-based
    result: GameResult
    score_before: tuple[int, int]  # uncapped
    points: int  # before capping
    crawford: bool  # this was the Crawford game
    post_crawford: bool  # played after the Crawford game

    @property
    def winner(self) -> int:
        return self.result.winner


@dataclass(frozen=True)
class NextGame:
    """What the rules and the score allow in the next game of a match."""

    cube: bool  # the cube may be turned (and a double dropped)
    hows: tuple[str, ...]  # the ways the game may end
    beaver: bool  # a beaver may be given


@dataclass(frozen=True)
class MatchState:
    """A match after its games: what the site shows and caches."""

    length: int
    rules: RuleSet
    games: tuple[GameOutcome, ...]
    raw_score: tuple[int, int]
    crawford_game: int | None  # number of the Crawford game once it has been played
    next_is_crawford: bool  # the next game, if any, is the Crawford game
    penalty: tuple[int, int] = (0, 0)  # points awarded before the first game

    @property
    def score(self) -> tuple[int, int]:
        """The score as written down: a 6-4 win to 5 reads 5-4."""
        return (min(self.raw_score[0], self.length), min(self.raw_score[1], self.length))

    @property
    def finished(self) -> bool:
        return max(self.raw_score) >= self.length

    @property
    def winner(self) -> int | None:
        for side in (0, 1):
            if self.raw_score[side] >= self.length:
                return side
        return None

    @property
    def next_number(self) -> int:
        return len(self.games) + 1

    @property
    def post_crawford(self) -> bool:
        """The next game is played after the Crawford game."""
        return is_post_crawford(self.crawford_game, over=self.finished)

    @property
    def cube_allowed(self) -> bool:
        """The cube may be turned in the next game."""
        return self.next_game.cube

    def allows(self, game: GameResult) -> bool:
        """Whether `game` may be the next game: the same checks that refuse an illegal
        one, without the game being recorded (a form shown again after a refusal keeps
        a choice only where this says yes)."""
        if self.finished:
            return False
        try:
            _check_fields(self.next_number, game)
            _check_in_context(self.next_number, game, self.rules, self.next_is_crawford)
        except IllegalGame:
            return False
        return True

    @property
    def next_game(self) -> NextGame:
        """What the next game may be. Found by putting sample games through the same
        checks that refuse illegal ones, so a form offering these never disagrees."""
        if self.finished:
            return NextGame(cube=False, hows=(), beaver=False)
        legal = self.allows
        return NextGame(
            cube=legal(GameResult(0, cube=2)),
            hows=tuple(
                how
                for how in HOWS
                if legal(GameResult(0, cube=2, how=how)) or legal(GameResult(0, how=how))
            ),
            beaver=legal(GameResult(0, cube=4, beaver=True)),
        )

    def next_game_if(self, crawford: bool) -> NextGame:
        """What the next game could be were it (`crawford`) or not the Crawford game: a
        form offers the choices of a game with the cube live and marks those the
        Crawford game closes, so that a device counting games not sent yet opens or
        closes them by itself (js/entry_count.js)."""
        if self.finished:
            return self.next_game
        return replace(self, next_is_crawford=crawford).next_game

    @property
    def crawford_leader(self) -> int | None:
        """The side one point from winning as the Crawford game starts, else None."""
        if not self.next_is_crawford:
            return None
        return 0 if self.raw_score[0] == self.length - 1 else 1

    @property
    def away(self) -> tuple[int, int]:
        """Points each player still needs ("4-away, 1-away")."""
        return (
            max(self.length - self.raw_score[0], 0),
            max(self.length - self.raw_score[1], 0),
        )


def max_games(length: int) -> int:
    """The most games a match to `length` can have: every game is worth a point at
    least, so after 2 x (length - 1) games both players may be one point short, and the
    next game decides."""
    return 2 * length - 1


def game_points(result: GameResult, rules: RuleSet) -> int:
    """Points a game awards: cube x 1, 2 or the season's backgammon multiplier."""
    if result.how in DROPS:
        return result.cube
    return result.cube * rules.multiplier(result.kind)


def _is_power_of_two(value: int) -> bool:
    return value >= 1 and value & (value - 1) == 0


def _check_fields(number: int, game: object) -> GameResult:
    """The checks that need no match context: the values themselves."""
    if not isinstance(game, GameResult):
        raise IllegalGame(_("game %(number)s is not a game result"), number)
    if isinstance(game.winner, bool) or game.winner not in (0, 1):
        raise IllegalGame(
            _("game %(number)s: the winner must be the first or the second player, not %(winner)r"),
            number,
            winner=game.winner,
        )
    if game.kind not in KINDS:
        raise IllegalGame(
            _("game %(number)s: %(kind)r is not a kind of win (single, gammon or backgammon)"),
            number,
            kind=game.kind,
        )
    if game.how not in HOWS:
        raise IllegalGame(
            _(
                "game %(number)s: %(how)r is not a way a game ends "
                "(played, resigned, dropped or beaver dropped)"
            ),
            number,
            how=game.how,
        )
    if not isinstance(game.beaver, bool):
        raise IllegalGame(
            _("game %(number)s: the beaver mark must be yes or no, not %(beaver)r"),
            number,
            beaver=game.beaver,
        )
    cube = game.cube
    if isinstance(cube, bool) or not isinstance(cube, int):
        raise IllegalGame(
            _("game %(number)s: the cube must be a whole number, not %(cube)r"), number, cube=cube
        )
    if cube < 1:
        raise IllegalGame(
            _("game %(number)s: the cube cannot be below 1 (it shows %(cube)s)"), number, cube=cube
        )
    if not _is_power_of_two(cube):
        raise IllegalGame(
            _("game %(number)s: a cube of %(cube)s is impossible; it doubles: 1, 2, 4, 8, 16, ..."),
            number,
            cube=cube,
        )
    if game.how in DROPS and game.kind != "single":
        raise IllegalGame(
            _(
                "game %(number)s: a refused double ends the game at the cube's value, "
                "so it cannot be a %(kind)s"
            ),
            number,
            kind=game.kind,
        )
    return game


def _check_in_context(number: int, game: GameResult, rules: RuleSet, crawford: bool) -> None:
    """The checks that depend on the season and on the game's place in the match."""
    if crawford:
        if game.how == "dropped":
            raise IllegalGame(
                _("game %(number)s is the Crawford game: no double, so none can be dropped"),
                number,
            )
        if game.had_beaver:
            raise IllegalGame(
                _("game %(number)s is the Crawford game: no double, so no beaver"), number
            )
        if game.cube != 1:
            raise IllegalGame(
                _("game %(number)s is the Crawford game: the cube cannot be turned"), number
            )
    if game.had_beaver and not rules.beavers:
        raise IllegalGame(
            _("game %(number)s: this season's matches are played without beavers"), number
        )
    if game.how == "beaver_dropped" and not rules.beaver_refusable:
        raise IllegalGame(
            _("game %(number)s: this season a beaver cannot be refused; the doubler must play on"),
            number,
        )
    if game.how == "beaver_dropped" and game.cube < 2:
        raise IllegalGame(
            _(
                "game %(number)s: a refused beaver costs the doubled value that was offered, "
                "so the cube is at least 2"
            ),
            number,
        )
    if game.beaver and game.how != "beaver_dropped" and game.cube < 4:
        raise IllegalGame(
            _(
                "game %(number)s: after a beaver the cube is at least 4 "
                "(a double to 2, beavered to 4), not %(cube)s"
            ),
            number,
            cube=game.cube,
        )


def _starts_crawford(raw: list[int], length: int) -> bool:
    """One player is now exactly one point short and the other is not (yet)."""
    short = length - 1
    return (raw[0] == short) != (raw[1] == short) and max(raw) == short


def _penalty_points(penalties: Iterable[Penalty], length: int) -> list[int]:
    """The points each side starts the first game with."""
    raw = [0, 0]
    for penalty in penalties:
        if not isinstance(penalty, Penalty):
            raise IllegalGame(_("a penalty must say which player gets how many points"), None)
        side, points = penalty.side, penalty.points
        if isinstance(side, bool) or side not in (0, 1):
            raise IllegalGame(
                _("a penalty goes to the first or the second player, not %(side)r"),
                None,
                side=side,
            )
        if isinstance(points, bool) or not isinstance(points, int) or points < 1:
            raise IllegalGame(
                _("a penalty is a whole number of points, 1 or more, not %(points)r"),
                None,
                points=points,
            )
        if points > most_penalty_points(length):
            raise IllegalGame(
                _("one award of penalty points is at most %(most)d in a match to %(length)d"),
                None,
                most=most_penalty_points(length),
                length=length,
            )
        raw[side] += points
    return raw


def is_post_crawford(crawford_game: int | None, *, over: bool) -> bool:
    """Whether a match's next game is played after the Crawford game (the cube is live
    again): its Crawford game was played (`crawford_game`, its number) and the match is
    not `over`. A match's state says it (`MatchState.post_crawford`), and so does a
    match's row, from what it keeps, for a card or a call screen that replays no game."""
    return crawford_game is not None and not over


def crawford_next(
    length: int, raw_score: tuple[int, int], crawford_played: bool, rules: RuleSet
) -> bool:
    """Whether a match standing at `raw_score` plays the Crawford game next, from what a
    match's row keeps (its raw score, whether its Crawford game was played): the test
    `replay` makes after each game, for a bracket's card that does not replay games."""
    raw = [raw_score[0], raw_score[1]]
    return (
        rules.crawford
        and not crawford_played
        and max(raw) < length
        and _starts_crawford(raw, length)
    )


def replay(
    length: int,
    games: Iterable[GameResult],
    rules: RuleSet = RuleSet(),
    penalties: Iterable[Penalty] = (),
) -> MatchState:
    """Replay a match to `length` points game by game, from the penalty points awarded
    before the first game (if any).

    Raises IllegalGame at the first game the rules forbid. The returned state gives the
    score (capped and raw), the winner, the Crawford game and each game's outcome.
    """
    if isinstance(length, bool) or not isinstance(length, int) or length < 1:
        raise IllegalGame(
            _("a match is played to 1 point or more, not %(length)r"), None, length=length
        )
    raw = _penalty_points(penalties, length)
    penalty = (raw[0], raw[1])
    outcomes: list[GameOutcome] = []
    crawford_game: int | None = None
    # Penalty points may leave a player one point short: the first game is the Crawford game.
    next_is_crawford = rules.crawford and max(raw) < length and _starts_crawford(raw, length)
    for number, game in enumerate(games, start=1):
        if max(raw) >= length:
            raise IllegalGame(
                _("game %(number)s comes after the match was decided (%(a)s-%(b)s)"),
                number,
                a=min(raw[0], length),
                b=min(raw[1], length),
            )
        game = _check_fields(number, game)
        is_crawford = next_is_crawford
        _check_in_context(number, game, rules, is_crawford)
        points = game_points(game, rules)
        before = (raw[0], raw[1])
        raw[game.winner] += points
        outcomes.append(
            GameOutcome(
                number=number,
                result=game,
                score_before=before,
                points=points,
                crawford=is_crawford,
                post_crawford=is_post_crawford(crawford_game, over=False),
            )
        )
        if is_crawford:
            crawford_game = number
            next_is_crawford = False
        elif (
            rules.crawford
            and crawford_game is None
            and max(raw) < length
            and _starts_crawford(raw, length)
        ):
            next_is_crawford = True
    return MatchState(
        length=length,
        rules=rules,
        games=tuple(outcomes),
        raw_score=(raw[0], raw[1]),
        crawford_game=crawford_game,
        next_is_crawford=next_is_crawford,
        penalty=penalty,
    )
