"""How the club compares names (core.names.normalize_name): the apostrophe a phone types
and the one a keyboard types, no apostrophe at all, accents, case, hyphens and dots are
one name to every search; different names stay different."""

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournament.core.names import normalize_name, same_name

# What phones, Macs and spreadsheets put between O and Brien, and what people type.
APOSTROPHES = ["'", "’", "‘", "ʼ", "´", "`", "′", "＇", "‛", "ʻ"]


@pytest.mark.parametrize("apostrophe", APOSTROPHES)
def test_every_apostrophe_is_the_same_name(apostrophe):
    assert normalize_name(f"Seán O{apostrophe}Brien") == normalize_name("Sean OBrien")


@pytest.mark.parametrize(
    ("typed", "stored"),
    [
        ("obrien", "Seán O’Brien"),
        ("OBrien", "Seán O'Brien"),
        ("O'Brien", "Seán O’Brien"),
        ("d'Olot", "Marc d’Olot"),
        ("dolot", "Marc d’Olot"),
        ("Jean Luc", "Jean-Luc Martin"),
        ("jeanluc", "Jean‐Luc Martin"),  # the typographic hyphen
        ("collell", "Pere Col·lell"),
        ("Col.lell", "Pere Col·lell"),
        ("Paral·lel", "Paraŀlel"),  # the single character for l·
        ("j puig", "J. Puig"),
        ("lukasz", "Łukasz Nowak"),
        ("soren", "Søren Berg"),
        ("nuria ferrer", "Núria_Ferrer"),
    ],
)
def test_a_name_typed_another_way_is_found(typed, stored):
    assert normalize_name(typed) in normalize_name(stored)


@pytest.mark.parametrize(
    ("name", "key"),
    [
        ("Seán O’Brien", "seanobrien"),
        ("Núria Ferré i Puig-Vidal", "nuriaferreipuigvidal"),
        ("Soci 12", "soci12"),
        ("Ꞌapóstrof", "apostrof"),  # the saltillo, a letter that Unicode writes as one
    ],
)
def test_the_key_is_the_letters_and_digits_of_a_name(name, key):
    # Letters and digits all kept: "Núria Ferré" is not "Núria Ferrer", "Soci 12" not 13.
    assert normalize_name(name) == key


names = st.text(
    st.characters(codec="utf-8", categories=["L", "M", "N", "P", "Zs", "S"]), max_size=30
)
# What may stand between the letters of a name without making it another name.
marks = st.lists(st.sampled_from([*APOSTROPHES, " ", "-", "‐", ".", "·", "_", ","]))


@given(names)
def test_the_key_is_its_own_key_whatever_the_case_and_the_accents_encoding(name):
    key = normalize_name(name)
    assert normalize_name(key) == key
    assert all(char.isalnum() for char in key)
    assert normalize_name(unicodedata.normalize("NFD", name)) == key
    assert normalize_name(unicodedata.normalize("NFC", name)) == key
    assert normalize_name(name.casefold()) == key


@given(st.text(st.characters(categories=["L", "N"]), min_size=1, max_size=20), marks, st.data())
def test_marks_between_the_letters_change_nothing(name, inserted, data):
    marked = name
    for mark in inserted:
        position = data.draw(st.integers(0, len(marked)))
        marked = marked[:position] + mark + marked[position:]
    assert normalize_name(marked) == normalize_name(name)


@pytest.mark.parametrize(
    ("written", "known", "same"),
    [
        ("N?ria Ferrer", "Núria Ferrer", True),
        ("N\ufffd\ufffdria Ferrer", "Núria Ferrer", True),  # UTF-8's two bytes, replaced
        ("Josep M? Vidal", "Josep Mª Vidal", True),
        ("Pere Puig", "pere_puig", True),
        ("N?ria", "Nora", False),  # a lost letter is one letter, not one taken away
        ("N?ria", "Nria", False),
        ("N?ria Ferrer", "Núria Puig", False),
        ("???", "Anna", False),  # three lost letters are not four
        ("Anna?", "Anna", False),
    ],
)
def test_a_name_whose_letters_a_file_lost_is_the_known_name(written, known, same):
    assert same_name(written, known) is same
