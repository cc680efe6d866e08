"""The club's rating policy, written by its directors: which of its matches the ratings
count, inside the federation's floor (docs/federation.md, "Which matches are rated").
Saved through `operations.set_rating_policy`, which refuses a policy looser than the
floor and queues every match rated again, by a worker (operations.ratings_rebuild)."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils.translation import gettext

from ... import operations
from ...core.rating_policy import effective
from ...forms.rating_policies import RatingPolicyForm
from ...queries.rating_policies import club_and_floor
from ...web.access import director_required


@director_required
def rating_policy(request):
    """GET: the club's policy as it applies (its own inside the floor: a knob the floor
    narrowed since it was written shows what counts now), the floor's forbidden choices
    greyed out; POST: saved, every rating queued to be computed again in the background,
    back here.

    Template: director/rating_policy.html; context: form, floor."""
    own, floor = club_and_floor(request.club_id)
    data = request.POST if request.method == "POST" else None
    form = RatingPolicyForm(data, initial=effective(floor, own).as_dict(), floor=floor)
    if form.is_bound and form.is_valid():
        try:
            operations.set_rating_policy(request.club_id, form.policy(), user=request.user)
        except operations.OperationError as error:
            form.add_error(None, error.message)
        else:
            messages.success(
                request,
                gettext(
                    "The club's rating policy is saved. Every rating is being computed "
                    "again under it in the background: the ratings follow the new policy "
                    "once that is done."
                ),
            )
            return redirect("director-rating-policy")
    status = 400 if form.is_bound else 200
    context = {"form": form, "floor": floor}
    return render(request, "director/rating_policy.html", context, status=status)
