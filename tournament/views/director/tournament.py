"""A tournament's desk on the day: the players registered and who has arrived (check-in,
one tap each, with a filter box and a count), who has paid, the seeds, registering a
club player or a new one, a late player into a bye after the draw, a withdrawal (the fees
page is `fees`'s). Every view needs the directors' permission; every write goes through
`operations`, and the page says when the draw had to go.
"""

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext, ngettext
from django.views.decorators.http import require_GET, require_POST

from ... import operations
from ...forms import (
    AddEntryForm,
    CheckInForm,
    LateEntryForm,
    NewPlayerForm,
    PlayerSearchForm,
    SeedsForm,
    WithdrawForm,
)
from ...models import Entry, Match, Tournament
from ...queries.director_desk import (
    entries_of,
    main_bracket,
    match_counts,
    matches_to_play_of,
    open_matches_of,
    players_to_add,
)
from ...web.access import director_required
from .arrivals import door_context, read_arrivals
from .entry_sweep import sweep_context
from .lives import reentry_form
from .registration import registration_desk
from .rounds import rounds_desk
from .setup import say_if_discarded

SEARCH_RESULTS = 20


def tournament_of(pk) -> Tournament:
    """The tournament with its season, or a 404: every page about one starts here."""
    return get_object_or_404(Tournament.objects.select_related("season"), pk=pk)


def desk_page(request, tournament: Tournament, *, status=200, **forms):
    """The desk, which every action on it (here, the draw's, the rounds', the fees') answers
    with when it refuses, `forms` holding what the director typed and the error.

    Template: director/tournament.html; context: tournament, entries, checked_in
    (how many have arrived), main_fee (the main bracket's entry fee, if any),
    search_form, found (players matching the search), new_player_form, namesakes (club
    players named like a new player, offered instead), seeds_form, withdraw_form,
    late_form (a late player into a bye), can_redraw, counts (matches per status),
    open_matches, problems (where the draw and the entries disagree), rounds (a club
    night's RoundsDesk), registration (registration.registration_desk; None once
    drawn), here, registered, late_requests, entry_requests and full (the door's live
    part: arrivals.door_context), error; before the draw, sweep and
    entry_sweep.sweep_context's."""
    entries = entries_of(tournament)
    search_form = forms.get("search_form") or PlayerSearchForm(request.GET or None)
    found = []
    if search_form.is_valid() and search_form.cleaned_data["q"]:
        found = players_to_add(tournament, search_form.cleaned_data["q"], SEARCH_RESULTS)
    labels = dict(Match.Status.choices)
    counts = [(labels[status], total) for status, total in match_counts(tournament)]
    open_matches = open_matches_of(tournament)
    seeds_form = forms.get("seeds_form") or SeedsForm(entries=entries)
    can_redraw = operations.draw_can_be_remade(tournament)
    if not can_redraw:
        for field in seeds_form.fields.values():
            field.disabled = True
    main = main_bracket(tournament)
    arrivals = read_arrivals(tournament, entries, drawn=bool(counts), under_way=not can_redraw)
    late_form = forms.get("late_form")
    if late_form is None and arrivals.byes:
        # "Arrived" beside a player the draw cannot take any more leads here, with them
        # chosen (?late=<entry>).
        chosen = request.GET.get("late", "")
        initial = {"entry": int(chosen)} if chosen.isdigit() else {}
        late_form = LateEntryForm(
            tournament=tournament,
            byes=arrivals.byes,
            waiting=arrivals.waiting,
            gone_past=operations.consolation_gone_past(tournament, arrivals.byes),
            initial=initial,
        )
    door = door_context(tournament, entries, arrivals)
    # The format's own sections of the desk (core.formats.Format.desk).
    sections = tournament.played_as.desk
    context = {
        "tournament": tournament,
        "new_seed": operations.new_draw_seed(),
        "entries": entries,
        "checked_in": sum(1 for entry in entries if entry.checked_in),
        **door,
        "main_fee": main.fee if main and main.fee > 0 else None,
        "seed_rows": seeds_form.rows(),
        "search_form": search_form,
        "found": found,
        "new_player_form": _new_player_form(forms.get("new_player_form"), door["full"]),
        "namesakes": forms.get("namesakes", []),
        "problems": operations.draw_problems(tournament, entries),
        "seeds_form": seeds_form,
        "withdraw_form": WithdrawForm(tournament=tournament),
        "reentry_form": reentry_form(tournament) if "reentry" in sections else None,
        "late_form": late_form,
        "can_redraw": can_redraw,
        "counts": counts,
        "open_matches": open_matches,
        "drawn": bool(counts),
        "rounds": _rounds(tournament, entries) if "rounds" in sections else None,
        # Public registration and its waiting list are the draw's past once it is made.
        "registration": None
        if counts
        else _registration(tournament, forms.get("registration_form")),
        "error": forms.get("error"),
        "sweep": not counts,
    }
    if not counts:
        # Entries in one sweep, before the draw.
        context.update(sweep_context(tournament, entries))
    return render(request, "director/tournament.html", context, status=status)


def _new_player_form(form, full: bool) -> NewPlayerForm:
    """The new player's form, offering to go beyond the cap only while it is reached."""
    form = form or NewPlayerForm(full=full)
    if not full:
        form.fields.pop("beyond_cap", None)
    return form


def _registration(tournament: Tournament, form) -> dict:
    """Public registration's part of the desk (director/includes/registration.html)."""
    return registration_desk(tournament, form)


def _rounds(tournament: Tournament, entries):
    """The rounds as the desk shows them (a format with a "rounds" section)."""
    return rounds_desk(tournament, sum(1 for e in entries if e.checked_in and not e.withdrawn))


@director_required
@require_GET
def tournament_desk(request, pk):
    """A tournament's desk: entries and check-in, seeds, the draw, the start."""
    return desk_page(request, tournament_of(pk))


def back_to_desk(tournament: Tournament, anchor: str = ""):
    """The redirect after an action done: the desk, at the part it changed (`anchor`)."""
    response = redirect("director-tournament", tournament.pk)
    if anchor:
        response["Location"] += f"#{anchor}"
    return response


@director_required
@require_POST
def entry_add(request, pk):
    """Register an existing player (found by the search), checked in if they are here."""
    tournament = tournament_of(pk)
    form = AddEntryForm(request.POST)
    if not form.is_valid():
        return desk_page(request, tournament, status=400, error=gettext("Choose a player to add."))
    player = form.cleaned_data["player"]
    try:
        change = operations.add_entry(
            tournament,
            player,
            checked_in=form.cleaned_data["checked_in"],
            user=request.user,
            beyond_cap=form.cleaned_data["beyond_cap"],
        )
    except operations.OperationError as error:
        return desk_page(request, tournament, status=409, error=error.message)
    messages.success(request, gettext("%(player)s registered.") % {"player": player})
    say_if_discarded(request, change)
    return back_to_desk(tournament)


@director_required
@require_POST
def entry_new(request, pk):
    """Add a player the club does not know yet, and register them. A club player named
    the same (ignoring accents, case and spacing) is offered instead, until the director
    confirms that this is someone new."""
    tournament = tournament_of(pk)
    form = NewPlayerForm(request.POST)
    if not form.is_valid():
        return desk_page(request, tournament, status=400, new_player_form=form)
    try:
        change = operations.add_new_player(
            tournament,
            form.cleaned_data["name"],
            form.cleaned_data["club"],
            checked_in=form.cleaned_data["checked_in"],
            user=request.user,
            allow_namesake=form.someone_else,
            beyond_cap=form.cleaned_data["beyond_cap"],
        )
    except operations.NamesakeExists as namesake:
        data = form.cleaned_data
        form = NewPlayerForm(initial={**data, "confirmed_name": data["name"]})
        return desk_page(
            request,
            tournament,
            status=409,
            error=namesake.message,
            new_player_form=form,
            namesakes=namesake.players,
        )
    except operations.OperationError as error:
        # What was typed stays (full: the form now offers to go beyond the cap).
        return desk_page(request, tournament, status=409, error=error.message, new_player_form=form)
    player = change.subject.player
    messages.success(request, gettext("%(player)s registered.") % {"player": player})
    say_if_discarded(request, change)
    return back_to_desk(tournament)


@director_required
@require_POST
def entry_remove(request, pk, entry_pk):
    tournament = tournament_of(pk)
    entry = get_object_or_404(
        Entry.objects.select_related("player"), pk=entry_pk, tournament=tournament
    )
    try:
        change = operations.remove_entry(tournament, entry, user=request.user)
    except operations.OperationError as error:
        return desk_page(request, tournament, status=409, error=error.message)
    said = gettext("%(player)s removed.") % {"player": entry.player}
    if change.moved_up:
        # The place freed went to the waiting list: who, so the director tells them.
        names = ", ".join(moved.player.name for moved in change.moved_up)
        said += " " + ngettext(
            "%(players)s moved up from the waiting list.",
            "%(players)s moved up from the waiting list.",
            len(change.moved_up),
        ) % {"players": names}
    messages.success(request, said)
    say_if_discarded(request, change)
    return back_to_desk(tournament)


@director_required
@require_POST
def check_in(request, pk):
    """One tap: a registered player has arrived (present=1), or is taken off (present=0)."""
    tournament = tournament_of(pk)
    form = CheckInForm(request.POST, tournament=tournament)
    if not form.is_valid():
        return desk_page(request, tournament, status=400, error=" ".join(form.errors["entry"]))
    entry = form.cleaned_data["entry"]
    try:
        change = operations.check_in(
            tournament, entry, present=form.cleaned_data["present"], user=request.user
        )
    except operations.OperationError as error:
        return desk_page(request, tournament, status=409, error=error.message)
    say_if_discarded(request, change)
    return back_to_desk(tournament, f"entry-{entry.pk}")


@director_required
@require_POST
def check_in_everyone(request, pk):
    """Everyone registered has come: check them all in at once."""
    tournament = tournament_of(pk)
    try:
        change = operations.check_in_everyone(tournament, user=request.user)
    except operations.OperationError as error:
        return desk_page(request, tournament, status=409, error=error.message)
    messages.success(request, gettext("%(count)d players checked in.") % {"count": change.subject})
    say_if_discarded(request, change)
    return back_to_desk(tournament)


@director_required
@require_POST
def late_entry(request, pk):
    """A player who arrived after the draw, into a bye's place (the desk offers them)."""
    tournament = tournament_of(pk)
    entries = entries_of(tournament)
    # Only the byes and the players not in the draw are read here, not the marks.
    found = read_arrivals(tournament, entries, drawn=tournament.matches.exists(), under_way=False)
    byes = found.byes
    form = LateEntryForm(request.POST, tournament=tournament, byes=byes, waiting=found.waiting)
    if not form.is_valid():
        return desk_page(
            request,
            tournament,
            status=400,
            error=gettext("Choose a player who is not in the draw, and a bye still open."),
            late_form=form if byes else None,
        )
    gone_past = operations.consolation_gone_past(tournament, [form.cleaned_data["match"]])
    try:
        match = operations.place_in_bye(
            tournament, form.cleaned_data["entry"], form.cleaned_data["match"], user=request.user
        )
    except operations.OperationError as error:
        return desk_page(request, tournament, status=409, error=error.message)
    params = {"player": form.cleaned_data["entry"].player, "match": match.label}
    messages.success(request, gettext("%(player)s plays %(match)s.") % params)
    if match.pk in gone_past:
        messages.warning(
            request,
            gettext(
                "The consolation has gone past the point where the loser of %(match)s "
                "would come in: if %(player)s loses it, they are out."
            )
            % params,
        )
    return back_to_desk(tournament)


@director_required
@require_POST
def seeds(request, pk):
    tournament = tournament_of(pk)
    form = SeedsForm(request.POST, entries=entries_of(tournament))
    if not form.is_valid():
        return desk_page(request, tournament, status=400, seeds_form=form)
    try:
        change = operations.set_seeds(tournament, form.seeds(), user=request.user)
    except operations.OperationError as error:
        return desk_page(request, tournament, status=409, error=error.message)
    messages.success(request, gettext("Seeds saved."))
    say_if_discarded(request, change)
    return back_to_desk(tournament)


@director_required
@require_POST
def withdraw(request, pk):
    """A registered player leaves: their remaining matches are walkovers."""
    tournament = tournament_of(pk)
    form = WithdrawForm(request.POST, tournament=tournament)
    if not form.is_valid():
        return desk_page(request, tournament, status=400, error=gettext("Choose a player."))
    player = form.cleaned_data["player"]
    if not form.cleaned_data["confirm"] and operations.is_drawn(tournament):
        # It cannot be taken back: say what it does, and ask (before the draw the
        # operation refuses, and says why, without a question).
        matches = matches_to_play_of(tournament, player)
        context = {
            "title": gettext("Withdraw %(player)s from %(tournament)s?")
            % {"player": player, "tournament": tournament.name},
            "back": reverse("director-tournament", args=[tournament.pk]),
            "action": request.path,
            "fields": {"player": player.pk},
            "lines": [gettext("It cannot be taken back.")],
            "items_heading": gettext(
                "Their open matches are lost by walkover (by retirement once begun):"
            ),
            "items": [str(match) for match in matches if match.is_open],
            "answer": gettext("Yes, withdraw %(player)s") % {"player": player},
        }
        return render(request, "director/ask_first.html", context)
    try:
        operations.withdraw(tournament, form.cleaned_data["player"], user=request.user)
    except operations.OperationError as error:
        return desk_page(request, tournament, status=409, error=error.message)
    messages.success(
        request, gettext("%(player)s has withdrawn.") % {"player": form.cleaned_data["player"]}
    )
    return back_to_desk(tournament)
