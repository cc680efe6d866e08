"""The club's players and seasons in the admin, written through the operations."""

from django import forms
from django.contrib import admin, messages
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from .. import operations
from ..forms import POINTS_FIELDS, SeasonCreateForm, SeasonRulesForm
from ..models import Player, Season
from ..operations.memberships import number_of
from ..operations.players import EDITABLE, NUMBER
from .base import OneDoorAdmin, one_decimal


class PlayerAdminForm(forms.ModelForm):
    """The player's fields and their member number in the admin's club (the request's:
    the founding club's, whose admin this is until clubs have their own)."""

    membership_number = forms.CharField(label=_("member number"), max_length=20, required=False)
    club_id: int  # set by PlayerAdmin.get_form, from the request

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if self.instance.pk is not None:
            self.initial.setdefault(NUMBER, number_of(self.instance, self.club_id))


@admin.register(Player)
class PlayerAdmin(OneDoorAdmin):
    form = PlayerAdminForm
    list_display = [
        "name",
        "number_shown",
        "club",
        "active",
        "rating_shown",
        "rating_experience",
    ]
    list_filter = ["active", "club"]
    # name_key: "nuria" finds Núria, as on the director's pages.
    search_fields = [
        "name",
        "name_key",
        "memberships__number",
        "federation_number",
        "club",
        "email",
    ]
    # Computed from the matches (operations.ratings), never typed in.
    readonly_fields = [
        "rating_shown",
        "rating_experience",
        "rated_matches",
        "rated_won",
        "last_rated_at",
    ]
    exclude = ["rating"]
    actions = ["deactivate"]
    deletion_by_operation = True

    def get_queryset(self, request):
        return super().get_queryset(request).with_number(request.club_id)

    def get_form(self, request, obj=None, change=False, **kwargs):
        form = super().get_form(request, obj, change=change, **kwargs)
        return type(form.__name__, (form,), {"club_id": request.club_id})

    @admin.display(description=_("member number"), ordering="number")
    def number_shown(self, player):
        return player.number

    @admin.display(description=_("rating"), ordering="rating")
    def rating_shown(self, player):
        return one_decimal(player.rating)

    @admin.action(description=_("Deactivate the selected players"))
    def deactivate(self, request, queryset):
        count = operations.deactivate_players(list(queryset), user=request.user)
        self.message_user(request, _("%(count)d players deactivated.") % {"count": count})

    def save_model(self, request, obj, form, change):
        fields = {
            key: value
            for key, value in form.cleaned_data.items()
            if key in EDITABLE or key == NUMBER
        }
        club = request.club_id
        if change:
            saved = operations.change_player(obj, fields, user=request.user, club=club)
        else:
            namesakes = list(Player.objects.namesakes(fields["name"]))
            saved = operations.create_player(
                fields, user=request.user, allow_namesake=True, club=club
            )
            if namesakes:
                self.message_user(
                    request,
                    gettext("The club already had a player named like this: %(names)s.")
                    % {"names": ", ".join(player.name for player in namesakes)},
                    messages.WARNING,
                )
        obj.pk, obj.name_key = saved.pk, saved.name_key

    def delete_model(self, request, obj):
        operations.delete_player(obj, user=request.user)


@admin.register(Season)
class SeasonAdmin(OneDoorAdmin):
    # The director's form: it asks the operation whether new rules would re-score games.
    form = SeasonRulesForm
    list_display = [
        "years",
        "name",
        "start",
        "end",
        "preset",
        "crawford",
        "backgammon_multiplier",
        "beavers",
    ]
    list_filter = ["preset", "beavers", "crawford"]
    search_fields = ["name", "years"]
    rule_fieldset = (
        _("Rules"),
        {
            "fields": [
                "crawford",
                "holland",
                "backgammon_multiplier",
                ("beavers", "beaver_refusable", "raccoons"),
                ("automatic_doubles", "automatic_doubles_limit"),
                "jacoby",
                "irregularities",
            ]
        },
    )
    points_fieldset = (_("League points"), {"fields": list(POINTS_FIELDS)})
    deletion_by_operation = True

    def get_fieldsets(self, request, obj=None):
        if obj is None:
            # A new season takes its rules from a preset; they are edited afterwards. A
            # calendar year, or its first and last day (the director's form).
            return [(None, {"fields": ["year", ("start", "end"), "name", "preset"]})]
        return [
            (None, {"fields": ["years", ("start", "end"), "name", "preset"]}),
            self.rule_fieldset,
            self.points_fieldset,
        ]

    def get_readonly_fields(self, request, obj=None):
        # The years come from the dates (core.seasons); the preset is where its rules
        # came from.
        return ["years", "preset"] if obj is not None else []

    def get_form(self, request, obj=None, change=False, **kwargs):
        if obj is None:
            kwargs["form"] = SeasonCreateForm
        form = super().get_form(request, obj, change=change, **kwargs)
        if obj is None:
            form.base_fields["preset"].required = True
        return form

    def save_model(self, request, obj, form, change):
        data = form.cleaned_data
        if change:
            operations.change_season_rules(
                obj,
                form.rules,
                name=data["name"],
                scale={field: data[field] for field in POINTS_FIELDS},
                dates=form.dates,
                user=request.user,
            )
        else:
            season = operations.create_season(
                None,
                data["preset"],
                data["name"],
                start=data["start"],
                end=data["end"],
                user=request.user,
            )
            obj.pk = season.pk

    def delete_model(self, request, obj):
        operations.delete_season(obj, user=request.user)
