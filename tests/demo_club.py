"""A test case with the demo club loaded once per class (it takes a second or two)."""

import io

from django.core.management import call_command
from django.test import TestCase


class DemoClubTestCase(TestCase):
    """Each test runs in a transaction over the demo club, rolled back after it."""

    @classmethod
    def setUpTestData(cls):
        call_command("load_demo", stdout=io.StringIO())


def club_night_groups(tournament) -> dict[int, dict[int, list]]:
    """A Swiss's or a round robin's matches by group, then by round."""
    groups: dict[int, dict[int, list]] = {}
    for match in tournament.matches.order_by("group", "round", "position"):
        groups.setdefault(match.group, {}).setdefault(match.round, []).append(match)
    return groups
