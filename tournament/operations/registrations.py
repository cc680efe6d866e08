"""Public registration before the day (docs/registration.md): the director opens it
(a cap, a closing time), a visitor signs up from the tournament's page, and the director
accepts or refuses the requests nobody could vouch for.

Nothing a visitor sends can enter someone else: a player is entered at once only when
the name, the club's member number or the federation number names exactly one player
of the federation AND the e-mail typed is the one on record for them; the private link
then goes to that address, never to one typed. A player of another club enters with
their one identity (their rating, their link), never as a second player.
Anyone else (a stranger, a member with another or no address on record, a name several
players share) waits for the director, like a stranger.

Every step takes the tournament's lock first (locks.lock_tournament), so counting the
entries and entering are one step for everyone signing up at once: the cap holds, and
the waiting list's order (each one's `place`, one more than the last, given under the
lock) is the order in which the lock took them."""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop

from ..core.names import normalize_name
from ..models import AuditEntry, Player, SignUp, Tournament
from ..models.audit import Said
from ..models.clubs import FOUNDING_CLUB_ID
from ..models.seasons import club_id_of as club_of
from . import audit
from .entries import add_entry
from .errors import OperationError
from .locks import lock_tournament
from .players import create_player
from .registration_mail import ENTERED, WAITING, mail_after_commit
from .waiting_list import is_full, promote

# Namesakes told apart by their address: more than this many is no one's name.
MOST_NAMESAKES = 20


class RegistrationClosed(OperationError):
    pass


class AlreadyRegistered(OperationError):
    pass


CLOSED = _("Registration for this tournament is closed.")
PAST_CLOSING = _("Registration for this tournament closed at its closing time.")
DRAWN = _("The draw has been made: registration is closed.")
ALREADY_ENTERED = _("You are already registered in this tournament.")
ALREADY_LISTED = _("You are already on this tournament's waiting list.")
ALREADY_SENT = _("This registration has been sent already; it waits for the director.")


@dataclass(frozen=True)
class SignedUp:
    """What became of a sign-up: its row, and its place on the waiting list (if listed)."""

    sign_up: SignUp
    position: int | None = None

    @property
    def status(self) -> str:
        return self.sign_up.status


def check_open(tournament: Tournament, now=None) -> None:
    """Refuse unless the tournament takes sign-ups now (RegistrationClosed, saying why)."""
    if not tournament.registration_open or not tournament.is_draft:
        raise RegistrationClosed(CLOSED)
    if not tournament.registration_is_open(now):
        raise RegistrationClosed(PAST_CLOSING)
    if tournament.matches.exists():
        raise RegistrationClosed(DRAWN)


def _same_address(one: str, other: str) -> bool:
    return bool(one) and one.strip().casefold() == other.strip().casefold()


def member_named(text: str, club_id: int = FOUNDING_CLUB_ID, email: str = "") -> Player | None:
    """The one active player `text` names: by member number in the club (as typed,
    capitals aside: "q023" is Q023), else by federation number, else by name under the
    member import's rules (core.names.normalize_name), in whichever club they are a
    member; of several of that name, the one whose address on record is `email`. None
    when nobody, or several the address does not tell apart."""
    text = text.strip()
    if not text:
        return None
    active = Player.objects.active()
    by_number = list(active.by_number(club_id, text)[:2])
    if len(by_number) == 1:
        return by_number[0]
    by_federation = list(active.filter(federation_number__iexact=text)[:2])
    if len(by_federation) == 1:
        return by_federation[0]
    named = list(active.namesakes(text)[:MOST_NAMESAKES])
    if len(named) > 1:
        named = [player for player in named if _same_address(player.email, email)]
    return named[0] if len(named) == 1 else None


def _position(tournament: Tournament, sign_up: SignUp) -> int:
    return (
        SignUp.objects.filter(tournament=tournament)
        .waiting_list()
        .filter(place__lte=sign_up.place)
        .count()
    )


def _enter_or_list(tournament: Tournament, sign_up: SignUp, player: Player, *, user) -> SignedUp:
    """Enter `player` (mailing their link) or, the cap reached, put them on the waiting
    list (mailing their place). The tournament is locked."""
    if tournament.entries.filter(player=player).exists():
        raise AlreadyRegistered(ALREADY_ENTERED)
    if SignUp.objects.filter(tournament=tournament, player=player).waiting_list().exists():
        raise AlreadyRegistered(ALREADY_LISTED)
    sign_up.player = player
    sign_up.decided = timezone.now()
    if is_full(tournament):
        sign_up.status = SignUp.Status.WAITING
        last = SignUp.objects.filter(tournament=tournament).aggregate(last=Max("place"))["last"]
        sign_up.place = (last or 0) + 1
        sign_up.save()
        position = _position(tournament, sign_up)
        audit.record(
            AuditEntry.Action.SIGN_UP,
            user=user,
            tournament=tournament,
            summary=Said(
                gettext_noop("%(player)s put on the waiting list (number %(position)d)"),
                player=player,
                position=position,
            ),
            after={"player": player.pk, "sign_up": sign_up.pk},
        )
        mail_after_commit(WAITING, tournament, player, position)
        return SignedUp(sign_up, position)
    add_entry(tournament, player, user=user)
    sign_up.status = SignUp.Status.ENTERED
    sign_up.save()
    mail_after_commit(ENTERED, tournament, player)
    return SignedUp(sign_up)


@transaction.atomic
def sign_up(tournament: Tournament | int, name: str, email: str, *, now=None) -> SignedUp:
    """A visitor's request from the registration form. Entered or listed when it names a
    member and gives their address on record; otherwise it waits for the director.
    Raises RegistrationClosed or AlreadyRegistered, with the message for the visitor."""
    tournament = lock_tournament(tournament)
    check_open(tournament, now)
    name, email = name.strip(), email.strip()
    member = member_named(name, club_of(tournament), email)
    request = SignUp(tournament=tournament, name=name, email=email, created=now or timezone.now())
    if member is not None and _same_address(member.email, email):
        return _enter_or_list(tournament, request, member, user=None)
    # Nobody vouches for it: the director decides. The same request twice is one.
    key = normalize_name(name)
    for earlier in tournament.sign_ups.for_the_director():
        if _same_address(earlier.email, email) and normalize_name(earlier.name) == key:
            raise AlreadyRegistered(ALREADY_SENT)
    request.player = member  # for the director's eyes: whom the name or number named
    request.status = SignUp.Status.PENDING
    request.save()
    audit.record(
        AuditEntry.Action.SIGN_UP,
        user=None,
        tournament=tournament,
        summary=Said(gettext_noop("%(name)s asked to register"), name=name),
        after={"sign_up": request.pk},
    )
    return SignedUp(request)


def _pending(tournament: Tournament, sign_up: SignUp | int, *statuses) -> SignUp:
    pk = sign_up.pk if isinstance(sign_up, SignUp) else sign_up
    found = (
        SignUp.objects.select_related("player")
        .filter(pk=pk, tournament=tournament, status__in=statuses or SignUp.ACTIVE)
        .first()
    )
    if found is None:
        raise OperationError(_("This request has been dealt with already."))
    return found


@transaction.atomic
def accept_sign_up(tournament: Tournament | int, sign_up: SignUp | int, *, user) -> SignedUp:
    """The director vouches for a request: the member it named, or a new player made
    from it (with the address typed, theirs), is entered or put on the waiting list."""
    tournament = lock_tournament(tournament)
    request = _pending(tournament, sign_up, SignUp.Status.PENDING)
    player = request.player
    if player is None:
        # Someone new to the federation: a member of the club whose tournament it is.
        player = create_player(
            {"name": request.name, "email": request.email},
            user=user,
            allow_namesake=True,
            club=club_of(tournament),
        )
    try:
        return _enter_or_list(tournament, request, player, user=user)
    except AlreadyRegistered:
        # Said to the director, about the player (the visitor's words say "you").
        raise OperationError(
            _("%(player)s is already registered or on the waiting list.") % {"player": player}
        ) from None


@transaction.atomic
def refuse_sign_up(tournament: Tournament | int, sign_up: SignUp | int, *, user) -> SignUp:
    """The director refuses a request, or takes someone off the waiting list."""
    tournament = lock_tournament(tournament)
    request = _pending(tournament, sign_up)
    request.status, request.decided = SignUp.Status.REFUSED, timezone.now()
    request.save(update_fields=["status", "decided"])
    audit.record(
        AuditEntry.Action.SIGN_UP,
        user=user,
        tournament=tournament,
        summary=Said(gettext_noop("%(name)s's registration refused"), name=request.name),
        after={"sign_up": request.pk},
    )
    return request


@transaction.atomic
def set_registration(
    tournament: Tournament | int, *, open_: bool, cap: int | None, closes, user
) -> Tournament:
    """Open or close public registration, with its cap and closing time. A cap raised
    (or removed) lets the waiting list move up at once."""
    tournament = lock_tournament(tournament)
    if cap is not None and cap < 1:
        raise OperationError(_("The cap is at least one player."))
    before = {
        "open": tournament.registration_open,
        "cap": tournament.registration_cap,
        "closes": tournament.registration_closes.isoformat()
        if tournament.registration_closes
        else None,
    }
    tournament.registration_open = open_
    tournament.registration_cap = cap
    tournament.registration_closes = closes
    tournament.save(update_fields=["registration_open", "registration_cap", "registration_closes"])
    audit.record(
        AuditEntry.Action.TOURNAMENT_CHANGED,
        user=user,
        tournament=tournament,
        summary=Said(gettext_noop("Public registration settings changed")),
        before=before,
        after={"open": open_, "cap": cap, "closes": closes.isoformat() if closes else None},
    )
    promote(tournament, user=user)
    return tournament
