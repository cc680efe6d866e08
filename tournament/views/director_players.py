"""A player at the director's desk (being written)."""

from django.http import Http404


def player_desk(request, pk):
    raise Http404


rotate_link = player_desk
