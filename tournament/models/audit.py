"""The audit log: who did what to which match or tournament, when, before and after."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from .fields import ChoicesInCodeCharField
from .matches import Match
from .tournaments import Tournament


def ngettext_noop(singular: str, plural: str) -> tuple[str, str]:
    """A message with a plural, marked for the catalogue (our makemessages knows the
    name) but not translated: a Said translates it when it is read, by its count."""
    return (singular, plural)


class Said:
    """An entry's summary kept as its message and its values, so that the history reads
    in the reader's language, not in the language of whoever acted. The message is
    marked with gettext_noop where it is written: `Said(gettext_noop("Game %(number)s
    taken back"), number=3)`; one with a plural with ngettext_noop and the name of the
    value that counts: `Said(ngettext_noop("%(points)s point", "%(points)s points"),
    count="points", points=1)`. Values are kept as text (names) or numbers."""

    def __init__(self, text: str | tuple[str, str], count=None, **params) -> None:
        self.text, self.plural = (text, None) if isinstance(text, str) else text
        if self.plural is None and count is not None:
            # A message without a plural that says "%(count)d": `count` is its value
            # here, not the name of the value that counts (summaries such as "Round 3
            # paired: 8 matches" were kept empty before).
            params["count"], count = count, None
        self.count = count
        # A value that is itself a Said (a match's label, "Quarter-final 1") is kept as
        # one, and read in the reader's language too.
        self.params = {
            key: value
            if isinstance(value, int | float)
            else value.as_json()
            if isinstance(value, Said)
            else str(value)
            for key, value in params.items()
        }

    def __str__(self) -> str:
        return render_said(self.as_json()) or ""

    def as_json(self) -> dict:
        said = {"text": self.text, "params": self.params}
        if self.plural is not None:
            said.update(plural=self.plural, count=self.count)
        return said


def render_said(said: dict | None) -> str | None:
    """The summary in the active language, or None if it cannot be read (a message from
    an earlier version with other values): the stored text is shown then."""
    if not said:
        return None
    try:
        if said.get("plural"):
            message = ngettext(said["text"], said["plural"], said["params"][said["count"]])
        else:
            message = gettext(said["text"])
        params = dict(said["params"])
        for key, value in params.items():
            if isinstance(value, dict):  # a Said within: a match's label
                params[key] = render_said(value)
                if params[key] is None:
                    return None
        return message % params
    except (KeyError, TypeError, ValueError, AttributeError):
        return None


class AuditEntry(models.Model):
    class Action(models.TextChoices):
        GAME_RECORDED = "game_recorded", _("game recorded")
        GAME_UNDONE = "game_undone", _("last game undone")
        GAMES_REPLACED = "games_replaced", _("games corrected")
        WALKOVER = "walkover", _("walkover")
        RETIREMENT = "retirement", _("retirement")
        MATCH_REOPENED = "match_reopened", _("match reopened")
        DRAW_MADE = "draw_made", _("draw made")
        TOURNAMENT_STARTED = "tournament_started", _("tournament started")
        WITHDRAWAL = "withdrawal", _("withdrawal")
        SEASON_CREATED = "season_created", _("season created")
        SEASON_CHANGED = "season_changed", _("season rules changed")
        TOURNAMENT_CREATED = "tournament_created", _("tournament created")
        TOURNAMENT_CHANGED = "tournament_changed", _("tournament changed")
        ENTRY_ADDED = "entry_added", _("player registered")
        ENTRY_REMOVED = "entry_removed", _("registration removed")
        SEEDS_CHANGED = "seeds_changed", _("seeds changed")
        TRANSCRIPT_IMPORTED = "transcript_imported", _("match file imported")
        DRAW_DISCARDED = "draw_discarded", _("draw discarded")
        TOURNAMENT_DELETED = "tournament_deleted", _("tournament deleted")
        SEASON_DELETED = "season_deleted", _("season deleted")
        PLAYER_ADDED = "player_added", _("player added")
        PLAYER_CHANGED = "player_changed", _("player changed")
        PLAYER_DELETED = "player_deleted", _("player deleted")
        MATCH_CREATED = "match_created", _("match added")
        MATCH_DELETED = "match_deleted", _("match deleted")
        CHECK_IN = "check_in", _("check-in")
        LATE_ENTRY = "late_entry", _("late entry into a bye")
        PAYMENT = "payment", _("payment")
        PENALTY = "penalty", _("penalty points")
        PENALTY_UNDONE = "penalty_undone", _("penalty points taken back")
        TABLE_MOVED = "table_moved", _("moved to another table")
        ON_TIME = "on_time", _("lost on time")
        CLOCK_IN = "clock_in", _("clock brought in")
        LINK_ROTATED = "link_rotated", _("player's link made anew")
        GAME_REPORTED = "game_reported", _("game reported by a player")
        REPORT_DISPUTED = "report_disputed", _("reported game disputed")
        REPORT_REJECTED = "report_rejected", _("reported game rejected")
        ROUND_PAIRED = "round_paired", _("round paired")
        DOUBLE_LOSS = "double_loss", _("double loss")
        ROUND_DEADLINE = "round_deadline", _("round deadline set")
        SIGN_UP = "sign_up", _("public registration")
        ADJOURNED = "adjourned", _("match adjourned")
        RESUMED = "resumed", _("match resumed")
        RESULTS_ANNOUNCED = "results_announced", _("results announced")
        CHECK_IN_WINDOW = "check_in_window", _("check-in window opened or closed")
        ENTRY_REQUESTED = "entry_requested", _("late entry asked for by a player")
        AVOIDED_PAIR_ADDED = "avoided_pair_added", _("pair kept apart")
        AVOIDED_PAIR_REMOVED = "avoided_pair_removed", _("pair no longer kept apart")
        REENTRY = "reentry", _("re-entry of an eliminated player")
        TEAM_CHANGED = "team_changed", _("team made or changed")
        CLUB_CREATED = "club_created", _("club created")
        CLUB_CHANGED = "club_changed", _("club's details changed")
        DIRECTOR_APPOINTED = "director_appointed", _("director appointed")
        DIRECTOR_REMOVED = "director_removed", _("director removed")
        RATING_POLICY = "rating_policy", _("rating policy changed")
        LEAGUE_CHANGED = "league_changed", _("league season, division or team changed")
        FIXTURES_MADE = "fixtures_made", _("league fixtures made")
        FIXTURE_OPENED = "fixture_opened", _("league fixture's line-ups set")
        FIXTURE_RESULT = "fixture_result", _("league fixture's result recorded")
        FIXTURE_WALKOVER = "fixture_walkover", _("league fixture's walkover")
        FIXTURE_CONFIRMED = "fixture_confirmed", _("league fixture's result confirmed")
        RATING_LIST_THRESHOLDS = "rating_list_rules", _("rating list's thresholds changed")
        FEDERATION_POLICY = "federation_policy", _("federation's rating policy changed")

    at = models.DateTimeField(_("when"), default=timezone.now, db_index=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("who"),
    )
    # The account's name as it was when it acted: the history still says who did it
    # after the account is deleted (the user column is emptied then). Blank for the
    # system (a command, a migration, a player's link).
    user_name = models.CharField(_("who (name)"), max_length=150, blank=True)
    # The actions and their labels are the code's, not the migrations' (a new action
    # makes no migration: fields.ChoicesInCodeCharField); a longer code than 20 would.
    action = ChoicesInCodeCharField(_("what"), max_length=20, choices=Action.choices)
    tournament = models.ForeignKey(
        Tournament,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="audit_entries",
        verbose_name=_("tournament"),
    )
    match = models.ForeignKey(
        Match,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="audit_entries",
        verbose_name=_("match"),
    )
    # The match as it read then, so the entry still says something if the match goes.
    subject = models.CharField(_("subject"), max_length=250, blank=True)
    summary = models.CharField(_("summary"), max_length=250, blank=True)
    # The summary as a message and its values (Said), read in the reader's language.
    said = models.JSONField(_("summary as a message"), null=True, blank=True)
    before = models.JSONField(_("before"), null=True, blank=True)
    after = models.JSONField(_("after"), null=True, blank=True)

    class Meta:
        verbose_name = _("audit entry")
        verbose_name_plural = _("audit entries")
        ordering = ["-at", "-pk"]

    def __str__(self) -> str:
        # In the club's time zone: the log is read by directors at the club.
        at = timezone.localtime(self.at)
        return f"{at:%Y-%m-%d %H:%M} {self.get_action_display()}: {self.subject}"

    @property
    def who(self) -> str:
        """Who acted, by the name their account had then; "" for the system."""
        if self.user_name:
            return self.user_name
        return self.user.get_username() if self.user_id else ""

    @property
    def summary_text(self) -> str:
        """The summary in the reader's language where it was kept as a message."""
        return render_said(self.said) or self.summary
