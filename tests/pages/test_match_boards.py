"""The drawn board beside each biggest error on the match page (docs/skill.md, "The drawn
board"): an SVG the site makes from gnubg's position and match IDs, named in words for a
screen reader, in the reader's language; a bad pair of IDs shows no board and no error.

The positions are gnubg's own (tests/data/gnubg, and its export of noisy_5pt.mat)."""

from __future__ import annotations

import re

import pytest
from analyses import result
from django.test import Client
from django.urls import reverse
from django.utils import translation

from tournament.board_words import board
from tournament.core import board_drawing
from tournament.models import Player
from tournament.operations import analysis

# gnubg's export of noisy_5pt.mat, game 4, move 100: Pere Puig to play 31 at 2-2 to 5,
# Núria Ferrer owning the cube at 2, one of her checkers on the bar.
MOVE_100 = ("b9sBQEC3thkIAA", "QYmlACAAEAAE")
# noisy_3pt.mat, game 1, move 34: Pere Puig doubles to 2, Núria Ferrer to take or pass.
THE_TAKE = ("M84ADHLjNgYiGA", "cBFgAAAAAAAE")


def test_a_position_in_words():
    with translation.override("en"):
        words = board(*MOVE_100, "Pere Puig", "Núria Ferrer").description
    # As gnubg draws it: X (Pere) on 14, 8 twice, 6 to 1; O (Núria) on his 7-point,
    # her home board, one on the bar; pips 70 and 80.
    assert words == (
        "Pere Puig to play 3-1. "
        "Pere Puig: 1 on the 14-point, 2 on the 8-point, 2 on the 6-point, 2 on the "
        "5-point, 2 on the 4-point, 1 on the 3-point, 2 on the 2-point, 3 on the 1-point; "
        "pip count 70. "
        "Núria Ferrer: 1 on the 7-point, 3 on the 20-point, 2 on the 21-point, 2 on the "
        "22-point, 2 on the 23-point, 4 on the 24-point, 1 on the bar; pip count 80. "
        "Núria Ferrer owns the cube at 2. "
        "Score: Pere Puig 2, Núria Ferrer 2, match to 5."
    )


def test_a_take_is_told_from_the_takers_side():
    with translation.override("en"):
        words = board(*THE_TAKE, "Núria Ferrer", "Pere Puig").description
    assert words.startswith("Pere Puig doubles to 2; Núria Ferrer to take or pass. ")
    # Her three checkers on the bar, her points numbered from her side.
    assert "Núria Ferrer: 1 on the 23-point, 2 on the 18-point," in words
    assert "3 on the bar; pip count 176." in words
    assert "The cube is in the middle. Score: Núria Ferrer 0, Pere Puig 0, match to 3." in words


def test_the_words_speak_catalan_and_spanish():
    with translation.override("ca"):
        words = board(*MOVE_100, "Pere Puig", "Núria Ferrer").description
    assert words.startswith("Pere Puig ha de jugar 3-1. Pere Puig: 1 al punt 14,")
    assert (
        "Núria Ferrer té el dau doblador a 2. Marcador: Pere Puig 2, Núria Ferrer 2, matx a 5."
        in words
    )
    with translation.override("es"):
        words = board(*THE_TAKE, "Núria Ferrer", "Pere Puig").description
    assert words.startswith("Pere Puig dobla a 2; Núria Ferrer debe aceptar o rechazar.")
    assert (
        "3 en la barra; cuenta de pips 176." in words
        and "El dado doblador está en el centro." in words
    )


def test_the_drawing_has_every_checker_and_counts_a_tall_stack():
    drawn = board("4HPwATDgc/ABMA", "cAkAAAAAAAAA", "Anna Bosch", "Xavier Roca").drawing
    # 15 a side, at most five drawn a point: none of the starting stacks is taller.
    assert sum(c.mine for c in drawn.checkers) == 15
    assert sum(not c.mine for c in drawn.checkers) == 15
    assert drawn.cube.place == "middle" and drawn.cube.value == 64 and drawn.dice == []
    # gnubg's export, noisy_5pt game 4: Núria has six on one point and three off, Pere
    # fourteen off and one on the bar.
    tall = board("v2cAAAAAACAAAA", "QQm3ABAAAAAE", "Pere Puig", "Núria Ferrer").drawing
    assert [c.count for c in tall.checkers if c.count] == [6]
    assert sum(s.mine for s in tall.slabs) == 14 and sum(not s.mine for s in tall.slabs) == 3
    assert [c.mine for c in tall.checkers if c.x == 156] == [True]  # the bar's middle
    assert [d.value for d in tall.dice] == [6, 5]
    assert tall.cube.place == "theirs" and tall.cube.value == 2


@pytest.mark.parametrize("ids", [("4HPwATDgc/ABMA", "nonsense"), ("<script>", "cAkAAAAAAAAA")])
def test_bad_ids_give_no_board(ids):
    assert board(*ids, "Anna Bosch", "Xavier Roca") is None


@pytest.fixture
def page(client, match):
    return lambda: client.get(reverse("match", args=[match.pk]))


def svgs(text: str) -> list[str]:
    return re.findall(r"<svg class=\"board\".*?</svg>", text, re.S)


def test_each_biggest_error_has_its_board_named_in_words(page, match):
    analysis.store(match, result(ids=MOVE_100))
    text = page().content.decode()
    drawn = svgs(text)
    assert len(drawn) == 2  # one biggest error each
    first = drawn[0]
    assert 'role="img"' in first and f'viewBox="{board_drawing.VIEW_BOX}"' in first
    # Anna's error, seen from her side: gnubg's player on roll is hers to name.
    assert "<title>Anna Bosch to play 3-1. Anna Bosch: 1 on the 14-point," in first
    assert "Xavier Roca owns the cube at 2." in first
    assert "<title>Xavier Roca to play 3-1." in drawn[1]
    # The frame and points both boards share are drawn once, and each board uses them.
    assert text.count('id="board-ground"') == 1
    assert all(svg.count('<use href="#board-ground"/>') == 1 for svg in drawn)
    # Nothing inline for the Content Security Policy to refuse: the colours are in CSS.
    assert "style=" not in first and "<script" not in first


def test_bad_ids_show_the_error_without_a_board(page, match):
    analysis.store(match, result(ids=("4HPwATDgc/ABMA", "<b>bad</b>")))
    response = page()
    text = response.content.decode()
    assert response.status_code == 200
    assert svgs(text) == [] and "board-ground" not in text
    assert "played 24/20 23/22, best 13/9 13/12" in text
    assert "&lt;b&gt;bad&lt;/b&gt;" in text and "<b>bad</b>" not in text


def test_the_names_on_the_board_are_escaped(client, match, players):
    Player.objects.filter(pk=players[0].pk).update(name="Anna <i>Bosch</i>")
    analysis.store(match, result(ids=MOVE_100))
    text = client.get(reverse("match", args=[match.pk])).content.decode()
    assert "<i>Bosch</i>" not in text and "Anna &lt;i&gt;Bosch&lt;/i&gt;" in svgs(text)[0]


def test_the_boards_cost_no_query(page, match, django_assert_num_queries):
    analysis.store(match, result(ids=MOVE_100))
    # As without boards: the match, its games, the analysis's players.
    with django_assert_num_queries(3):
        assert len(svgs(page().content.decode())) == 2


def test_the_board_speaks_catalan(match):
    analysis.store(match, result(ids=MOVE_100))
    client = Client(headers={"accept-language": "ca"})
    text = client.get(reverse("match", args=[match.pk])).content.decode()
    assert "<title>Anna Bosch ha de jugar 3-1." in svgs(text)[0]
