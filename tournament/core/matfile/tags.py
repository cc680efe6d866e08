"""The header tags a .mat file carries about its match: the event, the round, the date,
the site and the players' ratings, written as the programs that read them expect.

What reads what (checked against GNU Backgammon 1.07's import and source, import.c's
ImportMatVariation, and eXtreme Gammon's own exports):

- GNU Backgammon keeps `Event`, `Round`, `Site` (its "place"), `Transcriber` (its
  "annotator") and `EventDate` ("YYYY.MM.DD") as the match's information (`show
  matchinfo`, the SGF's EV, RO, PC, AN and DT). It discards `Player 1`, `Player 2`,
  `Player 1 Elo`, `Player 2 Elo`, `EventTime` and `Match ID` on purpose ("Elos are
  useless if their source is unknown"), and keeps any other comment line as the match's
  comment (the SGF's GC). So the ratings are written twice: as eXtreme Gammon's tags and
  as one plain comment line, which is how GNU Backgammon shows them.
- eXtreme Gammon writes `Site`, `Match ID`, `Player 1`, `Player 2`, `Player 1 Elo` and
  `Player 2 Elo` ("rating/experience"), `EventDate`, `EventTime` ("HH.MM") and reads
  them back.

User text (a tournament's or a player's name) never breaks a tag: line breaks and
control characters become spaces, a double quote becomes a single one, and a value is
cut at a length any reader takes.

Pure Python: no Django, no I/O.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime

from .grammar import HEADER, is_comment

MAX_VALUE = 120
_SPACES = re.compile(r"\s+")
# The comment line that carries the ratings for GNU Backgammon (see above); recognised
# again by `retag` so a file tagged twice carries it once.
RATINGS_COMMENT = "; Ratings before the match:"


@dataclass(frozen=True)
class Rating:
    rating: float
    experience: int  # points of rated matches played before (the FIBS formula's)


@dataclass(frozen=True)
class MatchTags:
    """What the site knows of a match, in the order of the file's players."""

    players: tuple[str, str]
    event: str = ""
    round: str = ""
    site: str = ""
    transcriber: str = ""
    match_id: str = ""
    when: datetime | None = None  # local time of the match
    ratings: tuple[Rating | None, Rating | None] = (None, None)

    def swapped(self) -> MatchTags:
        """The same tags for a file whose left player is the match's second."""
        return MatchTags(
            players=(self.players[1], self.players[0]),
            event=self.event,
            round=self.round,
            site=self.site,
            transcriber=self.transcriber,
            match_id=self.match_id,
            when=self.when,
            ratings=(self.ratings[1], self.ratings[0]),
        )


def tag_value(text: object) -> str:
    """`text` as a tag's value: one line, no double quote, not too long."""
    cleaned = "".join(char if char.isprintable() else " " for char in str(text))
    cleaned = _SPACES.sub(" ", cleaned.replace('"', "'")).strip()
    return cleaned[:MAX_VALUE].rstrip()


def _elo(rating: Rating) -> str:
    return f"{rating.rating:.2f}/{rating.experience}"


def header_pairs(tags: MatchTags) -> list[tuple[str, str]]:
    """The tags as (key, value), the empty ones left out, in eXtreme Gammon's order."""
    pairs = [
        ("Site", tags.site),
        ("Match ID", tags.match_id),
        ("Player 1", tags.players[0]),
        ("Player 2", tags.players[1]),
    ]
    for number, rating in enumerate(tags.ratings, start=1):
        if rating is not None:
            pairs.append((f"Player {number} Elo", _elo(rating)))
    pairs += [("Event", tags.event), ("Round", tags.round)]
    if tags.when is not None:
        pairs += [("EventDate", f"{tags.when:%Y.%m.%d}"), ("EventTime", f"{tags.when:%H.%M}")]
    pairs.append(("Transcriber", tags.transcriber))
    cleaned = [(key, tag_value(value)) for key, value in pairs]
    return [(key, value) for key, value in cleaned if value]


def header_lines(tags: MatchTags) -> list[str]:
    """The tag lines, then the ratings as a comment GNU Backgammon keeps."""
    lines = [f'; [{key} "{value}"]' for key, value in header_pairs(tags)]
    rated = [
        f"{tag_value(name)} {rating.rating:.2f}"
        for name, rating in zip(tags.players, tags.ratings, strict=True)
        if rating is not None
    ]
    if rated:
        lines.append(f"{RATINGS_COMMENT} {', '.join(rated)}")
    return lines


def retag(text: str, tags: MatchTags) -> str:
    """The transcript `text` with these tags: its own lines for the same keys (and an
    earlier ratings comment) give way; its other header lines, and its games, stay."""
    lines = text.removeprefix("\ufeff").splitlines()
    ours = {key for key, _value in header_pairs(tags)}
    kept: list[str] = []
    for index, raw in enumerate(lines):
        stripped = raw.strip()
        if stripped and not is_comment(stripped):
            kept += lines[index:]  # the length line and the games, as they were
            break
        header = HEADER.fullmatch(stripped)
        if header and header.group("key") in ours:
            continue
        if stripped.startswith(RATINGS_COMMENT):
            continue
        kept.append(raw)
    while kept and not kept[0].strip():
        kept.pop(0)
    return "\n".join([*header_lines(tags), "", *kept]) + "\n"
