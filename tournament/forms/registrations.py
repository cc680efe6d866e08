"""Registration: the public sign-up form (no account; a honeypot field for robots) and
the director's settings of it (open, cap, closing time)."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from ..models.registrations import NAME_LENGTH


class SignUpForm(forms.Form):
    name = forms.CharField(
        label=_("Your name or member number"),
        max_length=NAME_LENGTH,
        help_text=_("As the club knows you, e.g. “Núria Ferrer” or “0412”."),
    )
    email = forms.EmailField(
        label=_("Your e-mail"),
        help_text=_(
            "A member gets their private link at the address the club has for them; "
            "anyone else hears from the director."
        ),
    )
    # Hidden from people (site.css .honeypot, and aria-hidden): a robot filling in every
    # field fills this one too.
    website = forms.CharField(label=_("Leave this empty"), required=False, max_length=200)

    @property
    def from_a_robot(self) -> bool:
        return bool(self.data.get("website"))


class RegistrationSettingsForm(forms.Form):
    registration_open = forms.BooleanField(label=_("Open public registration"), required=False)
    registration_cap = forms.IntegerField(
        label=_("Players at most"),
        required=False,
        min_value=1,
        max_value=256,
        help_text=_("Beyond it, players go on the waiting list; empty for no cap."),
    )
    registration_closes = forms.DateTimeField(
        label=_("Closes at"),
        required=False,
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
        input_formats=["%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M"],
        help_text=_("Empty: registration stays open until the draw."),
    )
