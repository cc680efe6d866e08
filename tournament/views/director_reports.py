"""The director's queue of reported games (being written)."""

from django.http import Http404


def queue(request):
    raise Http404


accept = correct = reject = queue
