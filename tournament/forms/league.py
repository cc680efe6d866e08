"""The league's forms (docs/league.md): the federation's (a league season with its
settings, a division, a division's fixtures on their dates, the season closed) and a
club's (a team with its captain and squad in board order, a fixture's line-ups, a
walkover claimed). Saved through `operations.league_setup`, `operations.federation_league`
and `operations.league_season_end`, which check again; never by the forms."""

from __future__ import annotations

import datetime as dt

from django import forms
from django.utils.translation import gettext_lazy as _

from ..core import teams as core_teams
from ..models import LeagueDivision, LeagueFixture, LeagueSeason, Player
from ..operations.league_setup import SETTING_FIELDS

# The most rounds a division's schedule may span between two of them (a season, not a decade).
MAX_DAYS_APART = 366


class LeagueSeasonForm(forms.ModelForm):
    class Meta:
        model = LeagueSeason
        fields = ["name", "years", *SETTING_FIELDS]


class DivisionForm(forms.Form):
    name = forms.CharField(
        label=_("Name"), max_length=LeagueDivision._meta.get_field("name").max_length
    )
    level = forms.IntegerField(
        label=_("Level"), min_value=1, max_value=20, help_text=_("1 is the top division.")
    )


class FixturesForm(forms.Form):
    """The division's double round robin, its first round on `first` and each next one
    `every` days later."""

    first = forms.DateField(
        label=_("First round on"), widget=forms.DateInput(attrs={"type": "date"})
    )
    every = forms.IntegerField(
        label=_("Days between rounds"), min_value=1, max_value=MAX_DAYS_APART, initial=7
    )

    def round_dates(self, rounds: int) -> list[dt.date]:
        first, every = self.cleaned_data["first"], self.cleaned_data["every"]
        return [first + dt.timedelta(days=every * number) for number in range(rounds)]


def _members(club_id: int) -> list[tuple[int, str]]:
    """The club's active members as choices, read once for every select of the form."""
    return list(
        Player.objects.filter(memberships__club_id=club_id, active=True)
        .order_by("name")
        .values_list("pk", "name")
    )


class LeagueTeamForm(forms.Form):
    """A club's team: its division (a new team), name, captain and squad in board order,
    one select a place (an empty place is skipped), every player a member of the club."""

    PLACES = core_teams.MAX_TEAM + 4

    def __init__(self, *args, club_id: int, divisions=None, **kwargs):
        super().__init__(*args, **kwargs)
        choices = [("", "---------"), *_members(club_id)]
        if divisions is not None:
            self.fields["division"] = forms.ModelChoiceField(
                label=_("Division"), queryset=divisions.select_related("season")
            )
        self.fields["name"] = forms.CharField(label=_("Team name"), max_length=80)
        self.fields["captain"] = forms.TypedChoiceField(
            label=_("Captain"), choices=choices, coerce=int, required=False, empty_value=None
        )
        for place in range(1, self.PLACES + 1):
            self.fields[f"squad_{place}"] = forms.TypedChoiceField(
                label=_("Board %(board)d") % {"board": place},
                choices=choices,
                coerce=int,
                required=False,
                empty_value=None,
            )

    @property
    def squad(self) -> list[int]:
        chosen = (self.cleaned_data.get(f"squad_{place}") for place in range(1, self.PLACES + 1))
        return [player for player in chosen if player is not None]


class LineUpForm(forms.Form):
    """Both teams' players of the day in board order, each from their squad (the squads'
    first players to start with)."""

    def __init__(self, *args, fixture: LeagueFixture, squads: dict[int, list[Player]], **kwargs):
        super().__init__(*args, **kwargs)
        boards = fixture.division.season.boards
        for side, team in (("home", fixture.home), ("away", fixture.away)):
            squad = squads.get(team.pk, [])
            choices = [(player.pk, player.name) for player in squad]
            for board in range(1, boards + 1):
                self.fields[f"{side}_{board}"] = forms.TypedChoiceField(
                    label=_("%(team)s, board %(board)d") % {"team": team.name, "board": board},
                    choices=choices,
                    coerce=int,
                    initial=squad[board - 1].pk if board <= len(squad) else None,
                )
        self.boards = boards

    def players(self, side: str) -> list[int]:
        return [self.cleaned_data[f"{side}_{board}"] for board in range(1, self.boards + 1)]


class WalkoverForm(forms.Form):
    absent = forms.ChoiceField(label=_("Did not turn up"), choices=LeagueFixture.SIDE_CHOICES)


class CloseSeasonForm(forms.Form):
    """The next season's name and years, and each playoff's winner (the playoffs are
    played outside the league's fixtures: operations.league_season_end)."""

    def __init__(self, *args, season: LeagueSeason, playoffs, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["name"] = forms.CharField(
            label=_("Next season's name"), max_length=120, initial=season.name
        )
        self.fields["years"] = forms.CharField(
            label=_("Next season's years"), max_length=7, help_text=_('"2026", or "2026-27".')
        )
        self.playoffs = list(playoffs)
        for number, pair in enumerate(self.playoffs, start=1):
            self.fields[f"playoff_{number}"] = forms.TypedChoiceField(
                label=_("Playoff: %(upper)s v %(lower)s")
                % {"upper": pair.upper.name, "lower": pair.lower.name},
                choices=[(pair.upper.pk, pair.upper.name), (pair.lower.pk, pair.lower.name)],
                coerce=int,
                widget=forms.RadioSelect,
            )

    def winners(self) -> dict[tuple[int, int], int]:
        return {
            (pair.upper.pk, pair.lower.pk): self.cleaned_data[f"playoff_{number}"]
            for number, pair in enumerate(self.playoffs, start=1)
        }
