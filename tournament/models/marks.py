"""Change marks: what the live pages compare and key their cached parts on (a
tournament's own mark is a column of the tournament; see operations.marks and
web.live)."""

from __future__ import annotations

import secrets

from django.db import models
from django.utils.translation import gettext_lazy as _

CLUB_MARK_ID = 1  # the club's mark is one row


def new_mark() -> int:
    """A fresh change mark. Random rather than counted, so that a mark never comes back
    (a restored backup, a database made again, ids reused): a page cached under a mark
    is that state's and no other's."""
    return secrets.randbits(62)


class ClubMark(models.Model):
    """One row: the mark of what every tournament's pages show beyond the tournament's
    own rows (a player's name, a season's rules). operations.marks changes it with each
    write that no tournament's mark covers; web.live reads it with the tournament's."""

    mark = models.BigIntegerField(_("change mark"), default=new_mark)

    class Meta:
        verbose_name = _("club change mark")
        verbose_name_plural = _("club change marks")

    def __str__(self) -> str:
        return f"{self.mark:x}"
