"""Files in the encodings players' programs save them in (issue 38, item 2): UTF-8 with
or without a byte order mark, UTF-16 with one, Windows-1252 and Latin-1 all read as the
same text; names whose accents a program lost to "?" are still the match's players."""

import pytest

import builders
from tournament.operations import transcripts

TEXT = (
    '; [Player 1 "Núria Ferrer"]\n'
    " 1 point match\n\n"
    " Game 1\n"
    " Núria Ferrer : 0                     Pere Puig : 0\n"
    "  1) 31: 8/5 6/5                       Wins 1 point and the match\n"
)


@pytest.mark.parametrize(
    "data",
    [
        TEXT.encode("utf-8"),
        b"\xef\xbb\xbf" + TEXT.encode("utf-8"),
        TEXT.replace("\n", "\r\n").encode("utf-8-sig"),
        TEXT.encode("utf-16"),
        TEXT.encode("cp1252"),
        TEXT.encode("latin-1"),
    ],
    ids=["utf-8", "utf-8 with a BOM", "CRLF and a BOM", "utf-16", "windows-1252", "latin-1"],
)
def test_every_encoding_reads_the_same_names(data):
    text = transcripts.decode(data)
    match = transcripts.matfile.parse(transcripts.convert(text, "match.txt").text)
    assert match.players == ("Núria Ferrer", "Pere Puig")
    assert match.final_score == (0, 1)


@pytest.mark.django_db
def test_a_file_that_lost_the_accents_is_of_the_match_of_their_names(tournament):
    lost = TEXT.replace("Núria", "N?ria").encode("ascii")
    match = builders.recorded_from_mat(tournament, TEXT)
    reading = transcripts.read(match, transcripts.decode(lost), "match.txt")
    assert reading.names_agree and not reading.swapped
