"""The federation's weight of a club's events in the master points across clubs
(docs/federation.md): the club's latest events with their weights, and a weight changed
(`operations.federation_points.set_event_weight`, which checks again that the user
administers the federation and that the weight is one)."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext

from ...forms.clubs import EventWeightForm
from ...models import Club
from ...operations import OperationError
from ...operations.federation_points import set_event_weight
from ...queries.master_points import club_event, club_events
from ...web.access import federation_admin_required

# The latest events a page lists: the ones a federation weighs are this season's.
SHOWN = 100


@federation_admin_required
def weights(request, slug):
    """GET: the club's latest events with a weight form each; POST: one event's weight
    changed, then the page again (400 with the reason when refused, nothing saved).

    Template: federation/weights.html; context: club, events, form (the refused one),
    refused (the refused event's id)."""
    club = get_object_or_404(Club, slug=slug)
    form, refused = EventWeightForm(request.POST or None), None
    if request.method == "POST":
        if form.is_valid():
            event = club_event(club.pk, form.cleaned_data["tournament"])
            if event is None:
                form.add_error(None, gettext("No such event of the club."))
            else:
                try:
                    weight = set_event_weight(event, form.cleaned_data["weight"], user=request.user)
                except OperationError as error:
                    form.add_error("weight", error.message)
                else:
                    messages.success(
                        request,
                        gettext("%(event)s now weighs %(weight)s.")
                        % {"event": event.name, "weight": weight},
                    )
                    return redirect("federation-weights", slug=club.slug)
        refused = request.POST.get("tournament")
    status = 400 if request.method == "POST" else 200
    context = {
        "club": club,
        "events": club_events(club.pk, SHOWN),
        "form": form,
        "refused": refused,
    }
    return render(request, "federation/weights.html", context, status=status)
