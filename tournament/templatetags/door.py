"""The tournament's door: its public address and that address as a QR code, printed
with the slips and shown on the call screen and the desk. It is the same for everyone
(the tournament's door page on this site, nothing private): a phone that opened its
player's private link before is sent on from there to that player's own page
(web.door_device), where "I'm here" checks them in."""

from __future__ import annotations

import segno
from django import template
from django.urls import reverse
from django.utils.safestring import mark_safe

register = template.Library()


@register.simple_tag(takes_context=True)
def door_address(context, tournament) -> str:
    return context["request"].build_absolute_uri(reverse("door", args=[tournament.pk]))


@register.simple_tag(takes_context=True)
def door_qr(context, tournament, scale=4) -> str:
    """The door's address as an inline SVG QR code: the site's own address with the
    tournament's number, drawn as modules by segno (no text in the markup)."""
    svg = segno.make(door_address(context, tournament), error="m").svg_inline(
        scale=scale, title=None
    )
    return mark_safe(svg)  # noqa: S308 (segno's own SVG of the site's address)
