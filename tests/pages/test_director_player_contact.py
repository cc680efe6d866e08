"""A player's contact details and mail consent, edited from the director's player page
(issue 22, item 9): saved through the operations and audited; a bad address is sent
back with its message and nothing is saved."""

from django.urls import reverse

from director_checks import assert_protected
from tournament.models import AuditEntry, Player


def contact_url(player):
    return reverse("director-player-contact", args=[player.pk])


def test_the_player_page_offers_the_contact_form(director_client, players):
    page = director_client.get(reverse("director-player", args=[players[0].pk])).content.decode()
    form = page.split(f'action="{contact_url(players[0])}"')[1].split("</form>")[0]
    for name in ("email", "phone", "language", "mail_consent"):
        assert f'name="{name}"' in form
    assert "csrfmiddlewaretoken" in form


def test_contact_details_are_saved_and_audited(director_client, players):
    anna = players[0]
    response = director_client.post(
        contact_url(anna),
        {
            "email": "anna@example.org",
            "phone": "+34 600 000 000",
            "language": "ca",
            "mail_consent": "on",
        },
        follow=True,
    )
    assert response.status_code == 200
    assert "Anna Bosch&#x27;s contact details saved." in response.content.decode()
    anna.refresh_from_db()
    assert (anna.email, anna.phone, anna.language, anna.mail_consent) == (
        "anna@example.org",
        "+34 600 000 000",
        "ca",
        True,
    )
    entry = AuditEntry.objects.get(action="player_changed")
    # The log says an address was given and the consent, never the address itself.
    assert (entry.before["has_email"], entry.after["has_email"]) == (False, True)
    assert (entry.before["mail_consent"], entry.after["mail_consent"]) == (False, True)
    assert "anna@example.org" not in str(entry.before) + str(entry.after)
    # Taking the consent back is one untick.
    director_client.post(contact_url(anna), {"email": "anna@example.org", "language": "ca"})
    anna.refresh_from_db()
    assert not anna.mail_consent and anna.email == "anna@example.org"


def test_a_bad_address_is_refused_and_nothing_saved(director_client, players):
    anna = players[0]
    Player.objects.filter(pk=anna.pk).update(email="anna@example.org", phone="93 000")
    response = director_client.post(
        contact_url(anna), {"email": "anna(at)example", "phone": "", "mail_consent": "on"}
    )
    assert response.status_code == 400
    body = response.content.decode()
    assert "Enter a valid email address." in body
    # The page still shows what is stored beside the refused form.
    anna.refresh_from_db()
    assert (anna.email, anna.phone, anna.mail_consent) == ("anna@example.org", "93 000", False)
    assert not AuditEntry.objects.filter(action="player_changed").exists()


def test_the_contact_form_needs_the_permission(director, players):
    assert_protected(director, contact_url(players[0]), data={"email": "x@example.org"})
    assert Player.objects.get(pk=players[0].pk).email == ""
    assert_protected(director, contact_url(Player(pk=999999)).replace("999999", "999999"))
