"""Transcripts with real moves for the demo's recorded matches, made from GNU Backgammon's
games against itself (`manage.py make_demo_analyses`, docs/skill.md).

The demo's games are drawn by `core.sample_games` (a winner, a cube, a gammon), without
moves. gnubg plays matches against itself (`gnubg -t`: `set player N gnubg`, `new match
7`, `export match mat`), each player with some noise in its evaluation so that the demo
players make mistakes; its games go into a pool, and each of a demo match's games takes
an unused pool game that ends the same way (the same kind and cube, a drop for a drop;
no cube action in the Crawford game), its columns exchanged when the other player has to
win it (a .mat move is written from the mover's side, so the game stays legal). The
score lines are the demo match's. The moves are gnubg's play; only the order of the
games is chosen."""

from __future__ import annotations

import random
import re
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from ..core import matfile
from ..core.scoring import GameResult, MatchState

_NUMBERED = re.compile(r"^\s*\d+\) ")
_LEFT = 28  # the left cell's width in gnubg's export, after "%3d) "
NOISE = (0.0, 0.01, 0.02, 0.035, 0.05)  # gnubg's "expert" to past its "casual" player


@dataclass
class PoolGame:
    actions: list[tuple[int, str]]  # (side, text) in the order they happened
    result: GameResult
    has_cube: bool
    used: bool = False


def self_play(program: str, seed: int, length: int = 7) -> str:
    """One match of gnubg against itself at 0-ply, each side with its own noise."""
    rng = random.Random(seed)  # noqa: S311 -- a repeatable choice, no secret
    lines = ["set threads 1", f"set seed {seed}", "set display off"]
    for side in (0, 1):
        noise = rng.choice(NOISE)
        lines += [
            f"set player {side} gnubg",
            f"set player {side} chequerplay evaluation plies 0",
            f"set player {side} cubedecision evaluation plies 0",
            f"set player {side} chequerplay evaluation noise {noise}",
            f"set player {side} cubedecision evaluation noise {noise}",
        ]
    with tempfile.TemporaryDirectory(prefix="gnubg-self-") as name:
        folder = Path(name)
        lines += [f"new match {length}", 'export match mat "self.mat"']
        subprocess.run(  # noqa: S603 -- a fixed program, commands on stdin
            [program, "-t", "-q"],
            input="\n".join(lines) + "\n",
            capture_output=True,
            text=True,
            cwd=folder,
            env={"HOME": name, "LANG": "C.UTF-8"},
            timeout=300,
            check=True,
        )
        return (folder / "self.mat").read_text(encoding="utf-8")


def pool_games(mat_text: str) -> list[PoolGame]:
    """The games of a gnubg .mat as actions, with their results (read by core.matfile)."""
    results = [game.result for game in matfile.parse(mat_text).games]
    blocks: list[list[tuple[int, str]]] = []
    for line in mat_text.splitlines():
        if line.strip().startswith("Game "):
            blocks.append([])
        elif blocks and _NUMBERED.match(line):
            rest = line[line.index(")") + 2 :]
            for side, cell in enumerate((rest[:_LEFT], rest[_LEFT:])):
                text = cell.strip()
                if text and not text.startswith("Wins"):
                    blocks[-1].append((side, text))
    return [
        PoolGame(actions, result, any("Doubles" in text for _side, text in actions))
        for actions, result in zip(blocks, results, strict=True)
    ]


def _ending(result: GameResult) -> tuple[str, int, bool]:
    # gnubg's players resign a game that is decided (a .mat then stops before the last
    # roll, and core.matfile reads it "resigned"): the same points as one played out.
    return result.kind, result.cube, result.how in ("dropped", "beaver_dropped")


def fits(game: PoolGame, wanted: GameResult, crawford: bool) -> bool:
    same = _ending(game.result) == _ending(wanted)
    return same and not (crawford and game.has_cube) and not game.used


def missing(pool: list[PoolGame], states: list[MatchState]) -> list[GameResult]:
    """The matches' games that no unused pool game fits yet (each taken once)."""
    taken: set[int] = set()
    lacking = []
    for outcome in (outcome for state in states for outcome in state.games):
        for index, game in enumerate(pool):
            if index not in taken and fits(game, outcome.result, outcome.crawford):
                taken.add(index)
                break
        else:
            lacking.append(outcome.result)
    return lacking


def _rows(actions: list[tuple[int, str]], winner: int, points: int) -> list[str]:
    """The game laid out in gnubg's two numbered columns, ending with its "Wins"."""
    rows: list[list[str]] = []
    for side, text in actions:
        if side == 1 and rows and not rows[-1][1]:
            rows[-1][1] = text
        elif side == 1:
            rows.append(["", text])
        else:
            rows.append([text, ""])
    wins = f"Wins {points} point{'' if points == 1 else 's'}"
    lines = [
        f"{number:3d}) {left:<{_LEFT - 1}} {right}".rstrip()
        for number, (left, right) in enumerate(rows, start=1)
    ]
    if winner == 1 and rows and not rows[-1][1]:
        lines[-1] = f"{len(rows):3d}) {rows[-1][0]:<{_LEFT - 1}}  {wins}"
    else:
        lines.append(" " * (6 if winner == 0 else 34) + wins)
    return lines


def transcript(pool: list[PoolGame], state: MatchState, names: tuple[str, str]) -> str:
    """The .mat of a match that ended as `state` says, from unused pool games (marked
    used). Call `missing()` first: every game must have a fit."""
    out = [
        "; Each game played by GNU Backgammon against itself, chosen to end as this match's",
        f" {state.length} point match",
        "",
    ]
    for outcome in state.games:
        game = next(g for g in pool if fits(g, outcome.result, outcome.crawford))
        game.used = True
        actions = game.actions
        if game.result.winner != outcome.winner:
            actions = [(1 - side, text) for side, text in actions]
        left = f"{names[0]} : {outcome.score_before[0]}"
        out += [f" Game {outcome.number}", f" {left:<31}{names[1]} : {outcome.score_before[1]}"]
        out += _rows(actions, outcome.winner, outcome.points)
        out.append("")
    return "\n".join(out) + "\n"
