"""The member-list import's forms: the file to preview, then the director's choices on
the preview (what to do with refused rows, which changes to make, who each namesake
is). The file's content is checked by its reader; here only what a form can see (a
file was sent, its size, its name's extension)."""

from __future__ import annotations

from django import forms
from django.conf import settings
from django.core.exceptions import ValidationError
from django.utils.translation import gettext, pgettext
from django.utils.translation import gettext_lazy as _

from ..core.member_sheets import (
    CONSENT,
    FEDERATION,
    LANGUAGE,
    MAX_FILE_BYTES,
    NUMBER,
    MemberFileError,
    kind_of,
)
from ..core.members import JOIN, NEW, Change, Choices, Sorting, Verdict

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
    """The preview's answer. The fingerprint is the preview's sorting's, so that the
    import can tell when the club changed in between; the rows themselves are read from
    the file again."""

    digest = forms.RegexField(regex=r"^[0-9a-f]{64}$", widget=forms.HiddenInput)
    fingerprint = forms.RegexField(regex=r"^[0-9a-f]{64}$", widget=forms.HiddenInput)
    mode = forms.ChoiceField(
        label=_("Refused rows"),
        choices=[
            (GOOD_ROWS, _("Import the new rows; leave the refused ones out")),
            (ALL_OR_NOTHING, _("Import only if no row is refused")),
        ],
        initial=GOOD_ROWS,
        widget=forms.RadioSelect,
    )


DETAIL_LABELS = {
    JOIN: _("member of this club"),
    NUMBER: _("member number"),
    FEDERATION: _("federation number"),
    "email": _("e-mail"),
    "phone": _("phone"),
    LANGUAGE: _("language"),
    CONSENT: _("mail consent"),
}


def detail_text(field: str, value) -> str:
    if field in (CONSENT, JOIN):
        return gettext("yes") if value else gettext("no")
    if field == LANGUAGE:
        value = dict(settings.LANGUAGES).get(value, value)
    return str(value) if value else "—"


def change_text(change: Change) -> str:
    """ "e-mail: old → new", in the director's language."""
    return gettext("%(detail)s: %(old)s → %(new)s") % {
        "detail": DETAIL_LABELS[change.field],
        "old": detail_text(change.field, change.old),
        "new": detail_text(change.field, change.new),
    }


def changes_text(changes) -> str:
    return "; ".join(change_text(change) for change in changes)


LEAVE_OUT = ""


class MemberChoicesForm(forms.Form):
    """The director's word on each row the import does not settle alone: a tick per
    player already here whose details the row changes (ticked on the preview, as the
    new rows are imported by the button), and for each namesake, whom the row is: one
    of the club's players, someone new, or left out (until the director says)."""

    def __init__(self, *args, sorting: Sorting, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.sorting = sorting
        for verdict in sorting.update:
            self.fields[self.update_name(verdict)] = forms.BooleanField(
                label=pgettext("member import", "Change"), required=False, initial=True
            )
        for verdict in sorting.ask:
            self.fields[self.answer_name(verdict)] = forms.ChoiceField(
                label=gettext("Who is it?"),
                choices=self._answers(verdict),
                required=False,
                initial=LEAVE_OUT,
            )

    @staticmethod
    def update_name(verdict: Verdict) -> str:
        return f"update_{verdict.member.line}"

    @staticmethod
    def answer_name(verdict: Verdict) -> str:
        return f"answer_{verdict.member.line}"

    @staticmethod
    def _answers(verdict: Verdict) -> list[tuple[str, str]]:
        answers = [(LEAVE_OUT, gettext("Leave this row out"))]
        for candidate in verdict.candidates:
            if candidate.membership_number:
                label = gettext("%(player)s, member number %(number)s") % {
                    "player": candidate.name,
                    "number": candidate.membership_number,
                }
            else:
                label = candidate.name
            if candidate.changes:
                label = gettext("%(player)s; changes: %(changes)s") % {
                    "player": label,
                    "changes": changes_text(candidate.changes),
                }
            answers.append((str(candidate.player_id), label))
        answers.append((NEW, gettext("Someone else: add a new player")))
        return answers

    def field_for(self, verdict: Verdict):
        """The row's bound field (its tick or its question), or None."""
        for name in (self.update_name(verdict), self.answer_name(verdict)):
            if name in self.fields:
                return self[name]
        return None

    @property
    def choices(self) -> Choices:
        data = self.cleaned_data
        answers = {}
        for verdict in self.sorting.ask:
            answer = data.get(self.answer_name(verdict), LEAVE_OUT)
            if answer != LEAVE_OUT:
                answers[verdict.member.line] = answer if answer == NEW else int(answer)
        return Choices(
            update=frozenset(
                verdict.member.line
                for verdict in self.sorting.update
                if data.get(self.update_name(verdict))
            ),
            answers=answers,
        )
