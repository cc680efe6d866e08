"""Jellyfish .mat transcripts: GNU Backgammon's files read and checked, bad ones refused."""

import dataclasses
import random
import re
from pathlib import Path

import pytest
from gnubg_program import needs_gnubg, run_gnubg
from hypothesis import given, settings
from hypothesis import strategies as st

from tournament.core import matfile
from tournament.core.matfile import MatError, normalize_name
from tournament.core.rules import PRESETS, RuleSet
from tournament.core.sample_games import games_to_finish
from tournament.core.scoring import GameResult, IllegalGame, replay

DATA = Path(__file__).resolve().parents[1] / "data" / "mat"
GNUBG_FILES = sorted(DATA.glob("gnubg_*.mat"))
STANDARD = RuleSet()


def text_of(name: str) -> str:
    return (DATA / name).read_text(encoding="utf-8")


def line_of(text: str, stripped: str) -> int:
    """The 1-based number of the first line that reads `stripped`."""
    return [line.strip() for line in text.splitlines()].index(stripped) + 1


def refused(text: str, rules: RuleSet = STANDARD) -> MatError:
    with pytest.raises(MatError) as caught:
        matfile.read(text, rules)
    return caught.value


# --- GNU Backgammon's own transcripts ---------------------------------------------------


def test_the_transcripts_are_shipped():
    assert len(GNUBG_FILES) >= 6


@pytest.mark.parametrize("path", GNUBG_FILES, ids=lambda path: path.name)
def test_every_shipped_transcript_parses_and_checks(path):
    match, state = matfile.read(path.read_text(encoding="utf-8"), STANDARD)
    assert [game.number for game in match.games] == list(range(1, len(match.games) + 1))
    assert [game.score_before for game in match.games] == [
        outcome.score_before for outcome in state.games
    ]
    assert [game.points for game in match.games] == [outcome.points for outcome in state.games]
    # The final score is the last score line plus the last "Wins".
    last = match.games[-1]
    final = list(last.score_before)
    final[last.result.winner] += last.points
    assert state.raw_score == tuple(final)
    assert state.finished
    assert state.winner == last.result.winner
    assert match.headers.keys() == {"EventDate"}


def test_a_match_with_drops_resignations_and_a_crawford_game():
    text = text_of("gnubg_5pt_crawford.mat")
    match, state = matfile.read(text, STANDARD)
    assert match.length == 5
    assert match.players == ("Núria Ferrer", "Pere Puig")
    assert len(match.games) == 7
    assert match.games[0].line == line_of(text, "Game 1")
    first = match.games[0]
    # " Doubles => 2" / " Drops" / "Wins 1 point": lost at the cube before the double.
    assert first.result == GameResult(0, "single", 1, "dropped")
    assert first.points == 1
    assert match.games[2].result == GameResult(0, "single", 2, "resigned")
    assert state.crawford_game == 4
    assert [outcome.post_crawford for outcome in state.games] == [False] * 4 + [True] * 3
    # Game 4's last move bears off, but Pere Puig has 11 checkers off: a resignation.
    assert match.games[3].result == GameResult(1, "single", 1, "resigned")
    assert state.raw_score == (4, 5)


def test_a_resignation_in_the_race_is_not_a_game_played_out():
    match = matfile.parse(text_of("gnubg_5pt_gammons.mat"))
    # Núria's last move is 54: 1/0 1/0, her 14th checker: Pere resigned.
    assert match.games[3].result == GameResult(0, "single", 1, "resigned")
    assert match.games[0].result == GameResult(0, "gammon", 2, "played")
    assert match.games[0].points == 4
    assert match.games[1].result == GameResult(1, "gammon", 1, "played")


def test_post_crawford_games_and_a_drop_at_the_lowest_cube():
    match, state = matfile.read(text_of("gnubg_3pt.mat"), STANDARD)
    assert state.crawford_game == 2
    assert match.games[2].result == GameResult(0, "single", 1, "dropped")
    assert match.games[3].result == GameResult(1, "gammon", 1, "resigned")
    assert [outcome.post_crawford for outcome in state.games] == [False, False, True, True]


def test_a_one_point_match():
    match, state = matfile.read(text_of("gnubg_1pt.mat"), STANDARD)
    assert match.length == 1
    assert match.players == ("Jordi Vila", "Marta")
    assert [game.result for game in match.games] == [GameResult(1, "gammon", 1, "played")]
    assert state.score == (0, 1)
    assert state.raw_score == (0, 2)
    assert state.crawford_game is None


def test_a_backgammon_and_a_season_where_it_counts_2():
    text = text_of("gnubg_5pt_backgammon.mat")
    match, state = matfile.read(text, STANDARD)
    assert match.games[3].result == GameResult(0, "backgammon", 2, "played")
    assert match.games[3].points == 6
    assert state.raw_score == (8, 2)
    # Under the 1999 rules the same game is worth 4: the file contradicts the season.
    error = refused(text, PRESETS["qgammon-1999"])
    assert error.line == line_of(text, "Game 4")
    assert "'Wins 6'" in error.message()
    assert "worth 4" in error.message()


def test_three_drops_and_a_resigned_gammon_at_a_cube_of_2():
    match, state = matfile.read(text_of("gnubg_7pt_drops.mat"), STANDARD)
    assert [game.result.how for game in match.games].count("dropped") == 3
    assert match.games[6].result == GameResult(0, "gammon", 2, "resigned")
    assert state.crawford_game is None
    assert state.score == (7, 4)


def test_crlf_tabs_and_odd_spaces_read_the_same():
    text = text_of("gnubg_5pt_crawford.mat")
    expected = matfile.parse(text)
    crlf = text.replace("\n", "\r\n")
    assert matfile.parse(crlf) == expected
    loose = "\ufeff" + text.replace(" 5 point match", "5   Point  Match   ").replace(
        " Game ", "\tGame  "
    )
    assert [game.result for game in matfile.parse(loose).games] == [
        game.result for game in expected.games
    ]


def test_tabs_between_the_columns():
    text = (
        "3 point match\n\nGame 1\nAnna : 0\tPere : 0\n"
        "1)\tDoubles => 2\tTakes\n2)\t21: 13/11 6/5\tDoubles => 4\n3)\tDrops\tWins 2 points\n"
    )
    [game] = matfile.parse(text).games
    assert game.result == GameResult(1, "single", 2, "dropped")


# --- the file's own marks ---------------------------------------------------------------


def test_a_crawford_mark_is_accepted_where_it_is_true():
    text = text_of("gnubg_3pt.mat").replace(
        "Anna : 0                       Pere : 2", "Anna : 0   Pere : 2*"
    )
    match, state = matfile.read(text, STANDARD)
    assert match.games[1].crawford_marked
    assert state.crawford_game == 2


@pytest.mark.parametrize("mark", [" Game 3 (Crawford)", " Game 3 Crawford", " Game 3*"])
def test_a_crawford_mark_where_it_is_not_true_is_refused(mark):
    text = text_of("gnubg_3pt.mat").replace(" Game 3", mark)
    error = refused(text)
    assert error.line == line_of(text, mark.strip())
    assert error.message() == "game 3 is marked as the Crawford game, but by the score it is not"


def test_names_with_underscores_match_names_with_spaces():
    assert normalize_name("Núria_Ferrer") == normalize_name("nuria ferrer")
    assert normalize_name("  NÚRIA  FERRER ") == "nuriaferrer"
    assert normalize_name("Pere_Puig") == normalize_name("Pere Puig")
    assert normalize_name("Çağla Öztürk") == normalize_name("cagla ozturk")
    assert normalize_name("Núria Ferrer") != normalize_name("Núria Ferré Puig")


def test_the_same_players_may_be_written_with_underscores_in_later_games():
    text = text_of("gnubg_5pt_crawford.mat")
    later = text.replace("Núria Ferrer : 2", "Núria_Ferrer : 2")
    assert matfile.parse(later).players == ("Núria Ferrer", "Pere Puig")


# --- beavers (1999) ---------------------------------------------------------------------


def test_beavers_in_xg_notation():
    text = text_of("xg_beavers_1999.mat")
    match, state = matfile.read(text, PRESETS["qgammon-1999"])
    assert match.headers == {"Site": "Q-gammon", "Event": "Lliga Q 1999", "Beaver": "On"}
    assert [game.result for game in match.games] == [
        # Beavered to 4 and taken by rolling on; then Núria resigned.
        GameResult(1, "single", 4, "resigned", beaver=True),
        # A backgammon counts 2 in 1999: "Wins 2 points" at a cube of 1 reads as a gammon.
        GameResult(0, "gammon", 1, "played"),
        GameResult(0, "gammon", 4, "played", beaver=True),
    ]
    assert state.crawford_game == 2
    assert state.raw_score == (10, 4)
    error = refused(text, STANDARD)
    assert error.line == line_of(text, "Game 1")
    assert error.message() == "game 1: this season's matches are played without beavers"


def test_a_refused_beaver_and_a_raccoon():
    text = (
        " 7 point match\n\n Game 1\n A : 0      B : 0\n"
        "  1)  Doubles => 2        Beavers => 4\n"
        "  2)  Drops               Wins 2 points\n\n"
        " Game 2\n A : 0      B : 2\n"
        "  1)  Doubles => 2        Beavers => 4\n"
        "  2)  Raccoons => 8       Takes\n"
        "      Wins 8 points\n"
    )
    match = matfile.parse(text)
    assert match.games[0].result == GameResult(1, "single", 2, "beaver_dropped", beaver=True)
    assert match.games[1].result == GameResult(0, "single", 8, "played", beaver=True)
    assert match.games[1].raccoon
    beavers = RuleSet(beavers=True)
    assert refused(text, beavers).message() == (
        "game 2: this season's matches are played without raccoons"
    )
    _, state = matfile.read(text, dataclasses.replace(beavers, raccoons=True))
    assert state.raw_score == (8, 2)


# --- bad files ---------------------------------------------------------------------------


def test_a_file_without_a_length_is_refused_at_its_line():
    text = text_of("bad_no_length.mat")
    error = refused(text)
    assert error.line == line_of(text, "Game 1")
    assert error.message() == "expected the match length, such as '7 point match', not 'Game 1'"
    assert str(error) == f"line {error.line}: {error.message()}"


def test_a_score_line_the_games_do_not_make_is_read_as_gnubg_reads_it_with_a_warning():
    text = text_of("bad_score_disagrees.mat")
    match = matfile.parse(text)
    [warning] = match.warnings
    assert warning.line == line_of(text, "Anna : 0                       Pere : 1")
    assert str(warning).endswith(
        "game 2: the score line says 0-1, but the games before it make 1-0; read as the "
        "score line says, as GNU Backgammon reads it"
    )
    # GNU Backgammon's score is the last score line plus the last result.
    last = match.games[-1]
    final = list(last.score_before)
    final[last.result.winner] += last.points
    assert match.final_score == tuple(final)


def test_games_after_the_end_are_left_out_with_a_warning():
    text = text_of("bad_after_the_end.mat")
    match, state = matfile.read(text, STANDARD)
    assert len(match.games) == 2 and match.finished and state.finished
    assert [(item.line, item.reason.text()) for item in match.warnings] == [
        (
            line_of(text, "Game 3"),
            "game 3 comes after the match was decided (3-0): it and the games after it are "
            "left out",
        )
    ]


def test_a_double_in_the_crawford_game_is_refused_by_the_seasons_rules():
    text = text_of("bad_crawford_double.mat")
    error = refused(text)
    assert error.line == line_of(text, "Game 2")
    assert error.message() == "game 2 is the Crawford game: the cube cannot be turned"


def test_a_refusal_from_replay_keeps_its_translatable_template():
    error = refused(text_of("bad_crawford_double.mat"))
    assert error.template == "game %(number)s is the Crawford game: the cube cannot be turned"
    catalan = {error.template: "el joc %(number)s és el de Crawford: no es pot doblar"}
    assert error.message(catalan.get) == "el joc 2 és el de Crawford: no es pot doblar"
    assert error.__cause__ is not None


def game_text(*rows: str, length: str = "5", score: str = " Anna : 0      Pere : 0") -> str:
    return f" {length} point match\n\n Game 1\n{score}\n" + "\n".join(rows) + "\n"


@pytest.mark.parametrize(
    ("text", "line", "reason"),
    [
        ("", 1, "no 'N point match' line: this is not a match transcript"),
        ('; [Event "x"]\n\n', 1, "no 'N point match' line: this is not a match transcript"),
        (" five point match\n", 1, "'five' is not a match length"),
        (" 0 point match\n", 1, "'0 point match': a session of money games, not a match"),
        (
            "Money session\n\n Game 1\n A : 0   B : 0\n",
            1,
            "a session of money games, not a match",
        ),
        (" 5 point match\n\n", 1, "the transcript has no games"),
        (
            " 5 point match\n\n Anna : 0  Pere : 0\n",
            3,
            "expected 'Game 1' after the match length, not 'Anna : 0  Pere : 0'",
        ),
        (" 5 point match\n\n Game 1\n", 3, "game 1 has no score line"),
        (
            game_text(score=" Anna : x      Pere : 0"),
            4,
            "expected the score line 'name : score     name : score', not 'Anna : x      Pere : 0'",
        ),
        (
            game_text(score=" Anna 0      Pere 0"),
            4,
            "expected the score line 'name : score     name : score', not 'Anna 0      Pere 0'",
        ),
    ],
)
def test_what_is_no_match_is_refused_at_its_line(text, line, reason):
    with pytest.raises(MatError) as caught:
        matfile.parse(text)
    assert (caught.value.line, caught.value.message()) == (line, reason)


@pytest.mark.parametrize(
    ("text", "warnings", "final"),
    [
        (
            game_text("      Wins 1 point").replace("Game 1", "Game 2"),
            ["line 3: expected Game 1 here: read as game 1"],
            (1, 0),
        ),
        (
            game_text("  1) 21: 13/11 6/5"),
            ["line 3: game 1 has no result"],
            (0, 0),
        ),
        (
            game_text("      Wins 1 point", "                                  Wins 1 point"),
            ["line 6: game 1 goes on after its end: 'Wins 1 point' is left out"],
            (1, 0),
        ),
        (
            game_text("  1)  Redoubles => 2", "      Wins 1 point"),
            ["line 5: 'Redoubles => 2' is not a move, a cube action or a result: left out"],
            (1, 0),
        ),
        (
            game_text("  1)  Doubles => 4                Takes", "      Wins 2 points"),
            ["line 5: game 1: 'Doubles => 4', but the cube can only go to 2 here"],
            (2, 0),
        ),
        (
            game_text("  1)  Takes", "      Wins 1 point"),
            ["line 5: game 1: 'Takes', but nothing was offered: left out"],
            (1, 0),
        ),
        (
            game_text("  1)  Doubles => 2", "                                  54: 24/20 13/8"),
            [
                "line 6: game 1: 'Doubles => 2' is neither taken nor dropped: read as taken",
                "line 3: game 1 has no result",
            ],
            (0, 0),
        ),
        (
            game_text("  1)  Doubles => 2                Drops", "  2) 21: 13/11 6/5"),
            ["line 6: game 1 goes on after its end: '21: 13/11 6/5' is left out"],
            (1, 0),
        ),
        (
            game_text(
                "  1)  Doubles => 2                Drops",
                "                                  Wins 1 point",
            ),
            ["line 6: game 1: 'Wins 1 point', but after 'Doubles => 2' is dropped Anna wins 1"],
            (1, 0),
        ),
        (
            game_text("  1)  Doubles => 2                Takes", "      Wins 3 points"),
            [
                "line 6: game 1: 'Wins 3 points' does not fit a cube of 2: read as 4, as GNU "
                "Backgammon reads it"
            ],
            (4, 0),
        ),
        (
            game_text("      Wins 1 point") + "\n Game 2\n Anna : 1      Joan : 0\n Wins 1 point\n",
            ["line 8: this score line names Anna and Joan, but the match is between Anna and Pere"],
            (2, 0),
        ),
    ],
)
def test_slips_are_read_on_as_gnubg_reads_them_with_a_warning_at_their_line(text, warnings, final):
    match = matfile.parse(text)
    assert [str(item) for item in match.warnings] == warnings
    assert match.final_score == final


def test_wins_in_either_number():
    text = game_text("      Wins 1 points") + (
        "\n Game 2\n Anna : 1      Pere : 0\n                     Wins 2 point and the match\n"
    )
    assert [game.points for game in matfile.parse(text).games] == [1, 2]


# --- write() ----------------------------------------------------------------------------


def same_results(games: list[GameResult], rules: RuleSet) -> list[GameResult]:
    """What a transcript can say about the games: a refused beaver is a beaver given, and
    where a backgammon counts 2 it is written as the gammon's points."""
    said = []
    for game in games:
        game = dataclasses.replace(game, beaver=game.had_beaver)
        if game.kind == "backgammon" and rules.backgammon_multiplier == 2:
            game = dataclasses.replace(game, kind="gammon")
        said.append(game)
    return said


RULE_SETS = [
    RuleSet(),
    PRESETS["qgammon-1999"],
    RuleSet(beavers=True),
    RuleSet(crawford=False),
]


@settings(max_examples=150, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    length=st.sampled_from([1, 2, 3, 5, 7, 9, 11, 13, 17, 25]),
    rules=st.sampled_from(RULE_SETS),
)
def test_write_then_parse_gives_the_same_games(seed, length, rules):
    games = list(games_to_finish(replay(length, [], rules), random.Random(seed)))
    text = matfile.write(length, ("Núria Ferrer", "Pere Puig"), games, rules)
    match, state = matfile.read(text, rules)
    assert [game.result for game in match.games] == same_results(games, rules)
    assert match.players == ("Núria Ferrer", "Pere Puig")
    assert state.raw_score == replay(length, games, rules).raw_score


def test_write_what_the_brief_asks_for():
    games = [
        GameResult(0, "gammon"),
        GameResult(1, cube=2, how="dropped"),
        GameResult(1, "single", 2, "resigned"),
        GameResult(0, cube=1),
    ]
    text = matfile.write(5, ("Núria Ferrer", "Pere"), games, STANDARD, {"Event": "Lliga Q"})
    assert text == (
        '; [Event "Lliga Q"]\n'
        "\n"
        " 5 point match\n"
        "\n"
        " Game 1\n"
        " Núria Ferrer : 0               Pere : 0\n"
        "  1) 21:\n"
        "      Wins 2 points\n"
        "\n"
        " Game 2\n"
        " Núria Ferrer : 2               Pere : 0\n"
        "  1)  Doubles => 2                Takes\n"
        "  2) 21:                          Doubles => 4\n"
        "  3)  Drops                       Wins 2 points\n"
        "\n"
        " Game 3\n"
        " Núria Ferrer : 2               Pere : 2\n"
        "  1)  Doubles => 2                Takes\n"
        "  2)  Resigns                     Wins 2 points\n"
        "\n"
        " Game 4\n"
        " Núria Ferrer : 2               Pere : 4\n"
        "  1) 21:\n"
        "      Wins 1 point\n"
        "\n"
    )
    match = matfile.parse(text)
    assert [game.result for game in match.games] == games
    assert match.headers == {"Event": "Lliga Q"}


def test_write_a_refused_beaver():
    rules = RuleSet(beavers=True)
    games = [
        GameResult(1, cube=4, how="beaver_dropped"),
        GameResult(0, cube=2, how="dropped", beaver=False),
    ]
    text = matfile.write(9, ("A", "B"), games, rules)
    assert "Beavers => 8" in text
    assert [game.result for game in matfile.parse(text).games] == same_results(games, rules)


@pytest.mark.parametrize("name", ["", "   ", "A: B", "Joan\nMaria", "; Joan"])
def test_write_refuses_a_name_the_score_line_cannot_hold(name):
    with pytest.raises(MatError) as caught:
        matfile.write(3, (name, "Pere"), [GameResult(0, "backgammon")], STANDARD)
    assert caught.value.line is None


def test_write_refuses_a_header_the_format_cannot_hold():
    with pytest.raises(MatError):
        matfile.write(3, ("A", "B"), [], STANDARD, {"Event": "two\nlines"})


def test_write_leaves_illegal_games_to_replay():
    with pytest.raises(IllegalGame):
        matfile.write(3, ("A", "B"), [GameResult(0, cube=2, beaver=True)], STANDARD)


# --- GNU Backgammon itself --------------------------------------------------------------


# Among the suite's slowest (9 s in one process on 2 busy cores): GNU Backgammon plays a whole
# new match against itself, which we then read
@needs_gnubg
def test_gnubg_plays_a_fresh_match_we_read(tmp_path):
    seed = random.randrange(10**6)  # a new match each run; the seed replays a failure
    path = tmp_path / "fresh.mat"
    run_gnubg(
        [
            "set rng mersenne",
            f"set seed {seed}",
            'set defaultnames "Núria Ferrer" "Pere Puig"',
            "set player 0 gnubg",
            "set player 1 gnubg",
            "new match 3",
            f"export match mat {path}",
        ],
        tmp_path,
    )
    try:
        match, state = matfile.read(path.read_text(encoding="utf-8"), STANDARD)
    except MatError as error:
        pytest.fail(f"gnubg seed {seed}: {error}")
    assert match.players == ("Núria Ferrer", "Pere Puig")
    assert state.finished, f"gnubg seed {seed}"
    last = match.games[-1]
    final = list(last.score_before)
    final[last.result.winner] += last.points
    assert state.raw_score == tuple(final), f"gnubg seed {seed}"


@needs_gnubg
def test_gnubg_imports_what_we_write(tmp_path):
    names = ("Núria Ferrer", "Pere Puig")
    commands, expected = [], []
    for seed in range(40):
        # GNU Backgammon always plays the Crawford rule and no beavers in a match.
        rules = STANDARD if seed % 2 else PRESETS["qgammon-2000"]
        rng = random.Random(seed)
        length = rng.choice([1, 3, 5, 7, 9, 11, 15, 25])
        games = list(games_to_finish(replay(length, [], rules), rng))
        path = tmp_path / f"match{seed}.mat"
        path.write_text(matfile.write(length, names, games, rules, {"Event": "Lliga Q"}), "utf-8")
        commands += [f"import mat {path}", "show score"]
        expected.append((len(games), *replay(length, games, rules).raw_score))
    output = run_gnubg(commands, tmp_path)
    pattern = (
        rf"The score \(after (\d+) games?\) is: {re.escape(names[0])} (\d+), "
        rf"{re.escape(names[1])} (\d+)"
    )
    read = [tuple(int(n) for n in found) for found in re.findall(pattern, output)]
    assert read == expected
