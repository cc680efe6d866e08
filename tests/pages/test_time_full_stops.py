"""A sentence that ends in a time: English writes "10 a.m.", whose full stop is the
sentence's too, so no page or mail says "a.m.." (the `one_full_stop` filter). Checked
where a time ends a sentence (registration's closing, the door shut, the results
announced, a round's deadline in its reminder), and in every template that might."""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
import time_machine
from django.core import mail
from django.test import Client
from django.urls import reverse

import builders
from tournament import operations
from tournament.models import Tournament
from tournament.operations import registrations

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"
MADRID = ZoneInfo("Europe/Madrid")
TEN = datetime(2026, 11, 25, 10, 0, tzinfo=MADRID)  # "Nov. 25, 2026, 10 a.m." in English


def english() -> Client:
    return Client(headers={"accept-language": "en"})


def test_registration_closing_at_ten(tournament, director):
    registrations.set_registration(tournament, open_=True, cap=None, closes=TEN, user=director)
    with time_machine.travel(TEN - timedelta(days=1), tick=False):
        text = english().get(reverse("tournament", args=[tournament.pk])).content.decode()
    assert "Until Nov. 25, 2026, 10 a.m. <a" in text
    assert "a.m.." not in text


def test_registration_closing_at_ten_in_catalan(tournament, director):
    registrations.set_registration(tournament, open_=True, cap=None, closes=TEN, user=director)
    with time_machine.travel(TEN - timedelta(days=1), tick=False):
        page = Client(headers={"accept-language": "ca"}).get(
            reverse("tournament", args=[tournament.pk])
        )
    assert "10:00." in page.content.decode()


def test_the_door_shut_at_ten(director_client, tournament):
    with time_machine.travel(TEN - timedelta(hours=1), tick=False):
        operations.open_check_in(tournament)
    with time_machine.travel(TEN, tick=False):
        operations.close_check_in(tournament)
    url = reverse("director-door", args=[tournament.pk]) + "?partial=door"
    text = director_client.get(url).content.decode()
    assert "Check-in closed at 10 a.m." in text and "a.m.." not in text


def test_the_results_announced_at_ten(director_client, tournament):
    Tournament.objects.filter(pk=tournament.pk).update(
        status="finished", public=True, results_announced_at=TEN
    )
    url = reverse("director-tournament", args=[tournament.pk])
    text = director_client.get(url).content.decode()
    assert "Results announced on Nov. 25, 2026, 10 a.m." in text and "a.m.." not in text


@pytest.mark.django_db
def test_the_reminder_of_a_round_due_at_ten(season):
    swiss, _players = builders.club_night(season, 4, rounds=2, rng_seed=4, start=True)
    for match in swiss.matches.filter(round=1).between_two():
        for player in match.players:
            player.email, player.mail_consent, player.language = "p@example.org", True, "en"
            player.save()
    operations.set_round_deadline(swiss, 1, TEN)
    mail.outbox.clear()
    assert operations.send_round_reminders(TEN - timedelta(hours=20)) > 0
    body = mail.outbox[0].body
    assert "is to be played by Nov. 25, 2026, 10 a.m." in body and "a.m.." not in body


def test_the_filter_keeps_an_ellipsis_and_a_single_stop():
    from tournament.templatetags.club import one_full_stop

    assert one_full_stop("Until Nov. 25, 2026, 10 a.m..") == "Until Nov. 25, 2026, 10 a.m."
    assert one_full_stop("1, 2, 4, 8, 16...") == "1, 2, 4, 8, 16..."
    assert one_full_stop("Fins al 25 de novembre a les 10:00.") == (
        "Fins al 25 de novembre a les 10:00."
    )


BLOCK = re.compile(r"{% blocktranslate ([^%]*)%}(.*?){% endblocktranslate %}", re.DOTALL)
TIMED = re.compile(r"(\w+)=\S*\|(?:date|time):\"[A-Z_]*(?:TIME|DATETIME)[A-Z_]*\"")


def test_every_sentence_ending_in_a_time_has_one_full_stop():
    """A template's sentence that ends in a time (a date with its hour, or an hour)
    followed by its full stop is wrapped in `one_full_stop`."""
    unguarded = []
    for template in TEMPLATES.rglob("*"):
        if template.suffix not in (".html", ".txt"):
            continue
        text = template.read_text()
        for found in BLOCK.finditer(text):
            for name in TIMED.findall(found[1]):
                if re.search(r"{{ ?" + name + r" ?}}\.", found[2]):
                    before = text[: found.start()]
                    if not before.endswith("{% filter one_full_stop %}"):
                        unguarded.append(f"{template.relative_to(TEMPLATES)}: {found[0][:80]}")
    assert unguarded == []
