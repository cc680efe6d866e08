"""A season's page: its rules in plain words and its public tournaments; and its GNUBG
PR table, a page of its own linked from it once a match of the season is analysed."""

from django.shortcuts import render
from django_tables2 import RequestConfig

from ...queries.public_tournaments import season_public_tournaments, seasons_with_skill_flag
from ...queries.skill_tables import min_decisions, season_skill
from ...rule_texts import PRESET_LABELS, describe_rules
from ...tables import SkillTable
from ...web.season_address import season_page


@season_page(seasons_with_skill_flag)
def season(request, season):
    """A season's rules in plain words and its tournaments.

    Template: tournament/season.html; context: season (annotated with has_skill: the
    link to its PR table, at no query more), rule_texts, preset_label, tournaments.
    """
    context = {
        "season": season,
        "rule_texts": describe_rules(season.rules),
        "preset_label": PRESET_LABELS.get(season.preset, ""),
        "tournaments": season_public_tournaments(season, "-date", "name"),
    }
    return render(request, "tournament/season.html", context)


@season_page()
def skill(request, season):
    """The season's GNUBG PR table: the players with at least SKILL_MIN_DECISIONS
    analysed decisions in its public tournaments, the lowest PR first, sortable, of one
    engine and depth. Three queries: the season, the analyses' settings, the table
    (aggregated in the database).

    Template: tournament/season_skill.html; context: season, table (SkillTable),
    min_decisions, counted (the engine and depth counted, the matches left out).
    """
    at_least = min_decisions()
    found = season_skill(season, at_least)
    table = SkillTable(found.rows)
    RequestConfig(request, paginate={"per_page": 50}).configure(table)
    context = {
        "season": season,
        "table": table,
        "min_decisions": at_least,
        "counted": found.counted,
    }
    return render(request, "tournament/season_skill.html", context)
