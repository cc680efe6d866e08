"""The season workbook's Skill sheet: the season's GNUBG PR table (queries.skill_tables)
through the same django-tables2 table as its page, so both show the same figures.
Names stay text (workbook: never a formula)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from ..models import Season
from ..queries.skill_tables import season_skill
from ..tables import SkillTable
from .workbook import Sheet, fit


def skill_sheet(season: Season) -> Sheet | None:
    """The players with enough analysed decisions; None when there are none (the
    workbook of a season without analyses is as it was)."""
    found = season_skill(season)
    rows = found.rows
    if not rows:
        return None
    # Under the table, as under the page's: the engine and depth, the matches left out.
    notes = [_("Figures of %(settings)s.") % {"settings": found.counted.words}]
    if found.counted.left_out:
        count = len(found.counted.left_out)
        notes.append(
            ngettext(
                "%(count)s match analysed with another engine or depth is not counted: "
                "analyse it again.",
                "%(count)s matches analysed with another engine or depth are not counted: "
                "analyse them again.",
                count,
            )
            % {"count": count}
        )
    values = list(SkillTable(rows).as_values())
    headers, body = [str(header) for header in values[0]], values[1:]
    # PR with one decimal, as on the page (two kept); luck with two.
    formats = {3: "0.0", 4: "0.0", 5: "0.0", 6: "0.00"}
    return Sheet(_("Skill"), headers, body, fit(headers, body), number_formats=formats, notes=notes)
