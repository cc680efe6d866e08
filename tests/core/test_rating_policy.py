"""The rating policies over random matches and random pairs of policies: a club's
policy inside the federation's floor never rates a match either refuses, a stricter
policy never rates more, the defaults are the site's rule before policies, and a
policy survives its JSON."""

import json
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournament.core import actions, ratings
from tournament.core.rating_policy import (
    AGREED,
    ALWAYS,
    BYE,
    CLUB,
    DEFAULT,
    FEDERATION,
    FRIENDLIES,
    FRIENDLY,
    FRIENDLY_NOT_AGREED,
    NEVER,
    NO_POLICY,
    NOT_DECIDED,
    ONLINE,
    REASONS,
    SETTLED,
    TOO_SHORT,
    WALKOVER,
    MatchFacts,
    RatingPolicy,
    Reason,
    decide,
    effective,
    refusals,
)

policies = st.builds(
    RatingPolicy,
    walkovers=st.booleans(),
    retirements=st.booleans(),
    on_time=st.booleans(),
    unfinished_or_settled=st.booleans(),
    min_length=st.integers(1, 9),
    friendlies=st.sampled_from(FRIENDLIES),
    online=st.booleans(),
)
matches = st.builds(
    MatchFacts,
    decided_by=st.sampled_from(actions.DECIDED_BY),
    length=st.integers(1, 11),
    friendly=st.booleans(),
    agreed_rated=st.booleans(),
    online=st.booleans(),
    two_players=st.booleans(),
    decided=st.booleans(),
)


def rates(policy: RatingPolicy, facts: MatchFacts) -> bool:
    """The policy alone, as both the federation's and the club's."""
    return decide(policy, policy, facts).rated


@given(policies, policies, matches)
def test_the_club_never_rates_what_the_federation_refuses(federation, club, facts):
    if not rates(federation, facts):
        assert not decide(federation, club, facts).rated
        assert not rates(effective(federation, club), facts)


@given(policies, policies, matches)
def test_the_club_never_rates_what_its_own_policy_refuses(federation, club, facts):
    if not rates(club, facts):
        assert not decide(federation, club, facts).rated
        assert not rates(effective(federation, club), facts)


@given(policies, policies, matches)
def test_deciding_from_the_two_is_asking_the_effective_policy(federation, club, facts):
    """Rated under the two exactly when rated under the effective policy, and when both
    rate it (the effective policy is no stricter than it must be)."""
    both = decide(federation, club, facts).rated
    assert both == rates(effective(federation, club), facts)
    assert both == (rates(federation, facts) and rates(club, facts))


@given(policies, policies, policies, matches)
def test_a_stricter_policy_never_rates_more(federation, club, tighter, facts):
    """`effective(tighter, club)` is `club` made stricter on some knobs: whatever it
    rates, `club` rates too, under any federation."""
    stricter = effective(tighter, club)
    assert stricter.looser_than(club) == ()
    if decide(federation, stricter, facts).rated:
        assert decide(federation, club, facts).rated


@given(policies, policies, matches)
def test_every_reason_is_a_known_code_and_says_whose_rule(federation, club, facts):
    decision = decide(federation, club, facts)
    codes = decision.codes
    assert len(codes) == len(set(codes)), "one reason per rule"
    for reason in decision.reasons:
        assert reason.code in REASONS
        expected = NO_POLICY if reason.code in (BYE, NOT_DECIDED) else None
        if expected is None:
            # The federation's when its floor refuses the match, else the club's own.
            expected = FEDERATION if reason.code in refusals(federation, facts).values() else CLUB
            if expected == CLUB:
                assert reason.code in refusals(club, facts).values()
        assert reason.source == expected, decision
    assert (BYE in codes) == (not facts.two_players)
    assert (NOT_DECIDED in codes) == (not facts.decided)


@given(
    st.sampled_from(actions.DECIDED_BY),
    st.integers(1, 11),
    st.booleans(),
    st.booleans(),
)
def test_the_defaults_are_the_rule_before_policies(decided_by, length, friendly, online):
    """The site's rule before clubs wrote policies: a decided match between two players
    is rated unless a walkover, a 1-point match or a friendly. The double loss is the
    one change: it was never a decided match (it is settled void, with no winner), and
    the default policy now says so of it too."""
    before = (
        decided_by != actions.WALKOVER and length >= 2 and not friendly
    )  # core.ratings.is_rated as it was
    facts = MatchFacts(decided_by=decided_by, length=length, friendly=friendly, online=online)
    now = decide(RatingPolicy(), RatingPolicy(), facts).rated
    if decided_by == actions.DOUBLE_LOSS:
        assert not now
    else:
        assert now == before
        assert ratings.is_rated(decided_by=decided_by, length=length, friendly=friendly) == before


@given(policies)
def test_a_policy_survives_its_json(policy):
    stored = json.loads(json.dumps(policy.as_dict()))
    assert RatingPolicy.from_dict(stored) == policy


@given(policies, st.integers(1, 12))
def test_the_shortest_rated_length_is_rated_and_one_shorter_is_not(policy, length):
    facts = MatchFacts(decided_by=actions.GAMES, length=length)
    allowed = replace(policy, friendlies=ALWAYS)
    rated = rates(allowed, facts)
    assert rated == (length >= policy.min_length)
    if not rated:
        assert decide(allowed, allowed, facts).reasons == (Reason(TOO_SHORT, FEDERATION),)


def test_missing_keys_take_their_defaults_and_unknown_keys_are_refused():
    assert RatingPolicy.from_dict({}) == DEFAULT
    assert RatingPolicy.from_dict(None) == DEFAULT
    assert RatingPolicy.from_dict({"walkovers": True}) == replace(DEFAULT, walkovers=True)
    with pytest.raises(ValueError, match="walkover"):
        RatingPolicy.from_dict({"walkover": True})


@pytest.mark.parametrize(
    "data",
    [
        {"min_length": 0},
        {"min_length": "2"},
        {"min_length": True},
        {"friendlies": "sometimes"},
        {"online": "yes"},
        {"walkovers": 1},
    ],
)
def test_a_policy_with_a_wrong_value_is_refused(data):
    with pytest.raises(ValueError):
        RatingPolicy.from_dict(data)


def test_a_club_rates_less_than_the_federation_and_says_whose_rule_it_was():
    federation = RatingPolicy(walkovers=True, friendlies=AGREED, min_length=3)
    club = RatingPolicy(walkovers=False, friendlies=ALWAYS, min_length=1, online=False)
    assert effective(federation, club) == RatingPolicy(
        walkovers=False, friendlies=AGREED, min_length=3, online=False
    )
    assert club.looser_than(federation) == ("min_length", "friendlies")
    walkover = MatchFacts(decided_by=actions.WALKOVER, length=5, online=True)
    assert decide(federation, club, walkover).reasons == (
        Reason(WALKOVER, CLUB),
        Reason(ONLINE, CLUB),
    )
    friendly = MatchFacts(decided_by=actions.GAMES, length=2, friendly=True)
    assert decide(federation, club, friendly).reasons == (
        Reason(TOO_SHORT, FEDERATION),
        Reason(FRIENDLY_NOT_AGREED, FEDERATION),
    )
    agreed = replace(friendly, length=3, agreed_rated=True)
    assert decide(federation, club, agreed).rated
    strict = replace(club, friendlies=NEVER)
    assert decide(federation, strict, agreed).reasons == (Reason(FRIENDLY, CLUB),)


def test_a_double_loss_is_a_settled_match_and_never_decided():
    double = MatchFacts(decided_by=actions.DOUBLE_LOSS, length=3, decided=False)
    loose = RatingPolicy(unfinished_or_settled=True)
    assert decide(DEFAULT, DEFAULT, double).reasons == (
        Reason(NOT_DECIDED, NO_POLICY),
        Reason(SETTLED, FEDERATION),
    )
    assert decide(loose, loose, double).reasons == (Reason(NOT_DECIDED, NO_POLICY),)
