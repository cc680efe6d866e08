"""The federation's clubs, their directors and members, in the admin: to read for now.

A federation administrator creates clubs and appoints their directors through the
operations (`manage.py create_club`, `add_club_director`, the federation's pages);
until the admin writes through them too, it writes none of it, for anyone. A club's
director reads their own clubs, roles and memberships only (club_rows)."""

from django.contrib import admin

from ..models import Club, ClubRole, Membership
from .base import ReadOnlyAdmin
from .club_rows import ClubRowsAdmin


@admin.register(Club)
class ClubAdmin(ClubRowsAdmin, ReadOnlyAdmin):
    club_path = "pk"
    list_display = ["name", "slug", "email", "language", "created"]
    search_fields = ["name", "slug"]


@admin.register(ClubRole)
class ClubRoleAdmin(ClubRowsAdmin, ReadOnlyAdmin):
    club_path = "club_id"
    list_display = ["club", "user", "role"]
    list_filter = [("club", admin.RelatedOnlyFieldListFilter), "role"]
    list_select_related = ["club", "user"]
    search_fields = ["user__username", "club__name"]


@admin.register(Membership)
class MembershipAdmin(ClubRowsAdmin, ReadOnlyAdmin):
    club_path = "club_id"
    list_display = ["player", "club", "number", "joined"]
    list_filter = [("club", admin.RelatedOnlyFieldListFilter)]
    list_select_related = ["club", "player"]
    search_fields = ["player__name", "number"]
