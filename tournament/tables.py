"""The site's listings as django-tables2 tables: sorted and paginated on the server,
linked to players and matches. A table's `value_*` methods give what the spreadsheet
gets, so a page and its workbook show the same figures."""

import django_tables2 as tables
from django.urls import reverse
from django.utils import formats
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext_lazy as _

from .core import league
from .queries.bracket_layout import BRACKET_LABELS

# Each cell carries its column's header (data-label) and the headers say which column
# sorts the table (aria-sort): site.css turns each row into a stack of labelled figures
# on a phone instead of a table scrolled out of sight.
TEMPLATE = "tournament/includes/table.html"


class ReflowTable(tables.Table):
    """The site's tables: rows that reflow on a phone. django-tables2 does not inherit
    a Meta, so the template and the classes are set here for every subclass."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("template_name", TEMPLATE)
        kwargs.setdefault("attrs", {"class": "data-table reflow"})
        super().__init__(*args, **kwargs)


def _number(verbose_name, cell_class="number", **kwargs):
    return tables.Column(
        verbose_name=verbose_name,
        attrs={"td": {"class": cell_class}, "th": {"class": "number"}},
        **kwargs,
    )


def _lead(verbose_name, **kwargs):
    """The column that names the row (a player): on a phone, the row's title."""
    return tables.Column(verbose_name=verbose_name, attrs={"td": {"class": "lead"}}, **kwargs)


def _rank(value: int, record) -> int | str:
    """A shared rank reads "=3", as in the club's printed tables; a rank alone, 3."""
    return league.place_label(value, tied=True) if record.tied else value


class StandingsTable(ReflowTable):
    """A season's (or a tournament's) standings: one row a player, from league.rank()."""

    rank = _number(_("Rank"), cell_class="number rank")
    player = _lead(_("Player"), linkify=True, order_by=("name",))
    league_points = _number(_("League points"))
    tournaments = _number(_("Tournaments"))
    matches_won = _number(_("Matches won"))
    matches_lost = _number(_("Matches lost"))
    games_won = _number(_("Games won"))
    games_lost = _number(_("Games lost"))
    points_won = _number(_("Points won"))
    points_lost = _number(_("Points lost"))
    gammons_won = _number(_("Gammons won"))
    backgammons_won = _number(_("Backgammons won"))
    crawford_games_won = _number(_("Crawford games won"))

    def render_rank(self, value, record):
        return _rank(value, record)

    def value_rank(self, value, record):
        # The workbook reads as the page: a shared rank is "=3" (a text cell, never a
        # formula), a rank alone a number.
        return _rank(value, record)

    def value_player(self, value):
        return value.name


def place_rows(places) -> list[dict]:
    """standings.Place objects as PlacesTable rows, main bracket first."""
    order = {kind: number for number, kind in enumerate(BRACKET_LABELS)}
    return [
        {
            "kind": place.kind,
            "kind_order": order[place.kind],
            "label": place.label,
            "place": place.place,
            "player": place.player,
            "league_points": place.league_points,
        }
        for place in places
    ]


class PlacesTable(ReflowTable):
    """A tournament's final places, bracket by bracket."""

    kind = tables.Column(verbose_name=_("Bracket"), order_by=("kind_order", "place"))
    label = tables.Column(verbose_name=_("Place"), order_by=("kind_order", "place"))
    player = _lead(_("Player"), linkify=True, order_by=("player__name",))
    league_points = _number(_("League points"))

    def render_kind(self, value):
        return BRACKET_LABELS[value]

    def value_kind(self, value):
        return str(BRACKET_LABELS[value])

    def value_player(self, value):
        return value.name


class PlayerMatchesTable(ReflowTable):
    """A player's matches: the opponent, the score from the player's side, the result.

    A player of several clubs has matches in each: `link(club, name, pk)` makes the
    address of a tournament or match in its own club's pages (web.clubs.club_reverse,
    from the page), and `with_club` names each tournament's club."""

    # The long date, as everywhere else on the page (one date format per language).
    date = tables.DateColumn(verbose_name=_("Date"), accessor="tournament__date", short=False)
    tournament = tables.Column(verbose_name=_("Tournament"), order_by=("tournament__date",))
    stage = tables.Column(verbose_name=_("Round"), orderable=False, empty_values=())
    opponent = tables.Column(verbose_name=_("Opponent"), linkify=True, order_by=("opponent_name",))
    score = tables.Column(verbose_name=_("Score"), orderable=False, empty_values=())
    result = tables.Column(verbose_name=_("Result"), empty_values=())

    def render_stage(self, record):
        # The round as every page names it: "Quarter-finals", "Consolation: Round 2", a
        # Swiss's or round robin's "Round 3" (its bye too); a friendly has none.
        return record.match.round_label or "—"

    def __init__(self, *args, link=None, with_club=False, **kwargs):
        super().__init__(*args, **kwargs)
        self.link = link or (lambda _club, name, pk: reverse(name, args=[pk]))
        self.with_club = with_club

    def render_tournament(self, value):
        club = value.season.club
        address = self.link(club, "tournament", value.pk)
        if not self.with_club:
            return format_html('<a href="{}">{}</a>', address, value.name)
        return format_html(
            '<a href="{}">{}</a> <span class="meta">{}</span>', address, value.name, club.name
        )

    def value_tournament(self, value):
        return value.name

    def render_score(self, record):
        address = self.link(record.tournament.season.club, "match", record.match.pk)
        if record.match.is_bye:
            return format_html('<a href="{}">—</a>', address)
        return format_html('<a href="{}">{}–{}</a>', address, record.mine, record.theirs)

    def value_score(self, record):
        return "" if record.match.is_bye else f"{record.mine}-{record.theirs}"

    def render_result(self, value):
        return value or "—"


class HeadToHeadTable(ReflowTable):
    """A player's record against each opponent."""

    opponent = _lead(_("Opponent"), linkify=True, order_by=("opponent_name",))
    played = _number(_("Matches"))
    won = _number(_("Won"))
    lost = _number(_("Lost"))
    points_won = _number(_("Points won"))
    points_lost = _number(_("Points lost"))


class RatingsTable(ReflowTable):
    """The club's ratings: FIBS formula, every player starting at 1500; the rows are
    queries.ratings.rated_players (rank among those listed, matches kept per player)."""

    rank = _number(_("Rank"), cell_class="number rank", order_by=("-rating",))
    name = _lead(_("Player"), linkify=lambda record: record.get_absolute_url())
    rating = _number(_("Rating"))
    rating_experience = _number(_("Experience"))
    rated = _number(_("Rated matches"), accessor="rated_matches")
    won = _number(_("Won"), accessor="rated_won")

    def render_rating(self, value, record):
        # The language's decimal mark ("1523,4" in Catalan), and a rating on too few
        # matches said in words, not only by a style.
        rating = formats.number_format(round(value, 1), 1)  # number_format cuts, not rounds
        if not record.rating_provisional:
            return rating
        return format_html('{} <span class="badge provisional">{}</span>', rating, _("provisional"))

    def value_rating(self, value):
        return round(value, 1)


class RatingListTable(ReflowTable):
    """The federation's rating list (queries.federation_ratings): the published players
    ranked, the provisional apart (no rank), or everyone by name (no rank, no trend).
    Each row is a Player with `clubs` and `trend` set for its page. The order is the
    list's rule (core.rating_list), not a visitor's choice: no column sorts."""

    rank = _number(_("Rank"), cell_class="number rank")
    name = _lead(_("Player"), linkify=lambda record: record.get_absolute_url())
    clubs = tables.Column(verbose_name=_("Clubs"), empty_values=())
    rating = _number(_("Rating"))
    rating_experience = _number(_("Experience"))
    last_rated_at = tables.DateColumn(verbose_name=_("Last rated match"), short=False)
    trend = _number(_("Trend"), empty_values=())

    class Meta:
        orderable = False

    def render_clubs(self, record):
        return format_html_join(
            ", ",
            '<a href="{}">{}</a>',
            ((club.get_absolute_url(), club.name) for club in record.clubs),
        )

    def render_rating(self, value):
        return _decimal(value, 1)

    def render_trend(self, record):
        # Signed, so that a rise and a fall read at a glance: a plus, or a minus sign (U+2212).
        value = round(record.trend, 1)
        if value == 0:
            return _decimal(0.0, 1)
        sign = "+" if value > 0 else "\u2212"
        return f"{sign}{_decimal(abs(value), 1)}"


def _decimal(value: float, places: int) -> str:
    # The language's decimal mark; number_format cuts, so round first.
    return formats.number_format(round(value, places), places)


class SkillTable(ReflowTable):
    """A season's GNUBG PR table (queries.skill_tables.season_skill): one row a player
    with enough analysed decisions, the PR averaged over their matches, weighted by
    decisions. The workbook's Skill sheet is this table's values."""

    name = _lead(_("Player"), linkify=lambda record: record.get_absolute_url())
    matches = _number(_("Matches analysed"))
    decisions = _number(_("Decisions analysed"))
    pr = _number(_("GNUBG PR"))
    best = _number(_("Best match PR"))
    worst = _number(_("Worst match PR"))
    luck = _number(_("Luck (EMG)"))
    grade = tables.Column(
        verbose_name=_("Grade band (indication)"), order_by=("pr",), empty_values=()
    )

    def render_pr(self, value):
        return format_html("<strong>{}</strong>", _decimal(value, 1))

    def render_best(self, value):
        return _decimal(value, 1)

    def render_worst(self, value):
        return _decimal(value, 1)

    def render_luck(self, value):
        return _decimal(value, 2)

    def render_grade(self, value):
        return _(value.label) if value else "—"

    # The workbook: numbers as numbers (two decimals kept, shown with one), the band
    # as text.
    def value_pr(self, value):
        return round(value, 2)

    def value_best(self, value):
        return round(value, 2)

    def value_worst(self, value):
        return round(value, 2)

    def value_luck(self, value):
        return round(value, 3)

    def value_grade(self, value):
        return str(_(value.label)) if value else ""
