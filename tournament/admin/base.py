"""What every model admin of the club shares: saves and deletes go through the
operations, and a refusal that slips past the form's own checks (another director got
there first) comes back as the operation's message with nothing saved."""

from django.contrib import admin, messages
from django.core.exceptions import BadRequest
from django.http import HttpResponseRedirect
from django.template.defaultfilters import floatformat
from django.utils.translation import gettext

from ..core import scoring
from ..operations import OperationError

REFUSALS = (OperationError, scoring.IllegalGame)
# The largest id a row can have (a 64-bit key): a longer number is nobody's.
LARGEST_ID = 2**63 - 1


def one_decimal(value: float) -> str:
    """A rating as the site shows it: one decimal, in the reader's locale."""
    return floatformat(value, 1)


def is_id(value: str) -> bool:
    """What a select, an autocomplete or a row of the admin sends for a row: nothing,
    or a whole number a row's key can be."""
    return value == "" or (
        value.isascii() and value.isdigit() and len(value) <= 19 and int(value) <= LARGEST_ID
    )


def is_row_count(value: str, most: int) -> bool:
    return value.isascii() and value.isdigit() and len(value) <= 6 and int(value) <= most


def id_fields(model) -> set[str]:
    """The fields of a model's form that name another row by its id."""
    return {field.name for field in model._meta.get_fields() if field.many_to_one} | {"id"}


def refuse_unless_ids(values, what: str) -> None:
    # An id that is none (?player1=abc, a number longer than any key) would reach the
    # database while an autocomplete is drawn, and fail there: a 500. Refused whole.
    if not all(is_id(value) for value in values):
        raise BadRequest(f"{what} is not the id of a row")


class RowsCapped:
    """An inline formset of at most `most_rows` rows: Django's own cap is a thousand
    rows more than its maximum, each built, checked and drawn again, enough for one
    POST to keep a worker busy for seconds. A POST claiming more rows is refused
    (OneDoorAdmin.get_formset_kwargs)."""

    most_rows: int

    def get_max_num(self, request, obj=None, **kwargs):
        return self.most_rows

    def get_formset(self, request, obj=None, **kwargs):
        kwargs.setdefault("absolute_max", self.most_rows)
        return super().get_formset(request, obj, **kwargs)


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
        # The form's own ids, as a link's initial values (?player1=) or as posted: no
        # page of the admin sends anything else, so anything else is a 400.
        for name in id_fields(self.model) - {"id"}:
            refuse_unless_ids(request.GET.getlist(name), name)
            refuse_unless_ids(request.POST.getlist(name), name)
        try:
            return super().changeform_view(request, object_id, form_url, extra_context)
        except REFUSALS as error:
            return self._refused(request, error)

    def get_formset_kwargs(self, request, obj, inline, prefix):
        """The inline's rows as posted, refused (400) when they claim more rows than it
        takes or name a row by anything but an id."""
        if request.method == "POST":
            rows = request.POST.get(f"{prefix}-TOTAL_FORMS")
            most = getattr(inline, "most_rows", None)
            if rows is not None and most is not None and not is_row_count(rows, most):
                raise BadRequest(f"{prefix}: {rows[:20]} rows, at most {most}")
            names = id_fields(inline.model)
            for key in request.POST:
                start, _dash, name = key.rpartition("-")
                if start.startswith(f"{prefix}-") and name in names:
                    refuse_unless_ids(request.POST.getlist(key), key)
        return super().get_formset_kwargs(request, obj, inline, prefix)

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
