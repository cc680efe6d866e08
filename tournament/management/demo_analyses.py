"""The demo club's analysed matches: a dozen of its recorded matches with a transcript
of their moves and GNU Backgammon's analysis of it, kept as files in
tournament/data/demo_analyses/ so that the demo loads them without gnubg (docs/skill.md,
"The demo's analyses").

Each match has `<name>.mat`, its moves (played by gnubg against itself, one game of the
file for each game the demo records, the games picked to end as the demo's do:
`manage.py make_demo_analyses` made them), and `analyses.json` holds what gnubg's real
`analyse match` of that file gave, as `engines.gnubg.analyse` reads it. Loading goes
through the operations: the transcript kept with the match (refused if its games are not
the match's own) and the analysis stored, as the analysis job would store it.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path

from ..engines import gnubg
from ..models import Analysis, Match, Tournament
from ..operations import analysis as analysis_operations
from ..operations import transcripts
from ..operations.transcripts import TranscriptRefused

DATA = Path(__file__).resolve().parents[1] / "data" / "demo_analyses"
FIGURES = DATA / "analyses.json"


@dataclass(frozen=True)
class DemoAnalysed:
    """One of the demo's matches, found by its cup, bracket, round and position."""

    name: str  # the files' name
    cup: str  # the cup's name, "{year}" for the year it is played in
    bracket: str
    round: int
    position: int

    def match(self, year: int) -> Match | None:
        tournament = Tournament.objects.filter(
            season__years=str(year), name=self.cup.format(year=year)
        ).first()
        if tournament is None:
            return None
        return (
            tournament.matches.filter(
                bracket__kind=self.bracket, round=self.round, position=self.position
            )
            .select_related("player1", "player2", "tournament__season")
            .first()
        )


# Matches played out to the end, with no resignation, beaver or penalty and no gammon
# on a 4-cube (rare in gnubg's games): from the summer cup's main and consolation
# brackets and the autumn cup's first rounds, 5 and 7 points.
SUMMER, AUTUMN = "Copa d'Estiu {year}", "Copa de Tardor {year}"
MATCHES = [
    DemoAnalysed("summer-main-1-6", SUMMER, "main", 1, 6),
    DemoAnalysed("summer-main-1-10", SUMMER, "main", 1, 10),
    DemoAnalysed("summer-main-2-5", SUMMER, "main", 2, 5),
    DemoAnalysed("summer-main-2-8", SUMMER, "main", 2, 8),
    DemoAnalysed("summer-main-3-1", SUMMER, "main", 3, 1),
    DemoAnalysed("summer-main-3-4", SUMMER, "main", 3, 4),
    DemoAnalysed("summer-consolation-2-3", SUMMER, "consolation", 2, 3),
    DemoAnalysed("summer-consolation-2-5", SUMMER, "consolation", 2, 5),
    DemoAnalysed("summer-consolation-5-1", SUMMER, "consolation", 5, 1),
    DemoAnalysed("autumn-main-1-8", AUTUMN, "main", 1, 8),
    DemoAnalysed("autumn-main-2-1", AUTUMN, "main", 2, 1),
    DemoAnalysed("autumn-consolation-1-3", AUTUMN, "consolation", 1, 3),
]


def to_json(result: gnubg.MatchAnalysis) -> dict:
    return asdict(result)


def from_json(data: dict) -> gnubg.MatchAnalysis:
    players = tuple(
        gnubg.PlayerAnalysis(
            **{
                **player,
                "biggest": tuple(gnubg.Mistake(**mistake) for mistake in player["biggest"]),
            }
        )
        for player in data["players"]
    )
    return gnubg.MatchAnalysis(ply=data["ply"], version=data["version"], players=players)


def load(year: int) -> int:
    """Store the kept analyses on this year's demo matches; answers how many were new.

    A match already analysed is left alone (the demo loads once); one whose games are not
    the file's (a demo changed since the files were made) is skipped: regenerate them."""
    if not FIGURES.exists():
        return 0
    figures = json.loads(FIGURES.read_text(encoding="utf-8"))
    stored = 0
    for demo in MATCHES:
        path = DATA / f"{demo.name}.mat"
        match = demo.match(year)
        if match is None or demo.name not in figures or not path.exists():
            continue
        if Analysis.objects.filter(match=match).exists():
            continue
        try:
            # Kept as a transcript handed in for the recorded games, with no job: its
            # analysis is the one kept beside it.
            transcript = transcripts.attach(match, path.read_text(encoding="utf-8"), analyse=False)
        except TranscriptRefused:
            continue
        analysis_operations.store(match, from_json(figures[demo.name]), transcript=transcript)
        stored += 1
    return stored
