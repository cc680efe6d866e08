"""What every model admin of the club shares: saves and deletes go through the
operations, and a refusal that slips past the form's own checks (another director got
there first) comes back as the operation's message with nothing saved."""

from django.contrib import admin, messages
from django.http import HttpResponseRedirect
from django.template.defaultfilters import floatformat
from django.utils.translation import gettext

from ..core import scoring
from ..operations import OperationError

REFUSALS = (OperationError, scoring.IllegalGame)


def one_decimal(value: float) -> str:
    """A rating as the site shows it: one decimal, in the reader's locale."""
    return floatformat(value, 1)


def refusal_message(error) -> str:
    if isinstance(error, scoring.IllegalGame):
        return error.message(gettext)
    return str(error.message)


class OneDoorAdmin(admin.ModelAdmin):
    """A model admin whose writes are operations.

    Django's admin saves inside one transaction per request: an operation that refuses
    raises, the transaction rolls back, and the page comes back with the reason."""

    # Whether a row may be deleted is the delete operation's question, asked again under
    # its lock; the admin's per-row permission check on everything a delete cascades to
    # would ask it differently (the rows it protects are still listed).
    deletion_by_operation = False

    def get_deleted_objects(self, objs, request):
        deleted, counts, perms_needed, protected = super().get_deleted_objects(objs, request)
        if self.deletion_by_operation:
            perms_needed = set()
        return deleted, counts, perms_needed, protected

    def get_actions(self, request):
        actions = super().get_actions(request)
        # A bulk delete would skip the operation's checks: rows go one at a time.
        actions.pop("delete_selected", None)
        return actions

    def _refused(self, request, error):
        self.message_user(request, refusal_message(error), messages.ERROR)
        return HttpResponseRedirect(request.get_full_path())

    def changeform_view(self, request, object_id=None, form_url="", extra_context=None):
        try:
            return super().changeform_view(request, object_id, form_url, extra_context)
        except REFUSALS as error:
            return self._refused(request, error)

    def delete_view(self, request, object_id, extra_context=None):
        try:
            return super().delete_view(request, object_id, extra_context)
        except REFUSALS as error:
            return self._refused(request, error)

    def changelist_view(self, request, extra_context=None):
        try:
            return super().changelist_view(request, extra_context)
        except REFUSALS as error:
            return self._refused(request, error)


class ReadOnlyAdmin(admin.ModelAdmin):
    """Rows the site computes or records by itself: to read, never to edit by hand."""

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
