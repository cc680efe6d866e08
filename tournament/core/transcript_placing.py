"""Which of a tournament's matches a transcript is of: by the two players' names (in
either order, compared as `names.normalize_name` does: case, accents, spaces and
underscores aside) and the match length. Used by a whole event's upload, where nobody
says which file is which match.

- Names that match no match of the tournament, or a pair whose matches are played to
  another length, are refused, saying so.
- Two matches between the same pair at the same length (a rematch in a Swiss or a
  league, a final after a semi-final in a double elimination): the one whose recorded
  games are the file's (winner, single/gammon/backgammon, cube of each game); else the
  only one not recorded yet; else the file is refused, to be handed in on the match's
  own sheet.
- Two files of one upload for the same match: the first keeps it, the next is refused,
  naming the first.

Pure Python: no Django, no I/O.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .messages import CoreError, _
from .names import normalize_name
from .scoring import GameResult


@dataclass(frozen=True)
class Candidate:
    """One of the tournament's matches, as placing needs it."""

    id: int
    names: tuple[str, str]  # player 1, player 2
    length: int
    results: tuple[GameResult, ...] = ()  # the games recorded (none: not recorded)


@dataclass(frozen=True)
class Placed:
    """The match a file goes to (`swapped`: the file's left player is the match's
    second), or why none (`refusal`)."""

    match_id: int | None = None
    swapped: bool = False
    refusal: CoreError | None = None


def _agree(file: Sequence[GameResult], recorded: Sequence[GameResult], swapped: bool) -> bool:
    """The same games: who won, the kind and the cube (how a game ended is left out: a
    .mat only infers a resignation from the checkers borne off)."""
    if len(file) != len(recorded):
        return False
    for theirs, ours in zip(file, recorded, strict=True):
        winner = 1 - theirs.winner if swapped else theirs.winner
        if (winner, theirs.kind, theirs.cube) != (ours.winner, ours.kind, ours.cube):
            return False
    return True


def place(
    names: tuple[str, str],
    length: int,
    results: Sequence[GameResult],
    candidates: Sequence[Candidate],
) -> Placed:
    """The match of `candidates` a file naming `names`, of a `length` point match with
    these games, is of."""
    theirs = [normalize_name(name) for name in names]
    pairs: list[tuple[Candidate, bool]] = []
    for candidate in candidates:
        ours = [normalize_name(name) for name in candidate.names]
        if theirs == ours:
            pairs.append((candidate, False))
        elif theirs == ours[::-1]:
            pairs.append((candidate, True))
    if not pairs:
        return Placed(
            refusal=CoreError(
                _("no match of this tournament is between %(a)s and %(b)s"), a=names[0], b=names[1]
            )
        )
    fitting = [(candidate, swapped) for candidate, swapped in pairs if candidate.length == length]
    if not fitting:
        lengths = sorted({candidate.length for candidate, _swapped in pairs})
        return Placed(
            refusal=CoreError(
                _(
                    "the file is a %(length)d point match; %(a)s and %(b)s play to "
                    "%(lengths)s points here"
                ),
                length=length,
                a=names[0],
                b=names[1],
                lengths=", ".join(str(value) for value in lengths),
            )
        )
    if len(fitting) > 1:
        same = [(c, s) for c, s in fitting if c.results and _agree(results, c.results, s)]
        fresh = [(c, s) for c, s in fitting if not c.results]
        fitting = same if len(same) == 1 else fresh if not same and len(fresh) == 1 else fitting
    if len(fitting) > 1:
        return Placed(
            refusal=CoreError(
                _(
                    "%(count)d matches between %(a)s and %(b)s are played to %(length)d "
                    "points: hand this file in on its match's own page"
                ),
                count=len(fitting),
                a=names[0],
                b=names[1],
                length=length,
            )
        )
    candidate, swapped = fitting[0]
    return Placed(match_id=candidate.id, swapped=swapped)


def place_all(
    files: Sequence[tuple[tuple[str, str], int, Sequence[GameResult]] | None],
    candidates: Sequence[Candidate],
    *,
    names: Sequence[str],
) -> list[Placed | None]:
    """`place` for each file of one upload (None for a file that could not be read),
    a match going to the first file placed on it; a later file of the same match is
    refused naming that first file (`names`: each file's name, as the director sees
    it: a zip's member by its own name, not its number in the upload)."""
    taken: dict[int, int] = {}
    out: list[Placed | None] = []
    for index, found in enumerate(files):
        if found is None:
            out.append(None)
            continue
        placed = place(*found, candidates)
        if placed.match_id is not None and placed.match_id in taken:
            placed = Placed(
                refusal=CoreError(
                    _("%(other)s, earlier in this upload, is of the same match"),
                    other=names[taken[placed.match_id]],
                )
            )
        elif placed.match_id is not None:
            taken[placed.match_id] = index
        out.append(placed)
    return out
