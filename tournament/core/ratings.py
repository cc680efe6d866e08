"""FIBS-style player ratings: win chances, the change one match makes, and a season replayed."""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from . import rating_policy

START_RATING = 1500.0
# Below this experience (the sum of the lengths of the matches rated) a rating is
# provisional: too few points played for it to mean much, as FIBS and the federations
# that use its formula show it.
PROVISIONAL_EXPERIENCE = 100

# Which matches are rated is each club's policy inside the federation's floor
# (`core.rating_policy`). Its defaults are the rule the federations that use the FIBS
# formula follow, and the site's before clubs wrote their own: a match that was not
# played between the two players (a walkover, a double loss; a bye is never a match),
# a 1-point match (a single game says little) and a friendly (a match outside any
# bracket or Swiss or round-robin round) are not rated. A retirement and a loss on time
# are rated: the match was played. The values below are those defaults, read where no
# club's policy is at hand.
UNRATED_DECISIONS = rating_policy.unrated_decisions(rating_policy.DEFAULT)
MIN_RATED_LENGTH = rating_policy.DEFAULT.min_length


def is_rated(*, decided_by: str, length: int, friendly: bool) -> bool:
    """Whether a decided match between two players counts for the ratings under the
    default policies (`core.rating_policy.decide`)."""
    facts = rating_policy.MatchFacts(decided_by=decided_by, length=length, friendly=friendly)
    return rating_policy.decide(rating_policy.DEFAULT, rating_policy.DEFAULT, facts).rated


@dataclass(frozen=True)
class Rating:
    """A player's rating and experience (the sum of the lengths of the matches rated)."""

    value: float = START_RATING
    experience: int = 0

    def __post_init__(self) -> None:
        if self.experience < 0:
            raise ValueError(f"experience cannot be negative, got {self.experience}")
        if not math.isfinite(self.value):
            raise ValueError(f"a rating must be a finite number, got {self.value}")

    @property
    def provisional(self) -> bool:
        return is_provisional(self.experience)

    @property
    def k(self) -> float:
        """The weight of this player's next match: 5 for a newcomer, 1 from 400 experience."""
        return max(1.0, 5.0 - self.experience / 100)


def is_provisional(experience: int) -> bool:
    """A rating on fewer than PROVISIONAL_EXPERIENCE points of matches is provisional."""
    return experience < PROVISIONAL_EXPERIENCE


def _check_length(length: int) -> None:
    if isinstance(length, bool) or not isinstance(length, int):
        raise TypeError(f"a match length must be an int, got {length!r}")
    if length < 1:
        raise ValueError(f"a match length must be at least 1 point, got {length}")


def underdog_probability(favourite: float, underdog: float, length: int) -> float:
    """The chance that `underdog` wins a match to `length` points against `favourite`.

    FIBS: `1 / (10 ** (D * sqrt(length) / 2000) + 1)` where `D = favourite - underdog`.
    The formula does not need the order: if `underdog` is in fact rated higher, this is
    still the second player's chance, and it is above one half.
    """
    _check_length(length)
    exponent = (favourite - underdog) * math.sqrt(length) / 2000
    # Two forms of the same value so that 10 ** exponent never overflows for a large gap.
    if exponent >= 0:
        small = 10.0**-exponent
        return small / (1.0 + small)
    return 1.0 / (10.0**exponent + 1.0)


def win_probability(rating: float, opponent: float, length: int) -> float:
    """This player's chance of winning a match to `length` points against `opponent`."""
    return underdog_probability(opponent, rating, length)


def rate_match(winner: Rating, loser: Rating, length: int) -> tuple[Rating, Rating]:
    """The new ratings `(winner, loser)` after `winner` beat `loser` in a match to `length`.

    As on FIBS: the winner gains and the loser loses `4 * K * sqrt(length) * P`, each with
    their own `K` from their experience before the match, where `P` is the chance the loser
    had of winning (so an upset moves more). Both players' experience then grows by
    `length`. Equal ratings give `P = 0.5`. Walkovers are not rated: leave them out.
    """
    _check_length(length)
    # The loser's chance is P_u if the favourite won and 1 - P_u if the underdog won.
    surprise = win_probability(loser.value, winner.value, length)
    stake = 4.0 * math.sqrt(length) * surprise
    return (
        Rating(winner.value + winner.k * stake, winner.experience + length),
        Rating(loser.value - loser.k * stake, loser.experience + length),
    )


@dataclass(frozen=True)
class RatedMatch:
    """One finished, played match to rate: `key` is the caller's match id, players are ids."""

    key: object
    winner: object
    loser: object
    length: int


@dataclass(frozen=True)
class RatingChange:
    """What one match did to one player's rating."""

    key: object
    player: object
    opponent: object
    before: Rating
    after: Rating

    @property
    def change(self) -> float:
        """Points gained (positive) or lost (negative)."""
        return self.after.value - self.before.value


def rate_all(
    matches: Iterable[RatedMatch],
    start: Mapping[object, Rating] | None = None,
) -> tuple[dict[object, Rating], list[RatingChange]]:
    """Rate `matches` in the order given, every player starting at 1500 with no experience
    (or, for the players in `start`, where earlier matches left them).

    Returns each player's final rating (players in order of first appearance) and every
    change in match order, the winner's before the loser's. The order matters: the same
    matches in another order give other ratings.
    """
    ratings: dict[object, Rating] = dict(start or {})
    changes: list[RatingChange] = []
    for match in matches:
        if match.winner == match.loser:
            raise ValueError(f"match {match.key!r}: a player cannot beat themselves")
        if isinstance(match.length, int) and match.length < 1:
            raise ValueError(
                f"match {match.key!r}: the length must be at least 1, not {match.length}"
            )
        winner_before = ratings.get(match.winner, Rating())
        loser_before = ratings.get(match.loser, Rating())
        winner_after, loser_after = rate_match(winner_before, loser_before, match.length)
        ratings[match.winner] = winner_after
        ratings[match.loser] = loser_after
        changes.append(
            RatingChange(match.key, match.winner, match.loser, winner_before, winner_after)
        )
        changes.append(
            RatingChange(match.key, match.loser, match.winner, loser_before, loser_after)
        )
    return ratings, changes


def seeding_order(ratings: Mapping[object, Rating]) -> list[object]:
    """The players (keys of `ratings`) in the order the club's ratings seed them: the
    established ratings best first, then the provisional ones (a rating on a few
    matches says too little to put anyone above a known strength), best first too.
    Ties keep the order given, so the caller decides them (the desk: by name)."""
    keys = list(ratings)
    position = {key: index for index, key in enumerate(keys)}
    return sorted(
        keys,
        key=lambda key: (ratings[key].provisional, -ratings[key].value, position[key]),
    )
