"""The tables' markup, page by page, and what each page costs in queries: every table of
the public pages reflows on a phone (each cell carries its column's header in
data-label, which site.css shows when a row is stacked), and sits in a scrolling region
that the keyboard reaches and that has a name (WCAG 2.1.1 and 4.1.2; axe's
scrollable-region-focusable). The browser side, how they look at 390 and 1366 px, is in
test_browser_tables.py."""

from html.parser import HTMLParser

from django.db.models import Count
from django.urls import reverse

from demo_club import DemoClubTestCase
from tournament.models import Match, Player, Tournament
from tournament.queries.skill_tables import player_has_skill

HEADINGS = {"h1", "h2", "h3"}


class Elements(HTMLParser):
    """Every element's tag and attributes, in order (a cell knowing whether its table
    reflows), each id, and the text of each heading with one (a region's name)."""

    def __init__(self, html: str):
        super().__init__()
        self.elements: list[tuple[str, dict]] = []
        self.ids: dict[str, str] = {}
        self._open: list[str] = []
        self._tables: list[bool] = []
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag == "table":
            self._tables.append("reflow" in attributes.get("class", "").split())
        # Which table a cell is in: those that reflow, or the small ones (a scoreboard).
        attributes["_in_reflow"] = bool(self._tables) and self._tables[-1]
        self.elements.append((tag, attributes))
        if "id" in attributes:
            self.ids[attributes["id"]] = ""
            if tag in HEADINGS:
                self._open.append(attributes["id"])

    def handle_data(self, data):
        for name in self._open:
            self.ids[name] += data

    def handle_endtag(self, tag):
        if tag == "table" and self._tables:
            self._tables.pop()
        if self._open and tag in HEADINGS:
            self._open.pop()


def regions_and_cells(html: str) -> tuple[list[dict], list[tuple[str, dict]]]:
    page = Elements(html)
    regions = [attrs for tag, attrs in page.elements if "table-scroll" in attrs.get("class", "")]
    for region in regions:
        region["name"] = (
            region.get("aria-label") or page.ids.get(region.get("aria-labelledby", ""), "").strip()
        )
    cells = [(tag, attrs) for tag, attrs in page.elements if tag == "td" and attrs["_in_reflow"]]
    return regions, cells


class TablePages(DemoClubTestCase):
    @classmethod
    def setUpTestData(cls):
        super().setUpTestData()
        cls.cup = Tournament.objects.get(status="running", format="cup")
        cls.finished = Tournament.objects.filter(status="finished", format="cup").first()
        cls.played = Match.objects.filter(status="decided", games__isnull=False).first()
        # The busiest player without an analysed match (one has a Skill table more, and a
        # query: views.public.player); the demo's team event made an analysed one busiest.
        cls.busiest = (
            Player.objects.annotate(has_skill=player_has_skill())
            .filter(has_skill=False)
            .annotate(
                played=Count("matches_as_first", distinct=True)
                + Count("matches_as_second", distinct=True)
            )
            .order_by("-played", "pk")
            .first()
        )

    def check(self, path: str, queries: int, regions: int) -> list[dict]:
        with self.assertNumQueries(queries):
            response = self.client.get(path)
        self.assertEqual(response.status_code, 200)
        found, cells = regions_and_cells(response.content.decode())
        self.assertEqual(len(found), regions, path)
        for region in found:
            self.assertEqual(region.get("tabindex"), "0", region)
            self.assertEqual(region.get("role"), "region", region)
            self.assertTrue(region["name"], f"{path}: a scrolling region without a name")
        self.assertTrue(cells, path)
        unlabelled = [attrs for tag, attrs in cells if not attrs.get("data-label")]
        self.assertEqual(unlabelled, [], f"{path}: cells without their column's name")
        return found

    def test_standings(self):
        # A finished team event's places cost four queries more, whatever its size.
        events = Tournament.objects.filter(
            season=self.cup.season, format="teams", status="finished", public=True
        ).count()
        self.check(reverse("standings", args=[self.cup.season.year]), 8 + 4 * events, 1)

    def test_the_header_a_table_is_sorted_by_says_so(self):
        path = reverse("standings", args=[self.cup.season.year])
        page = Elements(self.client.get(path, {"sort": "-games_won"}).content.decode())
        headers = [attrs for tag, attrs in page.elements if tag == "th"]
        sorted_by = [number for number, attrs in enumerate(headers) if "aria-sort" in attrs]
        # Rank, player, league points, tournaments, matches won and lost, games won.
        self.assertEqual(sorted_by, [6])
        self.assertEqual(headers[6]["aria-sort"], "descending")

    def test_player_page(self):
        # The player, their seasons, their matches of the latest (whose scores as
        # written are the head-to-head's points: no query for the games), their next
        # match, their ratings.
        regions = self.check(self.busiest.get_absolute_url(), 5, 2)
        self.assertEqual([region["name"] for region in regions], ["Matches", "Head to head"])

    def test_ratings(self):
        # The rating list's thresholds and marks, both counts, each table's count and
        # page (the demo's federation publishes from 50 experience), their players'
        # clubs and trends; two tables, the published and the provisional.
        regions = self.check(reverse("ratings"), 8, 2)
        self.assertEqual(
            [region["name"] for region in regions], ["Rating list", "Provisional ratings"]
        )

    def test_everyone_rated(self):
        # The count, a page, its players' clubs.
        self.check(reverse("ratings-everyone"), 3, 1)

    def test_results(self):
        self.check(reverse("results", args=[self.finished.pk]), 9, 2)

    def test_match_page(self):
        regions = self.check(self.played.get_absolute_url(), 2, 1)
        self.assertEqual(regions[0]["name"], "Games")
