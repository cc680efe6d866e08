"""The director's forms. They check types and sizes; what the rules allow is asked of the
pure core by the operations they feed (a game is checked by `scoring.replay()` inside
the locked transaction that records it), so no rule is written twice.
"""

from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from . import operations
from .core import draw, league, schedule
from .core.names import normalize_name
from .core.rules import PRESETS, RuleSet
from .core.scoring import GameResult, MatchState
from .models import RULE_FIELDS, Game, Match, Player, Season, Tournament
from .rule_texts import PRESET_LABELS

# A cube beyond this is a typo, whatever the rules say about redoubling without limit.
MAX_CUBE = 2**20
CUBE_CHOICES = [1, 2, 4, 8, 16, 32, 64, 128]
MAX_SEED = 2**53


class VersionField(forms.IntegerField):
    """The match version the form was shown with (optimistic locking)."""

    widget = forms.HiddenInput

    def __init__(self, **kwargs):
        super().__init__(min_value=0, max_value=2**31 - 1, **kwargs)


class GameForm(forms.Form):
    """The next game of a match: winner, result, cube, how it ended, beaver.

    It offers only what the season and the score allow (no cube in the Crawford game, no
    beaver where the season has none), but accepts any known value: whatever is posted,
    `operations.record_game` replays it and refuses an illegal game with its message.
    """

    version = VersionField()
    winner = forms.TypedChoiceField(label=_("Winner"), coerce=int, widget=forms.RadioSelect)
    kind = forms.ChoiceField(
        label=_("Result"), choices=Game.KIND_CHOICES, initial="single", widget=forms.RadioSelect
    )
    cube = forms.IntegerField(
        label=_("Cube"), min_value=1, max_value=MAX_CUBE, initial=1, widget=forms.Select
    )
    how = forms.ChoiceField(
        label=_("How it ended"),
        choices=Game.HOW_CHOICES,
        initial="played",
        widget=forms.RadioSelect,
    )
    beaver = forms.BooleanField(label=_("A beaver was given"), required=False)

    def __init__(self, *args, match: Match, state: MatchState, **kwargs):
        super().__init__(*args, **kwargs)
        self.match, self.state = match, state
        self.fields["winner"].choices = [(0, match.player1.name), (1, match.player2.name)]
        self.fields["version"].initial = match.version
        # Only the widgets offer what scoring says the next game may be; the fields keep
        # every known value so that a forged or stale post reaches replay() and gets the
        # rule's own message.
        allowed = state.next_game
        cubes = CUBE_CHOICES if allowed.cube else [1]
        self.fields["cube"].widget.choices = [(cube, str(cube)) for cube in cubes]
        self.fields["how"].widget.choices = [
            (value, label) for value, label in Game.HOW_CHOICES if value in allowed.hows
        ]
        self.offers_beaver = allowed.beaver

    @property
    def result(self) -> GameResult:
        data = self.cleaned_data
        return GameResult(
            winner=data["winner"],
            kind=data["kind"],
            cube=data["cube"],
            how=data["how"],
            beaver=data["beaver"],
        )


class SideForm(forms.Form):
    """Which player: the one who did not come (walkover) or who retires."""

    version = VersionField()
    side = forms.TypedChoiceField(coerce=int, widget=forms.RadioSelect)

    def __init__(self, *args, match: Match, **kwargs):
        super().__init__(*args, **kwargs)
        names = [player.name if player else "?" for player in match.players]
        self.fields["side"].choices = list(enumerate(names))
        self.fields["version"].initial = match.version


class ConfirmForm(forms.Form):
    """A correction the director has been asked to confirm."""

    version = VersionField()
    confirm = forms.BooleanField(required=False)


class SeasonCreateForm(forms.ModelForm):
    preset = forms.ChoiceField(
        label=_("Rules"),
        choices=[(key, PRESET_LABELS[key]) for key in PRESETS],
        initial="qgammon-2002",
        help_text=_("The season starts with these rules; you can edit them afterwards."),
    )

    class Meta:
        model = Season
        fields = ["year", "name", "preset"]


SCALE_FIELDS = ("main_points", "consolation_points", "last_chance_points")


class SeasonRulesForm(forms.ModelForm):
    """A season's name, rule columns and league points; new rules that would re-score
    a recorded game are refused with the operation's message (the admin uses it too)."""

    class Meta:
        model = Season
        fields = ["name", *RULE_FIELDS, *SCALE_FIELDS]

    def clean(self):
        data = super().clean()
        if self.errors or not set(RULE_FIELDS) <= set(data):
            return data  # the admin's form for a new season has no rule fields
        try:
            self.rules = RuleSet(**{field: data[field] for field in RULE_FIELDS})
            for field in SCALE_FIELDS:
                data[field] = league.format_scale(league.parse_scale(data[field]))
        except ValueError as error:
            raise ValidationError(str(error)) from None
        if self.instance.pk is not None:
            try:
                operations.check_season_rules(self.instance, self.rules)
            except operations.OperationError as error:
                raise ValidationError(error.message) from None
        return data


class LengthsField(forms.CharField):
    def __init__(self, **kwargs):
        kwargs.setdefault(
            "help_text", _("Points per round, e.g. 5,5,7,9,11; the last holds for later rounds.")
        )
        super().__init__(max_length=100, **kwargs)

    def clean(self, value):
        value = super().clean(value)
        if not value:
            return value
        # The schedule's own rule (core.schedule), with its message.
        try:
            return schedule.normalize(value)
        except schedule.ScheduleError as error:
            raise ValidationError(error.message(gettext)) from None


# The tournament's own fields: the admin builds its form with more (the lengths), so
# the form's Meta.fields is not the list to save.
TOURNAMENT_FIELDS = [
    "season",
    "name",
    "date",
    "consolation",
    "progressive_rounds",
    "last_chance",
    "public",
]


class TournamentForm(forms.ModelForm):
    main_lengths = LengthsField(label=_("Main bracket: match lengths"), initial="5,5,7,9,11")
    consolation_lengths = LengthsField(
        label=_("Consolation: match lengths"), initial="5", required=False
    )
    last_chance_lengths = LengthsField(
        label=_("Last chance: match lengths"), initial="3", required=False
    )

    class Meta:
        model = Tournament
        fields = TOURNAMENT_FIELDS
        widgets = {"date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")}

    LENGTH_FIELDS = {
        draw.MAIN: "main_lengths",
        draw.CONSOLATION: "consolation_lengths",
        draw.LAST_CHANCE: "last_chance_lengths",
    }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if self.instance.pk:
            lengths = {bracket.kind: bracket.lengths for bracket in self.instance.brackets.all()}
            for kind, field in self.LENGTH_FIELDS.items():
                if kind in lengths:
                    self.initial[field] = lengths[kind]
            # The season of a tournament with a draw is part of its results (the admin
            # shows it read-only and leaves it out of the form).
            if "season" in self.fields:
                self.fields["season"].disabled = self.instance.matches.exists()

    def lengths(self) -> dict[str, str]:
        data = self.cleaned_data
        return {kind: data[field] for kind, field in self.LENGTH_FIELDS.items() if data[field]}

    def clean(self):
        data = super().clean()
        if data.get("consolation", draw.NO_CONSOLATION) != draw.NO_CONSOLATION and not data.get(
            "consolation_lengths"
        ):
            self.add_error("consolation_lengths", _("Give the consolation's match lengths."))
        if data.get("last_chance") and not data.get("last_chance_lengths"):
            self.add_error("last_chance_lengths", _("Give the last chance's match lengths."))
        if self.instance.pk is not None and not self.errors:
            try:
                operations.check_tournament_change(self.instance, self.tournament_fields())
            except operations.OperationError as error:
                raise ValidationError(error.message) from None
        return data

    def tournament_fields(self) -> dict:
        """The tournament's own fields, as far as the form has them (the admin leaves
        out the ones it shows read-only)."""
        return {
            field: self.cleaned_data[field]
            for field in TOURNAMENT_FIELDS
            if field in self.cleaned_data and field in self.fields
        }


class NewPlayerForm(forms.ModelForm):
    # The name the director was shown club players for and still wants as a new player
    # (operations.NamesakeExists asks first); it answers for that name only.
    confirmed_name = forms.CharField(required=False, max_length=100, widget=forms.HiddenInput)

    class Meta:
        model = Player
        fields = ["name", "club"]

    @property
    def someone_else(self) -> bool:
        """The director confirmed that this name is a new player, not a namesake."""
        confirmed = self.cleaned_data.get("confirmed_name", "")
        return bool(confirmed) and normalize_name(confirmed) == normalize_name(
            self.cleaned_data["name"]
        )


class PlayerSearchForm(forms.Form):
    q = forms.CharField(label=_("Find a player"), max_length=100, required=False)


class AddEntryForm(forms.Form):
    player = forms.ModelChoiceField(queryset=Player.objects.active(), widget=forms.HiddenInput)


class SeedsForm(forms.Form):
    """A seed (or none) for each entry of a tournament."""

    def __init__(self, *args, entries, **kwargs):
        super().__init__(*args, **kwargs)
        self.entries = list(entries)
        for entry in self.entries:
            self.fields[f"seed_{entry.pk}"] = forms.IntegerField(
                label=entry.player.name,
                min_value=1,
                max_value=draw.MAX_ENTRANTS,
                required=False,
                initial=entry.seed,
                # The inputs sit in the entries table and belong to the seeds form.
                widget=forms.NumberInput(
                    attrs={
                        "form": "seeds-form",
                        "class": "seed-input",
                        "aria-label": _("Seed of %(player)s") % {"player": entry.player.name},
                    }
                ),
            )

    def rows(self):
        """(entry, its seed field) for each entry, in the entries' order."""
        return [(entry, self[f"seed_{entry.pk}"]) for entry in self.entries]

    def seeds(self) -> dict[int, int | None]:
        return {entry.pk: self.cleaned_data[f"seed_{entry.pk}"] for entry in self.entries}

    def clean(self):
        data = super().clean()
        if not self.errors:
            # Whether the seeds could make a draw is the draw's own rule: ask it.
            given = {
                entry.player_id: seed
                for entry, seed in zip(self.entries, self.seeds().values(), strict=True)
                if seed is not None
            }
            try:
                draw.check_seeds([entry.player_id for entry in self.entries], given)
            except draw.DrawError as error:
                raise ValidationError(error.message(gettext)) from None
        return data


class DrawForm(forms.Form):
    seed = forms.IntegerField(label=_("Draw seed"), min_value=0, max_value=MAX_SEED)


class WithdrawForm(forms.Form):
    player = forms.ModelChoiceField(queryset=Player.objects.none())

    def __init__(self, *args, tournament: Tournament, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["player"].queryset = Player.objects.filter(
            entries__tournament=tournament, entries__withdrawn=False
        )


class TranscriptForm(forms.Form):
    """A .mat file onto a match; the second step carries the text back with the
    director's choice of who is who."""

    file = forms.FileField(label=_("Match file (.mat)"), required=False)
    transcript = forms.CharField(widget=forms.HiddenInput, required=False, max_length=2**20)
    swapped = forms.TypedChoiceField(
        label=_("Who is who"),
        choices=[(0, _("in the file's order")), (1, _("the other way round"))],
        coerce=int,
        required=False,
        empty_value=None,  # not answered yet: the names decide, or the director is asked
        widget=forms.RadioSelect,
    )

    def clean(self):
        data = super().clean()
        if not data.get("file") and not data.get("transcript"):
            raise ValidationError(_("Choose a .mat file to import."))
        return data
