"""A season's page: its rules in plain words and its public tournaments."""

from django.shortcuts import get_object_or_404, render

from ...models import Season
from ...rule_texts import PRESET_LABELS, describe_rules


def season(request, year):
    """A season's rules in plain words and its tournaments.

    Template: tournament/season.html; context: season, rule_texts, preset_label,
    tournaments.
    """
    season = get_object_or_404(Season, year=year)
    context = {
        "season": season,
        "rule_texts": describe_rules(season.rules),
        "preset_label": PRESET_LABELS.get(season.preset, ""),
        "tournaments": season.tournaments.public().order_by("-date", "name"),
    }
    return render(request, "tournament/season.html", context)
