"""`manage.py makemessages`, as Django's, knowing one more marker: ngettext_noop, the
audit log's messages with a plural, translated when they are read (models.audit)."""

from django.core.management.commands import makemessages


class Command(makemessages.Command):
    xgettext_options = [*makemessages.Command.xgettext_options, "--keyword=ngettext_noop:1,2"]
