"""The change marks (models.marks) moved on by every write, in the writer's
transaction: the rows and the mark that stands for them are committed together, so a
reader who reads the mark first never files a newer mark with older rows.

`audit.record` calls this once per entry, and every operation writes one, so no writer
can forget it. An entry about a tournament or one of its matches moves that
tournament's mark: the writer holds the tournament's lock already (locks.py), so the
UPDATE waits for nobody. An entry about nothing in one tournament (a player's details,
a season's rules, a deleted tournament, an import of members) moves the club's mark,
which every tournament's pages read beside their own: a renamed player is renamed on
every bracket at once. That row is taken last, when the entry is written, and its
holders wait for nothing after it.
"""

from __future__ import annotations

from ..models import Tournament
from ..models.marks import CLUB_MARK_ID, ClubMark, new_mark


def touch_tournament(tournament_id: int) -> None:
    Tournament.objects.filter(pk=tournament_id).update(mark=new_mark())


def touch_club() -> None:
    mark = new_mark()
    if ClubMark.objects.filter(pk=CLUB_MARK_ID).update(mark=mark):
        return
    # The first club-wide write of a new database makes the row (restoring a backup
    # needs an empty database, so migrations do not seed it). Two at once: the second
    # insert is ignored, and the update after it moves the mark all the same.
    ClubMark.objects.bulk_create([ClubMark(pk=CLUB_MARK_ID, mark=mark)], ignore_conflicts=True)
    ClubMark.objects.filter(pk=CLUB_MARK_ID).update(mark=mark)
