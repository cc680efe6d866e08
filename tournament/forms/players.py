"""A player's contact details at the director's desk: e-mail, phone, the language of
their mails and whether they agreed to receive them. Saved through
`operations.change_player` (audited), never by the form."""

from __future__ import annotations

from django import forms

from ..models import Player


class PlayerContactForm(forms.ModelForm):
    class Meta:
        model = Player
        fields = ["email", "phone", "language", "mail_consent"]
