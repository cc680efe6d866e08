"""Matches in the admin, with their games inline. The games are replayed as a whole
through `scoring.replay()` before anything is saved, and saved by `replace_games` (a
bracket's match) or `correct_friendly` (a match outside the brackets): the admin can
never store a game the rules forbid, a stale score, or a change to a draw."""

from django.contrib import admin
from django.core.exceptions import ValidationError
from django.db.models import Exists, OuterRef, Q
from django.forms.models import BaseInlineFormSet
from django.utils.text import capfirst
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from .. import operations
from ..core import schedule, scoring
from ..models import Game, Match, Player
from ..operations.games import not_started
from .base import OneDoorAdmin, RowsCapped, refuse_unless_ids
from .club_rows import ClubRowsAdmin, sees_every_club


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
        if results and not match.tournament_started:
            raise ValidationError(not_started())
        try:
            match.replay_games(results)
            reopened = operations.correction_impact(match, results) if match.pk else []
        except scoring.IllegalGame as error:
            raise ValidationError(capfirst(error.message(gettext))) from None
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


class GameInline(RowsCapped, admin.TabularInline):
    model = Game
    # The most games the longest match a club plays can have.
    most_rows = scoring.max_games(schedule.MAX_LENGTH)
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
        players = Player.objects.active()
        if not sees_every_club(request):
            # A club's director: the players of their clubs' matches (another club's
            # member who played in one included), never the federation's every player.
            theirs = model_admin.get_queryset(request).order_by()
            sat = Q(player1=OuterRef("pk")) | Q(player2=OuterRef("pk"))
            players = players.filter(Exists(theirs.filter(sat)))
        return [(player.pk, player.name) for player in players]

    def queryset(self, request, queryset):
        if self.value():
            # The list's own filters check their values; this one must (a 400, not a 500).
            refuse_unless_ids([self.value()], self.parameter_name)
            return queryset.filter(Q(player1=self.value()) | Q(player2=self.value()))
        return queryset


@admin.register(Match)
class MatchAdmin(ClubRowsAdmin, OneDoorAdmin):
    club_path = "tournament__season__club_id"
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
    list_filter = [
        "status",
        ("tournament__season", admin.RelatedOnlyFieldListFilter),
        ("tournament", admin.RelatedOnlyFieldListFilter),
        PlayerFilter,
    ]
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
    # Where a match sits in a bracket: the draw's, never a hand edit (a match outside the
    # brackets has none of it).
    structure_fields = [
        "bracket",
        "round",
        "position",
        "source1_kind",
        "source1_match",
        "source2_kind",
        "source2_match",
    ]
    # And in a bracket, who plays comes from the draw, the length from the schedule.
    bracket_fields = ["tournament", "player1", "player2", "length", *structure_fields]

    def get_readonly_fields(self, request, obj=None):
        fields = list(super().get_readonly_fields(request, obj))
        if obj is not None and obj.from_draw:
            return fields + self.bracket_fields
        fields += self.structure_fields
        if obj is not None:
            fields.append("tournament")
        return fields

    @admin.display(description=_("score"))
    def score_display(self, match):
        return f"{match.score1}-{match.score2}"

    def has_delete_permission(self, request, obj=None):
        allowed = super().has_delete_permission(request, obj)
        return allowed and (obj is None or operations.may_delete_match(obj))

    def save_model(self, request, obj, form, change):
        # The match itself is written with its games in save_formset, by one operation.
        if not change:
            created = operations.create_match(
                obj.tournament, obj.player1, obj.player2, obj.length, user=request.user
            )
            obj.pk = created.pk

    def save_formset(self, request, form, formset, change):
        # The games' formset, the match's only inline (nothing here hands a formset to
        # Django's own save, which would write past the operations). What the admin's
        # change message reads; the games themselves are written by an operation, the
        # one place that keeps the caches right.
        formset.new_objects, formset.changed_objects, formset.deleted_objects = [], [], []
        match = form.instance
        results = getattr(formset, "results", None)
        if results is None:
            results = formset.game_results()
        if match.from_draw:
            if formset.has_changed():
                operations.replace_games(match, results, user=request.user)
        elif change and (formset.has_changed() or form.has_changed()):
            operations.correct_friendly(
                match, match.player1, match.player2, match.length, results, user=request.user
            )
        elif not change and results:
            operations.replace_games(match, results, user=request.user)

    def delete_model(self, request, obj):
        operations.delete_match(obj, user=request.user)
