"""The dialects real .mat files come in (issue 38): each read as GNU Backgammon reads it."""

from pathlib import Path

import pytest

from tournament.core import matfile
from tournament.core.matfile import MatError
from tournament.core.scoring import GameResult

DIALECTS = Path(__file__).resolve().parents[1] / "data" / "mat" / "dialects"


def game(*rows: str, score: str = " Anna : 0                       Pere : 0") -> str:
    return " 5 point match\n\n Game 1\n" + score + "\n" + "\n".join(rows) + "\n"


def test_a_mat_named_txt_is_read_as_a_mat():
    text = (DIALECTS / "server_left.txt").read_text(encoding="utf-8")
    assert matfile.detect(text, "server_left.txt") == "mat"
    assert matfile.convert(text, "x.txt").format == "mat"


def test_a_hand_transcription_with_a_boxed_header_and_its_dialect():
    # Windows-1252, CRLF, a boxed header, tags out of order, a rated name, a name with
    # spaces and an accent, "Double =>", a misaligned right column, "Losses" rows and
    # "Wins N points and the match".
    text = (DIALECTS / "hand_cp1252.txt").read_bytes().decode("cp1252")
    match = matfile.parse(text)
    assert match.headers == {"Round": "Final", "Site": "Club", "Event": "Copa del Club"}
    assert match.players == ("nori", "Josep Mª Vidal")
    assert [game.result for game in match.games] == [
        GameResult(1, "single", 1, "dropped"),
        GameResult(1, "single", 2, "resigned"),
        GameResult(1, "gammon", 1, "resigned"),
    ]
    assert match.warnings == ()
    assert (match.finished, match.final_score) == (True, (0, 5))


def test_wins_100_points_is_a_resigned_backgammon_as_gnubg_reads_it():
    text = (DIALECTS / "server_left.txt").read_text(encoding="utf-8")
    match = matfile.parse(text)
    [only] = match.games
    assert only.result == GameResult(1, "backgammon", 1, "resigned")
    assert match.final_score == (0, 3) and not match.finished
    assert [str(item) for item in match.warnings] == [
        "line 12: game 1: 'Wins 100 points' does not fit a cube of 1: read as 3, as GNU "
        "Backgammon reads it"
    ]


def test_a_file_cut_short_is_read_unfinished():
    text = game("  1) 31: 8/5 6/5                 64: 24/18 13/9", "  2) 52: 13/8 13/11")
    match = matfile.parse(text)
    assert (match.games, match.finished, match.games_in_file) == ((), False, 1)
    assert [str(item) for item in match.warnings] == ["line 3: game 1 has no result"]


@pytest.mark.parametrize(
    "text",
    [" 0 point match\n\n Game 1\n A : 0   B : 0\n", "Money session\n\n Game 1\n A : 0   B : 0\n"],
)
def test_a_money_session_is_refused_in_words(text):
    with pytest.raises(MatError) as caught:
        matfile.parse(text)
    assert caught.value.line == 1
    assert "a session of money games, not a match" in caught.value.message()


def test_a_game_missing_from_the_numbering_is_a_warning():
    text = game("      Wins 1 point") + "\n Game 3\n Anna : 1    Pere : 0\n      Wins 2 points\n"
    match = matfile.parse(text)
    assert match.final_score == (3, 0)
    assert [str(item) for item in match.warnings] == [
        "line 7: expected Game 2 here: read as game 2"
    ]


@pytest.mark.parametrize(
    "row",
    [
        "  1) 31: 8/5 6/5        Doubles => 2",  # the right column far to the left
        "  1) 31: 8/5 6/5\tDouble => 2",
        "  1. 31: 8/5 6/5                 Doubles => 2",
    ],
)
def test_rows_laid_out_otherwise_read_the_same(row):
    text = game(row, "  2)  Drops                      Wins 1 point")
    [only] = matfile.parse(text).games
    assert only.result == GameResult(1, "single", 1, "dropped")


def test_a_points_that_do_not_fit_the_cube_are_read_as_gnubg_does():
    text = game("  1)  Doubles => 2                Takes", "      Wins 5 points")
    match = matfile.parse(text)
    assert match.games[0].result == GameResult(0, "backgammon", 2, "played")
    assert match.final_score == (6, 0)
    assert len(match.warnings) == 1 and match.warnings[0].line == 6


def test_a_move_the_board_cannot_follow_is_a_warning_at_its_line_and_the_reading_goes_on():
    # Pere made his 5 point (Anna's 20) with 31; Anna's 43 "24/20" lands on it. gnubg
    # skips such a move and reads on; the site says where, and the game's result stands.
    text = game(
        "  1) 52: 13/8 13/11                 31: 8/5 6/5",
        "  2) 43: 24/20 13/10                62: 24/18 13/11",
        "                                    Wins 1 point",
    )
    match = matfile.parse(text)
    [only] = match.games
    assert only.result == GameResult(1, "single", 1, "resigned")
    assert [str(item) for item in match.warnings] == [
        "line 6: Anna's “43: 24/20 13/10”: 20 is held by the opponent"
    ]
