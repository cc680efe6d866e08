"""Players' private links on the director's pages: the address, and its QR code for the
match slips. Shown to directors only; made on first use (operations.links)."""

from __future__ import annotations

import segno
from django import template
from django.utils.safestring import mark_safe

from ..operations.links import link_for, path_of

register = template.Library()


@register.simple_tag(takes_context=True)
def player_link(context, player) -> str:
    """The player's private link as a full address; a page of many slips hands the
    links in as `player_links` (operations.links.links_for: one query for them all)."""
    link = context.get("player_links", {}).get(player.pk) or link_for(player)
    return context["request"].build_absolute_uri(path_of(link))


@register.simple_tag(takes_context=True)
def player_link_qr(context, player, scale=2) -> str:
    """The link as an inline SVG QR code. segno draws the address as modules (no text
    of it in the markup), so the SVG holds nothing a player typed."""
    address = player_link(context, player)
    svg = segno.make(address, error="m").svg_inline(scale=scale, title=None)
    return mark_safe(svg)  # noqa: S308 (segno's own SVG, no user text)
