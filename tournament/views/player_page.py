"""A player's own page, from their private link (being written)."""

from django.http import Http404


def home(request, token):
    raise Http404


report = confirm = dispute = home
