"""The draw's rounds, matches and slots in people's words (tournament/core/draw/words.py):
one label per round everywhere, "Quarter-finals" and "Winner of Quarter-final 1", never
"R3 M1" (issue 36)."""

from __future__ import annotations

import re

import pytest

from tournament.core.draw import (
    BYE,
    CONSOLATION,
    ENTRY_LOSER,
    FIRST_LOSER,
    GRAND_FINAL,
    LAST_CHANCE,
    LOSER,
    MAIN,
    PROGRESSIVE,
    READY,
    WINNER,
    DrawError,
    Names,
    Slot,
    Source,
    make_plan,
    names_of,
    resolve,
)

CUP = Names({MAIN: 5, CONSOLATION: 5, LAST_CHANCE: 3})


def test_rounds_by_their_names():
    words = [CUP.round(MAIN, number).text() for number in range(1, 6)]
    assert words == ["Round 1", "Round 2", "Quarter-finals", "Semi-finals", "Final"]
    # Read outside its bracket, a consolation's round says which bracket it is in.
    assert CUP.round(CONSOLATION, 2).text() == "Consolation: Round 2"
    assert CUP.round(CONSOLATION, 2, within=CONSOLATION).text() == "Round 2"
    assert CUP.round(LAST_CHANCE, 3).text() == "Last chance: Final"


def test_matches_by_their_rounds_names():
    assert CUP.match(Slot(MAIN, 3, 1)).text() == "Quarter-final 1"
    assert CUP.match(Slot(MAIN, 4, 2)).text() == "Semi-final 2"
    assert CUP.match(Slot(MAIN, 5, 1)).text() == "Final"
    assert CUP.match(Slot(MAIN, 1, 7)).text() == "Round 1, match 7"
    assert CUP.match(Slot(CONSOLATION, 2, 3)).text() == "Consolation: Round 2, match 3"
    assert CUP.match(Slot(CONSOLATION, 5, 1)).text() == "Consolation: Final"


def test_sources_name_the_match_they_come_from():
    winner = Source(WINNER, match=Slot(MAIN, 3, 1))
    assert CUP.source(winner, MAIN).text() == "Winner of Quarter-final 1"
    loser = Source(LOSER, match=Slot(MAIN, 1, 4))
    assert CUP.source(loser, CONSOLATION).text() == "Loser of Main bracket: Round 1, match 4"
    first = Source(FIRST_LOSER, match=Slot(MAIN, 1, 4))
    assert CUP.source(first, CONSOLATION).text() == (
        "Loser of Main bracket: Round 1, match 4 (or, after a bye, of their first match)"
    )
    assert CUP.source(first, CONSOLATION, short=True).text() == (
        "Loser of Main bracket: Round 1, match 4"
    )
    entry = Source(ENTRY_LOSER, match=Slot(CONSOLATION, 2, 3))
    assert CUP.source(entry, LAST_CHANCE).text() == (
        "Who dropped into Consolation: Round 2, match 3, if they lose their first match "
        "(there, or after a bye)"
    )
    assert CUP.source(Source(BYE)).text() == "Bye"
    assert CUP.source(Source("entrant", entrant=17)).text() == "Entrant 17"


def test_a_double_elimination_names_its_own_brackets():
    double = Names({MAIN: 3, CONSOLATION: 4, GRAND_FINAL: 2}, double=True)
    # Its winners' bracket's final is not the event's: named with its bracket.
    assert double.match(Slot(MAIN, 3, 1)).text() == "Winners' bracket: Final"
    assert double.match(Slot(CONSOLATION, 2, 1)).text() == "Losers' bracket: Round 2, match 1"
    assert double.match(Slot(GRAND_FINAL, 1, 1)).text() == "Grand final"
    assert double.match(Slot(GRAND_FINAL, 2, 1)).text() == "Grand final reset"
    assert double.round(GRAND_FINAL, 2).text() == "Reset (if needed)"


def test_translated_as_a_whole():
    catalan = {
        "Loser of %(match)s": "Perdedor de %(match)s",
        "%(bracket)s: %(match)s": "%(bracket)s: %(match)s",
        "Main bracket": "Quadre principal",
        "Quarter-final %(position)d": "Quarts de final %(position)d",
        "Round %(round)d, match %(position)d": "Ronda %(round)d, partida %(position)d",
    }
    source = Source(LOSER, match=Slot(MAIN, 3, 2))
    assert CUP.describe(source, lambda text: catalan.get(text, text), within=CONSOLATION) == (
        "Perdedor de Quadre principal: Quarts de final 2"
    )


def test_a_plans_names_and_its_errors_name_matches_in_words():
    plan = make_plan([f"P{n}" for n in range(20)], consolation=PROGRESSIVE, rng_seed=1)
    names = names_of(plan)
    assert names.rounds[MAIN] == 5
    states = resolve(plan, {})
    pending = next(slot for slot, state in states.items() if slot == Slot(MAIN, 3, 1))
    with pytest.raises(DrawError) as raised:
        resolve(plan, {pending: 0})
    assert str(raised.value) == (
        "Quarter-final 1 cannot have a result yet: a player is still unknown."
    )
    ready = next(slot for slot, state in states.items() if state.status == READY)
    with pytest.raises(DrawError) as raised:
        resolve(plan, {ready: 2})
    assert str(raised.value).startswith("The winner of Round 1, match")


def test_no_r_and_m_left_in_the_cores_words():
    from pathlib import Path

    import tournament.core.draw as package

    for path in Path(package.__file__).parent.glob("*.py"):
        assert not re.search(r"R%\(round\)d M%\(position\)d", path.read_text()), path
