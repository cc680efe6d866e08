"""The site's addresses: public pages, the read-only API, the director's desk, accounts."""

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path, register_converter

from .views import director, federation, public
from .web import access
from .web.season_address import SeasonYears

# A season's address is its years: "2026" (every calendar-year season's, as always) or
# "2026-27" (web.season_address).
register_converter(SeasonYears, "years")

MATCH = "director/tournaments/<int:tournament_pk>/matches/<int:pk>/"
TOURNAMENT = "director/tournaments/<int:pk>/"
# A player's private link: the token is the only credential, never logged (web.logfilters).
LINK = "p/<str:token>/"
REPORT = "director/reports/<int:pk>/"
SEASON = "seasons/<years:years>/"
LEAGUE_FIXTURE = "director/league/fixtures/<int:fixture_pk>/"

urlpatterns = [
    path("", public.home.home, name="home"),
    # The installable app (docs/offline.md): the worker at the root, so that it may look
    # after every page of the site.
    path("sw.js", public.app.service_worker, name="service-worker"),
    path("manifest.webmanifest", public.app.manifest, name="manifest"),
    path("offline/", public.app.offline, name="offline"),
    path(SEASON, public.season.season, name="season"),
    path(SEASON + "calendar.ics", public.calendars.season_calendar, name="season-calendar"),
    path(SEASON + "standings/", public.standings.season_standings, name="standings"),
    path(SEASON + "skill/", public.season.skill, name="season-skill"),
    path(SEASON + "standings.xlsx", public.downloads.season_workbook, name="standings-xlsx"),
    path("tournaments/<int:pk>/", public.tournament.tournament, name="tournament"),
    path("tournaments/<int:pk>/register/", public.registration.register, name="register"),
    path("tournaments/<int:pk>/results/", public.results.tournament_results, name="results"),
    path(
        "tournaments/<int:pk>/announcement/",
        public.announcement.announcement,
        name="announcement",
    ),
    path("tournaments/<int:pk>/calls/", public.calls.call_screen, name="calls"),
    path("tournaments/<int:pk>/door/", public.door.door, name="door"),
    path(
        "tournaments/<int:pk>/results.xlsx",
        public.downloads.tournament_workbook,
        name="results-xlsx",
    ),
    path("matches/<int:pk>/", public.match.match, name="match"),
    path("matches/<int:pk>.mat", public.downloads.match_transcript, name="match-mat"),
    # The federation's rating list (web.clubs.FEDERATION_PATHS: under any club's address).
    path("ratings/", public.ratings.ratings, name="ratings"),
    path("ratings/everyone/", public.ratings.everyone, name="ratings-everyone"),
    path("ratings/inactive/", public.ratings.inactive, name="ratings-inactive"),
    path("ratings/rating-list.xlsx", public.ratings.ratings_workbook, name="ratings-xlsx"),
    path("api/federation/ratings/", public.ratings.ratings_json, name="api-federation-ratings"),
    path("players/<int:pk>/", public.player.player, name="player"),
    path("api/tournaments/", public.api.tournaments, name="api-tournaments"),
    path("api/tournaments/<int:pk>/", public.api.tournament, name="api-tournament"),
    path("api/matches/<int:pk>/", public.api.match, name="api-match"),
    # The federation's: every club (web.clubs.FEDERATION_PATHS), its administrator's pages.
    path("clubs/", public.federation.clubs, name="clubs"),
    path("api/clubs/", public.federation.clubs_json, name="api-clubs"),
    path(
        "api/federation/results/",
        public.federation_results.results,
        name="api-federation-results",
    ),
    path("calendar/", public.federation_calendar.calendar, name="federation-calendar"),
    path("calendar.ics", public.federation_calendar.calendar_ics, name="federation-calendar-ics"),
    path("points/", public.master_points.master_points, name="master-points"),
    # The federation's league of club teams (docs/league.md), public.
    path("league/", public.league.seasons, name="league"),
    path("league/<int:season>/", public.league.season, name="league-season"),
    path("league/<int:season>/calendar/", public.league.calendar, name="league-calendar"),
    path(
        "league/<int:season>/calendar.ics",
        public.league.calendar_ics,
        name="league-calendar-ics",
    ),
    path("league/<int:season>/<int:level>/", public.league.division, name="league-division"),
    path("league/fixtures/<int:pk>/", public.league.fixture, name="league-fixture"),
    path("federation/", federation.clubs.clubs, name="federation"),
    path(
        "federation/rating-list/", federation.rating_list.rating_list, name="federation-rating-list"
    ),
    path(
        "federation/rating-policy/",
        federation.rating_policy.rating_policy,
        name="federation-rating-policy",
    ),
    path("federation/clubs/<slug:slug>/", federation.clubs.club, name="federation-club"),
    path(
        "federation/clubs/<slug:slug>/weights/",
        federation.weights.weights,
        name="federation-weights",
    ),
    path(
        "federation/clubs/<slug:slug>/appoint/",
        federation.clubs.appoint,
        name="federation-appoint",
    ),
    path(
        "federation/clubs/<slug:slug>/remove/<int:user_id>/",
        federation.clubs.remove,
        name="federation-remove",
    ),
    path("federation/league/", federation.league.seasons, name="federation-league"),
    path(
        "federation/league/<int:season>/",
        federation.league.season,
        name="federation-league-season",
    ),
    path(
        "federation/league/<int:season>/close/",
        federation.league.close,
        name="federation-league-close",
    ),
    path(
        "federation/league/divisions/<int:division>/fixtures/",
        federation.league.fixtures,
        name="federation-league-fixtures",
    ),
    # A player's own page, from their private link
    path(LINK, public.player_page.home, name="player-page"),
    path(LINK + "manifest.webmanifest", public.app.player_manifest, name="player-manifest"),
    path(
        LINK + "tournaments/<int:tournament_id>/here/",
        public.player_door.here,
        name="player-here",
    ),
    path(
        LINK + "tournaments/<int:tournament_id>/ask/",
        public.player_door.ask,
        name="player-ask-to-enter",
    ),
    path(LINK + "forget-phone/", public.player_door.forget_phone, name="player-forget-phone"),
    path(LINK + "push/", public.player_push.subscribe, name="player-push"),
    path(LINK + "push/off/", public.player_push.unsubscribe, name="player-push-off"),
    path(LINK + "calendar.ics", public.calendars.player_calendar, name="player-calendar"),
    path(LINK + "matches.zip", public.downloads.player_matches_zip, name="player-matches-zip"),
    path(LINK + "matches/<int:match_id>/report/", public.player_page.report, name="player-report"),
    path(
        LINK + "matches/<int:match_id>/confirm/", public.player_page.confirm, name="player-confirm"
    ),
    path(
        LINK + "matches/<int:match_id>/dispute/", public.player_page.dispute, name="player-dispute"
    ),
    path(
        LINK + "matches/<int:match_id>/transcript/",
        public.player_transcript.transcript,
        name="player-transcript",
    ),
    path(
        LINK + "matches/<int:match_id>/transcript/hand-in/",
        public.player_transcript.hand_in_transcript,
        name="player-hand-in",
    ),
    # The director's desk
    path("director/", director.desk.desk, name="director-desk"),
    path(MATCH, director.match.match_sheet, name="director-match"),
    path(MATCH + "undo/", director.match.undo, name="director-undo"),
    path(
        MATCH + "games/<int:number>/correct/",
        director.game_correction.correct_game,
        name="director-correct-game",
    ),
    path(MATCH + "walkover/", director.match.walkover, name="director-walkover"),
    path(MATCH + "retire/", director.match.retire, name="director-retire"),
    path(MATCH + "reopen/", director.match.reopen, name="director-reopen"),
    path(MATCH + "history/", director.history.history, name="director-history"),
    path(MATCH + "sheet/", director.score_sheet.score_sheet, name="director-score-sheet"),
    path(MATCH + "import/", director.match.import_transcript, name="director-import"),
    path(MATCH + "penalty/", director.match_conditions.penalty, name="director-penalty"),
    path(MATCH + "on-time/", director.match.on_time, name="director-on-time"),
    path(MATCH + "clock/", director.match_conditions.clock, name="director-clock"),
    path(MATCH + "table/", director.match_conditions.table, name="director-table"),
    path(MATCH + "adjourn/", director.adjourn.adjourn, name="director-adjourn"),
    path(MATCH + "resume/", director.adjourn.resume, name="director-resume"),
    path("director/reports/", director.reports.queue, name="director-reports"),
    path("director/jobs/", director.jobs.jobs, name="director-jobs"),
    path(
        "director/rating-policy/",
        director.rating_policy.rating_policy,
        name="director-rating-policy",
    ),
    path("director/jobs/<int:pk>/retry/", director.jobs.retry, name="director-job-retry"),
    path("director/push/", director.push.subscribe, name="director-push"),
    path("director/push/off/", director.push.unsubscribe, name="director-push-off"),
    path(REPORT + "accept/", director.reports.accept, name="director-report-accept"),
    path(
        REPORT + "opponent/",
        director.reports.accept_counter,
        name="director-report-accept-counter",
    ),
    path(REPORT + "correct/", director.reports.correct, name="director-report-correct"),
    path(REPORT + "reject/", director.reports.reject, name="director-report-reject"),
    path(
        "director/players/import/",
        director.members.import_members,
        name="director-members-import",
    ),
    path(
        "director/players/import/confirm/",
        director.members.confirm_import,
        name="director-members-confirm",
    ),
    path("director/players/<int:pk>/", director.player.player_desk, name="director-player"),
    path(
        "director/players/<int:pk>/contact/",
        director.player.change_contact,
        name="director-player-contact",
    ),
    path(
        "director/players/<int:pk>/link/rotate/",
        director.player.rotate_link,
        name="director-player-rotate",
    ),
    path("director/seasons/new/", director.setup.season_create, name="director-season-new"),
    path("director/seasons/<years:years>/", director.setup.season_edit, name="director-season"),
    path(
        "director/seasons/<years:years>/analyse-again/",
        director.analyse_again.analyse_again,
        name="director-analyse-again",
    ),
    path(
        "director/tournaments/new/",
        director.setup.tournament_create,
        name="director-tournament-new",
    ),
    path(TOURNAMENT, director.tournament.tournament_desk, name="director-tournament"),
    path(TOURNAMENT + "edit/", director.setup.tournament_edit, name="director-tournament-edit"),
    path(TOURNAMENT + "announce/", director.announce.announce, name="director-announce"),
    path(
        TOURNAMENT + "transcripts/",
        director.transcripts.import_event_transcripts,
        name="director-event-transcripts",
    ),
    path(
        TOURNAMENT + "transcripts/confirm/",
        director.transcripts.confirm_event_transcripts,
        name="director-event-transcripts-confirm",
    ),
    path(
        TOURNAMENT + "registration/",
        director.registration_actions.settings,
        name="director-registration",
    ),
    path(
        TOURNAMENT + "registration/<int:sign_up_pk>/accept/",
        director.registration_actions.accept,
        name="director-sign-up-accept",
    ),
    path(
        TOURNAMENT + "registration/<int:sign_up_pk>/refuse/",
        director.registration_actions.refuse,
        name="director-sign-up-refuse",
    ),
    path(TOURNAMENT + "entries/add/", director.tournament.entry_add, name="director-entry-add"),
    path(TOURNAMENT + "teams/", director.teams.teams, name="director-teams"),
    path(
        TOURNAMENT + "teams/<int:team>/remove/",
        director.teams.team_remove,
        name="director-team-remove",
    ),
    path(TOURNAMENT + "entries/new/", director.tournament.entry_new, name="director-entry-new"),
    path(
        TOURNAMENT + "entries/sweep/",
        director.entry_sweep_actions.enter_ticked,
        name="director-entry-sweep",
    ),
    path(
        TOURNAMENT + "entries/copy/",
        director.entry_sweep_actions.copy_entries,
        name="director-entry-copy",
    ),
    path(
        TOURNAMENT + "seeds/ratings/",
        director.entry_sweep_actions.seeds_from_ratings,
        name="director-seeds-from-ratings",
    ),
    path(
        TOURNAMENT + "entries/<int:entry_pk>/remove/",
        director.tournament.entry_remove,
        name="director-entry-remove",
    ),
    path(TOURNAMENT + "check-in/", director.tournament.check_in, name="director-check-in"),
    path(
        TOURNAMENT + "check-in/everyone/",
        director.tournament.check_in_everyone,
        name="director-check-in-everyone",
    ),
    path(TOURNAMENT + "door/", director.door.door_part, name="director-door"),
    path(TOURNAMENT + "door/window/", director.door.window, name="director-door-window"),
    path(
        TOURNAMENT + "door/requests/",
        director.door.answer_request,
        name="director-door-request",
    ),
    path(TOURNAMENT + "late-entry/", director.tournament.late_entry, name="director-late-entry"),
    path(TOURNAMENT + "seeds/", director.tournament.seeds, name="director-seeds"),
    path(TOURNAMENT + "withdraw/", director.tournament.withdraw, name="director-withdraw"),
    path(TOURNAMENT + "reenter/", director.lives_actions.reenter, name="director-reenter"),
    path(TOURNAMENT + "fees/", director.fees.fees, name="director-fees"),
    path(TOURNAMENT + "fees/pay/", director.fees.pay, name="director-pay"),
    path(TOURNAMENT + "fees/sweep/", director.fees.pay_in_one, name="director-pay-sweep"),
    path(TOURNAMENT + "money/", director.money.money, name="director-money"),
    path(TOURNAMENT + "money/prize/", director.money.pay_prize, name="director-pay-prize"),
    path(
        TOURNAMENT + "money/money.xlsx",
        director.money.money_workbook,
        name="director-money-xlsx",
    ),
    path(TOURNAMENT + "draw/", director.draw.draw_view, name="director-draw"),
    path(TOURNAMENT + "avoided/", director.avoided.avoided_pairs, name="director-avoided"),
    path(
        TOURNAMENT + "avoided/<int:pair_pk>/remove/",
        director.avoided.avoided_remove,
        name="director-avoided-remove",
    ),
    path(TOURNAMENT + "start/", director.draw.start, name="director-start"),
    path(TOURNAMENT + "slips/", director.draw.slips, name="director-slips"),
    path(TOURNAMENT + "rounds/pair/", director.rounds_actions.pair_next, name="director-pair-next"),
    path(
        TOURNAMENT + "rounds/without-waiting/",
        director.rounds_actions.without_waiting,
        name="director-without-waiting",
    ),
    path(
        TOURNAMENT + "rounds/pair-again/",
        director.rounds_actions.pair_again,
        name="director-pair-again",
    ),
    path(
        TOURNAMENT + "rounds/deadline/", director.rounds_actions.deadline, name="director-deadline"
    ),
    path(TOURNAMENT + "rounds/overdue/", director.rounds_actions.overdue, name="director-overdue"),
    # The league of club teams, a club's side of it (docs/league.md).
    path("director/league/", director.league.league, name="director-league"),
    path(
        "director/league/teams/<int:league_team_pk>/",
        director.league.team,
        name="director-league-team",
    ),
    path(LEAGUE_FIXTURE, director.league.fixture, name="director-league-fixture"),
    path(LEAGUE_FIXTURE + "line-ups/", director.league.line_ups, name="director-league-lineups"),
    path(LEAGUE_FIXTURE + "result/", director.league.result, name="director-league-result"),
    path(LEAGUE_FIXTURE + "confirm/", director.league.confirm, name="director-league-confirm"),
    path(LEAGUE_FIXTURE + "walkover/", director.league.walkover, name="director-league-walkover"),
    # Accounts
    path(
        "accounts/login/",
        auth_views.LoginView.as_view(redirect_authenticated_user=True),
        name="login",
    ),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("accounts/landing/", access.landing, name="landing"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
]

# The site's own error pages (web.errors): its style and language, no database.
handler400 = "tournament.web.errors.bad_request"
handler403 = "tournament.web.errors.permission_denied"
handler404 = "tournament.web.errors.page_not_found"
handler500 = "tournament.web.errors.server_error"
