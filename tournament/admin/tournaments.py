"""Tournaments in the admin: their settings and match lengths through the same form and
operations as the director's page; entries through the entry operations (a change after
the draw discards it, after results it is refused, so the inline turns read-only);
the draw and the start as actions."""

from django.contrib import admin, messages
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from .. import operations
from ..core import draw
from ..forms import BRACKET_FIELDS, TournamentForm
from ..models import Entry, Tournament
from ..queries.bracket_layout import BRACKET_LABELS
from .base import OneDoorAdmin, RowsCapped
from .club_rows import ClubRowsAdmin

DISCARDED = _("The draw was made for other entries or another format, so it was discarded.")


class EntryInline(RowsCapped, admin.TabularInline):
    model = Entry
    most_rows = draw.MAX_ENTRANTS
    extra = 3
    fields = ["player", "seed", "checked_in", "withdrawn"]
    # A withdrawal decides matches: it is an operation of the director's desk.
    readonly_fields = ["withdrawn"]
    autocomplete_fields = ["player"]

    def _open(self, obj) -> bool:
        """Entries may change until results are recorded (the draw goes if need be)."""
        return obj is None or not operations.has_results(obj)

    def has_add_permission(self, request, obj=None):
        return self._open(obj) and super().has_add_permission(request, obj)

    def has_change_permission(self, request, obj=None):
        return self._open(obj) and super().has_change_permission(request, obj)

    def has_delete_permission(self, request, obj=None):
        return self._open(obj) and super().has_delete_permission(request, obj)


@admin.register(Tournament)
class TournamentAdmin(ClubRowsAdmin, OneDoorAdmin):
    club_path = "season__club_id"
    form = TournamentForm
    list_display = ["name", "season", "date", "status", "consolation", "last_chance", "public"]
    list_filter = [("season", admin.RelatedOnlyFieldListFilter), "status", "consolation", "public"]
    search_fields = ["name", "season__name"]
    date_hierarchy = "date"
    list_select_related = ["season"]
    inlines = [EntryInline]
    # Deleting a whole tournament is may_delete_tournament's decision, not a question
    # of permissions on each of its rows.
    deletion_by_operation = True
    actions = ["make_draw", "start"]
    fieldsets = [
        (None, {"fields": ["season", "name", "date", "public"]}),
        (
            _("Format"),
            {
                "fields": [
                    "format",
                    "rounds",
                    "round_lengths",
                    "group_size",
                    "knockout",
                    "swiss_knockout",
                    "team_size",
                    "scoring",
                    "tie_break",
                    "lives",
                    "playoff",
                    "reentry_fee",
                    "consolation",
                    "progressive_rounds",
                    "last_chance",
                    "grand_final_reset",
                ]
            },
        ),
        *[(label, {"fields": BRACKET_FIELDS[kind]}) for kind, label in BRACKET_LABELS.items()],
        (
            _("The day: tables and clock"),
            {
                "fields": [
                    "tables_text",
                    "clock_policy",
                    "clock_minutes_per_point",
                    "clock_delay_seconds",
                    "clock_delay_kind",
                ]
            },
        ),
        (_("Draw"), {"fields": ["draw_seed", "status"]}),
    ]

    def get_readonly_fields(self, request, obj=None):
        fields = ["draw_seed", "status"]
        if obj is not None and operations.is_drawn(obj):
            fields.append("season")
        if obj is not None and operations.has_results(obj):
            fields += list(operations.tournaments.BRACKET_SETTINGS)
        return fields

    def save_model(self, request, obj, form, change):
        if change:
            result = operations.change_tournament(
                obj, form.tournament_fields(), form.brackets(), user=request.user
            )
            if result.draw_discarded:
                self.message_user(request, DISCARDED, messages.WARNING)
        else:
            created = operations.create_tournament(
                form.tournament_fields(), form.brackets(), user=request.user
            )
            obj.pk = created.pk

    def save_formset(self, request, form, formset, change):
        """Entries one by one through the entry operations: removals, then seeds and
        check-ins, then new players, so that a seed can pass from one player to another."""
        tournament = form.instance
        discarded = False
        removed = [f.instance for f in formset.deleted_forms if f.instance.pk]
        kept = [
            f
            for f in formset.initial_forms
            if f not in formset.deleted_forms and f.has_changed() and f.instance.pk
        ]
        added = [
            f
            for f in formset.extra_forms
            if f.has_changed() and f not in formset.deleted_forms and f.cleaned_data
        ]
        for entry in removed:
            discarded |= operations.remove_entry(
                tournament, entry, user=request.user
            ).draw_discarded
        if kept:
            seeds = {f.instance.pk: f.cleaned_data["seed"] for f in kept}
            discarded |= operations.set_seeds(tournament, seeds, user=request.user).draw_discarded
        for f in kept:
            if "checked_in" in f.changed_data:
                present = f.cleaned_data["checked_in"]
                change = operations.check_in(
                    tournament, f.instance, present=present, user=request.user
                )
                discarded |= change.draw_discarded
        for f in added:
            discarded |= operations.add_entry(
                tournament,
                f.cleaned_data["player"],
                seed=f.cleaned_data["seed"],
                checked_in=f.cleaned_data.get("checked_in", False),
                user=request.user,
            ).draw_discarded
        # What the admin's change message reads.
        formset.new_objects = [f.instance for f in added]
        formset.changed_objects = [(f.instance, f.changed_data) for f in kept]
        formset.deleted_objects = removed
        if discarded:
            self.message_user(request, DISCARDED, messages.WARNING)

    def has_delete_permission(self, request, obj=None):
        allowed = super().has_delete_permission(request, obj)
        return allowed and (obj is None or operations.may_delete_tournament(obj, request.user))

    def delete_model(self, request, obj):
        operations.delete_tournament(obj, user=request.user)

    @admin.action(description=_("Make the draw (a new random seed)"))
    def make_draw(self, request, queryset):
        for tournament in queryset:
            try:
                operations.make_draw(
                    tournament, rng_seed=operations.new_draw_seed(), user=request.user
                )
            except draw.DrawError as error:
                self.message_user(
                    request, f"{tournament.name}: {error.message(gettext)}", messages.ERROR
                )
            except operations.OperationError as error:
                self.message_user(request, f"{tournament.name}: {error.message}", messages.ERROR)
            else:
                self.message_user(
                    request,
                    _("%(name)s: draw made.") % {"name": tournament.name},
                    messages.SUCCESS,
                )

    @admin.action(description=_("Start the selected tournaments"))
    def start(self, request, queryset):
        for tournament in queryset:
            try:
                operations.start_tournament(tournament, user=request.user)
            except operations.OperationError as error:
                self.message_user(request, f"{tournament.name}: {error.message}", messages.ERROR)
