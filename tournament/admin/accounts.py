"""Logins in the admin: Django's own pages for users, but a deletion goes through the
operations, since it empties the account's column in the club's rows (the games it
entered, the payments it took, the history)."""

from django.contrib import admin
from django.contrib.auth import get_user_model
from django.contrib.auth.admin import UserAdmin

from ..models import ClubRole
from ..operations.accounts import delete_account

User = get_user_model()
admin.site.unregister(User)


@admin.register(User)
class AccountAdmin(UserAdmin):
    def get_deleted_objects(self, objs, request):
        # The account's club roles go with it (delete_account): the roles' own admin
        # is read-only, which is no reason to keep a director who left.
        deleted, counts, perms_needed, protected = super().get_deleted_objects(objs, request)
        return deleted, counts, perms_needed - {str(ClubRole._meta.verbose_name)}, protected

    def delete_model(self, request, obj):
        delete_account(obj)

    def delete_queryset(self, request, queryset):
        for user in queryset:
            delete_account(user)
