"""A director allows notifications of disputed reports and matches running over on this
device (docs/push.md): the desk's push.js posts the browser's subscription here, and its
endpoint to remove it. The directors' permission (a 403 without it); JSON in and out;
CSRF-checked. A 404 when the site has no VAPID key."""

from __future__ import annotations

from django.views.decorators.http import require_POST

from ...operations import push
from ...web import push_control
from ...web.access import director_required


@director_required
@require_POST
def subscribe(request):
    """201 with the subscription kept; 400 saying why it is not one the site can use."""
    try:
        data = push_control.posted(request)
        push.subscribe_director(request.user, data, language=request.LANGUAGE_CODE)
    except push.SubscriptionRefused as refused:
        return push_control.answer(400, error=refused.message)
    return push_control.answer(201, status="on")


@director_required
@require_POST
def unsubscribe(request):
    """200 whether or not the browser's subscription was still kept (it is not now)."""
    try:
        data = push_control.posted(request)
        push.unsubscribe(data.get("endpoint"), user=request.user)
    except push.SubscriptionRefused as refused:
        return push_control.answer(400, error=refused.message)
    return push_control.answer(200, status="off")
