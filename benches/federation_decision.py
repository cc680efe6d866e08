"""`bench --only federation`'s decision figure (issue 41): deciding a rated match in the
federation of 100 clubs, 20,000 players and a million games costs the queries it costs
on the one-club site, within the decision's budget, and within 1.5x its time.

A rated match's decision refreshes the ratings incrementally (`operations.ratings`):
the ratings the federation's list reads are the players' kept ones, moved by the new
match alone, so neither the other clubs' matches nor the federation's players should
show in what a decision costs. Each site gets the same cup of 16 in a bench season of
the founding club (`decision_bench`'s, found on the next run), and the same match is
decided by its last game and taken back, in pairs, the federation's against the one
club's (`decision_bench._Decider`)."""

from __future__ import annotations

import random

from . import bench_seasons, decision_bench, measure

TARGET_RATIO = 1.5
CUP = "Federation decision 16"
SIZE = 16


def _decider(meter) -> tuple[decision_bench._Decider, dict]:
    """The site's cup (found or drawn), its first open match's decider, and what one
    decision costs in statements: all of them, and the decision's own (the ratings
    refresh and the mail after the commit apart)."""
    season = bench_seasons.bench_season(decision_bench.YEAR, "Bench decisions")
    cup, _made = bench_seasons.drawn_cup(season, CUP, SIZE, SIZE, decision_bench.LENGTHS, "Decide")
    decider = decision_bench._Decider(
        decision_bench._ready(cup, 0),
        random.Random(SIZE),  # noqa: S311 -- sample games, not secrets
    )
    return decider, decision_bench._queries(meter, decider.decide, decider.undecided)


def run(emit, sites: list, pairs: int = measure.PAIRS) -> None:
    """One line: the decision and its queries on both sites, timed in pairs."""
    pairs = max(pairs, 11)  # each run is milliseconds: more pairs than the pages'
    one_club, federation = sites
    deciders, counts = {}, {}
    with decision_bench._Meter() as meter:
        for site in sites:
            with site.serving():
                deciders[site.label], counts[site.label] = _decider(meter)
    ours, theirs = deciders[federation.label], deciders[one_club.label]

    def in_federation():
        federation.switch()
        ours.undecided()

    def on_one_club():
        one_club.switch()
        theirs.undecided()

    with one_club.serving():
        timing = measure.paired(
            ours.decide, theirs.decide, pairs, figure_setup=in_federation, floor_setup=on_one_club
        )
        one_club.switch()
        theirs.undecided()
    with federation.serving():
        ours.undecided()
    queries = [counts[site.label]["queries"] for site in sites]
    own = [counts[site.label]["own_queries"] for site in sites]
    ratio = timing["ratio"]["median"]
    within = measure.verdict(
        ratio,
        TARGET_RATIO,
        statistic="median of the pairwise wall-time ratios, the decision in the federation "
        "over on the one-club site",
    )
    within["within_target"] = (
        within["within_target"]
        and queries[0] == queries[1]
        and max(own) <= decision_bench.TARGET_QUERIES
    )
    emit(
        {
            "name": "federation_decide_rated_match",
            "entrants": SIZE,
            "queries": queries,
            "own_queries": own,
            "query_budget": decision_bench.TARGET_QUERIES,
            "ratio_federation_vs_one_club": ratio,
            **timing,
            **within,
        }
    )
