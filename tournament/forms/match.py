"""The match sheet's forms: the next game, penalty points before the first one, a table,
a side (the player who did not show, retires or lost on time), a confirmation, and a
transcript to import. What the rules allow is the core's and the operations' to say."""

from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError
from django.core.validators import RegexValidator
from django.utils.translation import gettext_lazy as _

from ..core.scoring import GameResult, MatchState, most_penalty_points
from ..models import Game, Match

# A cube beyond this is a typo, whatever the rules say about redoubling without limit.
MAX_CUBE = 2**20
CUBE_CHOICES = [1, 2, 4, 8, 16, 32, 64, 128]


class VersionField(forms.IntegerField):
    """The match version the form was shown with (optimistic locking)."""

    widget = forms.HiddenInput

    def __init__(self, **kwargs):
        super().__init__(min_value=0, max_value=2**31 - 1, **kwargs)


class _ChoicesNow:
    """A widget offering every choice of a game with the cube live: those the rules
    close now are disabled (and hidden: `closed`), and those the Crawford game closes
    carry data-crawford-closed, for js/entry_count.js to close or open again when the
    games waiting on the device lead into or past the Crawford game."""

    closed: frozenset[str] = frozenset()
    crawford_closed: frozenset[str] = frozenset()

    def create_option(self, name, value, label, selected, index, subindex=None, attrs=None):
        option = super().create_option(name, value, label, selected, index, subindex, attrs)
        if str(value) in self.crawford_closed:
            option["attrs"]["data-crawford-closed"] = True
        if str(value) in self.closed:
            option["attrs"].update(disabled=True, hidden=True)
        return option


class ChoicesNowSelect(_ChoicesNow, forms.Select):
    pass


class ChoicesNowRadios(_ChoicesNow, forms.RadioSelect):
    pass


class FirstOptionFocused(forms.RadioSelect):
    """Radio buttons whose first one has the focus when the page opens: the director
    records a game from the keyboard without tabbing through the page first (and,
    after recording one, the next game's form has the focus again)."""

    def create_option(self, name, value, label, selected, index, subindex=None, attrs=None):
        option = super().create_option(name, value, label, selected, index, subindex, attrs)
        if index == 0:
            option["attrs"]["autofocus"] = True
        return option


class GameForm(forms.Form):
    """The next game of a match: winner, result, cube, how it ended, beaver.

    It offers only what the season and the score allow (no cube in the Crawford game, no
    beaver where the season has none), but accepts any known value: whatever is posted,
    `operations.record_game` replays it and refuses an illegal game with its message.
    """

    version = VersionField()
    winner = forms.TypedChoiceField(label=_("Winner"), coerce=int, widget=forms.RadioSelect)
    kind = forms.ChoiceField(
        label=_("Result"), choices=Game.KIND_CHOICES, initial="single", widget=forms.RadioSelect
    )
    cube = forms.IntegerField(
        label=_("Cube"), min_value=1, max_value=MAX_CUBE, initial=1, widget=forms.Select
    )
    how = forms.ChoiceField(
        label=_("How it ended"),
        choices=Game.HOW_CHOICES,
        initial="played",
        widget=forms.RadioSelect,
    )
    beaver = forms.BooleanField(label=_("A beaver was given"), required=False)
    # The key a device gave this entry (js/offline_entry.js adds it; a form posted by the
    # browser itself has none): the server records an entry once however often it comes.
    entry = forms.CharField(
        required=False,
        max_length=64,
        widget=forms.HiddenInput,
        validators=[RegexValidator(r"^[A-Za-z0-9-]{16,64}$", _("The entry's key is damaged."))],
    )

    def __init__(self, *args, match: Match, state: MatchState, focus: bool = False, **kwargs):
        """`focus`: the winner's first button has the focus (the director's sheet, where
        this is the one form the page is for)."""
        super().__init__(*args, **kwargs)
        self.match, self.state, self.focus = match, state, focus
        if focus:
            self.fields["winner"].widget = FirstOptionFocused()
        self.fields["winner"].choices = [(0, match.player1.name), (1, match.player2.name)]
        self.fields["version"].initial = match.version
        # Only the widgets offer what scoring says the next game may be; the fields keep
        # every known value so that a forged or stale post reaches replay() and gets the
        # rule's own message. They hold a live cube's choices, those closed now disabled
        # and hidden (the Crawford game's), so that a device counting the games it has
        # not sent yet can open them again after the Crawford game.
        allowed = state.next_game
        live, crawford = state.next_game_if(crawford=False), state.next_game_if(crawford=True)
        cubes = [str(cube) for cube in (CUBE_CHOICES if live.cube else [1])]
        no_cube = frozenset(cube for cube in cubes if cube != "1")
        self.fields["cube"].widget = ChoicesNowSelect(choices=[(cube, cube) for cube in cubes])
        self.fields["cube"].widget.closed = frozenset() if allowed.cube else no_cube
        self.fields["cube"].widget.crawford_closed = frozenset() if crawford.cube else no_cube
        self.fields["how"].widget = ChoicesNowRadios(
            choices=[(value, label) for value, label in Game.HOW_CHOICES if value in live.hows]
        )
        self.fields["how"].widget.closed = frozenset(live.hows) - set(allowed.hows)
        self.fields["how"].widget.crawford_closed = frozenset(live.hows) - set(crawford.hows)
        for name in ("cube", "how"):
            self.fields[name].widget.is_required = self.fields[name].required
        self.offers_beaver = live.beaver
        self.beaver_closed = not allowed.beaver
        if self.offers_beaver and self.beaver_closed:
            self.fields["beaver"].widget.attrs["disabled"] = True
        self.beaver_crawford_closed = not crawford.beaver

    def shown_again(self, error: str) -> GameForm:
        """The form to show again after the game was refused, with the reason above it.

        It keeps each of the director's choices (the result, the cube, how it ended,
        the beaver, in that order) only where the rules still allow it for the next game
        with the choices kept before it (`MatchState.allows`, the core's own checks), and
        the widgets offer it; else its default. So a refused "double dropped" in the
        Crawford game, or a dropped gammon, falls back to "played out", no radio is left
        unchosen, and "Record" records a legal game."""
        chosen = self.cleaned_data
        kept = {name: self.fields[name].initial for name in ("kind", "cube", "how")}
        kept.update(winner=chosen["winner"], beaver=False)
        for name in ("kind", "cube", "how", "beaver"):
            trial = {**kept, name: chosen[name]}
            if self._offers(name, chosen[name]) and self.state.allows(GameResult(**trial)):
                kept = trial
        data = self.data.copy()
        for name in ("kind", "cube", "how"):
            data[name] = str(kept[name])
        if not kept["beaver"]:
            data.pop("beaver", None)
        again = GameForm(
            data, match=self.match, state=self.state, focus=self.focus, auto_id=self.auto_id
        )
        again.is_valid()
        again.add_error(None, error)
        return again

    def _offers(self, name: str, value) -> bool:
        """The form shows that value for that field, open (the beaver box only where
        offered and open now)."""
        if name == "beaver":
            return (self.offers_beaver and not self.beaver_closed) or not value
        widget = self.fields[name].widget
        shown = {str(choice) for choice, _label in widget.choices}
        return str(value) in shown - getattr(widget, "closed", frozenset())

    @property
    def score_data(self) -> dict[str, object]:
        """The match as the form was shown, for js/entry_count.js to count the games
        waiting on the device from (data-* attributes): the length, the raw score, the
        Crawford rule, whether the Crawford game was played or comes next, and the
        points a single, a gammon and a backgammon are worth this season (x the cube)."""
        state, rules = self.state, self.state.rules
        return {
            "length": state.length,
            "score": f"{state.raw_score[0]} {state.raw_score[1]}",
            "crawford-rule": int(rules.crawford),
            "crawford-played": int(state.crawford_game is not None),
            "next-crawford": int(state.next_is_crawford),
            "points": " ".join(
                str(rules.multiplier(kind)) for kind in ("single", "gammon", "backgammon")
            ),
        }

    @property
    def result(self) -> GameResult:
        data = self.cleaned_data
        return GameResult(
            winner=data["winner"],
            kind=data["kind"],
            cube=data["cube"],
            how=data["how"],
            beaver=data["beaver"],
        )


class SideForm(forms.Form):
    """Which player: the one who did not come (walkover) or who retires; `confirm` once
    the director has answered "are you sure?" (a retirement, a loss on time)."""

    version = VersionField()
    side = forms.TypedChoiceField(coerce=int, widget=forms.RadioSelect)
    confirm = forms.BooleanField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args, match: Match, **kwargs):
        super().__init__(*args, **kwargs)
        names = [player.name if player else "?" for player in match.players]
        self.fields["side"].choices = list(enumerate(names))
        self.fields["version"].initial = match.version


class ConfirmForm(forms.Form):
    """A correction the director has been asked to confirm."""

    version = VersionField()
    confirm = forms.BooleanField(required=False)


class TranscriptForm(forms.Form):
    """A .mat file onto a match; the second step carries the text back with the
    director's choice of who is who."""

    file = forms.FileField(label=_("Match file (.mat)"), required=False)
    transcript = forms.CharField(widget=forms.HiddenInput, required=False, max_length=2**20)
    swapped = forms.TypedChoiceField(
        label=_("Who is who"),
        choices=[(0, _("in the file's order")), (1, _("the other way round"))],
        coerce=int,
        required=False,
        empty_value=None,  # not answered yet: the names decide, or the director is asked
        widget=forms.RadioSelect,
    )
    # The second step's "yes" to a file with warnings (a transcriber's slips): the games
    # are recorded as GNU Backgammon reads them. Only with the text carried back.
    confirm_warnings = forms.BooleanField(widget=forms.HiddenInput, required=False)

    def clean(self):
        data = super().clean()
        if not data.get("file") and not data.get("transcript"):
            raise ValidationError(_("Choose a .mat file to import."))
        if data.get("file"):
            data["confirm_warnings"] = False  # a new file's warnings are not seen yet
        return data


class PenaltyForm(forms.Form):
    """Lateness penalty points for the waiting player, before the first game."""

    version = VersionField()
    side = forms.TypedChoiceField(
        label=_("Awarded to (the player who was kept waiting)"),
        coerce=int,
        widget=forms.RadioSelect,
    )
    points = forms.IntegerField(label=_("Points"), min_value=1, initial=1)
    minutes_late = forms.IntegerField(
        label=_("Minutes late"), min_value=0, max_value=600, required=False
    )

    def __init__(self, *args, match: Match, **kwargs):
        super().__init__(*args, **kwargs)
        names = [player.name if player else "?" for player in match.players]
        self.fields["side"].choices = list(enumerate(names))
        self.fields["version"].initial = match.version
        self.fields["points"] = forms.IntegerField(
            label=_("Points"), min_value=1, max_value=most_penalty_points(match.length), initial=1
        )


class TableForm(forms.Form):
    """Another free table for a match."""

    version = VersionField()
    table = forms.ChoiceField(label=_("Table"))

    def __init__(self, *args, match: Match, free: list[str], **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["table"].choices = [
            (name, _("Table %(number)s") % {"number": name} if name.isdigit() else name)
            for name in free
        ]
        self.fields["version"].initial = match.version


def _clock_time(text: str) -> int | None:
    """ "12:30" (minutes and seconds left on a clock) as seconds; "" as None."""
    text = text.strip()
    if not text:
        return None
    minutes, colon, seconds = text.partition(":")
    if not (minutes.isdigit() and (not colon or (seconds.isdigit() and len(seconds) == 2))):
        raise ValidationError(_("Write the time left as minutes:seconds, e.g. 12:30."))
    total = int(minutes) * 60 + (int(seconds) if colon else 0)
    if colon and int(seconds) > 59:
        raise ValidationError(_("Write the time left as minutes:seconds, e.g. 12:30."))
    return total


class AdjournForm(forms.Form):
    """A match adjourned at its score: each player's time left on the clock, if one
    is used, noted to set the clock again at the resumption."""

    version = VersionField()
    clock1 = forms.CharField(label=_("First player's time left"), max_length=8, required=False)
    clock2 = forms.CharField(label=_("Second player's time left"), max_length=8, required=False)

    def clean_clock1(self):
        return _clock_time(self.cleaned_data["clock1"])

    def clean_clock2(self):
        return _clock_time(self.cleaned_data["clock2"])
