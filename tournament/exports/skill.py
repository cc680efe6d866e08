"""The season workbook's Skill sheet: the season's GNUBG PR table (queries.skill_tables)
through the same django-tables2 table as its page, so both show the same figures.
Names stay text (workbook: never a formula)."""

from __future__ import annotations

from django.utils.translation import gettext as _

from ..models import Season
from ..queries.skill_tables import season_skill
from ..tables import SkillTable
from .workbook import Sheet, fit


def skill_sheet(season: Season) -> Sheet | None:
    """The players with enough analysed decisions; None when there are none (the
    workbook of a season without analyses is as it was)."""
    rows = season_skill(season)
    if not rows:
        return None
    values = list(SkillTable(rows).as_values())
    headers, body = [str(header) for header in values[0]], values[1:]
    # PR with one decimal, as on the page (two kept); luck with two.
    formats = {3: "0.0", 4: "0.0", 5: "0.0", 6: "0.00"}
    return Sheet(_("Skill"), headers, body, fit(headers, body), number_formats=formats)
