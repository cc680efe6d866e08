"""The clubs as the federation's administrator runs them: the list with a form for a
new club; a club's page, its details changed, its directors and results manager
appointed by username and removed. Every write goes through `operations.clubs`, which
checks again that the user administers the federation."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from ... import operations
from ...forms.clubs import AppointForm, ClubDetailsForm, NewClubForm
from ...models import Club
from ...queries.federation import clubs_counted, roles_of
from ...web.access import federation_admin_required


@federation_admin_required
def clubs(request):
    """GET: the clubs and the new club's form; POST: the club made, then its page.

    Template: federation/clubs.html; context: clubs (with `players`, `tournaments`),
    form."""
    form = NewClubForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            club = operations.create_club(
                form.cleaned_data["slug"], form.cleaned_data["name"], user=request.user
            )
        except operations.OperationError as error:
            form.add_error(None, error.message)
        else:
            messages.success(request, gettext("Club %(club)s created.") % {"club": club.name})
            return redirect("federation-club", slug=club.slug)
    status = 400 if request.method == "POST" else 200
    context = {"clubs": list(clubs_counted()), "form": form}
    return render(request, "federation/clubs.html", context, status=status)


def _club_page(request, club: Club, *, details_form=None, appoint_form=None, status=200):
    """Template: federation/club.html; context: club, roles (with their users),
    details_form, appoint_form."""
    context = {
        "club": club,
        "roles": roles_of(club),
        "details_form": details_form or ClubDetailsForm(instance=club),
        "appoint_form": appoint_form or AppointForm(),
    }
    return render(request, "federation/club.html", context, status=status)


@federation_admin_required
def club(request, slug):
    """GET: the club's details, who runs it, the forms; POST: its details changed."""
    club = get_object_or_404(Club, slug=slug)
    if request.method != "POST":
        return _club_page(request, club)
    # The form validates a copy: the page shows the stored club until it is saved.
    form = ClubDetailsForm(request.POST, instance=Club.objects.get(pk=club.pk))
    if form.is_valid():
        try:
            operations.change_club(club, form.cleaned_data, user=request.user)
        except operations.OperationError as error:
            form.add_error(None, error.message)
        else:
            messages.success(request, gettext("%(club)s's details saved.") % {"club": club.name})
            return redirect("federation-club", slug=club.slug)
    return _club_page(request, club, details_form=form, status=400)


@federation_admin_required
@require_POST
def appoint(request, slug):
    """A user (by username) made the club's director or results manager."""
    club = get_object_or_404(Club, slug=slug)
    form = AppointForm(request.POST)
    if form.is_valid():
        try:
            operations.appoint_director(
                club, form.user, role=form.cleaned_data["role"], user=request.user
            )
        except operations.OperationError as error:
            form.add_error(None, error.message)
        else:
            messages.success(
                request,
                gettext("%(user)s now runs %(club)s.")
                % {"user": form.user.get_username(), "club": club.name},
            )
            return redirect("federation-club", slug=club.slug)
    return _club_page(request, club, appoint_form=form, status=400)


@federation_admin_required
@require_POST
def remove(request, slug, user_id):
    """One who ran the club no longer does (their account stays)."""
    club = get_object_or_404(Club, slug=slug)
    role = get_object_or_404(club.roles.select_related("user"), user_id=user_id)
    try:
        operations.remove_director(club, role.user, user=request.user)
    except operations.OperationError as error:
        messages.error(request, error.message)
    else:
        messages.success(
            request,
            gettext("%(user)s no longer runs %(club)s.")
            % {"user": role.user.get_username(), "club": club.name},
        )
    return redirect("federation-club", slug=club.slug)
