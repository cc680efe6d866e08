"""A team of a team event: its name, club and players in board order (board 1 first)."""

from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from ..models import Player, Tournament


class TeamForm(forms.Form):
    name = forms.CharField(label=_("Team name"), max_length=80)
    club = forms.CharField(
        label=_("Club"),
        max_length=80,
        required=False,
        help_text=_("Empty for a team of mixed clubs."),
    )

    def __init__(self, *args, tournament: Tournament, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        players = Player.objects.active().order_by("name")
        for board in range(1, tournament.team_size + 1):
            self.fields[f"board_{board}"] = forms.ModelChoiceField(
                queryset=players, label=_("Board %(board)d") % {"board": board}
            )
        self.size = tournament.team_size

    def clean(self):
        data = super().clean()
        chosen = [data.get(f"board_{board}") for board in range(1, self.size + 1)]
        known = [player for player in chosen if player is not None]
        if len({player.pk for player in known}) != len(known):
            raise ValidationError(_("A player plays on one board only."))
        return data

    @property
    def players(self) -> list[int]:
        return [self.cleaned_data[f"board_{board}"].pk for board in range(1, self.size + 1)]
