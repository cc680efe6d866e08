"""The club's member spreadsheet at the director's desk: upload it, see every row sorted
(new, already here, already here with other details, a namesake to ask about, refused
with its reason; totals under the list left out), then import the new ones and the
ticked changes and answered namesakes, or nothing if any row is refused, as the
director chooses.

Between the preview and the import the file's bytes (bounded by `MAX_FILE_BYTES`) wait
in a row of their own (operations.pending_uploads, compressed) under a random key the
director's session holds, never in the session, which every page reads and writes. The
preview's form carries the file's SHA-256 digest and the sorting's fingerprint: the
import reads and sorts that file again and never trusts rows posted back (only the
director's ticks and answers, about rows of the sorting), a form from an older preview
(another tab) cannot import a newer file, and a club that changed in between shows the
new sorting instead.
"""

from __future__ import annotations

import hashlib

from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils.translation import gettext, ngettext
from django.views.decorators.http import require_http_methods, require_POST

from ...core.member_sheets import MAX_FILE_BYTES, MemberFileError, MemberList
from ...core.members import ASK, HERE, NEW, REFUSED, UPDATE, Sorting
from ...forms.members import (
    ALL_OR_NOTHING,
    MemberChoicesForm,
    MemberFileForm,
    MemberImportForm,
    changes_text,
)
from ...imports.member_files import read_member_file
from ...models import PendingUpload
from ...operations import OperationError, members, pending_uploads
from ...web.access import director_required

SESSION_KEY = "member_import"
TEMPLATE = "director/members_import.html"


def _upload_page(request, form=None, *, error=None, status=200):
    context = {"form": form or MemberFileForm(), "error": error, "max_mb": MAX_FILE_BYTES // 2**20}
    return render(request, TEMPLATE, context, status=status)


def _rows(sorting: Sorting, status: str, choices: MemberChoicesForm) -> list[dict]:
    """What the table shows of each row, its note and changes in the director's
    language, and its tick or question."""
    return [
        {
            "member": verdict.member,
            "note": verdict.note.message(gettext) if verdict.note else "",
            "player_id": verdict.player_id,
            "changes": changes_text(verdict.changes),
            "field": choices.field_for(verdict),
        }
        for verdict in sorting.verdicts
        if verdict.status == status
    ]


def _preview(
    request,
    listing: MemberList,
    sorting: Sorting,
    digest: str,
    *,
    choices=None,
    error=None,
    status=200,
):
    counts = sorting.counts
    form = MemberImportForm(initial={"digest": digest, "fingerprint": sorting.fingerprint})
    choices = choices or MemberChoicesForm(sorting=sorting)
    context = {
        "listing": listing,
        "counts": counts,
        "refused_rows": _rows(sorting, REFUSED, choices),
        "new_rows": _rows(sorting, NEW, choices),
        "here_rows": _rows(sorting, HERE, choices),
        "update_rows": _rows(sorting, UPDATE, choices),
        "ask_rows": _rows(sorting, ASK, choices),
        "to_confirm": counts[NEW] or counts[UPDATE] or counts[ASK],
        "confirm_form": form,
        "error": error,
    }
    return render(request, TEMPLATE, context, status=status)


@director_required
@require_http_methods(["GET", "POST"])
def import_members(request):
    """GET: the upload form. POST with a file: the preview, nothing saved.

    Template: director/members_import.html; context: form, max_mb and error (the upload
    form), or listing (the file's sheet, columns and footers), counts, refused_rows,
    new_rows, here_rows, update_rows, ask_rows (each: member, note, player_id, changes
    and field, the row's tick or question), to_confirm (whether there is anything to
    import) and confirm_form (the preview)."""
    if request.method == "GET":
        return _upload_page(request)
    form = MemberFileForm(request.POST, request.FILES)
    if not form.is_valid():
        return _upload_page(request, form, status=400)
    data = form.cleaned_data["file"].read(MAX_FILE_BYTES + 1)
    try:
        listing = read_member_file(data, form.kind)
    except MemberFileError as refusal:
        return _upload_page(request, form, error=refusal.message(gettext), status=400)
    digest = hashlib.sha256(data).hexdigest()
    request.session[SESSION_KEY] = pending_uploads.keep(
        request.user,
        PendingUpload.Kind.MEMBER_LIST,
        data,
        digest=digest,
        file_format=form.kind,
        replacing=request.session.get(SESSION_KEY),
    )
    return _preview(request, listing, members.sort(listing, request.club_id), digest)


@director_required
@require_POST
def confirm_import(request):
    """The preview's answer: the file kept at the preview is read and sorted again, its
    new rows imported and the ticked changes and answered namesakes made (or nothing,
    if the director asked for all or nothing and a row is refused, or if the club
    changed since the preview: the new sorting is shown).

    Template: director/members_import.html, as `import_members`."""
    form = MemberImportForm(request.POST)
    try:
        if not form.is_valid():
            raise pending_uploads.UploadGone(PendingUpload.Kind.MEMBER_LIST)
        upload, data = pending_uploads.waiting(
            request.session.get(SESSION_KEY),
            request.user,
            PendingUpload.Kind.MEMBER_LIST,
            digest=form.cleaned_data["digest"],
        )
    except pending_uploads.UploadGone as gone:
        return _upload_page(request, error=gone.message, status=409)
    digest = upload.digest
    try:
        listing = read_member_file(data, upload.file_format)
    except MemberFileError as refusal:
        return _upload_page(request, error=refusal.message(gettext), status=400)
    # The ticks and answers are read against the file sorted now, which must be what
    # the preview showed; the operation sorts it again in its transaction and compares
    # once more, so a change in between is caught wherever it falls.
    sorting = members.sort(listing, request.club_id)
    if sorting.fingerprint != form.cleaned_data["fingerprint"]:
        outdated = members.PreviewOutdated(sorting)
        return _preview(request, listing, sorting, digest, error=outdated.message, status=409)
    choices = MemberChoicesForm(request.POST, sorting=sorting)
    if not choices.is_valid():
        return _preview(
            request,
            listing,
            choices.sorting,
            digest,
            choices=choices,
            error=gettext("Choose one of the answers offered for each namesake."),
            status=400,
        )
    try:
        imported = members.import_members(
            listing,
            club=request.club_id,
            user=request.user,
            all_or_nothing=form.cleaned_data["mode"] == ALL_OR_NOTHING,
            fingerprint=form.cleaned_data["fingerprint"],
            choices=choices.choices,
        )
    except (members.PreviewOutdated, members.RowsRefused) as refusal:
        return _preview(
            request, listing, refusal.sorting, digest, error=refusal.message, status=409
        )
    except OperationError as refusal:
        sorting = members.sort(listing, request.club_id)
        return _preview(request, listing, sorting, digest, error=refusal.message, status=409)
    pending_uploads.drop(request.session.pop(SESSION_KEY, None), request.user)
    counts = imported.counts
    messages.success(
        request,
        ngettext(
            "%(new)d player added to the club; %(here)d already here, %(refused)d refused.",
            "%(new)d players added to the club; %(here)d already here, %(refused)d refused.",
            imported.added,
        )
        % {**counts, "new": imported.added},
    )
    if imported.updated:
        messages.success(
            request,
            ngettext(
                "%(count)d player's details updated from the list.",
                "%(count)d players' details updated from the list.",
                imported.updated,
            )
            % {"count": imported.updated},
        )
    return redirect("director-members-import")
