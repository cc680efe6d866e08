"""The director's setup pages: seasons from a preset and their rules, tournaments with
their brackets' match lengths, entries and seeds, the draw (previewed, redrawn, made)
and the start. Every view needs the directors' permission; every write goes through
`operations`, and a change of entries, seeds or format after the draw says when the
draw had to go.
"""

from django.contrib import messages
from django.db.models import Count, F
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from .. import operations
from ..core import draw
from ..forms import (
    SCALE_FIELDS,
    AddEntryForm,
    DrawForm,
    NewPlayerForm,
    PlayerSearchForm,
    SeasonCreateForm,
    SeasonRulesForm,
    SeedsForm,
    TournamentForm,
    WithdrawForm,
)
from ..models import Entry, Match, Player, Season, Tournament, stored_draw
from ..queries.bracket_layout import BRACKET_LABELS, round_name
from ..rule_texts import describe_rules
from .access import director_required

SEARCH_RESULTS = 20


def _say_if_discarded(request, change: operations.Changed) -> None:
    if change.draw_discarded:
        messages.warning(
            request,
            gettext(
                "The draw was made for other entries or another format, so it was "
                "discarded: make the draw again."
            ),
        )


def _posted(request):
    """The posted data for a form (bound even when empty), or None for a GET."""
    return request.POST if request.method == "POST" else None


@director_required
@require_http_methods(["GET", "POST"])
def season_create(request):
    """A new season, its rules taken from a preset. Template: director/season_form.html."""
    form = SeasonCreateForm(_posted(request))
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        season = operations.create_season(
            data["year"], data["preset"], data["name"], user=request.user
        )
        messages.success(request, gettext("Season %(year)s created.") % {"year": season.year})
        return redirect("director-season", season.year)
    status = 400 if form.errors else 200
    return render(request, "director/season_form.html", {"form": form}, status=status)


@director_required
@require_http_methods(["GET", "POST"])
def season_edit(request, year):
    """A season's name and rule columns. Template: director/season_form.html; context:
    season, form, rule_texts (the rules as the public page words them)."""
    season = get_object_or_404(Season, year=year)
    form = SeasonRulesForm(_posted(request), instance=season)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                operations.change_season_rules(
                    season,
                    form.rules,
                    name=form.cleaned_data["name"],
                    scale={field: form.cleaned_data[field] for field in SCALE_FIELDS},
                    user=request.user,
                )
            except operations.OperationError as error:
                form.add_error(None, error.message)
            else:
                messages.success(request, gettext("Rules saved."))
                return redirect("director-season", season.year)
        status = 400
        season.refresh_from_db()
    context = {"season": season, "form": form, "rule_texts": describe_rules(season.rules)}
    return render(request, "director/season_form.html", context, status=status)


@director_required
@require_http_methods(["GET", "POST"])
def tournament_create(request):
    """A new tournament in a season. Template: director/tournament_form.html."""
    initial = {}
    if request.GET.get("season", "").isdigit():
        initial["season"] = Season.objects.filter(year=request.GET["season"]).first()
    form = TournamentForm(_posted(request), initial=initial)
    if request.method == "POST" and form.is_valid():
        tournament = operations.create_tournament(
            form.tournament_fields(), form.lengths(), user=request.user
        )
        messages.success(request, gettext("Tournament created: now register the players."))
        return redirect("director-tournament", tournament.pk)
    status = 400 if form.errors else 200
    return render(request, "director/tournament_form.html", {"form": form}, status=status)


@director_required
@require_http_methods(["GET", "POST"])
def tournament_edit(request, pk):
    """Template: director/tournament_form.html; context: tournament, form."""
    tournament = get_object_or_404(Tournament, pk=pk)
    form = TournamentForm(_posted(request), instance=tournament)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                change = operations.change_tournament(
                    tournament, form.tournament_fields(), form.lengths(), user=request.user
                )
            except operations.OperationError as error:
                form.add_error(None, error.message)
            else:
                messages.success(request, gettext("Tournament saved."))
                _say_if_discarded(request, change)
                return redirect("director-tournament", tournament.pk)
        status = 400
        tournament.refresh_from_db()
    context = {"tournament": tournament, "form": form}
    return render(request, "director/tournament_form.html", context, status=status)


def _entries(tournament: Tournament) -> list[Entry]:
    seeded_first = F("seed").asc(nulls_last=True)
    return list(tournament.entries.select_related("player").order_by(seeded_first, "player__name"))


def _tournament(pk) -> Tournament:
    return get_object_or_404(Tournament.objects.select_related("season"), pk=pk)


def _desk(request, tournament: Tournament, *, status=200, **forms):
    """Template: director/tournament.html; context: tournament, entries, search_form,
    found (players matching the search), new_player_form, namesakes (club players named
    like a new player, offered instead), seeds_form, withdraw_form, can_redraw, counts
    (matches per status), problems (where the draw and the entries disagree)."""
    entries = _entries(tournament)
    search_form = forms.get("search_form") or PlayerSearchForm(request.GET or None)
    found = []
    if search_form.is_valid() and search_form.cleaned_data["q"]:
        found = list(
            Player.objects.active()
            .search(search_form.cleaned_data["q"])
            .exclude(entries__tournament=tournament)
            .order_by("name")[:SEARCH_RESULTS]
        )
    labels = dict(Match.Status.choices)
    counts = [
        (labels[row["status"]], row["total"])
        for row in tournament.matches.values("status").annotate(total=Count("pk")).order_by()
    ]
    open_matches = (
        tournament.matches.open()
        .select_related("bracket", "player1", "player2")
        .order_by("-status", "bracket_id", "round", "position")
    )
    seeds_form = forms.get("seeds_form") or SeedsForm(entries=entries)
    can_redraw = operations.draw_can_be_remade(tournament)
    if not can_redraw:
        for field in seeds_form.fields.values():
            field.disabled = True
    context = {
        "tournament": tournament,
        "new_seed": operations.new_draw_seed(),
        "entries": entries,
        "seed_rows": seeds_form.rows(),
        "search_form": search_form,
        "found": found,
        "new_player_form": forms.get("new_player_form") or NewPlayerForm(),
        "namesakes": forms.get("namesakes", []),
        "problems": operations.draw_problems(tournament, entries),
        "seeds_form": seeds_form,
        "withdraw_form": WithdrawForm(tournament=tournament),
        "can_redraw": can_redraw,
        "counts": counts,
        "open_matches": open_matches,
        "drawn": bool(counts),
        "error": forms.get("error"),
    }
    return render(request, "director/tournament.html", context, status=status)


@director_required
@require_GET
def tournament_desk(request, pk):
    """A tournament's desk: entries, seeds, the draw, the start."""
    return _desk(request, _tournament(pk))


def _back(tournament: Tournament):
    return redirect("director-tournament", tournament.pk)


@director_required
@require_POST
def entry_add(request, pk):
    """Register an existing player (found by the search)."""
    tournament = _tournament(pk)
    form = AddEntryForm(request.POST)
    if not form.is_valid():
        return _desk(request, tournament, status=400, error=gettext("Choose a player to add."))
    try:
        change = operations.add_entry(tournament, form.cleaned_data["player"], user=request.user)
    except operations.OperationError as error:
        return _desk(request, tournament, status=409, error=error.message)
    messages.success(
        request, gettext("%(player)s registered.") % {"player": form.cleaned_data["player"]}
    )
    _say_if_discarded(request, change)
    return _back(tournament)


@director_required
@require_POST
def entry_new(request, pk):
    """Add a player the club does not know yet, and register them. A club player named
    the same (ignoring accents, case and spacing) is offered instead, until the director
    confirms that this is someone new."""
    tournament = _tournament(pk)
    form = NewPlayerForm(request.POST)
    if not form.is_valid():
        return _desk(request, tournament, status=400, new_player_form=form)
    try:
        change = operations.add_new_player(
            tournament,
            form.cleaned_data["name"],
            form.cleaned_data["club"],
            user=request.user,
            allow_namesake=form.someone_else,
        )
    except operations.NamesakeExists as namesake:
        data = form.cleaned_data
        form = NewPlayerForm(initial={**data, "confirmed_name": data["name"]})
        return _desk(
            request,
            tournament,
            status=409,
            error=namesake.message,
            new_player_form=form,
            namesakes=namesake.players,
        )
    except operations.OperationError as error:
        return _desk(request, tournament, status=409, error=error.message)
    player = change.subject.player
    messages.success(request, gettext("%(player)s registered.") % {"player": player})
    _say_if_discarded(request, change)
    return _back(tournament)


@director_required
@require_POST
def entry_remove(request, pk, entry_pk):
    tournament = _tournament(pk)
    entry = get_object_or_404(
        Entry.objects.select_related("player"), pk=entry_pk, tournament=tournament
    )
    try:
        change = operations.remove_entry(tournament, entry, user=request.user)
    except operations.OperationError as error:
        return _desk(request, tournament, status=409, error=error.message)
    messages.success(request, gettext("%(player)s removed.") % {"player": entry.player})
    _say_if_discarded(request, change)
    return _back(tournament)


@director_required
@require_POST
def seeds(request, pk):
    tournament = _tournament(pk)
    form = SeedsForm(request.POST, entries=_entries(tournament))
    if not form.is_valid():
        return _desk(request, tournament, status=400, seeds_form=form)
    try:
        change = operations.set_seeds(tournament, form.seeds(), user=request.user)
    except operations.OperationError as error:
        return _desk(request, tournament, status=409, error=error.message)
    messages.success(request, gettext("Seeds saved."))
    _say_if_discarded(request, change)
    return _back(tournament)


@director_required
@require_POST
def withdraw(request, pk):
    """A registered player leaves: their remaining matches are walkovers."""
    tournament = _tournament(pk)
    form = WithdrawForm(request.POST, tournament=tournament)
    if not form.is_valid():
        return _desk(request, tournament, status=400, error=gettext("Choose a player."))
    try:
        operations.withdraw(tournament, form.cleaned_data["player"], user=request.user)
    except operations.OperationError as error:
        return _desk(request, tournament, status=409, error=error.message)
    messages.success(
        request, gettext("%(player)s has withdrawn.") % {"player": form.cleaned_data["player"]}
    )
    return _back(tournament)


def _preview(plan: draw.DrawPlan, players: dict) -> list[dict]:
    """The draw as the director checks it: each bracket's first round, byes included."""
    brackets = []
    for bracket in plan.brackets:
        first = bracket.round_matches(1)
        rows = []
        for planned in first:
            sides = []
            for source in planned.sources:
                if source.kind == draw.ENTRANT:
                    sides.append(players[source.entrant].name)
                else:
                    sides.append(source.describe(gettext, within=bracket.kind))
            rows.append((planned.slot.position, sides))
        brackets.append(
            {
                "label": BRACKET_LABELS[bracket.kind],
                "round": round_name(bracket.kind, 1, bracket.rounds),
                "rounds": bracket.rounds,
                "matches": rows,
            }
        )
    return brackets


@director_required
@require_http_methods(["GET", "POST"])
def draw_view(request, pk):
    """GET: the draw that was made, once there is one; before that, or with ?seed=N
    (a new random seed: "draw again"), the preview of the draw that seed makes. POST
    seed: make it.

    Template: director/draw.html; context: tournament, seed, made (this is the stored
    draw), brackets, can_redraw, left_out (players who withdrew before the draw),
    problems (where the stored draw and the entries disagree), error."""
    tournament = _tournament(pk)
    data = request.POST if request.method == "POST" else request.GET
    form = DrawForm(data if "seed" in data else None)
    if form.is_bound and not form.is_valid():
        return _desk(request, tournament, status=400, error=gettext("That is not a draw seed."))
    if request.method == "POST":
        try:
            operations.make_draw(tournament, rng_seed=form.cleaned_data["seed"], user=request.user)
        except draw.DrawError as error:
            return _desk(request, tournament, status=409, error=error.message(gettext))
        except operations.OperationError as error:
            return _desk(request, tournament, status=409, error=error.message)
        messages.success(request, gettext("Draw made."))
        return _back(tournament)
    stored = None if form.is_bound else stored_draw.load(tournament)
    seed = form.cleaned_data["seed"] if form.is_bound else operations.new_draw_seed()
    context = {
        "tournament": tournament,
        "seed": tournament.draw_seed if stored else seed,
        "made": stored is not None,
        "error": None,
        "brackets": [],
        "can_redraw": operations.draw_can_be_remade(tournament),
        "new_seed": operations.new_draw_seed(),
        # A preview leaves out who withdrew before it; a stored draw keeps who withdrew
        # after it (their matches are walkovers).
        "left_out": []
        if stored
        else [entry.player for entry in _entries(tournament) if entry.withdrawn],
        "problems": operations.draw_problems(tournament),
    }
    try:
        plan = stored.plan if stored else operations.preview_draw(tournament, seed)
    except draw.DrawError as error:
        context["error"] = error.message(gettext)
    else:
        players = Player.objects.in_bulk(list(plan.entrants))
        context["brackets"] = _preview(plan, players)
    return render(request, "director/draw.html", context)


@director_required
@require_POST
def start(request, pk):
    tournament = _tournament(pk)
    try:
        operations.start_tournament(tournament, user=request.user)
    except operations.OperationError as error:
        return _desk(request, tournament, status=409, error=error.message)
    messages.success(request, gettext("The tournament has started."))
    return redirect(reverse("director-desk"))
