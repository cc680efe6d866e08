"""`manage.py read_transcripts [--json] FILE...`: read match files as the site reads a
file handed in (the bytes decoded, the format told from the content, the games read as
GNU Backgammon reads them), writing nothing. A director checks an archive before
handing it in; `--json` gives one object per file, in the order given."""

import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError, no_translations

from ...core import matfile
from ...operations import transcripts


def reading(path: str) -> dict:
    """What the site reads in the file at `path` (the command's JSON object)."""
    out = {
        "file": path,
        "ok": False,
        "format": "mat",
        "length": 0,
        "players": [],
        "games": 0,
        "score": [0, 0],
        "finished": False,
        "warnings": [],
        "error": None,
    }
    try:
        data = Path(path).read_bytes()
    except OSError as error:
        out["error"] = f"cannot read the file: {error.strerror}"
        return out
    converted = None
    try:
        text = transcripts.decode(data)
        out["format"] = matfile.detect(text)
        converted = matfile.convert(text)
        match = matfile.parse(converted.text)
    except transcripts.TranscriptRefused as refusal:
        out["error"] = str(refusal.message)
        return out
    except matfile.MatError as error:
        if converted is not None:
            error = converted.located(error)
        out["error"] = str(error)
        return out
    out.update(
        ok=True,
        length=match.length,
        players=list(match.players),
        games=match.games_in_file if match.games_in_file is not None else len(match.games),
        score=list(match.final_score or (0, 0)),
        finished=match.finished,
        warnings=[str(item) for item in converted.located_warnings(match)],
    )
    return out


class Command(BaseCommand):
    help = "Read match files (.mat, .sgf, gnubg's text export) as the site would; write nothing."

    def add_arguments(self, parser):
        parser.add_argument("files", nargs="+", metavar="FILE")
        parser.add_argument("--json", action="store_true", help="one JSON list on standard output")

    # English, as the operations' refusals it passes on (whatever the club's language).
    @no_translations
    def handle(self, *args, files, json: bool = False, **options):
        readings = [reading(path) for path in files]
        if json:
            self.stdout.write(_dumps(readings))
        else:
            for item in readings:
                self.stdout.write(_line(item))
        refused = sum(not item["ok"] for item in readings)
        if refused:
            raise CommandError(f"{refused} of {len(readings)} files could not be read.")


def _dumps(readings: list[dict]) -> str:
    return json.dumps(readings, ensure_ascii=False, indent=1)


def _line(item: dict) -> str:
    if not item["ok"]:
        return f"{item['file']}: refused: {item['error']}"
    a, b = item["players"]
    state = "finished" if item["finished"] else "unfinished"
    text = (
        f"{item['file']}: {item['format']}, {item['length']} point match, {a} v {b}, "
        f"{item['games']} games, {item['score'][0]}-{item['score'][1]}, {state}"
    )
    for warning in item["warnings"]:
        text += f"\n  warning: {warning}"
    return text
