"""The Django admin, for a director on the first day.

Games are edited inline on their match; the whole list is replayed through
`scoring.replay()` before anything is saved, and saved by `operations.replace_games`,
so the admin can never store a game the rules forbid or a stale cached score.
"""

from django.contrib import admin, messages
from django.core.exceptions import ValidationError
from django.db.models import Q
from django.forms.models import BaseInlineFormSet
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from . import operations
from .core import draw, scoring
from .core.rules import PRESETS
from .models import (
    AuditEntry,
    Bracket,
    Entry,
    Game,
    Match,
    Player,
    RatingChange,
    Season,
    Tournament,
)

admin.site.site_header = _("Q-gammon club administration")


class ReadOnlyAdmin(admin.ModelAdmin):
    """Rows the site computes or records by itself: to read, never to edit by hand."""

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


admin.site.site_title = _("Q-gammon club")


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["name", "membership_number", "club", "active", "rating", "rating_experience"]
    list_filter = ["active", "club"]
    search_fields = ["name", "membership_number", "club", "email"]
    # Computed from the matches (player_ratings.refresh), never typed in.
    readonly_fields = ["rating", "rating_experience"]
    actions = ["deactivate"]

    @admin.action(description=_("Deactivate the selected players"))
    def deactivate(self, request, queryset):
        count = queryset.update(active=False)
        self.message_user(request, _("%(count)d players deactivated.") % {"count": count})


@admin.register(Season)
class SeasonAdmin(admin.ModelAdmin):
    list_display = ["year", "name", "preset", "crawford", "backgammon_multiplier", "beavers"]
    list_filter = ["preset", "beavers", "crawford"]
    search_fields = ["name", "year"]
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

    def get_fieldsets(self, request, obj=None):
        if obj is None:
            # A new season takes its rules from a preset; they are edited afterwards.
            return [(None, {"fields": ["year", "name", "preset"]})]
        return [(None, {"fields": ["year", "name", "preset"]}), self.rule_fieldset]

    def get_form(self, request, obj=None, change=False, **kwargs):
        form = super().get_form(request, obj, change=change, **kwargs)
        if obj is None:
            form.base_fields["preset"].required = True
        return form

    def save_model(self, request, obj, form, change):
        if not change and obj.preset in PRESETS:
            obj.set_rules(PRESETS[obj.preset])
        super().save_model(request, obj, form, change)


class BracketInline(admin.TabularInline):
    model = Bracket
    extra = 0
    fields = ["kind", "lengths"]


class EntryInline(admin.TabularInline):
    model = Entry
    extra = 3
    fields = ["player", "seed", "withdrawn"]
    # A withdrawal decides matches: it goes through operations.withdraw, not a checkbox.
    readonly_fields = ["withdrawn"]
    autocomplete_fields = ["player"]


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ["name", "season", "date", "status", "consolation", "last_chance", "public"]
    list_filter = ["season", "status", "consolation", "public"]
    search_fields = ["name", "season__name"]
    date_hierarchy = "date"
    list_select_related = ["season"]
    readonly_fields = ["draw_seed", "status"]
    inlines = [EntryInline, BracketInline]
    actions = ["make_draw", "start"]

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


class GameInlineFormSet(BaseInlineFormSet):
    """Validates the match's games as a whole, through the scoring core."""

    def _construct_form(self, i, **kwargs):
        form = super()._construct_form(i, **kwargs)
        self._name_winners(form)
        return form

    @property
    def empty_form(self):
        form = super().empty_form
        self._name_winners(form)
        return form

    def _name_winners(self, form) -> None:
        # "Winner: Anna" reads better at the table than "first player".
        match = self.instance
        if match.player1_id and match.player2_id and "winner" in form.fields:
            form.fields["winner"].choices = [
                ("", "---------"),
                (0, str(match.player1)),
                (1, str(match.player2)),
            ]

    def game_results(self) -> list[scoring.GameResult]:
        """The games as they will be after saving: existing ones in order, then new ones."""
        kept = []
        for form in self.forms:
            if not form.has_changed() and form.instance.pk is None:
                continue  # an empty extra row
            if self.can_delete and self._should_delete_form(form):
                continue
            data = form.cleaned_data
            order = (0, form.instance.number) if form.instance.pk else (1, len(kept))
            kept.append(
                (
                    order,
                    scoring.GameResult(
                        winner=data["winner"],
                        kind=data["kind"],
                        cube=data["cube"],
                        how=data["how"],
                        beaver=data["beaver"],
                    ),
                )
            )
        return [result for _order, result in sorted(kept, key=lambda item: item[0])]

    def clean(self):
        super().clean()
        if any(self.errors):
            return
        match = self.instance
        if not match.tournament_id or not match.length:
            return  # the match form itself is invalid and says so
        results = self.game_results()
        if results and not (match.player1_id and match.player2_id):
            raise ValidationError(gettext("Both players must be set before games are recorded."))
        try:
            scoring.replay(match.length, results, match.tournament.season.rules)
            reopened = operations.correction_impact(match, results) if match.pk else []
        except scoring.IllegalGame as error:
            raise ValidationError(error.message(gettext)) from None
        if reopened:
            # The admin has no confirmation step: the director's correction page asks.
            raise ValidationError(
                gettext(
                    "This changes who won, and these later matches have started from the "
                    "result: %(matches)s. Correct it on the director's match page, which "
                    "re-opens them after asking."
                )
                % {"matches": "; ".join(str(later) for later in reopened)}
            )
        self.results = results


class GameInline(admin.TabularInline):
    model = Game
    formset = GameInlineFormSet
    extra = 1
    fields = ["number", "winner", "kind", "cube", "how", "beaver", "points", "crawford"]
    readonly_fields = ["number", "points", "crawford"]
    ordering = ["number"]


class PlayerFilter(admin.SimpleListFilter):
    """Matches of one player, whichever side they sat on."""

    title = _("player")
    parameter_name = "player"

    def lookups(self, request, model_admin):
        return [(player.pk, player.name) for player in Player.objects.active()]

    def queryset(self, request, queryset):
        if self.value():
            return queryset.filter(Q(player1=self.value()) | Q(player2=self.value()))
        return queryset


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = [
        "__str__",
        "tournament",
        "bracket",
        "round",
        "position",
        "length",
        "score_display",
        "status",
        "winner",
    ]
    list_filter = ["status", "tournament__season", "tournament", PlayerFilter]
    search_fields = ["player1__name", "player2__name", "tournament__name"]
    list_select_related = ["tournament__season", "bracket", "player1", "player2", "winner"]
    autocomplete_fields = ["player1", "player2"]
    readonly_fields = [
        "status",
        "decided_by",
        "winner",
        "score1",
        "score2",
        "raw_score1",
        "raw_score2",
        "crawford_game",
        "version",
        "decided_at",
    ]
    fieldsets = [
        (None, {"fields": ["tournament", ("player1", "player2"), "length"]}),
        (
            _("Bracket"),
            {
                "classes": ["collapse"],
                "fields": [
                    ("bracket", "round", "position"),
                    ("source1_kind", "source1_match"),
                    ("source2_kind", "source2_match"),
                ],
            },
        ),
        (
            _("Result (computed from the games)"),
            {
                "fields": [
                    ("status", "decided_by", "winner"),
                    ("score1", "score2"),
                    ("raw_score1", "raw_score2"),
                    "crawford_game",
                    ("version", "decided_at"),
                ]
            },
        ),
    ]
    raw_id_fields = ["source1_match", "source2_match"]
    inlines = [GameInline]
    # In a bracket, who plays comes from the draw and the results, never from a hand edit.
    bracket_fields = [
        "tournament",
        "player1",
        "player2",
        "bracket",
        "round",
        "position",
        "source1_kind",
        "source1_match",
        "source2_kind",
        "source2_match",
    ]

    def get_readonly_fields(self, request, obj=None):
        fields = list(super().get_readonly_fields(request, obj))
        if obj is not None and obj.bracket_id is not None:
            fields += self.bracket_fields
        return fields

    @admin.display(description=_("score"))
    def score_display(self, match):
        return f"{match.score1}-{match.score2}"

    def save_formset(self, request, form, formset, change):
        if not isinstance(formset, GameInlineFormSet):
            return super().save_formset(request, form, formset, change)
        # The admin's change message reads these after saving; the games themselves are
        # written by operations.replace_games, the one place that keeps caches right.
        formset.new_objects, formset.changed_objects, formset.deleted_objects = [], [], []
        rules_changed = {"length", "player1", "player2", "tournament"} & set(form.changed_data)
        results = getattr(formset, "results", None)
        if formset.has_changed() or rules_changed or not change:
            try:
                if results is None:
                    results = formset.game_results()
                operations.replace_games(form.instance, results, user=request.user)
            except operations.OperationError as error:
                messages.error(request, error.message)


@admin.register(Game)
class GameAdmin(ReadOnlyAdmin):
    """Read-only: games are recorded on their match, where they are checked as a whole."""

    list_display = ["match", "number", "winner", "kind", "cube", "how", "points", "crawford"]
    list_filter = ["kind", "how", "crawford", "beaver", "match__tournament__season"]
    search_fields = ["match__player1__name", "match__player2__name", "match__tournament__name"]
    list_select_related = ["match__player1", "match__player2"]


@admin.register(RatingChange)
class RatingChangeAdmin(ReadOnlyAdmin):
    """Read-only: ratings follow the matches; `manage.py rebuild_ratings` recomputes them."""

    list_display = ["sequence", "player", "opponent", "won", "length", "before", "after", "at"]
    list_filter = ["won"]
    search_fields = ["player__name", "opponent__name"]
    list_select_related = ["player", "opponent"]


@admin.register(AuditEntry)
class AuditEntryAdmin(ReadOnlyAdmin):
    list_display = ["at", "user", "action", "subject", "summary"]
    list_filter = ["action", "tournament"]
    search_fields = ["subject", "summary", "user__username"]
    list_select_related = ["user"]
    date_hierarchy = "at"
