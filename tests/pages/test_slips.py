"""Match slips: the score sheet of a match shows its table and clock, and the desk
prints all the slips of a round at once, to cut apart."""

from django.urls import reverse

import builders
from director_checks import assert_protected


def test_all_the_slips_of_a_round(director, director_client, season):
    tournament = builders.cup(
        season, [f"Jugadora {number}" for number in range(8)], date="2002-02-02",
        brackets={"main": "7,9"}, rng_seed=4, tables=["1", "2", "3", "4"],
        clock_policy="required",
    )  # fmt: skip
    url = reverse("director-slips", args=[tournament.pk])
    assert_protected(director, url, "get", wrong_method="post")
    response = director_client.get(url, {"bracket": "main", "round": 1})
    text = response.content.decode()
    assert response.status_code == 200
    assert text.count('<article class="score-sheet slip">') == 4
    assert text.count("cut-line") == 3  # a line to cut between slips
    for match in tournament.matches.filter(round=1):
        assert f"{match.player1.name} – {match.player2.name}" in text
        assert match.table_label in text
    assert "14 minutes each, 12 s simple delay" in text  # 7 points x 2 minutes
    # A round with nobody known yet prints the empty slips of the round.
    later = director_client.get(url, {"bracket": "main", "round": 2}).content.decode()
    assert later.count('<article class="score-sheet slip">') == 2
    # Without a round: the matches ready to start or under way.
    ready = director_client.get(url).content.decode()
    assert ready.count('<article class="score-sheet slip">') == 4
    assert (
        "Print the slips of the matches to play"
        in director_client.get(
            reverse("director-tournament", args=[tournament.pk])
        ).content.decode()
    )
