"""The Django admin, for a director on the first day and for the club's administrator.

It is not a side door: every save and every delete calls the same operations as the
director's pages (checked, locked, audited), what they cannot do safely is read-only,
and a refusal shows the operation's own message. By subject: `club` (players and
seasons), `tournaments` (with entries and match lengths), `matches` (with their games),
`records` (games, ratings and the audit log, to read only) and `accounts` (Django's
own pages for logins, deleting through the operations).
"""

from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from . import (  # noqa: F401 - they register the models
    accounts,
    club,
    matches,
    records,
    roles,
    tournaments,
)

admin.site.site_header = _("Q-gammon club administration")
admin.site.site_title = _("Q-gammon club")
