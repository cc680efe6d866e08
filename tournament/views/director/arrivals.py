"""Who has arrived, on the tournament's desk: beside each registered player not checked
in, only what the operations would do with them now (a check-in, a bye's place, or too
late), and the door's part (the count, the latest arrivals, the requests and how each
may be answered), which the desk and its live refresh (views.director.door) share."""

from __future__ import annotations

from dataclasses import dataclass, field

from ... import operations
from ...models import Tournament
from ...operations.waiting_list import places

# What the desk offers beside a player who has not checked in.
CHECK_IN, LATE_ENTRY, TOO_LATE = "check_in", "late_entry", "too_late"

# How the desk may answer a request (the door's part): a late "I'm here" into a bye, by a
# check-in that makes the draw again, by a check-in into a Swiss's next round, or too
# late; a player not registered registered (and checked in, before any draw).
INTO_A_BYE, DRAW_AGAIN, NEXT_ROUND, NO_BYE = "bye", "draw_again", "next_round", "too_late"
REGISTER_HERE, REGISTER = "register_here", "register"

# The latest arrivals the door's part names, so the director sees who came meanwhile.
LATEST_ARRIVALS = 8


@dataclass
class Arrivals:
    """The draw as the desk reads it for late players: whether it is made and under way,
    the players it placed, the registered players not in it, the byes open to them."""

    drawn: bool = False
    under_way: bool = False
    placed: set = field(default_factory=set)
    waiting: list = field(default_factory=list)
    byes: list = field(default_factory=list)


def read_arrivals(tournament: Tournament, entries, *, drawn: bool, under_way: bool) -> Arrivals:
    """The draw's side of the arrivals, and beside each entry (`arrival`, or
    `undo_check_in` for one checked in) only what the operations would do: a check-in
    (or its undo) while it leaves the draw alone or the draw may still change; once a
    cup is under way, a late player goes into a bye (the late-entry form, chosen for
    them), or, with no bye left, nothing."""
    found = Arrivals(drawn=drawn, under_way=under_way)
    if drawn:
        found.placed = operations.draws.drawn_players(tournament)
        found.waiting = [
            entry
            for entry in entries
            if entry.player_id not in found.placed and not entry.withdrawn
        ]
        if found.waiting:
            found.byes = operations.byes_open_to_late_entries(tournament)
    open_ = operations.arrivals_open(tournament, drawn=drawn, under_way=under_way)
    for entry in entries:
        in_draw = entry.player_id in found.placed
        if entry.checked_in:
            entry.undo_check_in = not in_draw or not under_way
        elif in_draw or open_:
            entry.arrival = CHECK_IN
        else:
            entry.arrival = LATE_ENTRY if found.byes else TOO_LATE
    return found


def _answers(tournament: Tournament, requests, entries, arrivals: Arrivals | None) -> None:
    """Beside each request, how the desk may answer it (`answers`)."""
    by_pk = {entry.pk: entry for entry in entries}
    for asked in requests:
        asked.entry = by_pk.get(asked.entry_pk)
        if not asked.registered:
            drawn = arrivals.drawn if arrivals else False
            joins = (
                arrivals is not None
                and arrivals.under_way
                and operations.arrivals_open(tournament, drawn=True, under_way=True)
            )
            asked.answers = [REGISTER_HERE if not drawn or joins else REGISTER]
            continue
        answers = []
        if arrivals.byes:
            answers.append(INTO_A_BYE)
        if asked.entry is not None and asked.entry.arrival == CHECK_IN:
            answers.append(NEXT_ROUND if arrivals.under_way else DRAW_AGAIN)
        asked.answers = answers or [NO_BYE]


def door_context(tournament: Tournament, entries, arrivals: Arrivals | None = None) -> dict:
    """The door's part (director/includes/door_live.html), on the desk and in its live
    refresh: here and registered (the count), arrivals (the latest players checked in
    since check-in opened, latest first), late_requests (registered players who said
    "I'm here" after the draw) and entry_requests (players not registered asking to
    play), each with its `answers`, and full (the registration cap is reached: a
    registration from the desk goes beyond it). `arrivals`: read_arrivals's, when the
    caller has it; read here only for a late request."""
    opened = tournament.check_in_opened_at
    arrived = [
        entry
        for entry in entries
        if entry.checked_in and opened and entry.checked_in_at and entry.checked_in_at >= opened
    ]
    arrived.sort(key=lambda entry: entry.checked_in_at, reverse=True)
    requests = operations.waiting_requests(tournament)
    if arrivals is None and requests:
        drawn = operations.is_drawn(tournament)
        under_way = drawn and operations.has_results(tournament)
        arrivals = read_arrivals(tournament, entries, drawn=drawn, under_way=under_way)
    _answers(tournament, requests, entries, arrivals)
    playing = sum(1 for entry in entries if not entry.withdrawn)
    return {
        "here": sum(1 for entry in entries if entry.checked_in),
        "registered": len(entries),
        "arrivals": arrived[:LATEST_ARRIVALS],
        "late_requests": [asked for asked in requests if asked.registered],
        "entry_requests": [asked for asked in requests if not asked.registered],
        "full": tournament.registration_cap is not None and playing >= places(tournament),
    }
