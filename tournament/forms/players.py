"""A player's details at the director's desk of one of their clubs: e-mail, phone, the
language of their mails, whether they agreed to receive them, and their federation
number. Saved through `operations.change_player` (audited), never by the form."""

from __future__ import annotations

from django import forms

from ..models import Player


class PlayerContactForm(forms.ModelForm):
    class Meta:
        model = Player
        fields = ["email", "phone", "language", "mail_consent", "federation_number"]
