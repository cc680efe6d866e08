"""gnubg's position and match IDs read back (core.positions) agree with the board gnubg
itself draws beside them: every decision of its text export, checker by checker, the
bar, the borne-off checkers, the pip counts, the dice, the cube and the score.

The captured export (tests/data/gnubg) always runs; gnubg's exports of more matches (a
cube owned, a Crawford game, bearing off) run where gnubg is installed (always in CI)."""

from __future__ import annotations

import base64
import os
import re
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest
from gnubg_program import GNUBG, needs_gnubg

from tournament.core.positions import (
    InvalidId,
    decision,
    decode_match,
    decode_position,
)

DATA = Path(__file__).resolve().parents[1] / "data"
START = ((0,) * 5 + (5, 0, 3) + (0,) * 4 + (5,) + (0,) * 10 + (2,), 0)


def test_the_starting_position():
    opponent, on_roll = decode_position("4HPwATDgc/ABMA")
    for side in (opponent, on_roll):
        assert (side.points, side.bar) == START
        assert side.off == 0 and side.pips == 167


def test_the_opponent_comes_first_in_the_position_id():
    # gnubg's export: Pere Puig played 64 as 24/20 24/18 from the start; Núria Ferrer is
    # on roll. The moved checkers are in the first half, the opponent's.
    opponent, on_roll = decode_position("4HPwQQLgc/ABMA")
    assert opponent.points[17] == opponent.points[19] == 1 and opponent.points[23] == 0
    assert (on_roll.points, on_roll.bar) == START


def test_a_take_is_seen_by_the_player_doubled():
    # gnubg's export, game 1 of noisy_3pt: Pere Puig doubles to 2, Núria Ferrer takes.
    # The board stays the doubler's; the decision is the taker's.
    state = decode_match("cBFgAAAAAAAE")
    assert (state.on_roll, state.turn, state.doubled, state.cube) == (1, 0, True, 1)
    assert (state.dice, state.length, state.score) == (None, 3, (0, 0))
    seen = decision("M84ADHLjNgYiGA", "cBFgAAAAAAAE")
    assert (seen.player, seen.opponent) == (0, 1)
    assert (seen.mine.pips, seen.theirs.pips) == (176, 133)  # O 176, X 133


def test_a_match_id_read_field_by_field():
    # gnubg's export of noisy_5pt, game 4: Pere Puig (player 1) to play 31, Núria Ferrer
    # (player 0) owns the cube at 2, the score 2-2 to 5.
    state = decode_match("QYmlACAAEAAE")
    assert state.cube == 2 and state.cube_owner == 0
    assert (state.on_roll, state.turn, state.dice) == (1, 1, (3, 1))
    assert (state.length, state.score, state.crawford) == (5, (2, 2), False)
    assert not state.doubled and state.game_state == 1


@pytest.mark.parametrize(
    "bad",
    [
        "",
        "4HPwATDgc/ABM",  # too short
        "4HPwATDgc/ABMAA",  # too long
        "4HPwATDgc/AB<A",  # not base64
        "//////////////",  # more than 15 checkers
    ],
)
def test_a_bad_position_id_is_refused(bad):
    with pytest.raises(InvalidId):
        decode_position(bad)


def position_id(bits: list[int]) -> str:
    """gnubg's packing: the bits, least significant first, in 10 bytes, in base64."""
    bits = bits + [0] * (80 - len(bits))
    raw = bytes(sum(bits[i * 8 + j] << j for j in range(8)) for i in range(10))
    return base64.b64encode(raw).decode()[:14]


def test_both_players_on_one_point_is_refused():
    # The opponent's checker on their 24-point, mine on my 1-point: the same point.
    opponent = [0] * 23 + [1, 0, 0]
    with pytest.raises(InvalidId) as refused:
        decode_position(position_id(opponent + [1, 0] + [0] * 24))
    assert refused.value.reason == "both players on one point"
    assert str(refused.value).startswith("Not a GNU Backgammon position ID: “")
    # On their 1-point instead, it is my 24-point: a legal position.
    theirs, mine = decode_position(position_id([1] + [0] * 25 + [1, 0] + [0] * 24))
    assert theirs.points[0] == mine.points[0] == 1 and mine.off == theirs.off == 14


def test_an_empty_board_is_both_players_borne_off():
    theirs, mine = decode_position("AAAAAAAAAAAAAA")
    assert mine.off == theirs.off == 15 and mine.pips == 0


def match_id(**fields: int) -> str:
    """gnubg's match key (matchid.c's layout) packed and in base64."""
    layout = {"cube_log": (0, 4), "owner": (4, 2), "move": (6, 1), "crawford": (7, 1),
              "state": (8, 3), "turn": (11, 1), "doubled": (12, 1), "resigned": (13, 2),
              "die1": (15, 3), "die2": (18, 3), "length": (21, 15), "score0": (36, 15),
              "score1": (51, 15), "jacoby": (66, 1)}  # fmt: skip
    values = {"owner": 3, "state": 1, "length": 5} | fields
    bits = [0] * 72
    for name, (start, width) in layout.items():
        for i in range(width):
            bits[start + i] = (values.get(name, 0) >> i) & 1
    raw = bytes(sum(bits[i * 8 + j] << j for j in range(8)) for i in range(9))
    return base64.b64encode(raw).decode()


def test_the_match_id_packing_is_gnubgs():
    # The test's own packing gives gnubg's IDs back: its export's 2-2 to 5, cube 2 owned
    # by player 0, player 1 to play 31 (and gnubg 1.07's Jacoby flag, set by default).
    packed = match_id(
        cube_log=1, owner=0, move=1, turn=1, die1=3, die2=1, score0=2, score1=2, jacoby=1
    )
    assert packed == "QYmlACAAEAAE"
    assert decode_match(packed).jacoby and not decode_match("cAkAAAAAAAAA").jacoby


@pytest.mark.parametrize(
    "bad",
    [
        "",
        "cAkAAAAAAAA",  # too short
        "cAkAAAAAAAAAA",  # too long
        "cAk*AAAAAAAA",  # not base64
        match_id(owner=2),
        match_id(die1=7, die2=1),
        match_id(die1=3),  # one die rolled
        match_id(score0=6),
        match_id(state=5),
        match_id(length=0, crawford=1),
    ],
)
def test_a_bad_match_id_is_refused(bad):
    with pytest.raises(InvalidId):
        decode_match(bad)


# gnubg's text board, as `export match text` draws it beside the IDs.
BLOCK = re.compile(r"^Move number \d+:  (.*)$", re.M)
IDS = re.compile(r"Position ID: (\S+)\s+Match ID   : (\S+)")


@dataclass
class Drawn:
    """What gnubg's drawing says, by gnubg's player (0 = O, 1 = X)."""

    points: dict[int, list[int]]  # player: 24 counts, numbered from that player's side
    bar: dict[int, int]
    off: dict[int, int]
    pips: dict[int, int]
    scores: dict[int, int]
    cube: int
    owner: int | None
    on_roll: int


def _count(rows: list[str], column: int) -> tuple[str | None, int]:
    """Whose checkers, and how many, in one column of a half (rows from the edge)."""
    symbol, count = None, 0
    for row in rows:
        cell = row[column - 1 : column + 1].strip()
        if cell in ("X", "O"):
            symbol, count = cell, count + 1
        elif cell.isdigit():
            count = int(cell)
    return symbol, count


def read_drawing(block: str, names: dict[str, int]) -> Drawn:
    lines = block.splitlines()
    top_at = next(i for i, line in enumerate(lines) if line.startswith(" +"))
    header, footer = lines[top_at], lines[top_at + 12]
    top_rows, bottom_rows = lines[top_at + 1 : top_at + 6], lines[top_at + 7 : top_at + 12][::-1]
    heading = BLOCK.search(block).group(1)
    on_roll = names[re.match(r"(.+?) (to play|on roll|doubles)", heading).group(1)]
    points = {0: [0] * 24, 1: [0] * 24}
    for edge, rows in ((header, top_rows), (footer, bottom_rows)):
        for found in re.finditer(r"\d+", edge):
            number, column = int(found.group()), found.end() - 1
            symbol, count = _count(rows, column)
            if symbol is None:
                continue
            player = 0 if symbol == "O" else 1
            point = number if player == on_roll else 25 - number
            points[player][point - 1] = count
    bar, off = {}, {}
    for rows in (top_rows, bottom_rows):
        symbol, count = _count(rows, 22)  # under the A of "BAR"
        if symbol:
            bar[0 if symbol == "O" else 1] = count
        for player, mark in ((0, "O"), (1, "X")):
            off[player] = off.get(player, 0) + sum(row[44:48].count(mark) for row in rows)
    pips = re.search(r"Pip counts: O (\d+), X (\d+)", block)
    scores = [re.search(r"(\d+) points?\s*$", lines[top_at + row]) for row in (1, 11)]
    cube, owner = 1, None
    owned = re.search(r"([OX]): .*\(Cube: (\d+)\)", block)
    centred = re.search(r"points match \(Cube: (\d+)\)", block)
    if owned:
        owner, cube = (0 if owned.group(1) == "O" else 1), int(owned.group(2))
    elif centred:
        cube = int(centred.group(1))
    top_player = 0 if "O:" in header else 1
    return Drawn(
        points=points,
        bar={0: bar.get(0, 0), 1: bar.get(1, 0)},
        off=off,
        pips={0: int(pips.group(1)), 1: int(pips.group(2))},
        scores={top_player: int(scores[0].group(1)), 1 - top_player: int(scores[1].group(1))},
        cube=cube,
        owner=owner,
        on_roll=on_roll,
    )


def check_export(text: str) -> int:
    """Every decision of one exported game: the IDs decoded against gnubg's drawing."""
    names = {
        re.search(r"O: (.+?)(?: \(Cube|$)", text, re.M).group(1): 0,
        re.search(r"X: (.+?)(?: \(Cube|$)", text, re.M).group(1): 1,
    }
    starts = [found.start() for found in BLOCK.finditer(text)]
    checked = 0
    for start, end in zip(starts, [*starts[1:], len(text)], strict=True):
        block = text[start:end]
        ids = IDS.search(block)
        drawn = read_drawing(block, names)
        state = decode_match(ids.group(2))
        opponent, on_roll = decode_position(ids.group(1))
        assert state.on_roll == drawn.on_roll, block
        sides = {state.on_roll: on_roll, 1 - state.on_roll: opponent}
        for player in (0, 1):
            side = sides[player]
            assert list(side.points) == drawn.points[player], block
            assert side.bar == drawn.bar[player], block
            assert side.pips == drawn.pips[player], block
            assert side.off == drawn.off[player], block
        assert (state.cube, state.cube_owner) == (drawn.cube, drawn.owner), block
        assert state.score == (drawn.scores[0], drawn.scores[1]), block
        assert state.crawford == ("points match (Crawford game)" in block), block
        heading = BLOCK.search(block).group(1)
        rolled = re.search(r"to play (\d)(\d)", heading)
        if rolled:
            assert sorted(state.dice) == sorted(int(die) for die in rolled.groups()), block
        if "doubles to" in heading:
            assert state.doubled and state.turn != state.on_roll, block
            assert f"Cube offered at {state.cube * 2}" in block, block
        checked += 1
    return checked


def test_every_decision_of_a_captured_export_agrees_with_gnubgs_board():
    text = (DATA / "gnubg" / "noisy_3pt_0ply_game1.txt").read_text(encoding="utf-8")
    assert check_export(text) > 100


@needs_gnubg
@pytest.mark.parametrize(
    "path",
    [
        DATA / "gnubg" / "noisy_5pt.mat",
        DATA / "gnubg" / "noisy_7pt.mat",
        DATA / "mat" / "gnubg_5pt_crawford.mat",
    ],
    ids=lambda path: path.name,
)
def test_every_decision_of_gnubgs_export_agrees_with_its_board(path, tmp_path):
    (tmp_path / "match.mat").write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    subprocess.run(
        [GNUBG, "-t", "-q"],
        input='import mat "match.mat"\nexport match text "game.txt"\n',
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
        env={**os.environ, "HOME": str(tmp_path), "LANG": "C.UTF-8"},
        check=True,
    )
    games = sorted(tmp_path.glob("game*.txt"))
    assert len(games) >= 3
    checked = sum(check_export(game.read_text(encoding="utf-8")) for game in games)
    assert checked > 200
