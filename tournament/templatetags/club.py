"""Template filters of the club's pages."""

from django import template
from django.template.defaultfilters import floatformat

register = template.Library()


@register.filter
def percent(value) -> str:
    """0.6774 -> "67.7 %" (with the language's decimal mark)."""
    if value is None:
        return ""
    return f"{floatformat(value * 100, 1)} %"
