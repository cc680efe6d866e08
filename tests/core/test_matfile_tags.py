"""The tags a .mat file carries about its match (core.matfile.tags): written so that no
user text breaks them, read back by our own reader, put in place of a transcript's own,
and read back by GNU Backgammon itself (event, round, site, transcriber and date as its
match information; the ratings, whose tags it discards, as its match comment)."""

from __future__ import annotations

import re
from datetime import datetime

from gnubg_program import needs_gnubg, run_gnubg

from tournament.core import matfile
from tournament.core.matfile.tags import header_lines, tag_value
from tournament.core.rules import PRESETS
from tournament.core.scoring import GameResult

STANDARD = PRESETS["standard"]
TAGS = matfile.MatchTags(
    players=("Núria Ferrer", "Pere Puig"),
    event='Open "d\'hivern"\n2026',
    round="Consolation: Semi-finals",
    site="Q-gammon",
    transcriber="Q-gammon",
    match_id="42",
    when=datetime(2026, 11, 21, 19, 5),
    ratings=(matfile.Rating(1650.254, 123), None),
)


def tagged_match() -> str:
    games = [GameResult(0, kind="gammon"), GameResult(1, cube=2), GameResult(0)]
    return matfile.retag(matfile.write(5, TAGS.players, games, STANDARD), TAGS)


def test_user_text_stays_on_its_tag_line():
    assert tag_value('a "b"\r\nc\td\x00e') == "a 'b' c d e"
    assert len(tag_value("x" * 500)) == 120
    lines = header_lines(TAGS)
    assert "; [Event \"Open 'd'hivern' 2026\"]" in lines
    assert all(line.count("\n") == 0 and line.startswith("; ") for line in lines)


def test_the_tags_as_extreme_gammon_writes_them():
    assert header_lines(TAGS) == [
        '; [Site "Q-gammon"]',
        '; [Match ID "42"]',
        '; [Player 1 "Núria Ferrer"]',
        '; [Player 2 "Pere Puig"]',
        '; [Player 1 Elo "1650.25/123"]',
        "; [Event \"Open 'd'hivern' 2026\"]",
        '; [Round "Consolation: Semi-finals"]',
        '; [EventDate "2026.11.21"]',
        '; [EventTime "19.05"]',
        '; [Transcriber "Q-gammon"]',
        "; Ratings before the match: Núria Ferrer 1650.25",
    ]


def test_our_reader_reads_the_tags_and_the_games_back():
    parsed = matfile.parse(tagged_match())
    assert parsed.headers["Round"] == "Consolation: Semi-finals"
    assert parsed.headers["EventDate"] == "2026.11.21"
    assert parsed.headers["Player 1 Elo"] == "1650.25/123"
    assert "Player 2 Elo" not in parsed.headers  # no rating, no tag
    assert parsed.players == TAGS.players
    assert len(parsed.games) == 3


def test_retag_replaces_a_transcripts_own_tags_and_keeps_the_rest():
    text = (
        '\ufeff; [Site "eXtreme Gammon"]\n; [Variation "Backgammon"]\n'
        "; Ratings before the match: old\n\n 1 point match\n\n Game 1\n"
        " Pere Puig : 0                  Núria Ferrer : 0\n  1) 21:\n      Wins 1 point\n"
    )
    tags = TAGS.swapped()  # the file's left player is the match's second
    again = matfile.retag(matfile.retag(text, tags), tags)
    assert again.count('[Site "Q-gammon"]') == 1
    assert "eXtreme Gammon" not in again
    assert '; [Variation "Backgammon"]' in again
    assert "old" not in again
    assert '; [Player 1 "Pere Puig"]' in again
    assert '; [Player 2 Elo "1650.25/123"]' in again
    assert again.endswith(text.split("\n\n", 1)[1])  # the games as they were
    assert matfile.parse(again).players == ("Pere Puig", "Núria Ferrer")


@needs_gnubg
def test_gnubg_reads_the_tags_back(tmp_path):
    path = tmp_path / "tagged.mat"
    path.write_text(tagged_match(), encoding="utf-8")
    sgf = tmp_path / "tagged.sgf"
    output = run_gnubg([f"import mat {path}", "show matchinfo", f"save match {sgf}"], tmp_path)
    assert "Event: Open 'd'hivern' 2026" in output
    assert "Round: Consolation: Semi-finals" in output
    assert "Place: Q-gammon" in output
    text = sgf.read_text(encoding="utf-8")
    properties = dict(re.findall(r"(EV|RO|DT|PC|AN|GC)\[((?:[^\]\\]|\\.)*)\]", text))
    assert properties["EV"] == "Open 'd'hivern' 2026"
    assert properties["RO"] == "Consolation: Semi-finals"
    assert properties["DT"] == "2026-11-21"
    assert properties["PC"] == "Q-gammon"
    assert properties["AN"] == "Q-gammon"
    # gnubg discards the rating tags on purpose; the comment line carries them.
    assert "Ratings before the match: Núria Ferrer 1650.25" in properties["GC"]
