"""A GNU Backgammon .sgf match and gnubg's text export read as the .mat they came from:
the same players, length, results and moves; bad files refused at their line.

The files in tests/data/sgf and tests/data/gnubg_text were written by gnubg 1.07 from
the .mat files of tests/data/mat and tests/data/gnubg (tests/data/sgf/README.md)."""

from pathlib import Path

import pytest
from gnubg_program import needs_gnubg

from tournament.core import matfile
from tournament.core.matfile import MatError
from tournament.core.matfile.rows import read_actions
from tournament.core.rules import RuleSet
from tournament.engines.gnubg import analyse

DATA = Path(__file__).resolve().parents[1] / "data"
SGF = sorted((DATA / "sgf").glob("*.sgf"))


def original(name: str) -> Path:
    """The .mat a sample file was made from."""
    for folder in ("mat", "gnubg"):
        path = DATA / folder / f"{name}.mat"
        if path.exists():
            return path
    raise AssertionError(name)


def text_export(stem: str) -> str:
    """gnubg's per-game files (x.txt, x_002.txt, ...) joined in order."""
    folder = DATA / "gnubg_text"
    parts = [folder / f"{stem}.txt", *sorted(folder.glob(f"{stem}_[0-9][0-9][0-9].txt"))]
    return "".join(part.read_text(encoding="utf-8") for part in parts)


def plays(text: str) -> list[list[tuple[int, str, str]]]:
    """Each game's entries: (side, kind, the roll and the checkers moved, in any order).
    Hits (`*`) are left out: gnubg's .sgf does not record them and its .mat import
    does not need them."""
    games: list[list[tuple[int, str, str]]] = []
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if stripped.startswith("Game "):
            games.append([])
        elif games and ((stripped[:1].isdigit() and ")" in stripped[:4]) or "Wins" in stripped):
            for action in read_actions(line, number):
                if action.kind == "resign":
                    continue  # a .sgf says so, a .mat leaves it to the checkers borne off
                parts = sorted(action.move.replace("*", "").split())
                roll = action.text.split(":")[0] if action.kind == "roll" else action.text
                games[-1].append((action.side, action.kind, f"{roll} {' '.join(parts)}"))
    return games


def results(match: matfile.MatMatch):
    return [(game.score_before, game.result, game.points) for game in match.games]


@pytest.mark.parametrize("path", SGF, ids=lambda path: path.name)
def test_an_sgf_match_reads_as_the_mat_it_was_saved_from(path):
    mat = original(path.stem).read_text(encoding="utf-8")
    converted = matfile.convert(path.read_text(encoding="utf-8"), path.name)
    ours, theirs = matfile.parse(converted.text), matfile.parse(mat)
    assert converted.format == "sgf"
    assert (ours.players, ours.length) == (theirs.players, theirs.length)
    assert results(ours) == results(theirs)
    assert plays(converted.text) == plays(mat)
    matfile.check(ours, RuleSet())  # and the season's rules accept it as they do the .mat


@pytest.mark.parametrize("stem", ["noisy_3pt", "noisy_5pt", "gnubg_7pt_drops"])
def test_gnubgs_text_export_reads_as_the_mat_it_was_exported_from(stem):
    mat = original(stem).read_text(encoding="utf-8")
    converted = matfile.convert(text_export(stem), f"{stem}.txt")
    ours, theirs = matfile.parse(converted.text), matfile.parse(mat)
    assert converted.format == "text"
    assert (ours.players, ours.length) == (theirs.players, theirs.length)
    assert results(ours) == results(theirs)
    # The same rolls and cube actions in the same order; a move may be written shorter
    # ("13/5(2)" for "13/9 13/9 9/5 9/5"), so its checkers are not compared here.
    assert [[(*entry[:2], entry[2][:2]) for entry in game] for game in plays(converted.text)] == [
        [(*entry[:2], entry[2][:2]) for entry in game] for game in plays(mat)
    ]


def test_the_format_is_told_from_the_content_and_the_name_only_hints():
    sgf = SGF[0].read_text(encoding="utf-8")
    assert matfile.detect(sgf, "match.mat") == "sgf"
    assert matfile.detect(text_export("noisy_3pt"), "") == "text"
    # The content decides, never the name.
    assert matfile.detect(" 3 point match\n", "x.sgf") == "mat"
    assert matfile.detect(" 3 point match\n", "x.txt") == "mat"
    assert matfile.detect(" 3 point match\n", "") == "mat"


def refused(text: str, filename: str = "") -> MatError:
    with pytest.raises(MatError) as caught:
        converted = matfile.convert(text, filename)
        try:
            matfile.check(matfile.parse(converted.text), RuleSet())
        except MatError as error:
            raise converted.located(error) from None
    return caught.value


SMALL_SGF = (
    "(;FF[4]GM[6]CA[UTF-8]AP[GNU Backgammon:1.07.001]\n"
    "MI[length:1][game:0][ws:0][bs:0]PW[Anna]PB[Pere]RU[Crawford]RE[B+1]\n"
    ";W[31dcfc]\n"
    ";B[64aeag]\n"
    ";B[double]\n"
    ";W[drop])\n"
)


def test_a_small_sgf_reads():
    match = matfile.parse(matfile.convert(SMALL_SGF).text)
    assert match.players == ("Anna", "Pere")
    assert match.games[0].result.how == "dropped"


@pytest.mark.parametrize(
    ("broken", "line", "says"),
    [
        (SMALL_SGF.replace(";B[64aeag]", ";B[64aea]"), 4, "is not a roll and a move"),
        (SMALL_SGF.replace("RE[B+1]", "RE[?]"), 2, "has no result"),
        (SMALL_SGF.replace("GM[6]", "GM[1]"), 1, "not a backgammon game"),
        (SMALL_SGF.replace("W[drop])", "W[drop]"), 1, "never closed: a ')' is missing"),
        (SMALL_SGF.replace("W[drop])", "W[drop)"), 6, "opened with '[' is never closed"),
        (SMALL_SGF.replace("[length:1]", ""), 2, "no match length"),
    ],
)
def test_a_broken_sgf_is_refused_at_its_line(broken, line, says):
    error = refused(broken)
    assert error.line == line
    assert says in error.message()


def warnings_of(text: str) -> list[tuple[int, str]]:
    converted = matfile.convert(text)
    match = matfile.parse(converted.text)
    return [(item.line, item.reason.text()) for item in converted.located_warnings(match)]


def test_a_drop_that_its_result_contradicts_is_a_warning_at_the_sgfs_line():
    # The file says Pere dropped, but its result says Anna won: the drop decides, as in
    # GNU Backgammon, and the warning names the SGF's line.
    # (Its two moves are made up: the board may query them too, at their own lines.)
    found = warnings_of(SMALL_SGF.replace("RE[B+1]", "RE[W+1]"))
    [(line, says)] = [(line, says) for line, says in found if "dropped" in says]
    assert line == 2
    assert "after 'Doubles => 2' is dropped Pere wins 1" in says


def test_a_score_that_disagrees_is_a_warning_at_the_games_line_in_the_sgf():
    sgf = (DATA / "sgf" / "noisy_5pt.sgf").read_text(encoding="utf-8")
    game3 = next(number for number, line in enumerate(sgf.splitlines(), 1) if "[game:2]" in line)
    broken = sgf.replace("[game:2][ws:1][bs:2]", "[game:2][ws:2][bs:2]")
    assert broken != sgf
    (line, says), *_later = warnings_of(broken)
    assert line == game3
    assert "game 3: the score line says 2-2" in says


def test_a_broken_text_export_is_refused_at_its_line():
    text = text_export("noisy_3pt")
    lines = text.splitlines()
    moved = next(i for i, line in enumerate(lines) if line.startswith("* Pere Puig moves"))
    lines[moved] = "* Pere Puig juggles 24/20 24/18"
    error = refused("\n".join(lines))
    assert error.line == moved + 1
    assert "is not a move or a cube action" in error.message()

    # Without its results the export reads on, as a .mat does: the moves played on the
    # board end the game as its result said.
    no_result = "\n".join(line for line in text.splitlines() if " wins " not in line)
    assert no_result != text
    whole = matfile.parse(matfile.convert(text).text)
    assert matfile.parse(matfile.convert(no_result).text).final_score == whole.final_score
    assert refused("hello\n", "x.txt").line == 1


def test_text_games_out_of_order_are_refused():
    second = text_export("noisy_5pt").split("The score (after 1 game)")[1]
    error = refused("The score (after 1 game)" + second)
    assert error.line == 1
    assert "expected the game after 0 games" in error.message()


@needs_gnubg
@pytest.mark.parametrize("name", ["noisy_3pt", "noisy_5pt"])
def test_gnubg_analyses_the_sgfs_mat_as_it_does_the_original(name):
    converted = matfile.convert((DATA / "sgf" / f"{name}.sgf").read_text(encoding="utf-8"))
    ours = analyse(converted.text, 0)
    theirs = analyse(original(name).read_text(encoding="utf-8"), 0)
    assert [p.error_rate for p in ours.players] == [p.error_rate for p in theirs.players]
    assert [p.decisions for p in ours.players] == [p.decisions for p in theirs.players]


@needs_gnubg
def test_gnubg_analyses_the_text_exports_mat_as_it_does_the_original():
    ours = analyse(matfile.convert(text_export("noisy_5pt")).text, 0)
    theirs = analyse(original("noisy_5pt").read_text(encoding="utf-8"), 0)
    assert [p.error_rate for p in ours.players] == [p.error_rate for p in theirs.players]


def test_sgf_dialects_other_programs_write():
    # Gibbon's "W+1Resign" and its resign offer and answer as nodes; BackgammonMobile's
    # line break between "(" and ";": read as gnubg reads them.
    gibbon = SMALL_SGF.replace("RE[B+1]", "RE[B+1Resign]").replace(
        ";B[double]\n;W[drop])", ";W[resign:1]\n;B[accept])"
    )
    match = matfile.parse(matfile.convert(gibbon).text)
    [game] = match.games
    assert (game.result.winner, game.result.how) == (1, "resigned")
    mobile = SMALL_SGF.replace("(;FF[4]", "(\n;FF[4]")
    assert matfile.detect(mobile, "match.txt") == "sgf"
    assert matfile.parse(matfile.convert(mobile).text).final_score == (0, 1)


def test_an_sgf_game_without_a_result_is_read_unfinished():
    # An edited or unfinished game has no RE: gnubg reads it as a game not yet won.
    unfinished = SMALL_SGF.replace("RE[B+1]", "").replace(";B[double]\n;W[drop])", ")")
    converted = matfile.convert(unfinished)
    match = matfile.parse(converted.text)
    assert (match.games, match.finished, match.games_in_file) == ((), False, 1)
    said = [item.reason.text() for item in converted.located_warnings(match)]
    assert "game 1 has no result" in said  # (the made-up move may be queried too)
