"""Fields of the app's own."""

from __future__ import annotations

from django.db import models


class ChoicesInCodeCharField(models.CharField):
    """A CharField whose choices live in the code alone, not in the migrations.

    The choices are no part of the schema (the column is a varchar either way), yet
    Django writes them into every migration, so that each new audit action or each label
    reworded made a migration that only listed them all again (14 of the first 40). Here
    `deconstruct()` leaves them out and names a plain CharField: the migrations see a
    varchar of its length, and a new choice or label makes none. The model keeps them:
    `get_..._display()`, the admin's filter and `full_clean()` still read and check
    them, and the writer of such values checks them too (operations.audit.record)."""

    def deconstruct(self):
        name, _path, args, kwargs = super().deconstruct()
        kwargs.pop("choices", None)
        return name, "django.db.models.CharField", args, kwargs
