"""The founding club's row, and its directors from before clubs.

The founding club is the migration's row 1 (models.clubs); where a test flushed the
tables it is made again here, the one writer. Before clubs, a director was a user in
the "Directors" group: a user put there (in the admin, as directors always were)
without a club is made the founding club's director, so that a one-club site is run as
it always was; a club's other directors are appointed to it (`operations.clubs`)."""

from __future__ import annotations

from django.contrib.auth.models import Group, User
from django.core.management.color import no_style
from django.db import DEFAULT_DB_ALIAS, connections
from django.db.models.signals import m2m_changed
from django.dispatch import receiver

from ..models import Club, ClubRole
from ..models.clubs import DIRECTORS_GROUP, FOUNDING_CLUB_ID, FOUNDING_NAME, FOUNDING_SLUG


def founding_club(using: str = DEFAULT_DB_ALIAS) -> Club:
    """The founding club, made again where the tables were emptied."""
    found, created = Club.objects.using(using).get_or_create(
        pk=FOUNDING_CLUB_ID, defaults={"slug": FOUNDING_SLUG, "name": FOUNDING_NAME}
    )
    if created:
        # Made with its id: PostgreSQL's counter must move past it, or the next club
        # would be given id 1 again.
        connection = connections[using]
        with connection.cursor() as cursor:
            for sql in connection.ops.sequence_reset_sql(no_style(), [Club]):
                cursor.execute(sql)
    return found


def make_founding_directors(user_ids) -> None:
    user_ids = set(user_ids) - set(
        ClubRole.objects.filter(user_id__in=user_ids).values_list("user_id", flat=True)
    )
    if user_ids:
        founding_club()
        ClubRole.objects.bulk_create(
            [ClubRole(club_id=FOUNDING_CLUB_ID, user_id=pk) for pk in user_ids],
            ignore_conflicts=True,
        )


@receiver(m2m_changed, sender=User.groups.through)
def directors_group_joined(sender, instance, action, reverse, pk_set, **kwargs):
    if action != "post_add" or not pk_set:
        return
    if isinstance(instance, Group):
        if instance.name == DIRECTORS_GROUP:
            make_founding_directors(pk_set)
    elif Group.objects.filter(pk__in=pk_set, name=DIRECTORS_GROUP).exists():
        make_founding_directors([instance.pk])
