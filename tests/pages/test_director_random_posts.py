"""Random game forms posted to a match, good and bad: the stored games always replay
legally and the cached score always equals replay()."""

from django.contrib.auth.models import Group, User
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tournament.core.scoring import replay
from tournament.models import Match, Player, Season, Tournament

values = {
    "winner": st.sampled_from([0, 1, 0, 1, 2, -1, "x", ""]),
    "kind": st.sampled_from(["single", "gammon", "backgammon", "single", "triple", ""]),
    "cube": st.sampled_from([1, 1, 2, 4, 8, 64, 3, 0, -2, 10**30, "x", ""]),
    "how": st.sampled_from(["played", "played", "resigned", "dropped", "beaver_dropped", "?"]),
    "beaver": st.sampled_from([None, None, "on"]),
    "stale": st.sampled_from([False, False, False, True]),
}
posts = st.lists(st.fixed_dictionaries(values), min_size=1, max_size=25)


# Among the suite's slowest (24 s in one process on 2 busy cores): 40 examples of up to 25 posts,
# each through the whole match sheet
@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(posts=posts, preset=st.sampled_from(["qgammon-1999", "qgammon-2002"]))
def test_random_posts_never_store_an_illegal_game(db, posts, preset):
    season = Season.objects.filter(preset=preset).first()
    if season is None:
        season = Season.from_preset(1999 if preset == "qgammon-1999" else 2002, preset)
        season.save()
    tournament = Tournament.objects.create(season=season, name=f"Copa {Tournament.objects.count()}")
    first, second = (Player.objects.create(name=name) for name in ("A", "B"))
    match = Match.objects.create(
        tournament=tournament, player1=first, player2=second, length=7, status="ready"
    )
    user, _created = User.objects.get_or_create(username="random-director")
    user.groups.add(Group.objects.get(name="Directors"))
    client = Client()
    client.force_login(user)
    url = reverse("director-match", args=[tournament.pk, match.pk])
    for post in posts:
        match.refresh_from_db()
        data = {key: value for key, value in post.items() if value is not None}
        data["version"] = match.version - 1 if data.pop("stale") else match.version
        response = client.post(url, data)
        assert response.status_code in (302, 400, 409), response.status_code
        match.refresh_from_db()
        state = replay(match.length, match.game_results(), match.rules)
        assert match.score == state.score
        assert (match.raw_score1, match.raw_score2) == state.raw_score
        assert match.crawford_game == state.crawford_game
        assert (match.status == "decided") == state.finished
        numbers = list(match.games.values_list("number", flat=True))
        assert numbers == list(range(1, len(numbers) + 1))
