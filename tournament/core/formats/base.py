"""What every format says about itself: the `Format` each format's module makes, and the
settings it reads.

Pure Python: no Django import and no I/O. A format is described, not branched on: its
traits (plays in rounds, may pair a round again, ...) are the rules the layers above
ask, and its *parts* are names (of a page's live part, of the operation that moves it
on, of its final places, its JSON sections, its workbook sheets, its director's
sections) that each layer maps to its own template, query or operation once. A new
format that reuses the parts is this module alone; one with a part of its own adds it to
the layer's map (docs/adding-a-format.md).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol


class Settings(Protocol):
    """The settings of a tournament a format reads (the model's fields, duck-typed so
    the core stays free of Django)."""

    format: str
    consolation: str
    rounds: int
    knockout: int
    group_size: int | None
    swiss_knockout: int
    playoff: str
    last_chance: bool


def _no_problems(settings: Settings) -> dict[str, str]:
    return {}


def _no_knockout(settings: Settings) -> int:
    return 0


@dataclass(frozen=True)
class Format:
    """One format of play. Build it in the format's own module (`core/formats/<key>.py`)
    and list that module in the registry (`core/formats/__init__.py`)."""

    key: str  # stored in Tournament.format
    label: str  # a message to translate (the format's name in the forms)

    # --- its rules -------------------------------------------------------------------
    # Played in rounds of single matches with no bracket (a club night), not in
    # brackets; a knockout may follow.
    in_rounds: bool = False
    # Each round is paired when the one before is settled, from what it left (who met,
    # who had a bye, and the scores or the rating, `pairs_on`): a Swiss, lives.
    pairs_by_results: bool = False
    # A fixed number of rounds the director sets (the `rounds` setting).
    fixed_rounds: bool = False
    # A round not yet started may be paired again (after a late result or entry).
    pairs_again: bool = False
    # Players may join once results are in (they come in at the next pairing).
    late_joins: bool = False
    # Its standings score wins (or Win + Skill) with Swiss tie-breaks.
    scored: bool = False
    # Entries are teams of players meeting in team matches of boards.
    teams: bool = False
    # Out at the Nth loss: lives, re-entry (`core.lives`).
    lives: bool = False
    # The brackets (main, consolation, last chance, double elimination) are its own.
    brackets: bool = False
    # The settings that mean something for this format (the form shows only these).
    settings: tuple[str, ...] = ()
    # How many players (or groups' places) go on to a knockout, from the settings (0
    # when none follows).
    knockout_of: Callable[[Settings], int] = _no_knockout
    # What is wrong with the settings for this format, field by field (messages to
    # translate, empty when sound).
    problems: Callable[[Settings], dict[str, str]] = _no_problems

    # --- its parts: names each layer maps once ---------------------------------------
    # The operation that moves it on after a result (operations/progress.py).
    moves_on: str = "bracket"
    # The operation that makes its draw (operations/draws.py).
    draws: str = "bracket"
    # Where its final places come from (queries/standings.py).
    places: str = "bracket"
    # The live part of its public page (views/public/tournament.py).
    page: str = "brackets"
    # The sections of its JSON beyond the matches (views/public/api.py).
    json: tuple[str, ...] = ()
    # Its workbook's sheets beyond the matches (exports/sheets.py).
    sheets: tuple[str, ...] = ()
    # The director's sections beyond the matches (views/director/tournament.py).
    desk: tuple[str, ...] = ()
    # Where the knockout after its rounds takes its players from (operations/
    # club_nights.py, knockouts.py): "standings" (its top places) or "groups" (each
    # group's best).
    knockout_from: str = "standings"
    # What each round is paired on (operations/club_nights.py, PAIRED_ON): "results" (the
    # wins so far, or a Win + Skill Swiss's points), or "rating" (the club's rating
    # list, in bands: core.swiss.rating_bands).
    pairs_on: str = "results"
    # Its knockout takes each group's best (the `knockout` setting, per group), not the
    # top of one table: the others' final places are then shared rank by rank.
    group_knockout: bool = False
    # Its pages say a bye counts as a win (its pairing and its standings take it as one).
    bye_is_a_win: bool = False
    # What its draw does with the pairs a director keeps apart, as the pages say it (the
    # template of that name in templates/director/includes/apart/): "first_round", the
    # draw keeps them apart in round 1;
    # "every_round", every round's pairing does (and the desk names those that meet all
    # the same); "everyone_meets", nothing to keep apart.
    apart: str = "first_round"
    # How its rounds are paired, as the director's rounds section says it (the template
    # of that name in templates/director/includes/pairing/: "by_wins", "by_losses",
    # "drawn_at_once"; empty when it is not played in rounds).
    pairing: str = ""

    def knockout_follows(self, settings: Settings) -> bool:
        return self.knockout_of(settings) > 0
