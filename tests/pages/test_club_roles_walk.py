"""A club's directors run that club and nothing else (issue 40, roles): every director
address of `urls.py`, GET and POST, walked across two clubs as the permission probes
walked them for a player. Another club's desk (`/clubs/<other>/director/...`, or the
founding club's unprefixed addresses for the second club's director) and another club's
rows named in one's own club's addresses (a tournament, a match, a report, a member, a
job, a sign-up, an entry, a team, an avoided pair) answer 403, never 200, 302, 404 or
500, and no table changes; the director's own club's pages still answer.

A director address added to `urls.py` is walked too; one taking an id this walk does
not know fails it until the id is named here and its owner in models.club_owners."""

from __future__ import annotations

import re

import pytest
from django.urls import get_resolver
from two_clubs import client_of, state, two_clubs

from tournament.models import Player


def director_routes() -> dict[str, str]:
    """Every named director address: {name: route}."""
    return {
        pattern.name: str(pattern.pattern)
        for pattern in get_resolver().url_patterns
        if getattr(pattern, "name", None) and pattern.name.startswith("director-")
    }


# What a route's `pk` is, by how the route starts (models.club_owners says the same).
PK_OF = (
    ("director/tournaments/<int:tournament_pk>/matches/", "match"),
    ("director/tournaments/", "tournament"),
    ("director/reports/", "report"),
    ("director/players/", "player"),
    ("director/jobs/", "job"),
)
# Ids named by the club alone (a season by its years in the club; a game by its number
# in its match): another club's are not reached by them.
OWN_BY_NAME = {"years", "number"}


def address(prefix: str, route: str, values: dict) -> str:
    kind = next((name for start, name in PK_OF if route.startswith(start)), None)

    def value(found):
        name = found.group(2)
        key = kind if name == "pk" else name
        assert key in values, f"{route}: the walk knows no {name!r}"
        return str(values[key])

    return f"{prefix}/" + re.sub(r"<(\w+:)?(\w+)>", value, route)


def names_rows(route: str) -> bool:
    """Whether the address names a row of a club (not only the club's own pages)."""
    return bool(set(re.findall(r"<(?:\w+:)?(\w+)>", route)) - OWN_BY_NAME)


@pytest.fixture
def clubs(db):
    return two_clubs()


def test_every_director_address_of_another_club_is_a_403_and_writes_nothing(clubs):
    founding, second = clubs
    routes = director_routes()
    assert len(routes) >= 70, routes  # the walk sees urls.py's director addresses
    walked = 0
    for me, other in ((founding, second), (second, founding)):
        client = client_of(me.director)
        for name, route in routes.items():
            urls = [address(other.prefix, route, other.values)]  # the other club's desk
            if names_rows(route):
                # The other club's rows by one's own club's address.
                urls.append(address(me.prefix, route, other.values))
            before = state()
            for url in urls:
                for method in ("get", "post"):
                    response = getattr(client, method)(url)
                    assert response.status_code == 403, (me.club.slug, name, method, url)
                    walked += 1
            assert state() == before, (me.club.slug, name)
    assert walked > 4 * len(routes), walked


def test_each_director_still_runs_their_own_club(clubs):
    for me in clubs:
        client = client_of(me.director)
        answered = {}
        for name, route in director_routes().items():
            url = address(me.prefix, route, me.values)
            response = client.get(url)
            answered[name] = response.status_code
            # A page, a redirect, or a view that takes a POST only: never refused.
            assert response.status_code in (200, 302, 405), (me.club.slug, name, url)
        pages = [name for name, status in answered.items() if status == 200]
        assert len(pages) >= 20, (me.club.slug, answered)


def test_the_money_workbook_of_another_club_is_a_403(clubs):
    founding, second = clubs
    route = director_routes()["director-money-xlsx"]
    for me, other in ((founding, second), (second, founding)):
        client = client_of(me.director)
        for prefix in (me.prefix, other.prefix):
            response = client.get(address(prefix, route, other.values))
            assert response.status_code == 403
            assert not response.get("Content-Type", "").startswith("application/vnd")
        own = client.get(address(me.prefix, route, me.values))
        assert own.status_code == 200
        assert own["Content-Type"].startswith("application/vnd.openxmlformats")


def test_a_player_of_no_club_is_the_founding_clubs(clubs):
    """A player from before clubs (no membership at all) is the founding club's: its
    directors open their desk, the second club's do not."""
    founding, second = clubs
    nobody = Player.objects.create(name="Sense Club")
    url = f"/director/players/{nobody.pk}/"
    assert client_of(founding.director).get(url).status_code == 200
    assert client_of(second.director).get(f"/clubs/dos{url}").status_code == 403
