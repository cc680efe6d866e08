"""What the site records by itself, to read in the admin and never to edit: games (they
are edited on their match, where they are replayed as a whole), penalty points and
payments (recorded on the match sheet and the desk, through the operations), rating
changes and the audit log."""

from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from ..models import AuditEntry, Game, Payment, Penalty, RatingChange
from .base import ReadOnlyAdmin, one_decimal
from .club_rows import ClubRowsAdmin


@admin.register(Game)
class GameAdmin(ClubRowsAdmin, ReadOnlyAdmin):
    """Read-only: games are recorded on their match, where they are checked as a whole."""

    list_display = ["match", "number", "winner", "kind", "cube", "how", "points", "crawford"]
    club_path = "match__tournament__season__club_id"
    list_filter = [
        "kind",
        "how",
        "crawford",
        "beaver",
        ("match__tournament__season", admin.RelatedOnlyFieldListFilter),
    ]
    search_fields = ["match__player1__name", "match__player2__name", "match__tournament__name"]
    list_select_related = ["match__player1", "match__player2"]


@admin.register(Penalty)
class PenaltyAdmin(ClubRowsAdmin, ReadOnlyAdmin):
    """Read-only: awarded and taken back on the match sheet, where they are replayed."""

    club_path = "match__tournament__season__club_id"
    list_display = ["match", "number", "side", "points", "minutes_late", "entered_at"]
    search_fields = ["match__player1__name", "match__player2__name", "match__tournament__name"]
    list_select_related = ["match__player1", "match__player2"]


@admin.register(Payment)
class PaymentAdmin(ClubRowsAdmin, ReadOnlyAdmin):
    """Read-only: recorded at the desk and on the fees page, which keep the pools right."""

    list_display = ["entry", "bracket", "side", "method", "amount", "at"]
    club_path = "entry__tournament__season__club_id"
    list_filter = [
        "bracket",
        "side",
        "method",
        ("entry__tournament", admin.RelatedOnlyFieldListFilter),
    ]
    search_fields = ["entry__player__name", "entry__tournament__name"]
    list_select_related = ["entry__player", "entry__tournament"]


@admin.register(RatingChange)
class RatingChangeAdmin(ReadOnlyAdmin):
    """Read-only: ratings follow the matches; `manage.py rebuild_ratings` recomputes them."""

    list_display = [
        "sequence",
        "player",
        "opponent",
        "won",
        "length",
        "before_shown",
        "after_shown",
        "at",
    ]
    list_filter = ["won"]
    search_fields = ["player__name", "opponent__name"]
    list_select_related = ["player", "opponent"]

    @admin.display(description=_("rating before"), ordering="before")
    def before_shown(self, change):
        return one_decimal(change.before)

    @admin.display(description=_("rating after"), ordering="after")
    def after_shown(self, change):
        return one_decimal(change.after)


@admin.register(AuditEntry)
class AuditEntryAdmin(ClubRowsAdmin, ReadOnlyAdmin):
    # A director reads the entries of their clubs' tournaments.
    club_path = "tournament__season__club_id"
    list_display = ["at", "who", "action", "subject", "summary"]
    list_filter = ["action", ("tournament", admin.RelatedOnlyFieldListFilter)]
    search_fields = ["subject", "summary", "user_name"]
    list_select_related = ["user"]
    date_hierarchy = "at"

    @admin.display(description=_("who"), ordering="user_name")
    def who(self, entry):
        # The name kept on the entry: the account may have been deleted since.
        return entry.who or None
