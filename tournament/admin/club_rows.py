"""A club's directors in the admin see their clubs' rows only (issue 40, roles).

The admin is a federation page: it runs unscoped (models.club_scope), so each list is
filtered here by the clubs the user directs (models.clubs.clubs_directed), and another
club's row opened by its address is a 403, not a "does not exist" (the row is looked
up across clubs, then refused). A federation administrator (the permission, or a
superuser) sees every club's. The operations refuse another club's writes anyway (the
one door); this keeps the lists and forms from showing them."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db.models import Q

from ..models import Season, Tournament
from ..models.clubs import administers_federation, clubs_directed, member_of, or_founding


def sees_every_club(request) -> bool:
    return administers_federation(request.user)


def new_rows_club(request) -> int:
    """The club a row made in the admin belongs to: the user's (the first, for a user
    of several clubs), the founding club's for a federation administrator of none."""
    return min(or_founding(clubs_directed(request.user)))


def players_of(clubs) -> Q:
    """The players of `clubs`: their members, and for the founding club the players of
    no club (from before clubs, models.club_owners)."""
    return member_of(clubs)


class ClubRowsAdmin:
    """Mixed into a ModelAdmin: `club_path` says how a row reaches its club's id
    ("season__club_id"); `club_rows` may say it otherwise (a player's memberships)."""

    club_path = ""

    def club_rows(self, clubs) -> Q:
        return Q(**{f"{self.club_path}__in": clubs})

    def get_queryset(self, request):
        rows = super().get_queryset(request)
        if sees_every_club(request):
            return rows
        return rows.filter(self.club_rows(clubs_directed(request.user)))

    def get_object(self, request, object_id, from_field=None):
        """The row across clubs (Django's own lookup, on the unfiltered rows): another
        club's is then refused by the permissions below, a 403."""
        rows = super().get_queryset(request)
        field = (
            rows.model._meta.pk if from_field is None else rows.model._meta.get_field(from_field)
        )
        try:
            return rows.get(**{field.name: field.to_python(object_id)})
        except (rows.model.DoesNotExist, ValidationError, ValueError):
            return None

    def ours(self, request, obj) -> bool:
        if obj is None or sees_every_club(request):
            return True
        rows = self.model._base_manager.filter(pk=obj.pk)
        return rows.filter(self.club_rows(clubs_directed(request.user))).exists()

    def has_view_permission(self, request, obj=None):
        return super().has_view_permission(request, obj) and self.ours(request, obj)

    def has_change_permission(self, request, obj=None):
        return super().has_change_permission(request, obj) and self.ours(request, obj)

    def has_delete_permission(self, request, obj=None):
        return super().has_delete_permission(request, obj) and self.ours(request, obj)

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        # A season or a tournament chosen in a form: the user's clubs' only.
        if not sees_every_club(request):
            clubs = clubs_directed(request.user)
            if db_field.related_model is Season:
                kwargs["queryset"] = Season._base_manager.filter(club_id__in=clubs)
            elif db_field.related_model is Tournament:
                kwargs["queryset"] = Tournament._base_manager.filter(season__club_id__in=clubs)
        return super().formfield_for_foreignkey(db_field, request, **kwargs)


class PlayerRowsAdmin(ClubRowsAdmin):
    def club_rows(self, clubs) -> Q:
        return players_of(clubs)
