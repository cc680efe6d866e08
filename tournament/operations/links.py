"""A player's private link: `/p/<token>/`, no account or password.

The token is never stored. It is an HMAC of the link's salt under the site's secret key,
so a director can show and print it again; the row keeps only its SHA-256 hash, which is
how a request's token finds its player. Rotating revokes the row and makes a new one: the
old token then finds nothing, exactly like one that never existed.
"""

from __future__ import annotations

import base64
import hashlib
import secrets

from django.db import IntegrityError, transaction
from django.urls import reverse
from django.utils import timezone
from django.utils.crypto import salted_hmac
from django.utils.translation import gettext_noop

from ..models import AuditEntry, Player, PlayerLink
from ..models.audit import Said
from . import audit

KEY_SALT = "tournament.player-link"


def token_of(link: PlayerLink) -> str:
    """The link's token: 43 URL-safe characters (256 bits)."""
    digest = salted_hmac(KEY_SALT, f"{link.player_id}:{link.salt}", algorithm="sha256").digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


def hash_of(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def path_of(link: PlayerLink) -> str:
    """The link's path on this site, e.g. /p/<token>/."""
    return reverse("player-page", args=[token_of(link)])


def _new_link(player: Player) -> PlayerLink:
    link = PlayerLink(player=player, salt=secrets.token_hex(16))
    link.token_hash = hash_of(token_of(link))
    link.save()
    return link


def _still_works(link: PlayerLink) -> bool:
    """False for a link made under another secret key (the key was changed): its token
    can no longer be derived, so a new one is made instead of showing a dead one."""
    return hash_of(token_of(link)) == link.token_hash


def link_for(player: Player | int) -> PlayerLink:
    """The player's live link, made on first use (two pages asking at once get one)."""
    player_id = player.pk if isinstance(player, Player) else player
    found = PlayerLink.objects.filter(player_id=player_id, revoked_at=None).first()
    if found is not None and _still_works(found):
        return found
    try:
        with transaction.atomic():
            if found is not None:
                PlayerLink.objects.filter(pk=found.pk).update(revoked_at=timezone.now())
            return _new_link(Player.objects.get(pk=player_id))
    except IntegrityError:
        return PlayerLink.objects.get(player_id=player_id, revoked_at=None)


def links_for(players) -> dict[int, PlayerLink]:
    """The live links of several players by id (one query, plus one per missing link)."""
    ids = {player.pk if isinstance(player, Player) else player for player in players}
    found = {
        link.player_id: link
        for link in PlayerLink.objects.filter(player_id__in=ids, revoked_at=None)
        if _still_works(link)
    }
    for player_id in ids - found.keys():
        found[player_id] = link_for(player_id)
    return found


@transaction.atomic
def rotate_link(player: Player | int, *, user=None) -> PlayerLink:
    """Revoke the player's link and make a new one; the old one answers 404 from now."""
    player = Player.objects.select_for_update().get(
        pk=player.pk if isinstance(player, Player) else player
    )
    PlayerLink.objects.filter(player=player, revoked_at=None).update(revoked_at=timezone.now())
    link = _new_link(player)
    audit.record(
        AuditEntry.Action.LINK_ROTATED,
        user=user,
        subject=player.name,
        summary=Said(
            gettext_noop("A new private link for %(player)s; the old one no longer works"),
            player=player.name,
        ),
        player=player,
    )
    return link


def player_by_token(token: str) -> Player | None:
    """The player whose live link this is, or None. One indexed lookup by the token's
    hash whether or not the token ever existed, so the answer takes the same time."""
    link = (
        PlayerLink.objects.filter(token_hash=hash_of(token), revoked_at=None)
        .select_related("player")
        .first()
    )
    return link.player if link is not None else None
