"""A decision's drawn board with its words (docs/skill.md, "The drawn board"): the
figures to draw (core.board_drawing) and the position said in a sentence a screen reader
reads, in the request's language, from gnubg's position and match IDs; and gnubg's cube
actions and verdicts ("No double", "Too good to double, pass") in that language.

The IDs come from the stored analysis; they are decoded (and so checked) before anything
is drawn, and a bad pair gives no board rather than an error page."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext, pgettext_lazy

from .core.board_drawing import Drawing, drawing
from .core.positions import POINTS, Decision, InvalidId, Side, decision

# GNU Backgammon's words for a cube decision, as its analysis stores them: the action
# taken (engines.gnubg_output: "No double", "Double", "Take", "Pass") and gnubg's proper
# cube action (its GetCubeRecommendation, 1.07). A context keeps them apart from the
# site's own "Double" or "Pass" (the context "cube action"); a word gnubg adds later is
# shown as it prints it.
CUBE_WORDS = {
    "No double": pgettext_lazy("cube action", "No double"),
    "Double": pgettext_lazy("cube action", "Double"),
    "Take": pgettext_lazy("cube action", "Take"),
    "Pass": pgettext_lazy("cube action", "Pass"),
    "Double, take": pgettext_lazy("cube action", "Double, take"),
    "Double, pass": pgettext_lazy("cube action", "Double, pass"),
    "Double, beaver": pgettext_lazy("cube action", "Double, beaver"),
    "No double, take": pgettext_lazy("cube action", "No double, take"),
    "No double, beaver": pgettext_lazy("cube action", "No double, beaver"),
    "Too good to double, take": pgettext_lazy("cube action", "Too good to double, take"),
    "Too good to double, pass": pgettext_lazy("cube action", "Too good to double, pass"),
    "Redouble, take": pgettext_lazy("cube action", "Redouble, take"),
    "Redouble, pass": pgettext_lazy("cube action", "Redouble, pass"),
    "No redouble, take": pgettext_lazy("cube action", "No redouble, take"),
    "No redouble, beaver": pgettext_lazy("cube action", "No redouble, beaver"),
    "Too good to redouble, take": pgettext_lazy("cube action", "Too good to redouble, take"),
    "Too good to redouble, pass": pgettext_lazy("cube action", "Too good to redouble, pass"),
    "Never double, take (dead cube)": pgettext_lazy(
        "cube action", "Never double, take (dead cube)"
    ),
    "Never redouble, take (dead cube)": pgettext_lazy(
        "cube action", "Never redouble, take (dead cube)"
    ),
    "Optional double, take": pgettext_lazy("cube action", "Optional double, take"),
    "Optional double, pass": pgettext_lazy("cube action", "Optional double, pass"),
    "Optional double, beaver": pgettext_lazy("cube action", "Optional double, beaver"),
    "Optional redouble, take": pgettext_lazy("cube action", "Optional redouble, take"),
    "Optional redouble, pass": pgettext_lazy("cube action", "Optional redouble, pass"),
}


def cube_words(text: str) -> str:
    """gnubg's cube action or verdict `text` in the reader's language."""
    said = CUBE_WORDS.get(text)
    return text if said is None else str(said)


@dataclass(frozen=True)
class Board:
    drawing: Drawing
    description: str
    player: str  # who decides (who erred), at the bottom
    opponent: str
    player_pips: int
    opponent_pips: int


def board(position_id: str, match_id: str, player: str, opponent: str) -> Board | None:
    """The board of one decision, seen by `player` (the one deciding), or None if the
    IDs are not gnubg's."""
    try:
        seen = decision(position_id, match_id)
    except InvalidId:
        return None
    return Board(
        drawing=drawing(seen),
        description=describe(seen, player, opponent),
        player=player,
        opponent=opponent,
        player_pips=seen.mine.pips,
        opponent_pips=seen.theirs.pips,
    )


def _checkers(side: Side, numbers: list[tuple[int, int]]) -> str:
    """`numbers`: (the side's point index, its number from the deciding player's side),
    in the order to say them."""
    parts = [
        gettext("%(count)s on the %(point)s-point") % {"count": side.points[index], "point": n}
        for index, n in numbers
        if side.points[index]
    ]
    if side.bar:
        parts.append(gettext("%(count)s on the bar") % {"count": side.bar})
    if side.off:
        parts.append(gettext("%(count)s borne off") % {"count": side.off})
    return ", ".join(parts)


def describe(seen: Decision, player: str, opponent: str) -> str:
    """The position in words, every point numbered from `player`'s side: whose turn and
    the dice, each side's checkers, the cube, the score."""
    match = seen.match
    if match.doubled:
        turn = gettext("%(opponent)s doubles to %(cube)s; %(player)s to take or pass.") % {
            "opponent": opponent,
            "cube": match.cube * 2,
            "player": player,
        }
    elif match.dice:
        dice = f"{match.dice[0]}-{match.dice[1]}"
        turn = gettext("%(player)s to play %(dice)s.") % {"player": player, "dice": dice}
    else:
        turn = gettext("%(player)s to roll or double.") % {"player": player}
    # Mine from my 24-point down to my 1-point, the way they travel; the opponent's the
    # way theirs travel, from my 1-point up (their point index i is my 24 - i).
    mine = _checkers(seen.mine, [(i, i + 1) for i in reversed(range(POINTS))])
    theirs = _checkers(seen.theirs, [(POINTS - n, n) for n in range(1, POINTS + 1)])
    sentences = [turn]
    for name, checkers, pips in (
        (player, mine, seen.mine.pips),
        (opponent, theirs, seen.theirs.pips),
    ):
        sentences.append(
            gettext("%(name)s: %(checkers)s; pip count %(pips)s.")
            % {"name": name, "checkers": checkers, "pips": pips}
        )
    owner = seen.cube_mine
    if owner is None:
        if match.cube == 1:
            sentences.append(gettext("The cube is in the middle."))
        else:
            sentences.append(
                gettext("The cube is in the middle at %(cube)s.") % {"cube": match.cube}
            )
    else:
        sentences.append(
            gettext("%(name)s owns the cube at %(cube)s.")
            % {"name": player if owner else opponent, "cube": match.cube}
        )
    if match.length:
        mine_score, their_score = seen.score
        sentences.append(
            gettext("Score: %(player)s %(mine)s, %(opponent)s %(theirs)s, match to %(length)s.")
            % {
                "player": player,
                "mine": mine_score,
                "opponent": opponent,
                "theirs": their_score,
                "length": match.length,
            }
        )
        if match.crawford:
            sentences.append(gettext("Crawford game") + ".")
    else:
        sentences.append(gettext("Money game."))
    return " ".join(sentences)
