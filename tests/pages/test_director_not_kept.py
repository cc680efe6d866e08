"""What a director sees is kept by no cache (issue 37): every director page of the demo
club, the money workbook and the admin answer `Cache-Control: private, no-store`, so a
shared proxy never serves them to someone else and the club's laptop keeps no copy after
the director logged out. The public pages keep their own caching."""

from __future__ import annotations

import re

from django.contrib.auth.models import User
from django.test import Client
from django.urls import get_resolver, reverse

from tournament.models import (
    AvoidedPair,
    Entry,
    Game,
    GameReport,
    Job,
    Match,
    Player,
    SignUp,
    Team,
    Tournament,
)


def not_kept(response) -> bool:
    directives = {part.strip() for part in response.get("Cache-Control", "").split(",")}
    return {"private", "no-store"} <= directives


def director_routes() -> list[str]:
    """Every address under director/, as the resolver has it ("director/.../<int:pk>/")."""

    def walk(patterns, prefix=""):
        for pattern in patterns:
            if hasattr(pattern, "url_patterns"):
                yield from walk(pattern.url_patterns, prefix + str(pattern.pattern))
            else:
                yield prefix + str(pattern.pattern)

    return [route for route in walk(get_resolver().url_patterns) if route.startswith("director/")]


def demo_values() -> dict[str, object]:
    """A row of the demo club for each kind of id an address takes."""
    game = Game.objects.select_related("match").order_by("pk").first()
    match = game.match
    report = GameReport.objects.order_by("pk").first()
    return {
        "tournament_pk": match.tournament_id,
        "match_pk": match.pk,
        "tournament": match.tournament_id,
        "number": game.number,
        "years": match.tournament.season.year,
        "report": report.pk if report else None,
        "job": Job.objects.values_list("pk", flat=True).first(),
        "player": Player.objects.values_list("pk", flat=True).first(),
        "sign_up_pk": SignUp.objects.values_list("pk", flat=True).first(),
        "team": Team.objects.values_list("pk", flat=True).first(),
        "entry_pk": Entry.objects.filter(tournament_id=match.tournament_id)
        .values_list("pk", flat=True)
        .first(),
        "pair_pk": AvoidedPair.objects.values_list("pk", flat=True).first(),
    }


# What an address's `pk` is, by how the address starts (any other: a tournament).
PK_OF = (
    ("director/tournaments/<int:tournament_pk>/matches/", "match_pk"),
    ("director/reports/", "report"),
    ("director/jobs/", "job"),
    ("director/players/", "player"),
)


def address(route: str, values: dict) -> str | None:
    """The route with the demo's ids in place; None when the demo has no such row."""
    kind = next((name for start, name in PK_OF if route.startswith(start)), "tournament")

    def value(found):
        name = found.group(2)
        chosen = values.get(kind if name == "pk" else name)
        if chosen is None:
            raise LookupError(name)
        return str(chosen)

    try:
        return "/" + re.sub(r"<(\w+:)?(\w+)>", value, route)
    except LookupError:
        return None


def test_every_director_page_and_the_money_workbook_are_kept_by_no_cache(demo, director_client):
    values = demo_values()
    answered = {}
    for route in director_routes():
        url = address(route, values)
        if url is None:
            continue
        response = director_client.get(url)
        assert response.status_code < 500, url
        answered[url] = response
    pages = [url for url, response in answered.items() if response.status_code == 200]
    # The walk reached the director's pages (22 on the demo club), not only the
    # refusals of a GET by the views that take a POST (a 405, kept by no cache either).
    assert len(pages) >= 20, pages
    for url, response in answered.items():
        if response.status_code != 404:
            assert not_kept(response), (url, response.status_code, response.get("Cache-Control"))
    workbook = reverse("director-money-xlsx", args=[values["tournament"]])
    assert answered[workbook].status_code == 200
    assert answered[workbook]["Content-Type"].startswith(
        "application/vnd.openxmlformats-officedocument.spreadsheetml"
    )


def test_the_admin_is_kept_by_no_cache(demo, director_client):
    User.objects.filter(username="tdirector").update(is_superuser=True)
    for url in (reverse("admin:index"), reverse("admin:tournament_player_changelist")):
        response = director_client.get(url)
        assert response.status_code == 200, url
        assert not_kept(response), url
    assert not_kept(Client().get(reverse("admin:login")))


def test_the_public_pages_are_not_marked_private(demo):
    tournament = Tournament.objects.filter(matches__games__isnull=False).first()
    match = Match.objects.filter(games__isnull=False).first()
    client = Client(headers={"accept-language": "en"})
    for url in (
        reverse("home"),
        reverse("tournament", args=[tournament.pk]),
        reverse("match", args=[match.pk]),
        reverse("ratings"),
    ):
        response = client.get(url)
        assert response.status_code == 200, url
        assert "no-store" not in response.get("Cache-Control", ""), url
