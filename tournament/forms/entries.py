"""The tournament desk's forms: registering players (a club player, or a new one),
checking them in, seeds, a late entry into a bye, fees paid, a withdrawal, and the
draw's seed."""

from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from ..core import draw
from ..core.names import normalize_name
from ..models import Entry, Match, Payment, Player, Tournament


class NewPlayerForm(forms.ModelForm):
    # The name the director was shown club players for and still wants as a new player
    # (operations.NamesakeExists asks first); it answers for that name only.
    confirmed_name = forms.CharField(required=False, max_length=100, widget=forms.HiddenInput)
    checked_in = forms.BooleanField(label=_("Here now: check in"), required=False)
    # Offered only while the tournament is full: the director's explicit choice.
    beyond_cap = forms.BooleanField(
        label=_("The tournament is full: register them beyond the cap"), required=False
    )

    class Meta:
        model = Player
        fields = ["name", "club"]

    def __init__(self, *args, full: bool = True, **kwargs):
        super().__init__(*args, **kwargs)
        if not full:
            del self.fields["beyond_cap"]

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
    # Set by the "register and check in" button: the player is here.
    checked_in = forms.BooleanField(required=False)
    # Set by the buttons a full tournament shows, which say so: past the cap.
    beyond_cap = forms.BooleanField(required=False)


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


# A draw seed is stored as a 53-bit integer (operations.new_draw_seed).
MAX_SEED = 2**53


class DrawForm(forms.Form):
    seed = forms.IntegerField(label=_("Draw seed"), min_value=0, max_value=MAX_SEED)


class WithdrawForm(forms.Form):
    """A player who leaves; `confirm` once the director has seen what it does."""

    player = forms.ModelChoiceField(queryset=Player.objects.none())
    confirm = forms.BooleanField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args, tournament: Tournament, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["player"].queryset = Player.objects.filter(
            entries__tournament=tournament, entries__withdrawn=False
        )


class CheckInForm(forms.Form):
    """A registered player has arrived (present) or the check-in is taken back."""

    entry = forms.ModelChoiceField(queryset=Entry.objects.none(), widget=forms.HiddenInput)
    present = forms.BooleanField(required=False)

    def __init__(self, *args, tournament: Tournament, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["entry"].queryset = tournament.entries.select_related("player")
        self.fields["entry"].error_messages["invalid_choice"] = _(
            "That player is not registered in this tournament."
        )


class LateEntryForm(forms.Form):
    """A player who arrived after the draw, into a bye's place."""

    entry = forms.ModelChoiceField(queryset=Entry.objects.none(), label=_("Player"))
    match = forms.ModelChoiceField(queryset=Match.objects.none(), label=_("Into the bye of"))

    def __init__(self, *args, tournament: Tournament, byes, waiting, gone_past=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["entry"].queryset = tournament.entries.filter(
            pk__in=[entry.pk for entry in waiting]
        ).select_related("player")
        self.fields["entry"].label_from_instance = lambda entry: entry.player.name
        self.fields["match"].queryset = tournament.matches.filter(
            pk__in=[bye.pk for bye in byes]
        ).select_related("player1", "player2", "bracket")
        # The byes whose loser the consolation could not take any more: said before the
        # director confirms (operations.consolation_gone_past).
        self.gone_past = frozenset(gone_past)
        self.fields["match"].label_from_instance = self._bye_label

    def _bye_label(self, match: Match) -> str:
        params = {"match": match.label, "player": match.player1 or match.player2}
        if match.pk in self.gone_past:
            return (
                gettext(
                    "%(match)s (bye of %(player)s): the consolation has gone past it, so "
                    "its loser is out"
                )
                % params
            )
        return gettext("%(match)s (bye of %(player)s)") % params


class PaymentForm(forms.Form):
    """A fee (or a side pool's share) paid, in cash or by transfer, or taken back."""

    entry = forms.ModelChoiceField(queryset=Entry.objects.none(), widget=forms.HiddenInput)
    bracket = forms.ChoiceField(choices=[(kind, kind) for kind in draw.BRACKET_KINDS])
    side = forms.BooleanField(required=False)
    # "cash" or "transfer" records the payment; "" takes it back.
    method = forms.ChoiceField(choices=[("", ""), *Payment.Method.choices], required=False)

    def __init__(self, *args, tournament: Tournament, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["entry"].queryset = tournament.entries.select_related("player")
        self.fields["entry"].error_messages["invalid_choice"] = _(
            "That player is not registered in this tournament."
        )

    def clean(self):
        data = super().clean()
        if not self.errors and data.get("method") not in ("", *Payment.Method.values):
            raise ValidationError(_("Paid in cash or by transfer."))
        return data


class FeesSweepForm(forms.Form):
    """Fees in one tap: everyone here paid one pool (bracket, side), or one player
    (entry) paid every pool their row shows; by cash or transfer."""

    entry = forms.ModelChoiceField(
        queryset=Entry.objects.none(), widget=forms.HiddenInput, required=False
    )
    bracket = forms.ChoiceField(
        choices=[(kind, kind) for kind in draw.BRACKET_KINDS], required=False
    )
    side = forms.BooleanField(required=False)
    method = forms.ChoiceField(
        choices=Payment.Method.choices,
        error_messages={"invalid_choice": _("Paid in cash or by transfer.")},
    )

    def __init__(self, *args, tournament: Tournament, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["entry"].queryset = tournament.entries.select_related("player")
        self.fields["entry"].error_messages["invalid_choice"] = _(
            "That player is not registered in this tournament."
        )

    def clean(self):
        data = super().clean()
        if not self.errors and not data.get("entry") and not data.get("bracket"):
            raise ValidationError(_("Say whose fees, or which fee, were paid."))
        return data


class PrizePaymentForm(forms.Form):
    """A prize handed over, in cash or by transfer, or marked owed again (method empty).
    Which prize is the player's in a pool; the amount is the cash box's, never sent."""

    player = forms.ModelChoiceField(queryset=Player.objects.none(), widget=forms.HiddenInput)
    bracket = forms.ChoiceField(choices=[(kind, kind) for kind in draw.BRACKET_KINDS])
    side = forms.BooleanField(required=False)
    method = forms.ChoiceField(choices=[("", ""), *Payment.Method.choices], required=False)

    def __init__(self, *args, tournament: Tournament, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["player"].queryset = Player.objects.filter(entries__tournament=tournament)
        self.fields["player"].error_messages["invalid_choice"] = _(
            "That player is not registered in this tournament."
        )
