"""Which matches are rated, as a club's local policy inside the federation's floor.

The UK clubs write down which matches their ratings count (no walkovers, no forfeits,
no unfinished or settled matches, no 1-point matches, friendlies only when both
players agreed beforehand, online matches or not) inside the policy their federation
sets for every club. A club may rate less than the federation allows, never more: the
rule that applies is the two together (`effective`), and the reasons a match is left
out name which of the two left it out (`decide`), so the match page can say so.

Pure Python: a policy is a frozen value stored as JSON (`as_dict`, `from_dict`); the
models build the query of the rated matches from the same knobs.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields
from typing import Any, NamedTuple

from . import actions

# Friendlies (a match outside any draw): never rated, rated only when both players
# agreed beforehand that it is, or always; in order from the strictest.
NEVER, AGREED, ALWAYS = "never", "agreed", "always"
FRIENDLIES = (NEVER, AGREED, ALWAYS)

# The reason codes: stable strings the pages translate (one sentence per code).
WALKOVER = "walkover"
RETIREMENT = "retirement"
ON_TIME = "on_time"
SETTLED = "settled"
TOO_SHORT = "too_short"
FRIENDLY = "friendly"
FRIENDLY_NOT_AGREED = "friendly_not_agreed"
ONLINE = "online"
NOT_DECIDED = "not_decided"
BYE = "bye"
REASONS = (
    WALKOVER,
    RETIREMENT,
    ON_TIME,
    SETTLED,
    TOO_SHORT,
    FRIENDLY,
    FRIENDLY_NOT_AGREED,
    ONLINE,
    NOT_DECIDED,
    BYE,
)

# Whose rule left a match out: the federation's floor, the club's own policy, or no
# policy at all (a match not decided, or without an opponent, is never rated: there is
# no result between two players to rate, whatever anyone's policy says).
FEDERATION, CLUB, NO_POLICY = "federation", "club", "none"

# How each decision that ends a match without its games is named by the policies. A
# match decided by its games (or with no decision written, as rows made by hand may
# have) is played out: no knob leaves it out. The double loss is the one settlement the
# site knows (a league match nobody played, settled by the director with no winner).
_DECISION_KNOBS = {
    actions.WALKOVER: ("walkovers", WALKOVER),
    actions.RETIREMENT: ("retirements", RETIREMENT),
    actions.ON_TIME: ("on_time", ON_TIME),
    actions.DOUBLE_LOSS: ("unfinished_or_settled", SETTLED),
}


@dataclass(frozen=True)
class RatingPolicy:
    """Which matches a policy rates. The defaults are the site's rule before policies
    (`core.ratings.is_rated`): no walkovers, a retirement and a loss on time rated (the
    match was played), no 1-point matches, no friendlies; online matches rated."""

    walkovers: bool = False
    retirements: bool = True
    on_time: bool = True
    unfinished_or_settled: bool = False
    min_length: int = 2
    friendlies: str = NEVER
    online: bool = True

    def __post_init__(self) -> None:
        for field in fields(self):
            value = getattr(self, field.name)
            if field.name == "min_length":
                if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                    raise ValueError(f"min_length must be a whole number of points, got {value!r}")
            elif field.name == "friendlies":
                if value not in FRIENDLIES:
                    raise ValueError(f"friendlies must be one of {FRIENDLIES}, got {value!r}")
            elif not isinstance(value, bool):
                raise ValueError(f"{field.name} must be true or false, got {value!r}")

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None) -> RatingPolicy:
        """The policy stored as JSON; a knob left out takes its default (so `{}` is the
        default policy and a knob added later reads old rows), a knob not known is
        refused (a misspelt knob would otherwise be silently ignored)."""
        data = dict(data or {})
        known = {field.name for field in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise ValueError(f"unknown rating policy keys: {', '.join(unknown)}")
        return cls(**data)

    def as_dict(self) -> dict[str, Any]:
        """The policy as JSON-safe values, every knob written out."""
        return asdict(self)

    def looser_than(self, floor: RatingPolicy) -> tuple[str, ...]:
        """The knobs on which this policy rates matches `floor` does not (empty when it
        stays inside the floor), in field order."""
        return tuple(
            field.name
            for field in fields(self)
            if _combine(field.name, getattr(self, field.name), getattr(floor, field.name))
            != getattr(self, field.name)
        )


def _combine(name: str, club: Any, federation: Any) -> Any:
    """One knob of the club's policy inside the federation's: the stricter."""
    if name == "min_length":
        return max(club, federation)
    if name == "friendlies":
        return FRIENDLIES[min(FRIENDLIES.index(club), FRIENDLIES.index(federation))]
    return club and federation


def effective(federation: RatingPolicy, club: RatingPolicy) -> RatingPolicy:
    """The club's policy inside the federation's floor: on each knob the stricter of
    the two, so a club may rate less than the federation allows and never more."""
    return RatingPolicy(
        **{
            field.name: _combine(
                field.name, getattr(club, field.name), getattr(federation, field.name)
            )
            for field in fields(RatingPolicy)
        }
    )


@dataclass(frozen=True)
class MatchFacts:
    """What the policies ask of a match: how it was decided (one of
    `actions.DECIDED_BY`), its length, whether it is a friendly (outside any draw) and
    if so whether both players agreed beforehand that it is rated, whether it was
    played online, whether it has two players and whether it is decided."""

    decided_by: str
    length: int
    friendly: bool = False
    agreed_rated: bool = False
    online: bool = False
    two_players: bool = True
    decided: bool = True


def unrated_decisions(policy: RatingPolicy) -> tuple[str, ...]:
    """The ways of deciding a match (`actions.DECIDED_BY`) that this policy does not
    rate, whatever else the match is: what the query of the rated matches excludes."""
    return tuple(
        decided_by for decided_by, (knob, _) in _DECISION_KNOBS.items() if not getattr(policy, knob)
    )


def refusals(policy: RatingPolicy, facts: MatchFacts) -> dict[str, str]:
    """The knobs of one policy that leave the match out: knob -> reason code, in field
    order (the facts no policy decides, not decided or no opponent, are not here)."""
    found: dict[str, str] = {}
    knob = _DECISION_KNOBS.get(facts.decided_by)
    if knob is not None and not getattr(policy, knob[0]):
        found[knob[0]] = knob[1]
    if facts.length < policy.min_length:
        found["min_length"] = TOO_SHORT
    if facts.friendly and policy.friendlies != ALWAYS:
        if policy.friendlies == NEVER:
            found["friendlies"] = FRIENDLY
        elif not facts.agreed_rated:
            found["friendlies"] = FRIENDLY_NOT_AGREED
    if facts.online and not policy.online:
        found["online"] = ONLINE
    return found


class Reason(NamedTuple):
    """Why a match is not rated: the reason code and whose rule it is (`FEDERATION`,
    `CLUB`, or `NO_POLICY` for a match not decided or without an opponent)."""

    code: str
    source: str


@dataclass(frozen=True)
class Decision:
    """Whether a match is rated, and every reason it is not (none when it is)."""

    reasons: tuple[Reason, ...] = ()

    @property
    def rated(self) -> bool:
        return not self.reasons

    @property
    def codes(self) -> tuple[str, ...]:
        return tuple(reason.code for reason in self.reasons)


def decide(federation: RatingPolicy, club: RatingPolicy, facts: MatchFacts) -> Decision:
    """Whether the match is rated under the club's policy inside the federation's.

    The reasons name every rule that leaves the match out, once per knob: the
    federation's when its floor refuses the match (the club could not rate it anyway),
    otherwise the club's own. The match is rated exactly when there is none, which is
    the same as asking the effective policy (`effective`) alone."""
    reasons: list[Reason] = []
    if not facts.two_players:
        reasons.append(Reason(BYE, NO_POLICY))
    if not facts.decided:
        reasons.append(Reason(NOT_DECIDED, NO_POLICY))
    floor = refusals(federation, facts)
    own = refusals(club, facts)
    for field in fields(RatingPolicy):
        if field.name in floor:
            reasons.append(Reason(floor[field.name], FEDERATION))
        elif field.name in own:
            reasons.append(Reason(own[field.name], CLUB))
    return Decision(tuple(reasons))


DEFAULT = RatingPolicy()
