"""The member-list import at the director's desk: upload, preview (every row sorted,
nothing saved), then import the new rows, or nothing, as the director chooses; the file
is read again from the session on confirming, never from what the browser posts."""

from __future__ import annotations

import io
import re
import zipfile

import pytest
from django.contrib.sessions.models import Session
from django.core.files.uploadedfile import SimpleUploadedFile
from openpyxl import Workbook

import builders
from director_checks import (
    assert_csrf_required,
    assert_forbidden_without_permission,
    assert_login_required,
    assert_method_not_allowed,
)
from tournament.models import AuditEntry, Player

IMPORT = "/director/players/import/"
CONFIRM = "/director/players/import/confirm/"
HEADERS = ["Nom", "Cognoms", "Número de soci", "Correu", "Telèfon", "Club"]


def xlsx(rows) -> bytes:
    book = Workbook()
    book.active.append(HEADERS)
    for row in rows:
        book.active.append(row)
    output = io.BytesIO()
    book.save(output)
    return output.getvalue()


GOOD_AND_BAD = [
    ["Núria", "Ferrer", 57, "nuria@example.org", "600 11 22 33", "Q-gammon"],
    [],
    ["Jordi", "Puig", 58],
    ["NURIA", "ferrer", 57],
    ["Anna", "Bosch"],
    ["Pere", "Vila", 59, "pere@"],
    ["<script>alert(1)</script>", "Soler", 60],
]


def upload(client, data: bytes, name="socis.xlsx"):
    return client.post(IMPORT, {"file": SimpleUploadedFile(name, data)})


def confirm_fields(response) -> dict:
    """The preview form's fields as the browser would post them back."""
    html = response.content.decode()
    form = html[html.index(f'action="{CONFIRM}"') :]
    form = form[: form.index("</form>")]
    fields = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', form))
    fields.setdefault("mode", "good")
    return fields


@pytest.fixture
def club(players):
    """Anna Bosch and Xavier Roca are already in the club."""
    return players


def test_anonymous_visitors_are_sent_to_the_login(db):
    assert_login_required(IMPORT)
    assert_login_required(IMPORT, "post")
    assert_login_required(CONFIRM, "post")


def test_players_without_the_permission_get_403(db):
    assert_forbidden_without_permission(IMPORT)
    assert_forbidden_without_permission(IMPORT, "post")
    assert_forbidden_without_permission(CONFIRM, "post")


def test_both_posts_need_the_csrf_token(director):
    assert_csrf_required(director, IMPORT, {"file": SimpleUploadedFile("a.csv", b"Nom\nA\n")})
    assert_csrf_required(director, CONFIRM, {"digest": "0" * 64, "mode": "good"})


def test_wrong_methods_are_405(director_client):
    assert_method_not_allowed(director_client, IMPORT, "put")
    assert_method_not_allowed(director_client, CONFIRM, "get")


def test_the_desk_links_to_the_upload_form(director_client):
    assert IMPORT in director_client.get("/director/").content.decode()
    response = director_client.get(IMPORT)
    html = response.content.decode()
    assert response.status_code == 200
    assert 'enctype="multipart/form-data"' in html
    assert "csrfmiddlewaretoken" in html


def test_the_preview_sorts_every_row_and_saves_nothing(director_client, club):
    response = upload(director_client, xlsx(GOOD_AND_BAD))
    html = response.content.decode()
    assert response.status_code == 200
    assert "3 new players" in html
    assert "2 already here" in html
    assert "1 row refused" in html
    assert "“pere@” is not a valid email address" in html
    assert "the same member as line 2" in html
    assert f'href="/director/players/{club[0].pk}/">already here: Anna Bosch' in html
    assert "Import 3 new players" in html
    # User text is data: escaped, never markup.
    assert "<script>alert(1)</script>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt; Soler" in html
    assert Player.objects.count() == 2
    assert not AuditEntry.objects.exists()


def test_the_preview_shows_line_numbers_as_the_spreadsheet_does(director_client, club):
    html = upload(director_client, xlsx(GOOD_AND_BAD)).content.decode()
    refused = html[html.index('id="refused-heading"') : html.index('id="new-heading"')]
    assert re.search(r'<td class="number">7</td><td>Pere Vila</td>', refused)


def test_the_preview_query_count_does_not_grow_with_the_file(
    director_client, club, django_assert_num_queries
):
    # The session and the user (2), the director's clubs (1), the club's members (1),
    # the file kept (the expired and replaced uploads deleted, the new one inserted: 2)
    # and the session saved with its key (a savepoint, the update, its release: 3). The
    # same for 3 rows as for 300: the club is one query.
    small = xlsx(GOOD_AND_BAD)
    big = xlsx([[f"Soci {n}", "Cognom", 1000 + n] for n in range(300)])
    director_client.get(IMPORT)  # the session row exists before counting
    for data in (small, big):
        with django_assert_num_queries(9):
            assert upload(director_client, data).status_code == 200


def test_confirming_imports_the_new_rows_once(director_client, director, club):
    preview = upload(director_client, xlsx(GOOD_AND_BAD))
    fields = confirm_fields(preview)
    response = director_client.post(CONFIRM, fields, follow=True)
    assert response.redirect_chain == [(IMPORT, 302)]
    assert "3 players added to the club; 2 already here, 1 refused." in response.content.decode()
    assert sorted(Player.objects.with_number(1).values_list("name", "number")) == [
        ("<script>alert(1)</script> Soler", "60"),
        ("Anna Bosch", ""),
        ("Jordi Puig", "58"),
        ("Núria Ferrer", "57"),
        ("Xavier Roca", ""),
    ]
    assert AuditEntry.objects.filter(user=director, action="player_added").count() == 3
    # The file left the session: the same form cannot import it twice.
    again = director_client.post(CONFIRM, fields)
    assert again.status_code == 409
    assert "no longer available" in again.content.decode()
    assert Player.objects.count() == 5


def test_only_if_none_is_refused_imports_nothing(director_client, club):
    fields = confirm_fields(upload(director_client, xlsx(GOOD_AND_BAD)))
    response = director_client.post(CONFIRM, {**fields, "mode": "all"})
    assert response.status_code == 409
    assert "Nothing was imported: 1 row is refused." in response.content.decode()
    assert Player.objects.count() == 2


def test_a_clean_file_has_no_choice_to_make(director_client, club):
    preview = upload(director_client, xlsx([["Núria", "Ferrer", 57]]))
    html = preview.content.decode()
    assert 'name="mode" value="good"' in html and 'value="all"' not in html
    director_client.post(CONFIRM, confirm_fields(preview))
    assert Player.objects.filter(name="Núria Ferrer", memberships__number="57").exists()


def test_the_club_changed_since_the_preview(director_client, club):
    fields = confirm_fields(upload(director_client, xlsx(GOOD_AND_BAD)))
    builders.member(Player.objects.create(name="Jordi Puig"), "58")
    response = director_client.post(CONFIRM, fields)
    html = response.content.decode()
    assert response.status_code == 409
    assert "changed since the preview" in html
    assert "2 new players" in html  # the file sorted again, against the club as it is
    assert Player.objects.count() == 3


def test_the_confirmation_reads_the_previewed_file_not_the_posted_fields(director_client, club):
    first = confirm_fields(upload(director_client, xlsx([["Núria", "Ferrer", 57]])))
    upload(director_client, xlsx([["Jordi", "Puig", 58]]))
    # The first preview's form, posted after a second file was previewed (another tab).
    response = director_client.post(CONFIRM, {**first, "name": "Intrús", "new": "1"})
    assert response.status_code == 409
    forged = director_client.post(CONFIRM, {**first, "digest": "f" * 64})
    assert forged.status_code == 409
    assert Player.objects.count() == 2


def test_a_big_file_waits_outside_the_session_until_it_expires(director_client, club, time_machine):
    time_machine.move_to("2026-11-20 10:00")
    rows = [[f"Soci {n}", f"Cognom {n}", 1000 + n] for n in range(2000)]
    preview = upload(director_client, xlsx(rows))
    assert preview.status_code == 200
    stored = Session.objects.get(session_key=director_client.session.session_key)
    assert len(stored.session_data) < 4096  # a key, not the file
    time_machine.move_to("2026-11-21 11:00")
    response = director_client.post(CONFIRM, {**confirm_fields(preview), "new": "1"})
    assert response.status_code == 409
    assert (
        "This preview is no longer available (another file was previewed since, or it waited "
        "too long to be confirmed): choose the file again."
    ) in response.content.decode()
    assert Player.objects.count() == 2


def test_a_confirmation_without_a_preview(director_client, club):
    response = director_client.post(CONFIRM, {"digest": "a" * 64, "mode": "good"})
    assert response.status_code == 409
    assert Player.objects.count() == 2


@pytest.mark.parametrize(
    ("name", "data", "message"),
    [
        ("socis.xls", b"whatever", "Import an .xlsx, .ods or .csv file"),
        ("socis.xlsx", b"this is no workbook", "This file is not an .xlsx spreadsheet."),
        ("socis.ods", b"PK\x03\x04garbage", "This file is not an .ods spreadsheet."),
        ("socis.csv", b"", "The submitted file is empty."),
        ("socis.csv", b"\n \n", "The file is empty."),
        ("socis.csv", b"Correu;Club\na@b.org;Q\n", "No column of names was found"),
        ("socis.csv", b"\x00\x01\x02binary", "not text in UTF-8 or Windows-1252"),
    ],
)
def test_bad_files_are_a_clear_400_and_nothing_is_saved(director_client, club, name, data, message):
    response = upload(director_client, data, name)
    assert response.status_code == 400
    assert message in response.content.decode()
    assert Player.objects.count() == 2
    assert "member_import" not in director_client.session


def test_no_file_at_all_is_a_400(director_client, club):
    response = director_client.post(IMPORT, {})
    assert response.status_code == 400
    assert "This field is required." in response.content.decode()


def test_a_file_over_the_limit_is_refused_before_it_is_read(director_client, club, monkeypatch):
    monkeypatch.setattr("tournament.forms.members.MAX_FILE_BYTES", 1024)
    response = upload(director_client, b"Nom\n" + b"Anna Bosch\n" * 200, "socis.csv")
    assert response.status_code == 400
    assert "larger than" in response.content.decode()


def test_the_file_name_is_never_shown_nor_trusted(director_client, club):
    name = "<img src=x onerror=alert(1)>.csv"
    response = upload(director_client, "Nom\nNúria Ferrer\n".encode(), name)
    assert response.status_code == 200
    assert "onerror" not in response.content.decode()


# --- totals, changes, namesakes ------------------------------------------------------

DETAILS = [*HEADERS, "Idioma", "Consentiment"]


def details_xlsx(rows) -> bytes:
    book = Workbook()
    book.active.append(DETAILS)
    for row in rows:
        book.active.append(row)
    output = io.BytesIO()
    book.save(output)
    return output.getvalue()


def test_a_total_under_the_list_is_left_out_not_imported(director_client, club):
    data = xlsx([["Núria", "Ferrer", 57], ["Jordi", "Puig", 58], ["Total socis: 2"]])
    preview = upload(director_client, data)
    html = preview.content.decode()
    assert "2 new players" in html
    assert "1 total left out" in html
    assert "0 rows refused" in html
    footers = html[html.index('id="footers-heading"') :]
    assert re.search(r'<td class="number">4</td><td>Total socis: 2</td>', footers)
    director_client.post(CONFIRM, confirm_fields(preview))
    assert not Player.objects.filter(name__startswith="Total").exists()
    assert Player.objects.count() == 4


def test_a_member_number_used_twice_refuses_both_rows(director_client, club):
    html = upload(
        director_client, xlsx([["Núria", "Ferrer", 57], ["Marta", "Soler", 57]])
    ).content.decode()
    refused = html[html.index('id="refused-heading"') :]
    assert "2 rows refused" in html
    assert "member number 57 is also on line 3, for Marta Soler" in refused
    assert "member number 57 is also on line 2, for Núria Ferrer" in refused
    assert "There is nobody new to import." in html


def test_the_apostrophe_a_phone_types_is_the_same_player(director_client, db):
    sean = Player.objects.create(name="Seán O'Brien")
    preview = upload(director_client, xlsx([["Seán", "O’Brien"], ["Sean", "OBrien"]]))
    html = preview.content.decode()
    assert f'href="/director/players/{sean.pk}/">already here: Seán O&#x27;Brien' in html
    assert "0 new players" in html
    assert Player.objects.count() == 1


@pytest.fixture
def nuria(db):
    return builders.member(
        Player.objects.create(name="Núria Ferrer", email="nuria@example.org", language="ca"), "57"
    )


def test_other_details_are_shown_as_changes_ticked_to_confirm(director_client, nuria):
    data = details_xlsx([["Núria", "Ferrer", 57, "n.ferrer@example.org", None, None, "es", "sí"]])
    preview = upload(director_client, data)
    html = preview.content.decode()
    assert "1 player already here with other details" in html
    start = html.index('id="update-heading"')
    section = html[start : html.index("</form>", start)]
    assert (
        "e-mail: nuria@example.org → n.ferrer@example.org; language: Catalan → Spanish; "
        "mail consent: no → yes" in section
    )
    assert re.search(r'<input type="checkbox" name="update_2"[^>]* checked', section)
    assert "Import as chosen" in html
    assert Player.objects.get(pk=nuria.pk).email == "nuria@example.org"  # nothing yet

    response = director_client.post(
        CONFIRM, {**confirm_fields(preview), "update_2": "on"}, follow=True
    )
    assert "1 player&#x27;s details updated from the list." in response.content.decode()
    nuria.refresh_from_db()
    assert (nuria.email, nuria.language, nuria.mail_consent) == (
        "n.ferrer@example.org",
        "es",
        True,
    )
    entry = AuditEntry.objects.get(action="player_changed")
    assert (entry.subject, entry.user.username) == ("Núria Ferrer", "tdirector")


def test_a_change_left_unticked_is_not_made(director_client, nuria):
    data = details_xlsx([["Núria", "Ferrer", 57, "n.ferrer@example.org"]])
    preview = upload(director_client, data)
    response = director_client.post(CONFIRM, confirm_fields(preview))
    assert response.status_code == 302
    nuria.refresh_from_db()
    assert nuria.email == "nuria@example.org"
    assert not AuditEntry.objects.exists()


def test_an_empty_cell_wipes_nothing(director_client, nuria):
    # A new phone, and no address nor language in the file: only the phone changes.
    preview = upload(director_client, details_xlsx([["Núria", "Ferrer", 57, None, "611 22 33"]]))
    html = preview.content.decode()
    assert "phone: — → 611 22 33" in html
    assert "e-mail:" not in html and "language:" not in html
    director_client.post(CONFIRM, {**confirm_fields(preview), "update_2": "on"})
    nuria.refresh_from_db()
    assert (nuria.phone, nuria.email, nuria.language) == ("611 22 33", "nuria@example.org", "ca")


def test_a_namesake_is_never_added_without_asking(director_client, db):
    first = builders.member(Player.objects.create(name="Anna Bosch"), "12")
    second = builders.member(Player.objects.create(name="Anna Bosch"), "13")
    preview = upload(director_client, xlsx([["ANNA", "BOSCH", None, "anna@example.org"]]))
    html = preview.content.decode()
    assert "1 namesake to decide" in html
    start = html.index('id="ask-heading"')
    section = html[start : html.index("</form>", start)]
    assert '<select name="answer_2"' in section
    assert '<option value="" selected>Leave this row out</option>' in section
    assert (
        f'<option value="{first.pk}">Anna Bosch, member number 12; changes: '
        "e-mail: — → anna@example.org</option>" in section
    )
    assert f'<option value="{second.pk}">' in section
    assert '<option value="new">Someone else: add a new player</option>' in section

    # No answer: the row is left out.
    director_client.post(CONFIRM, confirm_fields(preview))
    assert Player.objects.count() == 2

    # Someone new, as the director says.
    preview = upload(director_client, xlsx([["ANNA", "BOSCH", None, "anna@example.org"]]))
    director_client.post(CONFIRM, {**confirm_fields(preview), "answer_2": "new"})
    assert Player.objects.filter(name="ANNA BOSCH", email="anna@example.org").exists()


def test_a_namesake_answered_as_a_club_player_updates_them(director_client, db):
    anna = builders.member(Player.objects.create(name="Anna Bosch"), "12")
    preview = upload(director_client, xlsx([["Anna", "Bosch", 99, "anna@example.org"]]))
    fields = {**confirm_fields(preview), "answer_2": str(anna.pk)}
    assert director_client.post(CONFIRM, fields).status_code == 302
    anna.refresh_from_db()
    assert (anna.email, Player.objects.count()) == ("anna@example.org", 1)


def test_an_answer_not_offered_is_a_400_and_nothing_is_saved(director_client, db):
    builders.member(Player.objects.create(name="Anna Bosch"), "12")
    stranger = Player.objects.create(name="Xavier Roca")
    preview = upload(director_client, xlsx([["Anna", "Bosch", 99], ["Jordi", "Puig"]]))
    response = director_client.post(
        CONFIRM, {**confirm_fields(preview), "answer_2": str(stranger.pk)}
    )
    assert response.status_code == 400
    assert "Choose one of the answers offered" in response.content.decode()
    assert Player.objects.count() == 2


def test_details_changed_by_someone_else_since_the_preview(director_client, nuria):
    data = details_xlsx([["Núria", "Ferrer", 57, "n.ferrer@example.org"], ["Jordi", "Puig"]])
    fields = {**confirm_fields(upload(director_client, data)), "update_2": "on"}
    Player.objects.filter(pk=nuria.pk).update(email="other@example.org")
    response = director_client.post(CONFIRM, fields)
    html = response.content.decode()
    assert response.status_code == 409
    assert "changed since the preview" in html
    assert "e-mail: other@example.org → n.ferrer@example.org" in html
    nuria.refresh_from_db()
    assert nuria.email == "other@example.org"
    assert not Player.objects.filter(name="Jordi Puig").exists()


def test_a_file_of_empty_rows_is_a_400_in_the_readers_language_and_nothing_saved(
    director_client, club
):
    """A few kilobytes of .xlsx that unpack into a hundred thousand empty rows: refused
    before a worker is held, and said in Catalan to a director reading Catalan."""
    data = xlsx([["Núria", "Ferrer", 57]])
    source = zipfile.ZipFile(io.BytesIO(data))
    output = io.BytesIO()
    with zipfile.ZipFile(output, "w", zipfile.ZIP_DEFLATED) as bomb:
        for item in source.infolist():
            content = source.read(item.filename)
            if item.filename == "xl/worksheets/sheet1.xml":
                content = content.replace(b"</sheetData>", b"<row/>" * 100_000 + b"</sheetData>")
            bomb.writestr(item, content)
    response = director_client.post(
        IMPORT,
        {"file": SimpleUploadedFile("socis.xlsx", output.getvalue())},
        headers={"accept-language": "ca"},
    )
    assert response.status_code == 400
    assert "El fitxer té més de 20000 files, comptant-hi les buides" in response.content.decode()
    assert Player.objects.count() == 2
    assert "member_import" not in director_client.session


def test_a_member_number_the_club_lacks_is_a_change_to_confirm(director_client, players):
    """Issue 36, item 6: Anna Bosch is here without a number; the list gives her Q023.
    The preview lists it among her changes, and the import sets it."""
    anna = players[0]
    preview = upload(director_client, xlsx([["Anna", "Bosch", "Q023"]]))
    html = preview.content.decode()
    start = html.index('id="update-heading"')
    section = html[start : html.index("</form>", start)]
    assert "member number: — → Q023" in section
    director_client.post(CONFIRM, {**confirm_fields(preview), "update_2": "on"})
    anna.refresh_from_db()
    assert anna.memberships.get().number == "Q023"
