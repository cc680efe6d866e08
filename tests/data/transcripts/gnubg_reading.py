"""GNU Backgammon's own reading of every transcript in this corpus.

Run from the repository's root (Debian's gnubg 1.07 in /usr/games, or GNUBG=path):

    .venv/bin/python tests/data/transcripts/gnubg_reading.py

It writes gnubg_readings.json next to this file: for each file (its path under this
folder) what gnubg made of it:

- "length": the match length (0 for a money session);
- "players": the two names, as gnubg holds them (first the left column's);
- "games": how many games gnubg holds (the last one may be unfinished);
- "score": the final score, as the games make it: gnubg adds every game's points,
  the last one's too, without capping them at the match length;
- "finished": whether a player reached the length;
- "gnubg_reads": False when gnubg refuses the file (then the other fields are absent).

How: each file is copied to a fresh folder under a plain name (gnubg's command line
splits file names at spaces), then `import mat` (`load match` for .sgf), `show player` (the
names), `export match mat` (the games gnubg kept, counted from its own " Game N" lines)
and `show score` (the score and the length).
tests/core/test_real_transcripts.py runs the same function to check the JSON still
says what gnubg says.
"""

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
READINGS = HERE / "gnubg_readings.json"

# `show score` ends its line without a newline: it is the last thing asked for.
SCORE = re.compile(r"The score \(after \d+ games?\) is: (?P<line>.*)")
LENGTH = re.compile(r" \(match to (?P<length>\d+) points?[^)]*\)$")
PLAYER = re.compile(r"Player (?P<n>[01]):\n  Name: (?P<name>.*)$", re.MULTILINE)
# gnubg's export sometimes writes " Game N" at the end of the last row of the game
# before (when that game's end is not written), so it is sought anywhere on a line.
GAME = re.compile(r" Game (?P<n>\d+)\s*$", re.MULTILINE)


def transcripts() -> list[Path]:
    """Every match file: the files in the origin folders (the top folder holds only
    this script, its JSON, SOURCES.md and known_misreads.txt)."""
    return sorted(p for p in HERE.rglob("*") if p.is_file() and p.parent != HERE)


def gnubg_program() -> str | None:
    return (
        os.environ.get("GNUBG") or shutil.which("gnubg") or shutil.which("gnubg", path="/usr/games")
    )


def reading(path: Path, gnubg: str, home: Path | None = None) -> dict:
    """gnubg's reading of one file (see the module's docstring for the fields)."""
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        sgf = path.suffix.lower() == ".sgf"
        source = work / ("in.sgf" if sgf else "in.mat")
        shutil.copyfile(path, source)
        out = work / "out.mat"
        load = f"load match {source}" if sgf else f"import mat {source}"
        commands = [load, "show player", f"export match mat {out}", "show score"]
        done = subprocess.run(
            [gnubg, "-t", "-q"],
            input="\n".join(commands) + "\n",
            capture_output=True,
            text=True,
            errors="replace",
            timeout=120,
            env={**os.environ, "HOME": str(home or work), "LANG": "C.UTF-8"},
            check=False,
        )
        said = done.stdout + done.stderr
        score = SCORE.search(done.stdout)
        if score is None or not out.exists():
            return {"gnubg_reads": False}
        export = out.read_text(encoding="utf-8", errors="replace")
    names = {m["n"]: m["name"] for m in PLAYER.finditer(said)}
    line = score["line"].rstrip()
    length = LENGTH.search(line)
    length = int(length["length"]) if length else 0
    games = max((int(n) for n in GAME.findall(export)), default=0)
    # `show score` prints "NAME1 A, NAME2 B": with the names known, the points are exact
    # (a FIBS name such as "BlueNote,1659" holds a comma and digits).
    first, second = names.get("0", ""), names.get("1", "")
    points = re.search(
        re.escape(f"{first} ") + r"(-?\d+), " + re.escape(f"{second} ") + r"(-?\d+)",
        line,
    )
    if points is None:
        return {"gnubg_reads": False}
    a, b = int(points[1]), int(points[2])
    return {
        "length": length,
        "players": [first, second],
        "games": games,
        "score": [a, b],
        "finished": length > 0 and max(a, b) >= length,
        "gnubg_reads": True,
    }


def main() -> int:
    gnubg = gnubg_program()
    if gnubg is None:
        print("GNU Backgammon is not installed (apt-get install gnubg)", file=sys.stderr)
        return 1
    readings = {}
    for path in transcripts():
        key = path.relative_to(HERE).as_posix()
        readings[key] = reading(path, gnubg)
        print(key, readings[key], flush=True)
    READINGS.write_text(
        json.dumps(readings, indent=1, ensure_ascii=False, sort_keys=True) + "\n",
        encoding="utf-8",
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
