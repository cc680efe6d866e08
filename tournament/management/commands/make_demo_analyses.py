"""`manage.py make_demo_analyses`: the files of the demo's analysed matches made again
(tournament/data/demo_analyses/), with GNU Backgammon. Needed only when the demo's games
change (load_demo then skips the matches whose files no longer fit: the command says so).

On a database holding the demo (docs/skill.md, "The demo's analyses"):

    DATABASE_URL=sqlite:////tmp/demo.sqlite3 .venv/bin/python manage.py migrate
    DATABASE_URL=sqlite:////tmp/demo.sqlite3 .venv/bin/python manage.py load_demo
    DATABASE_URL=sqlite:////tmp/demo.sqlite3 .venv/bin/python manage.py make_demo_analyses

gnubg plays itself until every chosen match's games have a game of its own that ends the
same way (management.demo_transcripts), each match's .mat is checked against the match
(`transcripts.read`, and game by game) and analysed by `engines.gnubg.analyse` at 0-ply,
and the figures are written to analyses.json. Nothing is written to the database.
"""

import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone

from ...engines import gnubg
from ...operations import transcripts
from .. import demo_analyses, demo_transcripts

MAX_SELF_PLAY = 400  # matches of gnubg against itself before giving up


class Command(BaseCommand):
    help = "Make the demo's analysed matches again with GNU Backgammon (needs the demo loaded)."

    def add_arguments(self, parser):
        parser.add_argument("--year", type=int, help="The demo's current year (default: now).")
        parser.add_argument("--seed", type=int, default=26, help="gnubg's first seed.")
        parser.add_argument(
            "--games", help="A folder keeping gnubg's matches against itself, to reuse them."
        )

    def handle(self, *args, year=None, seed=26, **options):
        year = year or timezone.localdate().year
        try:
            program = gnubg.find_gnubg()
        except gnubg.GnubgError as error:
            raise CommandError(str(error)) from None
        matches = {demo.name: demo.match(year) for demo in demo_analyses.MATCHES}
        absent = [name for name, match in matches.items() if match is None]
        if absent:
            raise CommandError(f"not in the database (run load_demo first): {', '.join(absent)}")
        states = {name: match.replay() for name, match in matches.items()}
        pool: list[demo_transcripts.PoolGame] = []
        played = 0
        kept = Path(options["games"]) if options["games"] else None
        while demo_transcripts.missing(pool, list(states.values())):
            if played == MAX_SELF_PLAY:
                raise CommandError(f"no fit after {played} matches of gnubg against itself")
            pool += demo_transcripts.pool_games(self._self_play(program, seed + played, kept))
            played += 1
        self.stdout.write(f"{played} matches of gnubg against itself, {len(pool)} games")
        demo_analyses.DATA.mkdir(parents=True, exist_ok=True)
        figures = {}
        for name, match in matches.items():
            names = (match.player1.name, match.player2.name)
            text = demo_transcripts.transcript(pool, states[name], names)
            transcripts.read(match, text)  # refuses a file the site would refuse
            result = gnubg.analyse(text, 0, program=program)
            figures[name] = demo_analyses.to_json(result)
            (demo_analyses.DATA / f"{name}.mat").write_text(text, encoding="utf-8")
            pr = " / ".join(f"{player.name} {player.pr}" for player in result.players)
            self.stdout.write(f"{name}: {match} ({match.score1}-{match.score2}), PR {pr}")
        demo_analyses.FIGURES.write_text(
            json.dumps(figures, indent=1, ensure_ascii=False) + "\n", encoding="utf-8"
        )
        self.stdout.write(f"written to {demo_analyses.DATA}")

    def _self_play(self, program: str, seed: int, kept: Path | None) -> str:
        path = kept / f"self-{seed}.mat" if kept else None
        if path is not None and path.exists():
            return path.read_text(encoding="utf-8")
        text = demo_transcripts.self_play(program, seed)
        if path is not None:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
        return text
