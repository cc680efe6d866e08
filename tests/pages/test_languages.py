"""Every page of the site in Catalan, Spanish and English, and catalogues with nothing
left untranslated."""

import io
import subprocess
from pathlib import Path

import openpyxl
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext

from demo_club import DemoClubTestCase
from tournament.models import Match, Tournament

LOCALE = Path(__file__).resolve().parents[2] / "tournament" / "locale"
LANGUAGES = ("ca", "es", "en")


def in_language(language, text):
    with translation.override(language):
        return gettext(text)


def test_catalogues_are_complete():
    for language in ("ca", "es"):
        catalogue = LOCALE / language / "LC_MESSAGES" / "django.po"
        result = subprocess.run(
            ["msgfmt", "--check", "--statistics", "-o", "/dev/null", str(catalogue)],
            capture_output=True,
            text=True,
        )
        assert result.returncode == 0, result.stderr
        assert "untranslated" not in result.stderr, (language, result.stderr)
        assert "fuzzy" not in result.stderr, (language, result.stderr)


def test_the_catalogues_are_compiled_and_differ_from_english():
    for language in ("ca", "es"):
        assert in_language(language, "Rules in force") != "Rules in force", language
        assert in_language(language, "Seasons") != "Seasons", language


class EveryPageInThreeLanguages(DemoClubTestCase):
    @classmethod
    def setUpTestData(cls):
        super().setUpTestData()
        cls.director = get_user_model().objects.get(username="director")

    def pages(self):
        running = Tournament.objects.get(status="running", format="cup")
        finished = Tournament.objects.get(name__startswith="Copa d'Estiu")
        live = Match.objects.filter(status="live", tournament=running).first()
        season = running.season
        player = live.player1
        public = [
            reverse("home"),
            reverse("home") + "?partial=live",
            reverse("season", args=[1999]),
            reverse("season", args=[season.year]),
            reverse("standings", args=[season.year]),
            reverse("tournament", args=[running.pk]),
            reverse("tournament", args=[running.pk]) + f"?name={player.name[:4]}",
            reverse("tournament", args=[finished.pk]) + "?partial=brackets",
            reverse("results", args=[finished.pk]),
            reverse("match", args=[live.pk]),
            reverse("match", args=[live.pk]) + "?partial=score",
            reverse("player", args=[player.pk]),
            reverse("ratings"),
            reverse("login"),
        ]
        director = [
            reverse("director-desk"),
            reverse("director-match", args=[running.pk, live.pk]),
            reverse("director-history", args=[running.pk, live.pk]),
            reverse("director-score-sheet", args=[running.pk, live.pk]),
            reverse("director-season-new"),
            reverse("director-season", args=[season.year]),
            reverse("director-tournament-new"),
            reverse("director-tournament", args=[running.pk]),
            reverse("director-tournament-edit", args=[running.pk]),
            reverse("director-draw", args=[finished.pk]) + "?seed=1",
            reverse("admin:index"),
        ]
        return public, director

    def fetch(self, client, url, language):
        response = client.get(url, headers={"accept-language": language})
        self.assertEqual(response.status_code, 200, (url, language))
        return response.content.decode()

    def test_every_page_answers_in_the_browsers_language(self):
        public, director = self.pages()
        visitor = Client()
        desk = Client()
        desk.force_login(self.director)
        for language in LANGUAGES:
            seasons = in_language(language, "Seasons")
            for url in public:
                text = self.fetch(visitor, url, language)
                if "partial" not in url:
                    self.assertIn(f'<html lang="{language}" ', text, url)
                    self.assertIn(f">{seasons}</a>", text, (url, language))
            for url in director:
                text = self.fetch(desk, url, language)
                self.assertIn(f'lang="{language}"', text, url)

    def test_the_rules_are_worded_in_each_language(self):
        sentence = "A backgammon counts twice the cube, the same as a gammon."
        for language in LANGUAGES:
            text = self.fetch(Client(), reverse("season", args=[1999]), language)
            self.assertIn(in_language(language, sentence), text, language)

    def test_dates_follow_the_language(self):
        url = reverse("season", args=[2002])
        with translation.override("ca"):
            catalan = self.fetch(Client(), url, "ca")
        self.assertIn("9 de novembre de 2002", catalan)
        self.assertIn("9 de noviembre de 2002", self.fetch(Client(), url, "es"))
        self.assertIn("Nov. 9, 2002", self.fetch(Client(), url, "en"))

    def test_the_json_speaks_the_asked_language(self):
        running = Tournament.objects.get(status="running", format="cup")
        url = reverse("api-tournament", args=[running.pk])
        for language in LANGUAGES:
            data = Client().get(url, headers={"accept-language": language}).json()
            final = data["brackets"][0]["rounds"][-1]["name"]
            self.assertEqual(final, in_language(language, "Final"))

    def test_the_spreadsheet_speaks_the_asked_language(self):
        season = Tournament.objects.get(status="running", format="cup").season
        url = reverse("standings-xlsx", args=[season.year])
        for language in LANGUAGES:
            response = Client().get(url, headers={"accept-language": language})
            book = openpyxl.load_workbook(io.BytesIO(b"".join(response.streaming_content)))
            self.assertEqual(book.sheetnames[0], in_language(language, "Standings")[:31])
            players = book[in_language(language, "Players")[:31]]
            self.assertEqual(players["A1"].value, in_language(language, "Player"))

    def test_a_chosen_language_sticks(self):
        client = Client()
        response = client.post(
            reverse("set_language"), {"language": "es", "next": "/"}, follow=True
        )
        self.assertIn('<html lang="es" ', response.content.decode())
        # Later pages stay in Spanish even if the browser asks for English.
        text = self.fetch(client, reverse("season", args=[1999]), "en")
        self.assertIn('<html lang="es" ', text)
        self.assertIn(in_language("es", "Rules in force"), text)
