"""The site's words in Catalan and Spanish (issue 22, item 14): counted plurals, words
that fit anyone, one form of address ("tu"), and the messages that named someone with a
masculine pronoun ("Inscriu-lo", "Dona'l només a ell")."""

import pytest
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext, ngettext

from tournament import operations
from tournament.models import AuditEntry


@pytest.mark.parametrize(
    ("language", "one", "three"),
    [
        ("ca", "1 punt de penalització per a Anna.", "3 punts de penalització per a Anna."),
        ("es", "1 punto de penalización para Anna.", "3 puntos de penalización para Anna."),
    ],
)
def test_penalty_points_are_counted(language, one, three):
    with translation.override(language):
        for count, expected in ((1, one), (3, three)):
            said = ngettext(
                "%(points)d penalty point to %(player)s.",
                "%(points)d penalty points to %(player)s.",
                count,
            ) % {"points": count, "player": "Anna"}
            assert said == expected


def test_the_history_counts_a_penalty_point_in_the_readers_language(director_client, match):
    operations.award_penalty(match, 0, 1)
    entry = AuditEntry.objects.get(action="penalty")
    with translation.override("ca"):
        assert entry.summary_text == "Penalització: 1 punt per a Anna Bosch; 1-0"
    with translation.override("en"):
        assert entry.summary_text == "Penalty: 1 point to Anna Bosch; 1-0"


@pytest.mark.parametrize(
    "msgid",
    [
        "With this link the player sees their matches and reports their games, without an "
        "account. Give it only to them.",
        "%(names)s is already in the club. Register them, or confirm a new player.",
        "A club player has that name already. Is it them?",
        "Put them in",
        "Withdraw them",
        "A player with results cannot be deleted; deactivate them instead.",
        "%(player)s has registrations or results: deactivate them instead.",
    ],
)
def test_words_that_fit_anyone(msgid):
    """No masculine pronoun for a person who may be anyone: "-lo", "'l", "ell", "él"."""
    for language, words in (
        ("ca", ("-lo", "'l ", "'l.", "'l,", " ell", "desactiva'l")),
        ("es", ("Inscríbelo", "desactívalo", "Dáselo", " él")),
    ):
        with translation.override(language):
            said = gettext(msgid)
        assert said != msgid, f"{language} has no translation of {msgid!r}"
        assert not any(word in said for word in words), (language, said)


def test_one_form_of_address_in_catalan():
    """The site says "tu" to its reader: not "Desplaceu" beside "el teu matx"."""
    with translation.override("ca"):
        assert gettext("Scroll sideways to see the whole table").startswith("Desplaça't")


def test_the_desk_speaks_to_anyone_in_catalan(director_client, players):
    director_client.cookies["django_language"] = "ca"
    page = director_client.get(reverse("director-player", args=[players[0].pk]))
    text = page.content.decode()
    assert "Dona'l només a ell" not in text and "només a ell" not in text
