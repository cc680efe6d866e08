"""Template filters of the club's pages."""

import re

from django import template
from django.template.defaultfilters import floatformat

register = template.Library()


@register.filter
def percent(value) -> str:
    """0.6774 -> "67.7 %" (with the language's decimal mark)."""
    if value is None:
        return ""
    return f"{floatformat(value * 100, 1)} %"


@register.filter
def paid(entry, pool: str):
    """The entry's payment for a pool: "main", or "main+side" for the main bracket's
    side pool; None if not paid. Reads the entry's prefetched payments (no query)."""
    bracket, _plus, side = pool.partition("+")
    for payment in entry.payments.all():
        if payment.bracket == bracket and payment.side == bool(side):
            return payment
    return None


@register.filter(is_safe=True)
def one_full_stop(text) -> str:
    """A sentence ending in a time or a date: English writes "10 a.m.", whose own full
    stop is the sentence's too, so a doubled one ("10 a.m..") is made one. An ellipsis
    ("...") is left as it is. Wrapped round a translated sentence with `{% filter %}`,
    it holds whichever word order the translation chose."""
    return re.sub(r"(?<!\.)\.\.(?!\.)", ".", str(text))


@register.filter
def knockout_of(tournament) -> int:
    """How many players (or groups' places) go on to a knockout, as the tournament's
    format reads its settings (`core.formats`); 0 when none follows."""
    return tournament.played_as.knockout_of(tournament)
