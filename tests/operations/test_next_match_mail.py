"""The mail that tells a player their next match is ready: sent after the result is
committed (never before, never for a result rolled back), once per match and player
whatever is undone and recorded again, only to players who agreed and gave an address,
in each player's language, and a mail server that fails never stops a result being
recorded."""

import logging
import smtplib

import pytest
from django.core.mail.backends.base import BaseEmailBackend
from django.db import transaction

import builders
from tournament import operations
from tournament.core.scoring import GameResult
from tournament.models import Bracket, Entry, Match, MatchMail, Player, Tournament
from tournament.operations import notifications

# Seeds 1 v 4 and 2 v 3 in the first round: Anna meets Dolors, Berta meets Carles.
PLAYERS = [
    # name, email, consent, language
    ("Anna Bosch", "anna@example.org", True, "en"),
    ("Berta Puig", "berta@example.org", True, "ca"),
    ("Carles Vidal", "carles@example.org", False, "en"),  # did not agree
    ("Dolors Roca", "", True, "es"),  # agreed, but gave no address
]


def make_cup(season, *, tables=("1", "2"), clock="required", lengths="1,3"):
    """A drawn, started cup of the four players above (not yet committed)."""
    players = [
        Player.objects.create(name=name, email=email, mail_consent=consent, language=language)
        for name, email, consent, language in PLAYERS
    ]
    return builders.cup(
        season,
        players,
        name="Copa del Correu",
        date="2002-06-01",
        brackets={"main": lengths},
        seeds=len(players),
        start=True,
        tables=list(tables),
        clock_policy=clock,
    )


def player(name) -> Player:
    return Player.objects.get(name=name)


def match_of(tournament, name, round_number=1) -> Match:
    return tournament.matches.involving(player(name)).get(round=round_number)


def win(match, name):
    """`name` wins the match."""
    builders.win(match, match.side_of(player(name)))


def mail_to(outbox, name):
    [message] = [message for message in outbox if message.to == [player(name).email]]
    return message


@pytest.fixture
def cup(season, django_capture_on_commit_callbacks, mailoutbox):
    """The cup with its first-round mails sent (as after the draw's commit)."""
    with django_capture_on_commit_callbacks(execute=True):
        tournament = make_cup(season)
    return tournament


def test_first_round_mails_to_those_who_agreed_in_their_language(cup, mailoutbox):
    assert sorted(message.to[0] for message in mailoutbox) == [
        "anna@example.org",
        "berta@example.org",
    ]
    anna = mail_to(mailoutbox, "Anna Bosch")
    table = match_of(cup, "Anna Bosch").table
    assert table
    assert anna.subject == "Copa del Correu: your match against Dolors Roca is ready"
    assert "\n" not in anna.subject
    assert "Hello Anna Bosch," in anna.body
    assert "Your next match in Copa del Correu is ready: you play Dolors Roca." in anna.body
    assert f"Play at Table {table}." in anna.body
    assert "Match to 1 point." in anna.body
    assert "Clock: 2 minutes each, 12 s simple delay." in anna.body
    assert "http" not in anna.body  # no SITE_URL: no link
    assert anna.from_email == "webmaster@localhost"
    # Berta reads Catalan: the table and the clock come in her words (the sentences
    # around them follow once the catalogue has them).
    berta = mail_to(mailoutbox, "Berta Puig")
    table = match_of(cup, "Berta Puig").table
    assert "Carles Vidal" in berta.subject
    assert f"Taula {table}" in berta.body
    assert "2 minuts per jugador" in berta.body
    assert "Table " not in berta.body and "minutes each" not in berta.body
    # Carles (no consent) and Dolors (no address) get nothing and hold no row.
    assert set(MatchMail.objects.values_list("player__name", "sent")) == {
        ("Anna Bosch", True),
        ("Berta Puig", True),
    }


def test_blank_language_is_the_clubs(
    season, settings, django_capture_on_commit_callbacks, mailoutbox
):
    settings.LANGUAGE_CODE = "es"
    with django_capture_on_commit_callbacks(execute=True):
        tournament = make_cup(season)
        # Before the commit, when the mails are written.
        Player.objects.filter(name="Anna Bosch").update(language="")
    anna = mail_to(mailoutbox, "Anna Bosch")
    assert f"Mesa {match_of(tournament, 'Anna Bosch').table}" in anna.body


def test_the_link_and_no_table_or_clock(
    season, settings, django_capture_on_commit_callbacks, mailoutbox
):
    settings.SITE_URL = "https://qgammon.example/"
    with django_capture_on_commit_callbacks(execute=True):
        tournament = make_cup(season, tables=(), clock="none")
    anna = mail_to(mailoutbox, "Anna Bosch")
    match = match_of(tournament, "Anna Bosch")
    assert f"Follow the match: https://qgammon.example/matches/{match.pk}/" in anna.body
    assert "Play at" not in anna.body and "table" not in anna.body.lower()
    assert "Clock" not in anna.body


def test_waiting_for_a_table(season, django_capture_on_commit_callbacks, mailoutbox):
    """One table for two matches: the second is told it will be called."""
    with django_capture_on_commit_callbacks(execute=True):
        make_cup(season, tables=("Taula Groga",))
    bodies = [message.body for message in mailoutbox]
    assert sum("Play at Taula Groga." in body for body in bodies) == 1
    # Berta reads Catalan, Anna English: whichever of them waits is told so.
    waiting = ("as soon as one is free", "tan bon punt n'hi hagi una de lliure")
    assert sum(any(words in body for words in waiting) for body in bodies) == 1


def test_nothing_before_the_commit_and_one_callback_per_transaction(
    season, django_capture_on_commit_callbacks, mailoutbox
):
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        tournament = make_cup(season)
        win(match_of(tournament, "Anna Bosch"), "Anna Bosch")
        win(match_of(tournament, "Berta Puig"), "Berta Puig")
    # The draw and both results moved the bracket on (tables given each time), in one
    # transaction: one mailing, and nothing sent before it commits.
    assert len(callbacks) == 1
    assert mailoutbox == []
    assert not MatchMail.objects.exists()
    callbacks[0]()
    # Run after the commit, it reads the bracket as it is then: the first round is
    # over (nobody is told about a match already decided), the final is ready.
    final = tournament.matches.get(round=2)
    assert final.is_open
    assert sorted((mail.match_id, mail.player.name) for mail in MatchMail.objects.all()) == [
        (final.pk, "Anna Bosch"),
        (final.pk, "Berta Puig"),
    ]
    assert sorted(message.subject for message in mailoutbox) == [
        "Copa del Correu: el teu matx contra Anna Bosch està a punt",  # Berta reads Catalan
        "Copa del Correu: your match against Berta Puig is ready",
    ]


@pytest.mark.django_db(transaction=True)
def test_after_a_real_commit_and_never_after_a_rollback(season, mailoutbox):
    class Rollback(Exception):
        pass

    with pytest.raises(Rollback), transaction.atomic():
        make_cup(season)
        raise Rollback
    assert mailoutbox == [] and not MatchMail.objects.exists()

    with transaction.atomic():
        tournament = make_cup(season)
        assert mailoutbox == []
    assert len(mailoutbox) == 2
    # Each operation is its own transaction outside a test's: the result mails the
    # final's players when it commits.
    win(match_of(tournament, "Anna Bosch"), "Anna Bosch")
    assert len(mailoutbox) == 2
    win(match_of(tournament, "Berta Puig"), "Berta Puig")
    assert len(mailoutbox) == 4
    assert "your match against Berta Puig" in mailoutbox[-2].subject + mailoutbox[-1].subject


def test_the_deciding_game_mails_the_next_match_once(
    cup, django_capture_on_commit_callbacks, mailoutbox
):
    mailoutbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        win(match_of(cup, "Anna Bosch"), "Anna Bosch")
    assert mailoutbox == []  # the final waits for its second player
    with django_capture_on_commit_callbacks(execute=True):
        win(match_of(cup, "Berta Puig"), "Berta Puig")
    final = cup.matches.get(round=2)
    assert {(message.to[0], message.subject) for message in mailoutbox} == {
        ("anna@example.org", "Copa del Correu: your match against Berta Puig is ready"),
        ("berta@example.org", "Copa del Correu: el teu matx contra Anna Bosch està a punt"),
    }
    assert "Match to 3 points." in mail_to(mailoutbox, "Anna Bosch").body
    assert "6 minutes each" in mail_to(mailoutbox, "Anna Bosch").body
    assert f"Table {final.table}" in mail_to(mailoutbox, "Anna Bosch").body

    # Undone and recorded again: the final is open again, but its mails went already.
    for _ in range(2):
        with django_capture_on_commit_callbacks(execute=True):
            operations.undo_last_game(match_of(cup, "Berta Puig"))
        final.refresh_from_db()
        assert not final.is_open
        with django_capture_on_commit_callbacks(execute=True):
            win(match_of(cup, "Berta Puig"), "Berta Puig")
        final.refresh_from_db()
        assert final.is_open
    assert len(mailoutbox) == 2
    assert MatchMail.objects.filter(match=final).count() == 2


def test_no_mail_to_a_player_without_consent_or_address(
    cup, django_capture_on_commit_callbacks, mailoutbox
):
    mailoutbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        win(match_of(cup, "Anna Bosch"), "Dolors Roca")
        win(match_of(cup, "Berta Puig"), "Carles Vidal")
    assert cup.matches.get(round=2).is_open
    assert mailoutbox == []
    assert not MatchMail.objects.filter(match__round=2).exists()


def test_a_mail_claimed_elsewhere_is_not_sent_again(cup, mailoutbox):
    """Two servers at once: the row is the claim, and the database lets only one in."""
    match = match_of(cup, "Anna Bosch")
    assert notifications._claim(match, player("Anna Bosch")) is None  # claimed already
    mailoutbox.clear()
    MatchMail.objects.filter(player__name="Berta Puig").delete()
    assert notifications.mail_ready_matches(cup.pk) == 1  # Berta's, no one else's
    assert [message.to for message in mailoutbox] == [["berta@example.org"]]
    assert notifications.mail_ready_matches(cup.pk) == 0


class RefusingBackend(BaseEmailBackend):
    """A mail server that takes the connection and refuses every message."""

    attempts = 0

    def send_messages(self, messages):
        RefusingBackend.attempts += len(messages)
        raise smtplib.SMTPRecipientsRefused({})


class DownBackend(BaseEmailBackend):
    """A mail server that is not there."""

    def open(self):
        raise ConnectionRefusedError("connection refused")

    def send_messages(self, messages):
        raise AssertionError("never reached")


@pytest.mark.parametrize("backend", ["RefusingBackend", "DownBackend"])
def test_a_failing_mail_server_never_stops_a_result(
    backend, season, settings, django_capture_on_commit_callbacks, caplog
):
    settings.EMAIL_BACKEND = f"{__name__}.{backend}"
    RefusingBackend.attempts = 0
    with caplog.at_level(logging.ERROR, logger="tournament.operations.notifications"):
        with django_capture_on_commit_callbacks(execute=True):
            tournament = make_cup(season)
        with django_capture_on_commit_callbacks(execute=True):
            win(match_of(tournament, "Anna Bosch"), "Anna Bosch")
            win(match_of(tournament, "Berta Puig"), "Berta Puig")
    assert match_of(tournament, "Berta Puig").is_decided
    assert tournament.matches.get(round=2).is_open
    errors = [r for r in caplog.records if r.name == "tournament.operations.notifications"]
    assert errors and all(record.levelno == logging.ERROR for record in errors)
    assert all("@" not in record.getMessage() for record in errors)  # no addresses
    # Claimed, not sent, and not tried again (never twice, even by mistake).
    assert MatchMail.objects.count() == 4
    assert not MatchMail.objects.filter(sent=True).exists()
    if backend == "RefusingBackend":
        assert RefusingBackend.attempts == 4


def test_the_draw_mails_nobody_until_the_tournament_starts(
    season, django_capture_on_commit_callbacks, mailoutbox
):
    """A draw made again before the start would otherwise mail the first round twice,
    with other opponents: the mails go when the director starts the tournament."""
    tournament = Tournament.objects.create(
        season=season, name="Copa sense pressa", date="2002-06-01"
    )
    Bracket.objects.create(tournament=tournament, kind="main", lengths="1")
    for name in ("Anna", "Bernat", "Carme", "David"):
        somebody = Player.objects.create(
            name=name, email=f"{name.lower()}@example.org", mail_consent=True
        )
        Entry.objects.create(tournament=tournament, player=somebody, checked_in=True)
    with django_capture_on_commit_callbacks(execute=True):
        operations.make_draw(tournament, rng_seed=1)
        operations.make_draw(tournament, rng_seed=2)
    assert mailoutbox == []
    with django_capture_on_commit_callbacks(execute=True):
        operations.start_tournament(tournament)
    assert sorted(message.to[0] for message in mailoutbox) == [
        "anna@example.org",
        "bernat@example.org",
        "carme@example.org",
        "david@example.org",
    ]


def test_an_address_added_during_a_match_mails_nothing_for_that_match(
    season, django_capture_on_commit_callbacks, mailoutbox
):
    """Issue 22, item 9: Dolors gives her address while playing her first match; the
    next result in the tournament must not tell her that this match "is ready"."""
    with django_capture_on_commit_callbacks(execute=True):
        cup = make_cup(season, lengths="3,3")
    dolors = player("Dolors Roca")
    match = match_of(cup, "Dolors Roca")
    operations.record_game(match, GameResult(0))  # under way: 1-0
    mailoutbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        operations.change_player(dolors, {"email": "dolors@example.org"})
        other = match_of(cup, "Berta Puig")
        operations.record_game(other, GameResult(0, kind="gammon", cube=2))  # decided
    assert match_of(cup, "Dolors Roca").is_open
    assert mailoutbox == []
    assert not MatchMail.objects.filter(player=dolors).exists()
