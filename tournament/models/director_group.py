"""Before clubs, a director was a user in the "Directors" group. A user put there (in
the admin, as directors always were) without a club is made the founding club's
director, so that a one-club site is run as it always was; a club's other directors
are appointed to it (`manage.py add_club_director`, the federation's pages)."""

from django.contrib.auth.models import Group, User
from django.db.models.signals import m2m_changed
from django.dispatch import receiver

from .clubs import DIRECTORS_GROUP, FOUNDING_CLUB_ID, Club, ClubRole


def _make_founding_directors(user_ids) -> None:
    user_ids = set(user_ids) - set(
        ClubRole.objects.filter(user_id__in=user_ids).values_list("user_id", flat=True)
    )
    if user_ids:
        Club.founding()
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
            _make_founding_directors(pk_set)
    elif Group.objects.filter(pk__in=pk_set, name=DIRECTORS_GROUP).exists():
        _make_founding_directors([instance.pk])
