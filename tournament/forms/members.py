"""The member-list import's forms: the file to preview, then the director's choice on
the preview. The file's content is checked by its reader; here only what a form can
see (a file was sent, its size, its name's extension)."""

from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from ..core.member_sheets import MAX_FILE_BYTES, MemberFileError, kind_of

GOOD_ROWS, ALL_OR_NOTHING = "good", "all"


class MemberFileForm(forms.Form):
    file = forms.FileField(
        label=_("Member list"),
        help_text=_(
            "An .xlsx, .ods or .csv file, with a row of headers such as Nom, Cognoms, "
            "Número de soci, Correu, Telèfon, Club. Nothing is saved before you confirm."
        ),
        widget=forms.ClearableFileInput(attrs={"accept": ".xlsx,.ods,.csv"}),
    )

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > MAX_FILE_BYTES:
            raise ValidationError(
                _("The file is larger than %(limit)d MB: split it in smaller files."),
                params={"limit": MAX_FILE_BYTES // 2**20},
            )
        try:
            self.kind = kind_of(upload.name)
        except MemberFileError:
            raise ValidationError(
                _("Import an .xlsx, .ods or .csv file; this one is none of them.")
            ) from None
        return upload


class MemberImportForm(forms.Form):
    """The preview's answer. The counts are the preview's, so that the import can tell
    when the club changed in between; the rows themselves are read from the file again."""

    digest = forms.RegexField(regex=r"^[0-9a-f]{64}$", widget=forms.HiddenInput)
    new = forms.IntegerField(min_value=0, widget=forms.HiddenInput)
    here = forms.IntegerField(min_value=0, widget=forms.HiddenInput)
    refused = forms.IntegerField(min_value=0, widget=forms.HiddenInput)
    mode = forms.ChoiceField(
        label=_("Refused rows"),
        choices=[
            (GOOD_ROWS, _("Import the new rows; leave the refused ones out")),
            (ALL_OR_NOTHING, _("Import only if no row is refused")),
        ],
        initial=GOOD_ROWS,
        widget=forms.RadioSelect,
    )

    @property
    def expected(self) -> dict[str, int]:
        return {key: self.cleaned_data[key] for key in ("new", "here", "refused")}
