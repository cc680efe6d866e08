"""The board a transcript's moves are replayed on: each notation, hits and the bar,
bearing off, gammons and backgammons, what is illegal, and every game of GNU
Backgammon's own files replayed to the result its `Wins` line says."""

import json
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournament.core import matfile
from tournament.core.board import (
    CHECKERS,
    START,
    Board,
    IllegalMove,
    apply,
    most_dice,
    outcome,
    plays,
    read_steps,
    replay,
    resignation,
)
from tournament.core.board.position import step
from tournament.core.matfile import MatError
from tournament.core.matfile.grammar import GAME, is_comment, lines_of
from tournament.core.matfile.rows import Action, read_actions
from tournament.core.scoring import GameResult

DATA = Path(__file__).resolve().parents[1] / "data"
GNUBG_FILES = sorted((DATA / "mat").glob("gnubg_*.mat")) + sorted((DATA / "sgf").glob("*.sgf"))
TRANSCRIPTS = DATA / "transcripts"


def board(mine: dict[int, int], theirs: dict[int, int], side: int = 0) -> Board:
    """A position from `side`'s checkers and the other side's, each {point: count} in
    its own numbers (0 off, 25 the bar); checkers not placed are borne off."""
    counts = []
    for placed in (mine, theirs):
        side_counts = [0] * 26
        for point, count in placed.items():
            side_counts[point] = count
        side_counts[0] += CHECKERS - sum(side_counts)
        counts.append(tuple(side_counts))
    return Board((counts[0], counts[1]) if side == 0 else (counts[1], counts[0]))


def placed(position: Board, side: int) -> dict[int, int]:
    return {point: position.at(side, point) for point in range(1, 26) if position.at(side, point)}


def roll(side: int, line: int, text: str) -> Action:
    return Action("roll", column=0, line=line, text=text, move=text[3:].strip(), side=side)


def entry(
    kind: str, side: int, line: int, text: str = "", value: int = 0, offer: str = ""
) -> Action:
    return Action(kind, column=0, line=line, text=text or kind, offer=offer, value=value, side=side)


# --- the notation ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("written", "steps"),
    [
        ("24/18 13/10", ((24, 18), (13, 10))),
        ("bar/22", ((25, 22),)),
        ("25/22", ((25, 22),)),
        ("6/off 5/off", ((6, 0), (5, 0))),
        ("6/0", ((6, 0),)),
        ("13/7(2)", ((13, 7), (13, 7))),
        ("24/23*/18", ((24, 23), (23, 18))),
        ("8/5* 6/5", ((8, 5), (6, 5))),
        ("Bar/20 OFF", None),
        ("7/2(2) 5/off(2)", ((7, 2), (7, 2), (5, 0), (5, 0))),
    ],
)
def test_each_way_a_move_is_written_reads_into_its_steps(written, steps):
    if steps is None:
        with pytest.raises(ValueError):
            read_steps(written)
    else:
        assert read_steps(written) == steps


def test_the_opening_move_and_its_numbers_from_each_side():
    after = apply(START, 0, "24/18 13/10", (6, 3))
    assert placed(after, 0) == {24: 1, 18: 1, 13: 4, 10: 1, 8: 3, 6: 5}
    # The other side counts from its own side: its 24-point is side 0's 1-point.
    after = apply(after, 1, "13/11 6/5", (2, 1))
    assert placed(after, 1) == {24: 2, 13: 4, 11: 1, 8: 3, 6: 4, 5: 1}
    assert placed(after, 0) == {24: 1, 18: 1, 13: 4, 10: 1, 8: 3, 6: 5}


def test_a_hit_sends_the_blot_to_the_bar_with_or_without_the_star():
    # Side 1's blot on its 20-point is side 0's 5-point.
    position = board({8: 3, 6: 5, 13: 7}, {20: 1, 24: 1, 13: 5, 8: 3, 6: 5})
    for written in ("8/5* 6/5", "8/5 6/5"):
        after = apply(position, 0, written, (3, 1))
        assert after.bar(1) == 1
        assert placed(after, 0)[5] == 2
    # The hit checker comes in on the hitter's home board: bar/22 is side 0's 3-point.
    after = apply(after, 1, "bar/22 24/22", (3, 2))
    assert after.bar(1) == 0
    assert placed(after, 0).get(3) is None and placed(after, 1)[22] == 2


def test_a_hit_on_the_way_and_the_bar_first():
    position = board({24: 2, 13: 5, 8: 3, 6: 5}, {2: 1, 24: 1, 13: 5, 8: 3, 6: 5})
    after = apply(position, 0, "24/23*/18", (5, 1))
    assert after.bar(1) == 1
    assert placed(after, 0)[18] == 1
    # On the bar, moving another checker breaks the rules; GNU Backgammon plays it anyway.
    with pytest.raises(IllegalMove) as caught:
        apply(after, 1, "13/7 8/7", (6, 1))
    assert caught.value.playable
    assert caught.value.board.bar(1) == 1
    assert "bar" in caught.value.message()
    # Written in any order, the checker on the bar comes in first.
    assert apply(after, 1, "13/7 25/24", (6, 1)).bar(1) == 0


def test_two_dice_written_as_one_step_and_doubles_as_one_chain():
    after = apply(START, 0, "13/6", (6, 1))
    assert placed(after, 0) == {24: 2, 13: 4, 8: 3, 6: 6}
    after = apply(START, 0, "13/5(2)", (4, 4))
    assert placed(after, 0) == {24: 2, 13: 3, 8: 3, 6: 5, 5: 2}


def test_bearing_off_exact_larger_and_written_as_one_step():
    position = board({6: 1, 5: 2, 3: 2}, {24: 2, 13: 5})
    after = apply(position, 0, "6/off 5/off", (6, 5))
    assert after.off(0) == 12
    # A larger die bears off from the highest point only.
    assert apply(board({3: 1, 2: 1}, {24: 2}), 0, "3/off 2/off", (6, 5)).off(0) == 15
    with pytest.raises(IllegalMove) as caught:
        apply(board({5: 1, 3: 1}, {24: 2}), 0, "3/off 5/4", (6, 1))
    assert "64" not in caught.value.message()
    # Backgammon Studio's 64: 9/off (9/5/off with the 6 bearing off from 5).
    after = apply(board({9: 1, 5: 4, 4: 3, 3: 3, 1: 4}, {24: 2}), 0, "9/off", (6, 4))
    assert after.off(0) == 1 and after.at(0, 9) == 0


def test_bearing_off_before_every_checker_is_home_is_reported():
    with pytest.raises(IllegalMove) as caught:
        apply(board({8: 1, 6: 1, 2: 1}, {24: 2}), 0, "6/off 2/off", (6, 2))
    assert "home" in caught.value.message()
    assert caught.value.playable  # GNU Backgammon plays it as written


@pytest.mark.parametrize(
    ("mine", "theirs", "written", "dice", "words"),
    [
        # A point the opponent holds: side 1's 19-point (two checkers) is side 0's 6.
        ({24: 2, 13: 5, 8: 3, 6: 5}, {19: 2, 13: 5, 8: 3, 6: 5}, "13/7 7/6", (6, 1), "held"),
        (
            {24: 2, 13: 5, 8: 3, 6: 5},
            {24: 2, 13: 5, 8: 3, 6: 5},
            "23/17 13/10",
            (6, 3),
            "no checker",
        ),
        (
            {24: 2, 13: 5, 8: 3, 6: 5},
            {24: 2, 13: 5, 8: 3, 6: 5},
            "13/5",
            (6, 3),
            "longer than a die",
        ),
        ({24: 2, 13: 5, 8: 3, 6: 5}, {24: 2, 13: 5, 8: 3, 6: 5}, "13/18", (5, 3), "backwards"),
        ({24: 2, 13: 5, 8: 3, 6: 5}, {24: 2, 13: 5, 8: 3, 6: 5}, "13/x", (5, 3), "not a move"),
    ],
)
def test_a_move_the_board_cannot_take_leaves_the_board_as_it_was(
    mine, theirs, written, dice, words
):
    position = board(mine, theirs)
    with pytest.raises(IllegalMove) as caught:
        apply(position, 0, written, dice)
    assert words in caught.value.message()
    assert not caught.value.playable
    assert caught.value.board == position


@pytest.mark.parametrize(
    ("written", "dice", "words"),
    [
        ("24/18 13/9", (6, 3), "not what 63 plays"),
        ("24/18", (6, 3), "allows more dice"),
        ("24/18 13/10 8/5", (6, 3), "not what 63 plays"),
    ],
)
def test_steps_that_are_not_the_roll_are_reported_and_played_as_written(written, dice, words):
    with pytest.raises(IllegalMove) as caught:
        apply(START, 0, written, dice)
    assert words in caught.value.message()
    assert caught.value.playable
    assert caught.value.board.at(0, 24) == 1


def test_only_one_die_playable_must_be_the_larger():
    # Side 1 holds its 8-point, side 0's 17: from 24 the 6 or the 1 plays, not both.
    position = board({24: 1}, {8: 2, 6: 13})
    assert plays(position, 0, (6, 1)) == {apply(position, 0, "24/18", (6, 1))}
    with pytest.raises(IllegalMove) as caught:
        apply(position, 0, "24/23", (6, 1))
    assert caught.value.message() == "only one die can be played and it must be the larger: 6"


def test_an_empty_move_dance_forced_or_left_out():
    closed = board({25: 1, 13: 14}, {6: 2, 5: 2, 4: 2, 3: 2, 2: 2, 1: 2})
    assert apply(closed, 0, "", (6, 5)) == closed  # it dances
    one_way = board({2: 1}, {24: 2})
    assert apply(one_way, 0, "", (2, 1)).off(0) == CHECKERS  # forced: GNU Backgammon plays it
    with pytest.raises(IllegalMove) as caught:
        apply(START, 0, "", (6, 5))
    assert caught.value.board == START


# --- the outcome ----------------------------------------------------------------------


def test_single_gammon_and_backgammon_from_the_final_position():
    assert outcome(board({}, {6: 14}), cube=2) == GameResult(0, "single", 2, "played")
    assert outcome(board({}, {6: 15})) == GameResult(0, "gammon", 1, "played")
    # Side 1's 19-24 is side 0's home board; the bar too.
    assert outcome(board({}, {20: 1, 6: 14})).kind == "backgammon"
    assert outcome(board({}, {25: 1, 6: 14})).kind == "backgammon"
    assert outcome(board({}, {7: 1, 6: 14}), cube=4).kind == "gammon"
    assert outcome(START) is None


def test_a_resignation_is_worth_what_gnubg_counts():
    assert resignation(1, 2, 2) == GameResult(1, "single", 2, "resigned")
    assert resignation(1, 4, 2).kind == "gammon"
    assert resignation(1, 3, 2).kind == "gammon"  # 3 at a cube of 2: gnubg counts 4
    assert resignation(1, 100, 1).kind == "backgammon"


def test_replay_a_drop_a_take_and_the_cube():
    game = replay(
        [
            roll(0, 1, "31: 8/5 6/5"),
            roll(1, 1, "64: 24/18 13/9"),
            entry("offer", 0, 2, "Doubles => 2", 2, "doubles"),
            entry("take", 1, 2),
            roll(0, 3, "52: 13/8 13/11"),
            entry("offer", 1, 3, "Doubles => 4", 4, "doubles"),
            entry("drop", 0, 4),
            entry("wins", 1, 5, "Wins 2 points", 2),
        ]
    )
    assert game.outcome == GameResult(1, "single", 2, "dropped")
    assert (game.cube, game.owner) == (2, 1)
    assert game.warnings == ()
    assert len(game.positions) == 3


def test_replay_a_resignation_that_does_not_fit_the_cube_is_a_warning():
    game = replay(
        [
            roll(0, 1, "31: 8/5 6/5"),
            entry("offer", 1, 2, "Doubles => 2", 2, "doubles"),
            entry("take", 0, 2),
            entry("wins", 1, 3, "Wins 3 points", 3),
        ],
        players=("Anna", "Pere"),
    )
    assert game.outcome == GameResult(1, "gammon", 2, "resigned")
    assert [str(warning) for warning in game.warnings] == [
        "line 3: “Wins 3 points” does not fit a cube of 2: a resignation worth 4, "
        "as GNU Backgammon counts it"
    ]


def test_an_illegal_move_is_reported_at_its_line_and_the_reading_goes_on():
    game = replay(
        [
            roll(0, 5, "31: 8/5 6/5"),
            roll(1, 5, "64: 23/17 13/9"),  # no checker on 23
            roll(0, 6, "52: 13/8 13/11"),
        ],
        players=("Anna", "Pere"),
    )
    assert [str(warning) for warning in game.warnings] == [
        "line 5: Pere's “64: 23/17 13/9”: no checker to move on 23"
    ]
    assert game.moves[1].board == game.moves[0].board  # skipped, as gnubg skips it
    assert len(game.moves) == 3 and game.outcome is None


def test_a_played_out_game_is_decided_by_the_board_not_its_wins_line():
    entries = [roll(0, 1, "21: 2/off 1/off")]
    position = board({2: 1, 1: 1}, {6: 15})
    game = replay([*entries, entry("wins", 0, 2, "Wins 1 point", 1)], start=position)
    assert game.outcome == GameResult(0, "gammon", 1, "played")
    assert "gives left 2" in str(game.warnings[0])


# --- properties -----------------------------------------------------------------------


def random_game(data, turns: int):
    """Legal plays chosen at random from the start: (side, roll, board before, after)."""
    position, side = START, 0
    for _ in range(turns):
        dice = (data.draw(st.integers(1, 6)), data.draw(st.integers(1, 6)))
        reachable = sorted(plays(position, side, dice), key=lambda found: found.sides)
        after = data.draw(st.sampled_from(reachable)) if reachable else position
        yield side, dice, position, after
        if after.winner() is not None:
            return
        position, side = after, 1 - side


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_every_play_keeps_fifteen_checkers_a_side_and_moves_the_dice_pips(data):
    for side, dice, before, after in random_game(data, 60):
        for either in (0, 1):
            assert sum(after.sides[either]) == CHECKERS
        hit = after.bar(1 - side) > before.bar(1 - side)
        if not hit:
            assert after.pips(1 - side) == before.pips(1 - side)
        double = dice[0] == dice[1]
        all_dice = most_dice(before, side, dice)[0] == (4 if double else 2)
        if all_dice and not hit and after.off(side) == before.off(side):
            total = 4 * dice[0] if double else sum(dice)
            assert before.pips(side) - after.pips(side) == total


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_a_play_made_step_by_step_and_written_out_is_applied_to_the_same_board(data):
    position, side = START, 0
    for _ in range(40):
        dice = (data.draw(st.integers(1, 6)), data.draw(st.integers(1, 6)))
        order = [dice[0]] * 4 if dice[0] == dice[1] else data.draw(st.permutations(dice))
        mine, theirs = list(position.sides[side]), list(position.sides[1 - side])
        written = []
        for die in order:
            choices = [
                (source, max(source - die, 0))
                for source in range(25, 0, -1)
                if mine[source] and legal_single(mine, theirs, source, die)
            ]
            if not choices:
                break
            source, destination = data.draw(st.sampled_from(choices))
            step(mine, theirs, source, destination)
            written.append(f"{source}/{destination}")
        after = Board((tuple(mine), tuple(theirs)) if side == 0 else (tuple(theirs), tuple(mine)))
        if written and after in plays(position, side, dice):
            assert apply(position, side, " ".join(written), dice) == after
        if after.winner() is not None:
            return
        position, side = after, 1 - side


def legal_single(mine, theirs, source, die):
    if mine[25] and source != 25:
        return False
    destination = source - die
    if destination > 0:
        return theirs[25 - destination] < 2
    home = not any(mine[7:])
    return home and (destination == 0 or not any(mine[source + 1 : 7]))


# --- GNU Backgammon's own files and real ones -----------------------------------------


def games_of(text: str) -> list[list[Action]]:
    """Each game's entries, read with the .mat grammar (a line it cannot read is left
    out, as GNU Backgammon leaves out what it does not recognise)."""
    lines = lines_of(text)
    start = next(
        index for index, line in enumerate(lines) if re.search(r"\d+\s+points?\s+match", line, re.I)
    )
    games: list[list[Action]] = []
    score_line = False
    for index in range(start + 1, len(lines)):
        stripped = lines[index].strip()
        if not stripped or is_comment(stripped):
            continue
        if GAME.fullmatch(stripped) and ":" not in stripped:
            games.append([])
            score_line = True
        elif score_line:
            score_line = False
        elif games:
            # Backgammon Galaxy's "Losses N points" beside the winner's "Wins".
            row = re.sub(
                r"Losses \d+ points?", lambda found: " " * len(found.group()), lines[index]
            )
            try:
                games[-1].extend(read_actions(row, index + 1))
            except MatError:
                continue
    return games


def points(result: GameResult) -> int:
    if result.how in ("dropped", "beaver_dropped"):
        return result.cube
    return result.cube * (("single", "gammon", "backgammon").index(result.kind) + 1)


@pytest.mark.parametrize("path", GNUBG_FILES, ids=lambda path: path.name)
def test_every_game_gnubg_wrote_replays_to_its_wins_line(path):
    text = matfile.convert(path.read_text(encoding="utf-8"), path.name).text
    match = matfile.parse(text)
    replayed = [replay(entries, match.players) for entries in games_of(text)]
    assert len(replayed) == len(match.games)
    for game, written in zip(replayed, match.games, strict=True):
        assert game.warnings == ()
        assert game.outcome is not None
        assert (game.outcome.winner, points(game.outcome)) == (
            written.result.winner,
            written.points,
        )
        assert game.outcome.how == written.result.how or written.result.how == "resigned"


def test_the_board_decides_a_played_out_game_s_value():
    """gnubg_5pt_backgammon.mat's backgammon at a cube of 2 comes from the final position."""
    path = DATA / "mat" / "gnubg_5pt_backgammon.mat"
    kinds = [replay(entries).outcome for entries in games_of(path.read_text(encoding="utf-8"))]
    assert GameResult(1, "backgammon", 2, "played") in kinds or any(
        found.kind == "backgammon" and found.how == "played" for found in kinds
    )


def transcripts():
    readings = TRANSCRIPTS / "gnubg_readings.json"
    if not readings.exists():
        return []
    return sorted(
        (name, reading)
        for name, reading in json.loads(readings.read_text(encoding="utf-8")).items()
        if reading.get("gnubg_reads")
    )


def decoded(raw: bytes) -> str:
    for encoding in ("utf-8-sig", "cp1252"):
        try:
            return raw.decode(encoding)
        except UnicodeDecodeError:
            continue
    return raw.decode("latin-1")


@pytest.mark.skipif(not transcripts(), reason="no real transcripts with gnubg's readings here")
def test_real_transcripts_replay_to_gnubg_s_final_score():
    agree = []
    for name, reading in transcripts():
        text = decoded((TRANSCRIPTS / name).read_bytes())
        text = matfile.convert(text, re.sub(r"\.txt$", ".mat", name)).text
        first = re.search(r":\s*(\d+)\s+.*:\s*(\d+)\s*$", text, re.M)
        score = [int(first.group(1)), int(first.group(2))] if first else [0, 0]
        for entries in games_of(text):
            if reading["length"] and max(score) >= reading["length"]:
                break
            found = replay(entries).outcome
            if found is not None:
                score[found.winner] += points(found)
        agree.append(score == reading["score"])
    assert all(agree), f"{agree.count(False)} of {len(agree)} differ from gnubg"
