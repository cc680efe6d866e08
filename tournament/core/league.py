"""Season standings: the league points a finishing place is worth, and the order of the
standings with its tie-breaks.

Pure Python, like the scoring core: the standings page, the tournament results and the
spreadsheet all rank players here, so they never disagree.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from .messages import CoreError, _

MAIN, CONSOLATION, LAST_CHANCE = "main", "consolation", "last_chance"

# Points for the bands of finishing places 1, 2, 3-4, 5-8, 9-16, 17-32, ... in each
# bracket; places beyond the list are worth nothing. Consolation and last-chance places
# are worth less than any main place that needed a match won.
DEFAULT_SCALE: dict[str, tuple[int, ...]] = {
    MAIN: (10, 7, 5, 3, 2, 1),
    CONSOLATION: (4, 3, 2, 1),
    LAST_CHANCE: (2, 1),
}
MAX_BANDS = 9  # 1, 2, 3-4, ..., 129-256: the biggest draw has 256 places


class ScaleError(CoreError):
    """A points scale that cannot be used; the message says why."""


def parse_scale(text: str) -> tuple[int, ...]:
    """ "10, 7,5" -> (10, 7, 5): points for places 1, 2, 3-4, ... (at most MAX_BANDS)."""
    parts = [part for part in text.replace(";", ",").replace(" ", ",").split(",") if part]
    values = []
    for part in parts:
        if not part.isdigit() or int(part) > 1000:
            raise ScaleError(_("“%(value)s” is not a number of league points."), value=part[:20])
        values.append(int(part))
    if len(values) > MAX_BANDS:
        raise ScaleError(_("Give points for at most %(count)d bands of places."), count=MAX_BANDS)
    return tuple(values)


def format_scale(values: Sequence[int]) -> str:
    return ",".join(str(value) for value in values)


def band(best_place: int) -> int:
    """0 for 1st, 1 for 2nd, 2 for 3rd-4th, 3 for 5th-8th, ..."""
    if best_place < 1:
        raise ValueError(f"places start at 1, not {best_place}")
    return (best_place - 1).bit_length()


def band_label(index: int) -> str:
    """ "1", "2", "3-4", "5-8", ... for a band index."""
    if index < 2:
        return place_label(index + 1)
    return place_label(2 ** (index - 1) + 1, 2**index)


def place_label(best: int, worst: int | None = None, *, tied: bool = False) -> str:
    """A place as every page, sheet and the JSON write it: "2" alone; "=2" when players
    tied on every tie-break share it (a club night's standings, a rank in the league's
    order); "3-4" for a band of places shared by how far they got (a knockout round's
    losers, a round robin's group winners)."""
    if tied:
        return f"={best}"
    if worst is None or worst == best:
        return str(best)
    return f"{best}-{worst}"


def final_place_label(best: int, worst: int, *, ties: bool) -> str:
    """A final place (best, worst) in a tournament's results, where `ties` says how its
    places are shared: by a tie on every tie-break of a table ("=2": a club night's
    standings), else by how far the players got ("3-4": a knockout round's losers, the
    groups' winners). A place held alone reads "2" either way."""
    return place_label(best, worst, tied=ties and worst > best)


def points_for(scale: Mapping[str, Sequence[int]], kind: str, best_place: int) -> int:
    values = scale.get(kind, ())
    index = band(best_place)
    return values[index] if index < len(values) else 0


# What "points won" and "points lost" mean wherever the site counts them (a season's
# and a tournament's standings and their tie-break, the head-to-head, a club night's
# points difference, a team event's points won, the workbook and the JSON): the match's
# score as the club writes it, capped at its length (RULES.md: "a 5-point match that
# ends 6-4 is written down as 5-4"), penalty points included. Said under every table
# and in every sheet that counts them.
POINTS_AS_WRITTEN = _(
    "Points won and lost are counted as the match score is written, capped at the match "
    "length: a 5-point match that ends 6-4 counts 5-4."
)


@dataclass
class PlayerRecord:
    """Everything a standings row shows of one player, over a season or a tournament
    (points won and lost: `POINTS_AS_WRITTEN`)."""

    player: object
    name: str
    league_points: int = 0
    tournaments: int = 0
    matches_won: int = 0
    matches_lost: int = 0
    games_won: int = 0
    games_lost: int = 0
    points_won: int = 0
    points_lost: int = 0
    gammons_won: int = 0
    backgammons_won: int = 0
    crawford_games_won: int = 0
    places: list[tuple[object, str, tuple[int, int]]] = field(default_factory=list)
    rank: int = 0
    tied: bool = False  # shares its rank with another player

    @property
    def point_difference(self) -> int:
        return self.points_won - self.points_lost


# The order of the standings, in words (docs/standings.md and the page): league points, then matches
# won, then points won minus points lost, then games won; still equal, the players
# share the rank and are listed by name.
TIE_BREAKS = (
    _("league points"),
    _("matches won"),
    _("points won minus points lost"),
    _("games won"),
)


def _merit(record: PlayerRecord) -> tuple[int, int, int, int]:
    return (
        record.league_points,
        record.matches_won,
        record.point_difference,
        record.games_won,
    )


_BRACKET_ORDER = {MAIN: 0, CONSOLATION: 1, LAST_CHANCE: 2}


def _standing(record: PlayerRecord, by_place: bool) -> tuple:
    """What the order compares (smallest first); records equal on it share the rank.

    `by_place`: the standings of one tournament, where a player's places there (main
    bracket first) come right after the league points and settle the order: players
    sharing a place share the rank, as the places say, rather than being split again by
    matches won. Players with no place yet (still playing) come before those placed."""
    points, won, difference, games = _merit(record)
    if by_place and record.places:
        placing = sorted((_BRACKET_ORDER.get(kind, 3), place) for _t, kind, place in record.places)
        return (-points, 1, tuple(placing))
    return (-points, 0, (-won, -difference, -games))


def rank(records: Iterable[PlayerRecord], *, by_place: bool = False) -> list[PlayerRecord]:
    """The records in standings order, each with its rank (shared when tied); see
    `_standing` for `by_place`."""
    ordered = sorted(records, key=lambda r: (_standing(r, by_place), r.name.casefold()))
    previous = None
    for position, record in enumerate(ordered, start=1):
        if previous is not None and _standing(record, by_place) == _standing(previous, by_place):
            record.rank = previous.rank
            record.tied = previous.tied = True
        else:
            record.rank = position
        previous = record
    return ordered
