"""The rating list's thresholds as the federation's administrator sets them: the
experience a published rating needs, and the months of the last rated match. Written
through `operations.rating_list`, which checks again who may."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils.translation import gettext

from ... import operations
from ...forms.rating_list import RatingListForm
from ...queries.federation_ratings import thresholds
from ...web.access import federation_admin_required


@federation_admin_required
def rating_list(request):
    """GET: the thresholds' form; POST: the thresholds saved, then the form again.

    Template: federation/rating_list.html; context: form, thresholds (the stored ones)."""
    stored = thresholds()
    initial = {"min_experience": stored.min_experience, "months": stored.months}
    form = RatingListForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            operations.set_rating_list_thresholds(
                form.cleaned_data["min_experience"], form.cleaned_data["months"], user=request.user
            )
        except operations.OperationError as error:
            form.add_error(None, error.message)
        else:
            messages.success(request, gettext("The rating list's thresholds are saved."))
            return redirect("federation-rating-list")
    status = 400 if request.method == "POST" else 200
    context = {"form": form, "thresholds": stored}
    return render(request, "federation/rating_list.html", context, status=status)
