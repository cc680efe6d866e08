"""Which of a tournament's matches a file is of (core.transcript_placing): the players'
names in either order and the length; two matches of one pair told apart by their
recorded games, else refused; one match for one file of an upload."""

from tournament.core.scoring import GameResult
from tournament.core.transcript_placing import Candidate, place, place_all

WON = (GameResult(0, "single", 1, "played"), GameResult(1, "gammon", 2, "played"))


def test_the_names_in_either_order_and_written_differently():
    candidates = [Candidate(1, ("Núria Ferrer", "Pere Puig"), 5)]
    assert place(("nuria_ferrer", "PERE PUIG"), 5, WON, candidates).match_id == 1
    placed = place(("Pere Puig", "Núria Ferrer"), 5, WON, candidates)
    assert (placed.match_id, placed.swapped) == (1, True)


def test_names_that_match_no_match_or_another_length_are_refused():
    candidates = [Candidate(1, ("Anna", "Pere"), 7), Candidate(2, ("Anna", "Pere"), 5)]
    refusal = place(("Anna", "Berta"), 7, WON, candidates).refusal
    assert refusal.message() == "no match of this tournament is between Anna and Berta"
    refusal = place(("Pere", "Anna"), 3, WON, candidates).refusal
    assert refusal.message() == (
        "the file is a 3 point match; Pere and Anna play to 5, 7 points here"
    )


def test_two_matches_of_one_pair_are_told_apart_by_their_games():
    recorded = Candidate(1, ("Anna", "Pere"), 5, results=WON)
    fresh = Candidate(2, ("Anna", "Pere"), 5)
    assert place(("Anna", "Pere"), 5, WON, [recorded, fresh]).match_id == 1
    # The same games told the other way round are the recorded match's, swapped.
    swapped = tuple(GameResult(1 - r.winner, r.kind, r.cube, r.how) for r in WON)
    assert place(("Pere", "Anna"), 5, swapped, [recorded, fresh]).match_id == 1
    # Other games: the one not recorded yet.
    other = (GameResult(1, "single", 1, "played"),)
    assert place(("Anna", "Pere"), 5, other, [recorded, fresh]).match_id == 2
    # Two not recorded: nobody can tell.
    refusal = place(("Anna", "Pere"), 5, other, [fresh, Candidate(3, ("Pere", "Anna"), 5)])
    assert "2 matches between Anna and Pere" in refusal.refusal.message()


def test_one_match_for_one_file_of_an_upload():
    candidates = [Candidate(1, ("Anna", "Pere"), 5)]
    file = (("Anna", "Pere"), 5, WON)
    names = ["a.mat", "b.mat", "c.mat"]
    first, unread, second = place_all([file, None, file], candidates, names=names)
    assert first.match_id == 1 and unread is None
    # The first file by its name, not by its place in the upload ("file 1").
    assert second.refusal.message() == "a.mat, earlier in this upload, is of the same match"
