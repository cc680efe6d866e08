"""Each kind of page's address on the demo club, for the accessibility checks
(tests/browser/test_browser_axe.py): the demo's own pages, plus what some kinds need
made first (a draft with entries, a game reported, analysed matches)."""

from analyses import result
from analyses import store_prs as analyse
from django.urls import reverse

from tournament import operations
from tournament.core.scoring import GameResult
from tournament.models import Match, Player, RatingChange, Season, Tournament
from tournament.operations import analysis
from tournament.operations.links import link_for, token_of
from tournament.operations.reports import report_game


def _draft_with_entries(season: Season) -> Tournament:
    tournament = operations.create_tournament(
        {"season": season, "name": "Nit de club", "date": season.tournaments.first().date,
         "tables": "Taula 1, Taula 2"},
        {"main": "3"},
    )  # fmt: skip
    # Half of them checked in: the desk shows both buttons, "check in" and "undo".
    for number, player in enumerate(Player.objects.order_by("pk")[:6]):
        operations.add_entry(tournament, player, checked_in=number % 2 == 0)
    return tournament


def addresses_on_the_demo_club() -> dict[str, str]:
    """Each page kind's path, on the demo club plus a draft and a reported game."""
    cup = Tournament.objects.get(status="running", format="cup")
    season = cup.season
    swiss = Tournament.objects.get(format="swiss", swiss_knockout=0)
    swiss_knockout = Tournament.objects.get(format="swiss", swiss_knockout__gt=0)
    round_robin = Tournament.objects.get(format="round_robin")
    with_lives = Tournament.objects.get(format="lives")
    team_event = Tournament.objects.get(format="teams", league_fixture__isnull=True)
    finished = Tournament.objects.filter(status="finished", format="cup").first()
    double = Tournament.objects.get(format="cup", consolation="double_elim")
    matches = cup.matches.filter(bracket__kind="main")
    ready = matches.filter(status="ready").first()
    live = Match.objects.filter(status="live", games__isnull=False).first()
    decided = matches.filter(status="decided", games__isnull=False).first()
    bye = Match.objects.filter(status="bye").first()
    # GNU Backgammon's figures and a drawn board beside each biggest error (gnubg's own
    # position: a checker on the bar, the cube owned, the dice rolled).
    analysed = matches.filter(status="decided").exclude(pk=decided.pk).first()
    analysis.store(analysed, result(names=("", ""), ids=("b9sBQEC3thkIAA", "QYmlACAAEAAE")))
    # A game reported on the ready match: its other player's page has the forms to
    # confirm or dispute it, and the director's queue lists it.
    report_game(ready, ready.player1, GameResult(0, kind="gammon"))
    draft = _draft_with_entries(season)
    rated = RatingChange.objects.order_by("pk").first().player
    # A match whose winner already plays on: undoing its last game asks first.
    feeding = (
        cup.matches.filter(status__in=["live", "decided"], source1_match__decided_by="games")
        .first()
        .source1_match
    )
    # Three analysed matches of the season (enough decisions for its PR table): the
    # player's Skill section with its chart, and the season's table.
    in_season = list(
        Match.objects.filter(tournament__season=season, tournament__public=True, status="decided")
        .exclude(pk__in=[decided.pk, analysed.pk])
        .filter(player1__isnull=False, player2__isnull=False)
        .order_by("pk")[:3]
    )
    for number, match in enumerate(in_season):
        analyse(match, (3.0 + number, 7.5), decisions=(210, 210))
    sheet = ("director-match", "director-history", "director-score-sheet")
    return {
        "home": reverse("home"),
        "season": season.get_absolute_url(),
        "standings": reverse("standings", args=[season.year]),
        "cup": cup.get_absolute_url(),
        "swiss": swiss.get_absolute_url(),
        "swiss-knockout": swiss_knockout.get_absolute_url(),
        "swiss-knockout-results": reverse("results", args=[swiss_knockout.pk]),
        "round-robin": round_robin.get_absolute_url(),
        "swiss-with-lives": with_lives.get_absolute_url(),
        "double-elimination": double.get_absolute_url(),
        "team-event": team_event.get_absolute_url(),
        "team-event-results": reverse("results", args=[team_event.pk]),
        "results": reverse("results", args=[finished.pk]),
        "announcement": reverse("announcement", args=[finished.pk]),
        "match-ready": ready.get_absolute_url(),
        "match-live": live.get_absolute_url(),
        "match-decided": decided.get_absolute_url(),
        "match-analysed": analysed.get_absolute_url(),
        "match-bye": bye.get_absolute_url(),
        "player": rated.get_absolute_url(),
        "player-skill": in_season[0].player1.get_absolute_url(),
        "season-skill": reverse("season-skill", args=[season.year]),
        "ratings": reverse("ratings"),
        "calls": reverse("calls", args=[cup.pk]),
        "player-page": reverse("player-page", args=[token_of(link_for(ready.player2))]),
        "player-transcript": reverse(
            "player-transcript", args=[token_of(link_for(decided.player1)), decided.pk]
        ),
        "login": reverse("login"),
        "not-found": "/no-such-page/",
        # More fields than a request may carry (DATA_UPLOAD_MAX_NUMBER_FIELDS): a 400.
        "bad-request": reverse("home") + "?" + "&".join(f"n{n}=1" for n in range(2001)),
        "desk": reverse("director-desk"),
        "tournament-desk": reverse("director-tournament", args=[cup.pk]),
        "tournament-desk-draft": reverse("director-tournament", args=[draft.pk]),
        "tournament-desk-swiss": reverse("director-tournament", args=[swiss.pk]),
        "tournament-desk-round-robin": reverse("director-tournament", args=[round_robin.pk]),
        "draw-preview": reverse("director-draw", args=[draft.pk]),
        "draw-made": reverse("director-draw", args=[cup.pk]),
        # The family cup's pairs kept apart (management/demo_avoided.py).
        "avoided-pairs": reverse(
            "director-avoided",
            args=[Tournament.objects.get(name__startswith="Copa de les Famílies").pk],
        ),
        "fees": reverse("director-fees", args=[cup.pk]),
        "money": reverse("director-money", args=[finished.pk]),
        "slips": reverse("director-slips", args=[cup.pk]),
        "match-sheet-ready": reverse(sheet[0], args=[cup.pk, ready.pk]),
        "match-sheet-live": reverse(sheet[0], args=[live.tournament_id, live.pk]),
        "match-sheet-decided": reverse(sheet[0], args=[cup.pk, decided.pk]),
        "match-sheet-feeding": reverse(sheet[0], args=[cup.pk, feeding.pk]),
        "history": reverse(sheet[1], args=[cup.pk, decided.pk]),
        "score-sheet": reverse(sheet[2], args=[cup.pk, ready.pk]),
        "reports": reverse("director-reports"),
        "player-desk": reverse("director-player", args=[ready.player1.pk]),
        "season-new": reverse("director-season-new"),
        "season-edit": reverse("director-season", args=[season.year]),
        "tournament-new": reverse("director-tournament-new"),
        "tournament-edit": reverse("director-tournament-edit", args=[cup.pk]),
        "members-import": reverse("director-members-import"),
        "event-transcripts": reverse("director-event-transcripts", args=[cup.pk]),
        "jobs": reverse("director-jobs"),
        "teams": reverse("director-teams", args=[team_event.pk]),
        "team-slips": reverse("director-slips", args=[team_event.pk]) + "?round=1",
    }
