"""A Swiss with lives ("More Swiss"): a player is out at their Nth loss, and the rounds go
on among the players still in until one is left.

Pure Python: no Django import and no I/O. Everything is replayed from the rounds' games
(`replay`), so a result taken back or corrected simply replays differently; the pairing
of the next round is `core.swiss.swiss_pairings` with each player's lives left as the
score, so players meet others with the same number of losses where possible, with no
rematch when one is avoidable, and the bye goes to a player with the fewest lives left
among those still in who have not had one (a bye counts as a win, no loss).

The end game (`playoff`) when two players are left:
- LIVES_TO_THE_END: they play on until one has lost every life: the one with fewer
  losses must be beaten as many times as they have lives left;
- SINGLE_FINAL: one final, whatever their losses: its loser is out;
- BEATEN_TWICE: a final in which a player with fewer losses than the other must be
  beaten twice (a second match if they lose the first), as a double elimination's grand
  final; with equal losses one match decides.
Three left play a round of one match and a bye (the Swiss's bye rule), until two are.
- KNOCKOUT (a knockout of the last N, `knockout_of`): once a round is settled with at
  most N players still in, no further round is paired; those players go on to a cup
  seeded by their lives place (`knockout_seeds`), drawn as the cups are, and its final
  decides the event (the operations draw it and carry it on as a Swiss's knockout).

Re-entry (`reenter`): an eliminated player may buy back in once, while at least three
players are still in; they come back with one life (N - 1 losses) from the next round,
so that a re-entry never puts them ahead of anyone who stayed in.

Final places (`places`): the players still in (the winner at the end) by their losses,
then those out, the later out first; on the same round, fewer losses first (a final's
loser may have lives left), then more wins (a bye counts as one); players equal on all
of these share the place.
"""

from __future__ import annotations

from collections.abc import Collection, Hashable, Iterable, Mapping
from dataclasses import dataclass, field

from . import swiss_cut
from .messages import CoreError, _
from .swiss import swiss_pairings

Key = Hashable

LIVES_TO_THE_END, SINGLE_FINAL, BEATEN_TWICE = "lives", "final", "twice"
PLAYOFFS = (LIVES_TO_THE_END, SINGLE_FINAL, BEATEN_TWICE)  # the end games between two
KNOCKOUT = "knockout"  # a knockout of the last N
END_GAMES = (*PLAYOFFS, KNOCKOUT)
# The knockout sizes of the last N: a whole bracket each (two left is a final: SINGLE_FINAL).
KNOCKOUT_SIZES = (4, 8, 16)
DEFAULT_LIVES, MIN_LIVES, MAX_LIVES = 3, 2, 5
REENTRY_LIVES = 1  # a player who buys back in comes back with their last life
REENTRY_CLOSES_BELOW = 3  # players still in: below this, the end game has begun


class LivesError(CoreError):
    """A re-entry the rules refuse."""


@dataclass(frozen=True)
class Game:
    """One match of a round, or its bye (second is None); winner None: not decided."""

    round: int
    first: Key
    second: Key | None
    winner: Key | None


@dataclass
class Record:
    """One player's record: what the standings show."""

    player: Key
    losses: int = 0
    wins: int = 0
    byes: int = 0
    out_round: int | None = None  # the round of the loss that put them out
    reentered: bool = False
    withdrawn: bool = False

    def still_in(self) -> bool:
        return self.out_round is None and not self.withdrawn


@dataclass
class State:
    """The event after the games so far."""

    lives: int
    playoff: str
    records: dict[Key, Record]
    played: set[frozenset] = field(default_factory=set)
    had_bye: set = field(default_factory=set)
    last_round: int = 0
    round_open: bool = False  # the last round has a game still to play
    final_from: int | None = None  # the round the end game between two began
    knockout_of: int = 0  # KNOCKOUT: the rounds stop when at most this many are still in

    def still_in(self) -> list[Key]:
        return [key for key, record in self.records.items() if record.still_in()]

    def lives_left(self, key: Key) -> int:
        return max(0, self.lives - self.records[key].losses)

    @property
    def rounds_over(self) -> bool:
        """No further round is paired: one player (or none) is left, or, with a
        knockout of the last N, a round is settled with at most N still in."""
        if self.round_open or self.last_round == 0:
            return False
        left = len(self.still_in())
        return left <= 1 or (self.playoff == KNOCKOUT and left <= self.knockout_of)

    @property
    def finished(self) -> bool:
        """The event is decided by its rounds alone (with a knockout of the last N, its
        final decides it instead, unless fewer than two are left to play it)."""
        return self.rounds_over and len(self.still_in()) <= 1

    @property
    def winner(self) -> Key | None:
        left = self.still_in()
        return left[0] if self.finished and len(left) == 1 else None


def check_settings(lives: int, playoff: str, knockout_of: int = 0) -> None:
    if not MIN_LIVES <= lives <= MAX_LIVES:
        raise LivesError(_("A Swiss with lives gives 2 to 5 lives."))
    if playoff not in END_GAMES:
        raise LivesError(_("Unknown end game."))
    if playoff == KNOCKOUT and knockout_of not in KNOCKOUT_SIZES:
        raise LivesError(_("A knockout of the last players is of 4, 8 or 16."))


def replay(
    players: Iterable[Key],
    games: Iterable[Game],
    lives: int = DEFAULT_LIVES,
    playoff: str = LIVES_TO_THE_END,
    reentries: Mapping[Key, int] | None = None,
    withdrawn: Collection[Key] = (),
    knockout_of: int = 0,
) -> State:
    """The event from its games, round by round. `reentries`: player -> the round after
    which they bought back in (they play again from the next one); a re-entry of a
    player who was not out by then is ignored (a result changed under it)."""
    check_settings(lives, playoff, knockout_of)
    state = State(lives, playoff, {key: Record(key) for key in players})
    state.knockout_of = knockout_of if playoff == KNOCKOUT else 0
    by_round: dict[int, list[Game]] = {}
    for game in games:
        by_round.setdefault(game.round, []).append(game)
    reentries = dict(reentries or {})
    allowance: dict[Key, int] = {}
    final_losses: dict[Key, int] = {}
    for number in sorted(by_round):
        _apply_reentries(state, reentries, number - 1)
        # A round of one match and no bye is played when two players alone are left
        # (everyone still in is paired): the end game, from its first such round. Read
        # from the round itself, not from who is still in now: a player who withdrew
        # later was still in then.
        games_now = by_round[number]
        if (
            playoff in (SINGLE_FINAL, BEATEN_TWICE)
            and state.final_from is None
            and len(games_now) == 1
            and games_now[0].second is not None
        ):
            state.final_from = number
            allowance = _final_allowance(state, [games_now[0].first, games_now[0].second])
        state.last_round = number
        state.round_open = False
        for game in by_round[number]:
            if game.second is None:
                state.had_bye.add(game.first)
                record = state.records[game.first]
                record.byes += 1
                record.wins += 1
                continue
            state.played.add(frozenset((game.first, game.second)))
            if game.winner is None:
                state.round_open = True
                continue
            loser = game.second if game.winner == game.first else game.first
            state.records[game.winner].wins += 1
            record = state.records[loser]
            record.losses += 1
            if loser in allowance:
                final_losses[loser] = final_losses.get(loser, 0) + 1
            if record.losses >= lives or final_losses.get(loser, 0) >= allowance.get(loser, 99):
                record.out_round = number
    _apply_reentries(state, reentries, state.last_round)
    for key in withdrawn:
        record = state.records[key]
        record.withdrawn = True
    return state


def _apply_reentries(state: State, reentries: dict, after: int) -> None:
    for key, at in list(reentries.items()):
        if at == after:
            record = state.records[key]
            if record.out_round is not None and not record.reentered:
                record.out_round = None
                record.reentered = True
                record.losses = state.lives - REENTRY_LIVES
            del reentries[key]


def _final_allowance(state: State, two: list[Key]) -> dict[Key, int]:
    """How many final losses put each of the last two out: one, or two for a player with
    fewer losses than the other when the leader is to be beaten twice."""
    first, second = (state.records[key].losses for key in two)
    allowance = dict.fromkeys(two, 1)
    if state.playoff == BEATEN_TWICE and first != second:
        allowance[two[0] if first < second else two[1]] = 2
    return allowance


@dataclass(frozen=True)
class NextRound:
    number: int
    pairs: tuple[tuple[Key, Key], ...]
    bye: Key | None
    final: bool  # the end game between the last two


def next_round(state: State, seed: int = 0, avoid: Collection = ()) -> NextRound | None:
    """The pairing of the next round, or None: the last round is still being played,
    or the event is over (one player, or nobody, left). `avoid`: the pairs the director
    keeps apart, as a Swiss round keeps them (`swiss_pairings`)."""
    if state.round_open or state.rounds_over:
        return None
    left = state.still_in()
    if len(left) < 2:
        return None
    lives_left = {key: state.lives_left(key) for key in left}
    pairs, bye = swiss_pairings(
        lives_left, state.played, state.had_bye & set(left), seed=seed, avoid=avoid
    )
    final = len(left) == 2 and state.playoff in (SINGLE_FINAL, BEATEN_TWICE)
    return NextRound(state.last_round + 1, tuple(pairs), bye, final)


def check_reentry(state: State, key: Key) -> None:
    """Refuse a re-entry the rules do not allow, saying why."""
    record = state.records.get(key)
    if record is None or record.withdrawn:
        raise LivesError(_("Only a player of the event who has not withdrawn may re-enter."))
    if record.out_round is None:
        raise LivesError(_("Only an eliminated player may re-enter."))
    if record.reentered:
        raise LivesError(_("A player re-enters once."))
    if len(state.still_in()) < REENTRY_CLOSES_BELOW:
        raise LivesError(_("Re-entry closes when fewer than three players are still in."))
    if state.rounds_over:
        raise LivesError(_("Re-entry closes when the rounds are over."))


def knockout_seeds(state: State, rng_seed: int = 0) -> list[Key]:
    """With a knockout of the last N, once the rounds are over: everyone still in (at
    most N), seeded 1.. by their lives place: fewer losses first, then more wins (a bye
    counts as one); players equal on both are put in an order by lot from `rng_seed`
    (the draw seed), as a Swiss's cut does. Empty before then, and when fewer than two
    are left to play it (the lives places are final)."""
    if state.playoff != KNOCKOUT or not state.rounds_over:
        return []
    ranked = [(record.player, place) for place, record in places(state) if record.still_in()]
    if len(ranked) < 2:
        return []
    return swiss_cut.by_lot(ranked, rng_seed)


def places(state: State) -> list[tuple[int, Record]]:
    """Everyone ranked: (place, record), best first; equal players share a place."""

    def key(record: Record) -> tuple:
        if record.still_in():
            return (0, 0, record.losses, -record.wins)
        out = record.out_round if record.out_round is not None else state.last_round
        return (1, -out, record.losses, -record.wins)

    ranked = sorted(state.records.values(), key=lambda record: (key(record), repr(record.player)))
    result, place, previous = [], 0, None
    for index, record in enumerate(ranked, start=1):
        if key(record) != previous:
            place, previous = index, key(record)
        result.append((place, record))
    return result
