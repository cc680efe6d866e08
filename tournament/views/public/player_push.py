"""A player allows notifications on their phone, from their private page (docs/push.md):
push.js posts the browser's subscription (`PushSubscription.toJSON()`) here, and its
endpoint to remove it. JSON in, JSON out; CSRF-checked like every post; limited per
link as the page's other writes (link_limits). A 404 when the site has no VAPID key."""

from __future__ import annotations

from django.views.decorators.http import require_POST

from ...operations import push
from ...web import push_control
from ...web.link_limits import limit_link_writes


@require_POST
@limit_link_writes
def subscribe(request, player, token):
    """201 with the subscription kept; 400 saying why it is not one the site can use."""
    try:
        data = push_control.posted(request)
        push.subscribe_player(player, data, language=request.LANGUAGE_CODE)
    except push.SubscriptionRefused as refused:
        return push_control.answer(400, error=refused.message)
    return push_control.answer(201, status="on")


@require_POST
@limit_link_writes
def unsubscribe(request, player, token):
    """200 whether or not the browser's subscription was still kept (it is not now)."""
    try:
        data = push_control.posted(request)
        push.unsubscribe(data.get("endpoint"), player=player)
    except push.SubscriptionRefused as refused:
        return push_control.answer(400, error=refused.message)
    return push_control.answer(200, status="off")
