"""The federation's rating policy, its floor: the most any club may rate (docs/
federation.md, "Which matches are rated"). Saved through
`operations.set_federation_floor`, which queues every match rated again, by a worker
(operations.ratings_rebuild); each club's own policy is read inside the new floor from
then on, not rewritten."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils.translation import gettext

from ... import operations
from ...forms.rating_policies import RatingPolicyForm
from ...queries.rating_policies import federation_policy
from ...web.access import federation_admin_required


@federation_admin_required
def rating_policy(request):
    """GET: the floor in its form; POST: saved, every rating queued to be computed again
    in the background, back here.

    Template: federation/rating_policy.html; context: form."""
    data = request.POST if request.method == "POST" else None
    form = RatingPolicyForm(data, initial=federation_policy().as_dict())
    if form.is_bound and form.is_valid():
        try:
            operations.set_federation_floor(form.policy(), user=request.user)
        except operations.OperationError as error:
            form.add_error(None, error.message)
        else:
            messages.success(
                request,
                gettext(
                    "The federation's rating policy is saved. Every rating is being "
                    "computed again under it in the background: the ratings follow the "
                    "new policy once that is done."
                ),
            )
            return redirect("federation-rating-policy")
    status = 400 if form.is_bound else 200
    return render(request, "federation/rating_policy.html", {"form": form}, status=status)
