"""Read and write match transcripts in the Jellyfish .mat text format.

GNU Backgammon, eXtreme Gammon, Snowie and BGBlitz export matches in this format. What
this module relies on was checked against GNU Backgammon 1.07 (its export, its import
and its source); tests/data/mat/README.md says how:

- optional `; [Key "value"]` header lines, then ` N point match`;
- each game: ` Game N`, a score line ` Name A : 3     Name B : 1` (the score *before* the
  game; the left name is side 0), then numbered rows of two columns, the left player's
  entry first: a roll and its move (`63: 24/18 13/10`), ` Doubles => 2`, ` Takes`,
  ` Drops`. ` Beavers => 4` / ` Raccoons => 8` (eXtreme Gammon's notation, which GNU
  Backgammon imports) are read too; GNU Backgammon never writes a beaver in a match;
- the game ends with `Wins N point(s)` in the winner's column, on a row or alone on a
  line indented 6 (left) or 34 (right). After ` Doubles => 2k` / ` Drops` it says k.
  Nothing marks a resignation: the loser resigned when the winner's last move did not
  bear off their 15th checker (GNU Backgammon resigns for its players, often in the
  race, so the last move is not enough: the checkers borne off are counted);
- GNU Backgammon marks no Crawford game (it infers it from the scores, and always
  assumes the Crawford rule); a `*` or `(Crawford)` after a score, or `Crawford` after
  `Game N`, is accepted and checked against the replay;
- names are written as set, spaces included (old GNU Backgammon imports turned the
  spaces into `_`, which `normalize_name` ignores).

Pure Python on purpose (like `scoring`): no Django, no I/O; the caller reads the file.

The package, along its seams: `base` (the error and the data classes), `grammar` (what
each line says), `game` (one game as it is read), `parsing` (`parse`), `checks` (`check`,
`read`), `writer` (`write`) and `tags` (the header tags: `MatchTags`, `retag`). Other
formats are made into .mat text first: `sgf` (a GNU Backgammon .sgf match), `gnubg_text`
(gnubg's text export), sharing `converted`, and `formats` (`convert`: the format told
from the content). Import them from here.
"""

from ..names import normalize_name
from .base import MatError, MatGame, MatMatch
from .checks import check, read
from .converted import Converted
from .formats import FORMATS, convert, detect
from .parsing import parse
from .tags import MatchTags, Rating, retag
from .writer import write

__all__ = [
    "FORMATS",
    "Converted",
    "MatError",
    "MatGame",
    "MatMatch",
    "MatchTags",
    "Rating",
    "check",
    "convert",
    "detect",
    "normalize_name",  # how the score lines' names compare; importable from here as before
    "parse",
    "read",
    "retag",
    "write",
]
