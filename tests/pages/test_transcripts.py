"""GNU Backgammon transcripts onto the club's matches: the shipped files import to the
games and scores of their own score lines; bad files are refused with their line and
nothing recorded; who is who; the command, the upload, and the .mat download."""

import io
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.db.models import Q
from django.urls import reverse

import builders
from director_checks import assert_protected
from tournament import operations
from tournament.core import draw, matfile
from tournament.core.rules import PRESETS
from tournament.core.scoring import GameResult
from tournament.models import AuditEntry, Bracket, Entry, Game, Match, Player, Tournament
from tournament.operations import transcripts

DATA = Path(__file__).resolve().parents[1] / "data" / "mat"
GNUBG_FILES = sorted(DATA.glob("gnubg_*.mat"))
BAD = {
    "bad_no_length.mat": "point match",
    "bad_crawford_double.mat": "Crawford",
}
# Files that contradict themselves: read on as GNU Backgammon reads them, each slip a
# warning at its line; recorded only on the word of whoever hands them in.
WARNED = {
    "bad_score_disagrees.mat": "score",
    "bad_after_the_end.mat": "after the match",
}


def match_for(tournament, path, swap=False, names=None):
    parsed = matfile.parse(path.read_text())
    first, second = names or parsed.players
    players = [Player.objects.get_or_create(name=name)[0] for name in (first, second)]
    if swap:
        players.reverse()
    return Match.objects.create(
        tournament=builders.started(tournament),
        player1=players[0],
        player2=players[1],
        length=parsed.length,
        status="ready",
    )


@pytest.mark.parametrize("path", GNUBG_FILES, ids=lambda path: path.name)
def test_a_gnubg_file_imports_to_its_own_score_lines(tournament, director, path):
    assert GNUBG_FILES, "the gnubg transcripts are shipped in tests/data/mat"
    parsed = matfile.parse(path.read_text())
    match = match_for(tournament, path)
    games = transcripts.import_games(match, path.read_text(), swapped=False, user=director)
    assert len(games) == len(parsed.games)
    match.refresh_from_db()
    state = match.replay()
    assert [outcome.score_before for outcome in state.games] == [
        game.score_before for game in parsed.games
    ]
    assert [game.result for game in parsed.games] == match.game_results()
    crawford = [outcome.number for outcome in state.games if outcome.crawford]
    assert list(match.games.filter(crawford=True).values_list("number", flat=True)) == crawford
    assert match.score == state.score
    assert AuditEntry.objects.filter(action="transcript_imported", match=match).count() == 1
    assert AuditEntry.objects.filter(action="game_recorded", match=match).count() == len(games)


def test_the_shipped_files_show_what_the_tests_need():
    kinds = set()
    for path in GNUBG_FILES:
        parsed = matfile.parse(path.read_text())
        state = matfile.check(parsed, PRESETS["qgammon-2002"])
        kinds |= {game.result.how for game in parsed.games}
        kinds |= {game.result.kind for game in parsed.games}
        kinds |= {"crawford" for outcome in state.games if outcome.crawford}
        kinds |= {"1-point" for _ in [0] if parsed.length == 1}
    assert {"dropped", "resigned", "played", "gammon", "crawford", "1-point"} <= kinds


def test_a_file_with_the_players_the_other_way_round(tournament):
    path = DATA / "gnubg_5pt_crawford.mat"
    match = match_for(tournament, path, swap=True)
    reading = transcripts.read(match, path.read_text())
    assert reading.swapped and reading.names_agree
    transcripts.import_games(match, path.read_text(), swapped=True)
    parsed = matfile.parse(path.read_text())
    first = parsed.games[0].result
    assert match.games.get(number=1).winner == 1 - first.winner
    match.refresh_from_db()
    final = match.replay()
    file_state = matfile.check(parsed, match.rules)
    assert final.score == file_state.score[::-1]


def test_names_written_differently_still_match(tournament):
    path = DATA / "gnubg_5pt_gammons.mat"
    parsed = matfile.parse(path.read_text())
    disguised = [name.upper().replace(" ", "_") for name in parsed.players]
    players = [Player.objects.create(name=name) for name in parsed.players]
    match = Match.objects.create(
        tournament=builders.started(tournament),
        player1=players[0],
        player2=players[1],
        length=parsed.length,
    )
    text = path.read_text().replace(parsed.players[0], disguised[0])
    reading = transcripts.read(match, text)
    assert reading.names_agree and not reading.swapped


def test_names_with_another_apostrophe_still_match(tournament):
    # The club wrote the name with a phone's apostrophe; GNU Backgammon with none.
    path = DATA / "gnubg_3pt.mat"
    text = path.read_text().replace("Anna", "Sean_OBrien")
    players = [Player.objects.create(name=name) for name in ("Seán O’Brien", "Pere")]
    match = Match.objects.create(
        tournament=builders.started(tournament), player1=players[0], player2=players[1], length=3
    )
    reading = transcripts.read(match, text)
    assert reading.names_agree and not reading.swapped


def test_other_names_need_the_directors_word(tournament):
    path = DATA / "gnubg_3pt.mat"
    match = match_for(tournament, path, names=("Pere Soler", "Núria Ferrer"))
    reading = transcripts.read(match, path.read_text())
    assert not reading.names_agree


@pytest.mark.parametrize(("name", "words"), BAD.items())
def test_a_bad_file_is_refused_with_its_line_and_nothing_recorded(tournament, name, words):
    text = (DATA / name).read_text()
    match = Match.objects.create(
        tournament=builders.started(tournament),
        player1=Player.objects.create(name="Anna"),
        player2=Player.objects.create(name="Pere"),
        length=3,  # the bad files are 3-point matches between Anna and Pere
        status="ready",
    )
    with pytest.raises(transcripts.TranscriptRefused) as refused:
        transcripts.import_games(match, text, swapped=False)
    message = refused.value.message
    assert message.startswith("line "), message
    assert words.lower() in message.lower(), message
    assert match.games.count() == 0
    assert not AuditEntry.objects.filter(match=match).exists()


@pytest.mark.parametrize(("name", "words"), WARNED.items())
def test_a_file_that_contradicts_itself_is_read_with_warnings_and_recorded_only_on_word(
    tournament, name, words
):
    text = (DATA / name).read_text()
    match = Match.objects.create(
        tournament=builders.started(tournament),
        player1=Player.objects.create(name="Anna"),
        player2=Player.objects.create(name="Pere"),
        length=3,
        status="ready",
    )
    reading = transcripts.read(match, text)
    assert reading.warnings[0].startswith("line "), reading.warnings
    assert words.lower() in reading.warnings[0].lower(), reading.warnings
    # Without the word: refused (unfinished, or asking first), nothing recorded.
    with pytest.raises(transcripts.TranscriptRefused):
        transcripts.import_games(match, text, swapped=False)
    assert match.games.count() == 0
    assert not AuditEntry.objects.filter(match=match).exists()


def test_a_file_of_another_length_is_refused(tournament):
    path = DATA / "gnubg_7pt_drops.mat"
    match = match_for(tournament, path)
    match.length = 5
    match.save()
    with pytest.raises(transcripts.TranscriptRefused, match="7 point match"):
        transcripts.import_games(match, path.read_text(), swapped=False)
    assert match.games.count() == 0


def test_a_match_with_games_is_not_overwritten(tournament):
    path = DATA / "gnubg_5pt_crawford.mat"
    match = match_for(tournament, path)
    operations.record_game(match, GameResult(0))
    with pytest.raises(transcripts.TranscriptRefused, match="already has games"):
        transcripts.import_games(match, path.read_text(), swapped=False)
    assert match.games.count() == 1


def test_the_seasons_rules_apply_to_an_imported_file(season_1999, tournament):
    """A file legal today but not under 1999 rules (a backgammon scored 3) is refused."""
    path = DATA / "gnubg_5pt_backgammon.mat"
    tournament.season = season_1999
    tournament.save()
    match = match_for(tournament, path)
    with pytest.raises(transcripts.TranscriptRefused) as refused:
        transcripts.import_games(match, path.read_text(), swapped=False)
    assert refused.value.message.startswith("line ")
    assert match.games.count() == 0


def test_an_imported_match_moves_the_bracket_on(season):
    path = DATA / "gnubg_1pt.mat"
    parsed = matfile.parse(path.read_text())
    cup = Tournament.objects.create(season=season, name="Copa")
    Bracket.objects.create(tournament=cup, kind=draw.MAIN, lengths="1")
    for name in (*parsed.players, "Tercer", "Quart"):
        Entry.objects.create(
            checked_in=True, tournament=cup, player=Player.objects.create(name=name)
        )
    operations.make_draw(cup, rng_seed=1)
    operations.start_tournament(cup)
    match = cup.matches.get(
        Q(player1__name=parsed.players[0]) | Q(player2__name=parsed.players[0]), round=1
    )
    reading = transcripts.read(match, path.read_text())
    transcripts.import_games(match, path.read_text(), swapped=reading.swapped)
    match.refresh_from_db()
    assert match.status == "decided"
    final = cup.matches.get(round=2)
    assert match.winner_id in (final.player1_id, final.player2_id)


# --- the command ------------------------------------------------------------------


def test_the_command_imports_a_file(tournament):
    path = DATA / "gnubg_7pt_drops.mat"
    match = match_for(tournament, path)
    out = io.StringIO()
    call_command("import_mat", str(path), match=match.pk, stdout=out)
    assert "games recorded" in out.getvalue()
    assert match.games.count() == len(matfile.parse(path.read_text()).games)


def test_the_command_asks_who_is_who_or_takes_yes_and_swap(tournament, monkeypatch):
    path = DATA / "gnubg_3pt.mat"
    match = match_for(tournament, path, names=("Pere Soler", "Núria Ferrer"))
    with pytest.raises(CommandError, match="--yes"):
        call_command("import_mat", str(path), match=match.pk)  # no terminal to ask on
    assert match.games.count() == 0
    monkeypatch.setattr("sys.stdin.isatty", lambda: True)
    monkeypatch.setattr("builtins.input", lambda question: "n")
    with pytest.raises(CommandError, match="Nothing recorded"):
        call_command("import_mat", str(path), match=match.pk)
    monkeypatch.setattr("builtins.input", lambda question: "s")
    call_command("import_mat", str(path), match=match.pk, stdout=io.StringIO())
    first = matfile.parse(path.read_text()).games[0].result
    assert match.games.get(number=1).winner == 1 - first.winner


def test_the_command_with_swap(tournament):
    path = DATA / "gnubg_3pt.mat"
    match = match_for(tournament, path, names=("Pere Soler", "Núria Ferrer"))
    call_command("import_mat", str(path), match=match.pk, swap=True, stdout=io.StringIO())
    first = matfile.parse(path.read_text()).games[0].result
    assert match.games.get(number=1).winner == 1 - first.winner


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"file": "/nonexistent.mat", "match": 1}, "Cannot read"),
        ({"file": str(DATA / "gnubg_3pt.mat"), "match": 999999}, "There is no match"),
        ({"file": str(DATA / "bad_no_length.mat"), "match": None}, "line "),
    ],
)
def test_command_errors(tournament, arguments, message):
    if arguments["match"] is None:
        arguments["match"] = match_for(tournament, DATA / "gnubg_3pt.mat").pk
    with pytest.raises(CommandError, match=message):
        call_command("import_mat", arguments["file"], match=arguments["match"])
    assert not Game.objects.exists()


# --- the upload on the director's match sheet -----------------------------------------


def upload_url(match):
    return reverse("director-import", args=[match.tournament_id, match.pk])


def upload(client, match, path, **extra):
    with path.open("rb") as handle:
        return client.post(upload_url(match), {"file": handle, **extra})


def test_upload_protected(director, tournament):
    match = match_for(tournament, DATA / "gnubg_3pt.mat")
    assert_protected(director, upload_url(match), "post", {}, wrong_method="get")
    assert match.games.count() == 0


def test_upload_records_the_games_and_shows_the_crawford_game(director_client, tournament):
    path = DATA / "gnubg_5pt_crawford.mat"
    match = match_for(tournament, path)
    response = upload(director_client, match, path)
    assert response.status_code == 302
    page = director_client.get(response["Location"]).content.decode()
    count = len(matfile.parse(path.read_text()).games)
    assert f"{count} games imported from the file." in page
    assert "<strong>Crawford game</strong>" in page


def test_upload_with_other_names_asks_first(director_client, tournament):
    path = DATA / "gnubg_3pt.mat"
    match = match_for(tournament, path, names=("Pere Soler", "Núria Ferrer"))
    response = upload(director_client, match, path)
    assert response.status_code == 200
    assert "Who is who?" in response.content.decode()
    assert match.games.count() == 0
    text = response.context["text"]
    response = director_client.post(upload_url(match), {"transcript": text, "swapped": 1})
    assert response.status_code == 302
    first = matfile.parse(path.read_text()).games[0].result
    assert match.games.get(number=1).winner == 1 - first.winner


def test_upload_of_a_bad_file_says_the_line(director_client, tournament):
    match = match_for(tournament, DATA / "gnubg_3pt.mat")
    response = upload(director_client, match, DATA / "bad_crawford_double.mat")
    assert response.status_code == 400
    assert "line " in response.content.decode()
    assert match.games.count() == 0


def test_upload_without_a_file_or_of_binary_junk(director_client, tournament, tmp_path):
    match = match_for(tournament, DATA / "gnubg_3pt.mat")
    assert director_client.post(upload_url(match), {}).status_code == 400
    junk = tmp_path / "junk.mat"
    junk.write_bytes(bytes(range(256)) * 10)
    assert upload(director_client, match, junk).status_code == 400
    assert match.games.count() == 0


def test_an_upload_past_the_size_limit_is_refused_unread(director_client, tournament, tmp_path):
    """A transcript of a long match is some hundred kilobytes: past the limit the file
    is refused with why, its bytes after the limit never read."""
    match = match_for(tournament, DATA / "gnubg_3pt.mat")
    big = tmp_path / "big.mat"
    big.write_bytes((DATA / "gnubg_3pt.mat").read_bytes() + b" " * (transcripts.MAX_BYTES + 1))
    response = upload(director_client, match, big)
    assert response.status_code == 400
    assert "The file is too big for a match transcript." in response.content.decode()
    assert match.games.count() == 0


# --- the download -------------------------------------------------------------------


def test_a_match_downloads_as_a_mat_file_that_reads_back(client, match):
    for result in (GameResult(0, "gammon"), GameResult(1, cube=2), GameResult(0, how="dropped")):
        operations.record_game(match, result)
    response = client.get(reverse("match-mat", args=[match.pk]))
    assert response.status_code == 200
    assert response["Content-Disposition"].startswith("attachment;")
    parsed = matfile.parse(response.content.decode())
    assert parsed.players == ("Anna Bosch", "Xavier Roca")
    assert [game.result for game in parsed.games] == match.game_results()
    assert parsed.headers["Event"] == match.tournament.name


def test_a_private_match_is_not_downloaded(client, match):
    Tournament.objects.filter(pk=match.tournament_id).update(public=False)
    assert client.get(reverse("match-mat", args=[match.pk])).status_code == 404


def test_a_director_uploads_a_gnubg_file_and_everything_follows(director_client, client, season):
    path = DATA / "gnubg_5pt_crawford.mat"
    parsed = matfile.parse(path.read_text())
    cup = Tournament.objects.create(season=season, name="Copa", status="running")
    Bracket.objects.create(tournament=cup, kind=draw.MAIN, lengths="5")
    # Seeds 1 and 4 meet in the first round: the file's two players.
    for seed, name in zip((1, 4, 2, 3), (*parsed.players, "Tercer", "Quart"), strict=True):
        player = Player.objects.create(name=name)
        Entry.objects.create(checked_in=True, tournament=cup, player=player, seed=seed)
    operations.make_draw(cup, rng_seed=3)
    match = cup.matches.get(
        Q(player1__name=parsed.players[0]) | Q(player2__name=parsed.players[0]), round=1
    )
    sheet = reverse("director-match", args=[cup.pk, match.pk])
    assert "Or import the whole match" in director_client.get(sheet).content.decode()

    response = upload(director_client, match, path)
    page = director_client.get(response["Location"]).content.decode()
    assert "<strong>Crawford game</strong>" in page
    assert "Where they go next" in page
    match.refresh_from_db()
    final = cup.matches.get(round=2)
    assert match.winner_id in (final.player1_id, final.player2_id)
    bracket = client.get(reverse("tournament", args=[cup.pk])).content.decode()
    assert f'<span class="score">{match.score1}</span>' in bracket

    ratings = client.get(reverse("ratings-everyone"))
    rated = [row.record for row in ratings.context["table"].rows]
    assert {player.pk for player in rated} == {match.player1_id, match.player2_id}
    winner_page = client.get(reverse("player", args=[match.winner_id])).content.decode()
    assert 'role="img"' in winner_page and "after 1 rated matches" in winner_page


def test_a_file_for_a_match_paired_again_meanwhile_is_a_409(director_client, season, monkeypatch):
    """The round is paired again between the sheet's read and the import's lock."""
    tournament, _players = builders.club_night(season, 6, round_lengths="3", rng_seed=5, start=True)
    builders.play_round(tournament, 1)
    match = tournament.matches.filter(round=2).open().first()
    imported = transcripts.import_games

    def paired_again_first(*args, **kwargs):
        operations.pair_round_again(tournament)
        return imported(*args, **kwargs)

    monkeypatch.setattr(transcripts, "import_games", paired_again_first)
    text = (DATA / "gnubg_3pt.mat").read_text()
    response = director_client.post(upload_url(match), {"transcript": text, "swapped": 0})
    assert response.status_code == 409
    assert "This match is no longer in the draw" in response.content.decode()
    assert not Game.objects.filter(match__round=2).exists()
