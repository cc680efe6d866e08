"""A whole event's transcripts: the files to preview (several, or a zip of them), then
the preview's answer. The files' content is checked by their readers; here only what a
form can see (files were sent, how many, how large)."""

from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

# What a browser may send at once: the files themselves (a zip counts as one); what
# they unpack to is bounded by imports.transcript_files.
MAX_UPLOADS = 200
MAX_UPLOAD_BYTES = 32 * 1024 * 1024


class _SeveralFiles(forms.ClearableFileInput):
    allow_multiple_selected = True


class _SeveralFilesField(forms.FileField):
    def __init__(self, *args, **kwargs):
        kwargs.setdefault("widget", _SeveralFiles(attrs={"accept": ".mat,.sgf,.txt,.zip"}))
        super().__init__(*args, **kwargs)

    def clean(self, data, initial=None):
        single = super().clean
        if isinstance(data, list | tuple):
            return [single(item, initial) for item in data]
        return [single(data, initial)]


class EventTranscriptsForm(forms.Form):
    files = _SeveralFilesField(
        label=_("Match files"),
        help_text=_(
            "Every match's file at once: .mat, .sgf or GNU Backgammon's text export (its "
            "x.txt, x_002.txt... files together), or a .zip of them. Each goes to the "
            "match between its two players at its length. Nothing is saved before you "
            "confirm."
        ),
    )

    def clean_files(self):
        uploads = self.cleaned_data["files"]
        if len(uploads) > MAX_UPLOADS:
            raise ValidationError(
                _("Send %(limit)d files at most at once, or a zip of them."),
                params={"limit": MAX_UPLOADS},
            )
        if sum(upload.size for upload in uploads) > MAX_UPLOAD_BYTES:
            raise ValidationError(
                _("The files come to more than %(limit)d MB: send them in parts."),
                params={"limit": MAX_UPLOAD_BYTES // 2**20},
            )
        return uploads


class EventTranscriptsConfirmForm(forms.Form):
    """The preview's answer: which preview (the digest of what the session keeps) and
    what it showed (the plan's fingerprint)."""

    digest = forms.RegexField(regex=r"^[0-9a-f]{64}$", widget=forms.HiddenInput)
    fingerprint = forms.RegexField(regex=r"^[0-9a-f]{64}$", widget=forms.HiddenInput)
