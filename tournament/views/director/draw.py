"""The draw and the start of a tournament, and the match slips to print: the draw is
previewed from a seed, drawn again, made from the players checked in (the page says
who is left out), and shown as made once it is; the slips of a round print together.
Every view needs the directors' permission; every write goes through `operations`.
"""

from django.contrib import messages
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from ... import operations
from ...core import draw, scoring
from ...forms import DrawForm
from ...models import stored_draw
from ...operations.avoided_pairs import avoided_pairs, names_of
from ...operations.links import links_for
from ...queries.bracket_layout import BRACKET_LABELS, DOUBLE_LABELS, round_name
from ...queries.director_pages import (
    boards_of_round,
    bracket_round_to_play,
    first_round_rows,
    players_by_id,
    round_to_play,
    slip_matches,
    team_names,
    with_games,
)
from ...rule_texts import rules_in_one_line
from ...web.access import director_required
from .tournament import back_to_desk, desk_page, entries_of, tournament_of


def _preview(plan: draw.DrawPlan, players: dict) -> list[dict]:
    """The draw as the director checks it: each bracket's first round, byes included."""
    brackets = []
    names = draw.names_of(plan)
    for bracket in plan.brackets:
        first = bracket.round_matches(1)
        rows = []
        for planned in first:
            sides = []
            for source in planned.sources:
                if source.kind == draw.ENTRANT:
                    sides.append(players[source.entrant].name)
                else:
                    sides.append(names.describe(source, gettext, within=bracket.kind))
            rows.append((planned.slot.position, sides))
        brackets.append(
            {
                "label": DOUBLE_LABELS.get(bracket.kind, BRACKET_LABELS[bracket.kind])
                # The cup's draw names a double elimination's brackets (losers', grand final).
                if draw.ends_in_grand_final(plan.consolation)
                else BRACKET_LABELS[bracket.kind],
                "round": round_name(bracket.kind, 1, bracket.rounds),
                "rounds": bracket.rounds,
                "matches": rows,
            }
        )
    return brackets


def _entrants(match: draw.PlannedMatch) -> tuple:
    return tuple(source.entrant for source in match.sources)


def _club_preview(made: operations.club_nights.ClubDraw, players: dict) -> list[dict]:
    """A Swiss's round 1, or each round-robin group with its players and round 1."""
    sections = []
    for index, group in enumerate(made.groups, start=1):
        number = index if len(made.groups) > 1 else 0
        first = next(r for r in made.rounds if r.group == number and r.number == 1)
        rows = [
            (position, [players[a].name, players[b].name])
            for position, (a, b) in enumerate(first.pairs, start=1)
        ]
        if first.bye is not None:
            rows.append((len(rows) + 1, [players[first.bye].name, gettext("bye")]))
        sections.append(
            {
                "label": gettext("Group %(number)s") % {"number": number} if number else "",
                "members": [players[key].name for key in group] if number else [],
                "round": gettext("Round %(number)s") % {"number": 1},
                "matches": rows,
            }
        )
    return sections


def _stored_club_draw(tournament) -> operations.club_nights.ClubDraw | None:
    """The club night's draw as stored: its groups and first rounds."""
    rounds: dict[int, operations.club_nights.Round] = {}
    members: dict[int, list[int]] = {}
    for match in first_round_rows(tournament):
        stored = rounds.setdefault(
            match.group, operations.club_nights.Round(match.group, 1, (), None)
        )
        members.setdefault(match.group, []).extend(
            p for p in (match.player1_id, match.player2_id) if p is not None
        )
        if match.player2_id is None:
            rounds[match.group] = operations.club_nights.Round(
                match.group, 1, stored.pairs, match.player1_id
            )
        else:
            rounds[match.group] = operations.club_nights.Round(
                match.group, 1, (*stored.pairs, (match.player1_id, match.player2_id)), stored.bye
            )
    if not rounds:
        return None
    return operations.club_nights.ClubDraw(
        tuple(tuple(members[g]) for g in sorted(members)), tuple(rounds[g] for g in sorted(rounds))
    )


def _teams_draw_context(tournament, context: dict, form) -> None:
    """A team event's groups of teams and each group's first round."""
    made = not form.is_bound and tournament.team_matches.exists()
    context["made"] = made
    if made:
        context["seed"] = tournament.draw_seed
    try:
        groups = (
            operations.teams.stored_preview(tournament)
            if made
            else operations.teams.preview(tournament, context["seed"])
        )
    except operations.OperationError as error:
        context["error"] = error.message
        return
    names = team_names(tournament)
    context["brackets"] = [
        {
            "label": gettext("Group %(number)s") % {"number": number} if len(groups) > 1 else "",
            "members": [names[team] for team in members],
            "round": gettext("Round %(number)s") % {"number": 1},
            "matches": [
                (fixture.position, [names[fixture.teams[0]], names[fixture.teams[1]]])
                for fixture in first
            ],
        }
        for number, (members, first) in enumerate(groups, start=1)
    ]


def _club_draw_context(tournament, context: dict, form) -> None:
    made = None if form.is_bound else _stored_club_draw(tournament)
    context["made"] = made is not None
    if made is not None:
        context["seed"] = tournament.draw_seed
    try:
        made = made or operations.preview_club_draw(tournament, context["seed"])
    except operations.OperationError as error:
        context["error"] = error.message
        return
    keys = [key for group in made.groups for key in group]
    context["brackets"] = _club_preview(made, players_by_id(keys))
    if tournament.played_as.apart == "every_round":
        _unkept(tournament, context, made.rounds[0].pairs)


def _unkept(tournament, context: dict, pairs) -> None:
    """The avoided pairs that meet in round 1 of the draw shown, in words: a preview
    meets them only when no draw keeps them apart; a draw made may predate the pair."""
    avoid = avoided_pairs(tournament)
    meeting = [pair for pair in map(frozenset, pairs) if pair in avoid]
    context["unkept"] = names_of(meeting) if meeting else []


def _bracket_draw_context(tournament, context: dict, form) -> None:
    """A cup's brackets, each with its first round: the draw stored, or a preview."""
    stored = None if form.is_bound else stored_draw.load(tournament)
    context["made"] = stored is not None
    if stored is not None:
        context["seed"] = tournament.draw_seed
    try:
        plan = stored.plan if stored else operations.preview_draw(tournament, context["seed"])
    except draw.DrawError as error:
        context["error"] = error.message(gettext)
        return
    players = players_by_id(list(plan.entrants))
    context["brackets"] = _preview(plan, players)
    first = plan.bracket(draw.MAIN).round_matches(1)
    _unkept(tournament, context, (_entrants(match) for match in first if all(_entrants(match))))


# The director's draw page of each way of drawing (core.formats.Format.draws): what
# fills it.
DRAW_PAGES = {
    "bracket": _bracket_draw_context,
    "rounds": _club_draw_context,
    "teams": _teams_draw_context,
}


@director_required
@require_http_methods(["GET", "POST"])
def draw_view(request, pk):
    """GET: the draw that was made, once there is one; before that, or with ?seed=N
    (a new random seed: "draw again"), the preview of the draw that seed makes. POST
    seed: make it.

    Template: director/draw.html; context: tournament, seed, made (this is the stored
    draw), brackets, can_redraw, left_out (registered players not checked in, or who
    withdrew before the draw), problems (where the stored draw and the entries
    disagree), unkept (the avoided pairs meeting in round 1, in words), error."""
    tournament = tournament_of(pk)
    data = request.POST if request.method == "POST" else request.GET
    # A post is always read as a draw to make: one without a seed is refused as such.
    form = DrawForm(data if "seed" in data or request.method == "POST" else None)
    if form.is_bound and not form.is_valid():
        return desk_page(request, tournament, status=400, error=gettext("That is not a draw seed."))
    if request.method == "POST":
        try:
            operations.make_draw(tournament, rng_seed=form.cleaned_data["seed"], user=request.user)
        except draw.DrawError as error:
            return desk_page(request, tournament, status=409, error=error.message(gettext))
        except operations.OperationError as error:
            return desk_page(request, tournament, status=409, error=error.message)
        messages.success(request, gettext("Draw made."))
        return back_to_desk(tournament)
    context = {
        "tournament": tournament,
        "seed": form.cleaned_data["seed"] if form.is_bound else operations.new_draw_seed(),
        "made": False,
        "error": None,
        "brackets": [],
        "can_redraw": operations.draw_can_be_remade(tournament),
        "new_seed": operations.new_draw_seed(),
        "left_out": [],
        "problems": operations.draw_problems(tournament),
        "unkept": [],
    }
    # The draw made, or a preview, as the format draws (it sets made, and the seed of a
    # draw made).
    DRAW_PAGES[tournament.played_as.draws](tournament, context, form)
    if not context["made"]:
        # A preview leaves out who has not checked in or withdrew before it; a draw made
        # keeps who withdrew after it (their matches are walkovers).
        context["left_out"] = [
            entry.player
            for entry in entries_of(tournament)
            if entry.withdrawn or not entry.checked_in
        ]
    return render(request, "director/draw.html", context)


@director_required
@require_POST
def start(request, pk):
    """Start a drawn tournament; one set for a later day asks first, and is then dated
    today (when today is in its season)."""
    tournament = tournament_of(pk)
    today = timezone.localdate()
    early = tournament.is_draft and tournament.date > today
    if early and request.POST.get("confirm") != "on":
        in_season = tournament.season.holds(today)
        context = {
            "title": gettext("%(tournament)s is set for %(date)s, not today. Start it now?")
            % {"tournament": tournament.name, "date": date_format(tournament.date)},
            "lines": [
                gettext("Starting it now makes today its date.")
                if in_season
                else gettext("It keeps its date: today is not in its season.")
            ],
            "back": reverse("director-tournament", args=[tournament.pk]),
            "action": request.path,
            "fields": {},
            "answer": gettext("Yes, start it now"),
        }
        return render(request, "director/ask_first.html", context)
    dated = today if early and tournament.season.holds(today) else None
    try:
        operations.start_tournament(tournament, user=request.user, dated=dated)
    except operations.OperationError as error:
        return desk_page(request, tournament, status=409, error=error.message)
    messages.success(request, gettext("The tournament has started."))
    return back_to_desk(tournament)


# The matches of round N (?round=N) of each way of drawing in rounds
# (core.formats.Format.draws); a bracket's round also names its bracket.
ROUND_SLIPS = {"rounds": round_to_play, "teams": boards_of_round}


@director_required
@require_GET
def slips(request, pk):
    """The match slips of one round of one bracket (?bracket=main&round=1), of one round
    of a Swiss or a round robin (?round=2), or of every match ready to start or under
    way, to print and cut: players, table, length, clock, the season's rules in one
    line, a row per game and a box for the Crawford game.

    Template: director/slips.html; context: tournament, slips (match, rows, blank rows),
    rules, title."""
    tournament = tournament_of(pk)
    matches = slip_matches(tournament)  # rounds first
    kind, number = request.GET.get("bracket", ""), request.GET.get("round", "")
    round_of = ROUND_SLIPS.get(tournament.played_as.draws)
    if not kind and number.isdigit() and round_of is not None:
        matches = round_of(matches, int(number))
        title = gettext("Round %(number)s") % {"number": number}
    elif kind in draw.BRACKET_KINDS and number.isdigit():
        matches = bracket_round_to_play(matches, kind, int(number))
        title = f"{BRACKET_LABELS[kind]}, {gettext('round %(number)s') % {'number': number}}"
    else:
        matches = matches.open()
        title = gettext("Matches ready to start or under way")
    matches = with_games(matches)
    for match in matches:
        match.tournament = tournament
    context = {
        "tournament": tournament,
        "title": title,
        "rules": rules_in_one_line(tournament.season.rules),
        "slips": [(match, _slip_rows(match)) for match in matches],
        "player_links": links_for(
            player for match in matches for player in match.players if player is not None
        ),
    }
    return render(request, "director/slips.html", context)


def _slip_rows(match) -> dict:
    """A match's recorded games with their outcomes, and numbered blank rows after them."""
    games = list(match.games.all())
    try:
        outcomes = match.replay_games([game.as_result() for game in games]).games
    except scoring.IllegalGame:
        outcomes = [None] * len(games)
    blank = max(scoring.max_games(match.length) - len(games), 0)
    return {
        "rows": list(zip(games, outcomes, strict=True)),
        "blank": range(len(games) + 1, len(games) + 1 + min(blank, 15)),
    }
