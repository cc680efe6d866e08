"""Players' private links on the director's pages: the address, and its QR code for the
match slips. Shown to directors only; made by the page's view before it renders
(`operations.links.links_for`), since a page never writes while it renders."""

from __future__ import annotations

import segno
from django import template
from django.utils.safestring import mark_safe

from ..operations.links import path_of

register = template.Library()


@register.simple_tag(takes_context=True)
def player_link(context, player) -> str:
    """The player's private link as a full address, from the page's `player_links`
    (player id -> link); a page that shows a link without having made it fails here."""
    return context["request"].build_absolute_uri(path_of(context["player_links"][player.pk]))


@register.simple_tag(takes_context=True)
def player_link_qr(context, player, scale=2) -> str:
    """The link as an inline SVG QR code. segno draws the address as modules (no text
    of it in the markup), so the SVG holds nothing a player typed."""
    address = player_link(context, player)
    svg = segno.make(address, error="m").svg_inline(scale=scale, title=None)
    return mark_safe(svg)  # noqa: S308 (segno's own SVG, no user text)
