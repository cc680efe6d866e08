"""A whole event's transcripts at the tournament's desk: upload several files or a zip,
see per file the match it goes to and what becomes of it (the games recorded from it,
or the file added to the games recorded) or why not, then confirm.

Between the preview and the import the files wait in a row of their own
(operations.pending_uploads: the .mat text made from each, a few kilobytes a match
whatever the upload's format, compressed), under a random key the director's session
holds (the session itself stays a few hundred bytes: it is read and written on every
page). The preview's form carries the files' SHA-256 digest and the plan's fingerprint:
the import plans again from what was kept, never from anything posted back, and a plan
that changed in between (a result recorded meanwhile) is shown instead of imported.
Each file is imported in a transaction of its own (operations.transcript_batch).
"""

from __future__ import annotations

import hashlib
import json

from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils.translation import gettext, ngettext
from django.views.decorators.http import require_http_methods, require_POST

from ...forms.transcripts import EventTranscriptsConfirmForm, EventTranscriptsForm
from ...imports.transcript_files import UploadRefused, unpack
from ...models import PendingUpload
from ...operations import pending_uploads, transcript_batch
from ...web.access import director_required
from .tournament import tournament_of

SESSION_KEY = "event_transcripts"
TEMPLATE = "director/transcripts_import.html"


def _upload_page(request, tournament, form=None, *, error=None, status=200):
    context = {"tournament": tournament, "form": form or EventTranscriptsForm(), "error": error}
    return render(request, TEMPLATE, context, status=status)


def _preview(request, tournament, plan, digest, *, error=None, status=200):
    form = EventTranscriptsConfirmForm(initial={"digest": digest, "fingerprint": plan.fingerprint})
    context = {
        "tournament": tournament,
        "plan": plan,
        "ready": len(plan.ready),
        "confirm_form": form,
        "error": error,
        "RECORD": transcript_batch.RECORD,
    }
    return render(request, TEMPLATE, context, status=status)


def _keep(request, tournament, plan) -> str:
    kept = [list(file.kept) for file in plan.files]
    payload = json.dumps(kept, ensure_ascii=False).encode()
    digest = hashlib.sha256(payload).hexdigest()
    request.session[SESSION_KEY] = pending_uploads.keep(
        request.user,
        PendingUpload.Kind.EVENT_TRANSCRIPTS,
        payload,
        digest=digest,
        tournament=tournament,
        replacing=request.session.get(SESSION_KEY),
    )
    return digest


@director_required
@require_http_methods(["GET", "POST"])
def import_event_transcripts(request, pk):
    """GET: the upload form. POST with files: the preview, nothing saved.

    Template: director/transcripts_import.html; context: tournament, form and error
    (the upload form), or plan (its files: name, format, match, swapped, action, error),
    ready (how many can be imported), confirm_form and RECORD (the preview)."""
    tournament = tournament_of(pk)
    if request.method == "GET":
        return _upload_page(request, tournament)
    form = EventTranscriptsForm(request.POST, request.FILES)
    if not form.is_valid():
        return _upload_page(request, tournament, form, status=400)
    # The name is shown and hints at the format, never used as a path.
    uploads = [(upload.name or "", upload.read()) for upload in form.cleaned_data["files"]]
    try:
        files = unpack(uploads)
    except UploadRefused as refusal:
        return _upload_page(request, tournament, form, error=refusal.message(gettext), status=400)
    if not files:
        error = gettext("The upload holds no .mat, .sgf or .txt file.")
        return _upload_page(request, tournament, form, error=error, status=400)
    plan = transcript_batch.plan(tournament, [(f.name, f.text, f.error, "") for f in files])
    digest = _keep(request, tournament, plan)
    return _preview(request, tournament, plan, digest)


@director_required
@require_POST
def confirm_event_transcripts(request, pk):
    """The preview's answer: the files kept at the preview are planned again and the
    ready ones imported (or, if the plan changed since the preview, the new plan is
    shown, nothing imported).

    Template: director/transcripts_import.html, as `import_event_transcripts`."""
    tournament = tournament_of(pk)
    form = EventTranscriptsConfirmForm(request.POST)
    key = request.session.get(SESSION_KEY)
    try:
        if not form.is_valid():
            raise pending_uploads.UploadGone(PendingUpload.Kind.EVENT_TRANSCRIPTS)
        _upload, payload = pending_uploads.waiting(
            key,
            request.user,
            PendingUpload.Kind.EVENT_TRANSCRIPTS,
            digest=form.cleaned_data["digest"],
            tournament=tournament,
        )
    except pending_uploads.UploadGone as gone:
        return _upload_page(request, tournament, error=gone.message, status=409)
    files = [tuple(file) for file in json.loads(payload)]
    try:
        plan = transcript_batch.import_planned(
            tournament, files, fingerprint=form.cleaned_data["fingerprint"], user=request.user
        )
    except transcript_batch.PlanChanged as changed:
        digest = _keep(request, tournament, changed.plan)
        return _preview(
            request, tournament, changed.plan, digest, error=changed.message, status=409
        )
    pending_uploads.drop(request.session.pop(SESSION_KEY, None), request.user)
    done = sum(1 for file in plan.files if file.done)
    messages.success(
        request,
        ngettext(
            "%(count)d match file imported; its analysis is on its way.",
            "%(count)d match files imported; their analysis is on its way.",
            done,
        )
        % {"count": done},
    )
    for file in plan.files:
        if file.refused_at_import:
            messages.error(request, f"{file.name}: {file.refused_at_import}")
        elif file.done and file.warnings:
            messages.warning(
                request,
                gettext("%(file)s, taken with its warnings: %(warnings)s")
                % {"file": file.name, "warnings": "; ".join(file.warnings)},
            )
    return redirect("director-tournament", tournament.pk)
