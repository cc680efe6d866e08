"""Prize money: the pool the entry fees make, less the club's cut, and how a bracket's
final places share it ("50,25,12.5,12.5" is 50 % of the pool to 1st, 25 % to 2nd and
12.5 % to each of 3rd and 4th).

Pure Python, with `Decimal` amounts and never floats: the forms, the director's desk and
the exports all parse and share prize money here, so the prizes on the page, on the
sheet and in the cash box are the same to the cent.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Context, Decimal, localcontext
from fractions import Fraction

from .league import place_label
from .messages import CoreError, _

CENT = Decimal("0.01")
HUNDRED = Decimal(100)
MAX_MONEY = Decimal(1_000_000)  # an entry fee or a pool above this is a typo at a club
MAX_PLACES = 64  # paid places in one payout scale

# Percentages of the pool for places 1, 2, 3, 4, ... of each kind of bracket (the same
# kind strings as `league.MAIN`, `league.CONSOLATION` and `league.LAST_CHANCE`).
DEFAULT_PAYOUTS: dict[str, tuple[Decimal, ...]] = {
    "main": (Decimal(50), Decimal(25), Decimal("12.5"), Decimal("12.5")),
    "consolation": (Decimal(60), Decimal(40)),
    "last_chance": (Decimal(100),),
}

# Enough digits that no sum or product of club amounts is ever rounded, whatever
# context the caller has set.
_CONTEXT = Context(prec=50)


class PrizeError(CoreError):
    """An amount, a percentage or a payout scale that cannot be used; the message says why."""


def _plain(value: Decimal) -> str:
    """12.50 -> "12.5", 100 -> "100" (`normalize()` alone would give "1E+2")."""
    return f"{value.normalize():f}"


def _number(text: str) -> Decimal | None:
    """The number written in `text` as digits with at most one dot and an optional sign,
    or None. Stricter than `Decimal()`, which would also take "NaN", "1e3", "1_000" and
    digits of other scripts."""
    digits = text[1:] if text.startswith(("+", "-")) else text
    whole, __, fraction = digits.partition(".")
    if not (whole or fraction) or any(
        part and not (part.isascii() and part.isdigit()) for part in (whole, fraction)
    ):
        return None
    value = Decimal(text)
    return value.copy_abs() if value == 0 else value  # "-0" is 0, never -0.00


def _decimals(value: Decimal) -> int:
    return max(0, -int(value.as_tuple().exponent))


def _parse(text: str, empty: str, not_a_number: str, high: Decimal, too_high: str) -> Decimal:
    """A number from 0 to `high` with at most 2 decimals, a comma or a dot before them."""
    if not isinstance(text, str) or not text.strip():
        raise PrizeError(empty)
    text = text.strip()
    value = _number(text.replace(",", "."))
    if value is None:
        raise PrizeError(not_a_number, value=text[:20])
    # Refused rather than rounded: "12.500" may well be twelve thousand five hundred
    # written with a dot between the thousands.
    if _decimals(value) > 2:
        raise PrizeError(_("“%(value)s” has more than 2 decimals."), value=text[:20])
    if value < 0:
        raise PrizeError(_("“%(value)s” is negative."), value=text[:20])
    if value > high:
        raise PrizeError(too_high, value=text[:20], max=_plain(high))
    return value


def parse_money(text: str) -> Decimal:
    """ "12", "12.5" or "12,50" -> Decimal("12.50"): from 0 to MAX_MONEY, in cents."""
    value = _parse(
        text,
        _("Give an amount of money, e.g. 12 or 12.50."),
        _("“%(value)s” is not an amount of money."),
        MAX_MONEY,
        _("“%(value)s” is more than %(max)s; is it a typo?"),
    )
    return value.quantize(CENT)


def parse_percent(text: str) -> Decimal:
    """ "10", "12.5" or "12,5" -> the percentage as written, from 0 to 100 (a club's cut)."""
    return _parse(
        text,
        _("Give a percentage, e.g. 10 or 12.5."),
        _("“%(value)s” is not a percentage."),
        HUNDRED,
        _("“%(value)s” is more than %(max)s percent."),
    )


def parse_payouts(text: str) -> tuple[Decimal, ...]:
    """ "50, 25; 12.5 12.5" -> the percentages of the pool for places 1, 2, 3, 4, ...

    Values are separated by commas, semicolons or spaces, so a decimal is written with a
    dot: "12,5" is two places, 12 % and 5 %. Each value is above 0 with at most 2
    decimals, and together they are exactly 100.
    """
    if not isinstance(text, str):
        raise PrizeError(_("Give the prizes as percentages, e.g. 50,25,12.5,12.5."))
    parts = [part for part in text.replace(";", ",").replace(" ", ",").split(",") if part]
    if not parts:
        raise PrizeError(_("Give at least one percentage, e.g. 100 or 50,25,12.5,12.5."))
    if len(parts) > MAX_PLACES:
        raise PrizeError(_("Give prizes for at most %(count)d places."), count=MAX_PLACES)
    values = []
    for part in parts:
        value = _number(part)
        if value is None or value <= 0 or value > HUNDRED or _decimals(value) > 2:
            raise PrizeError(
                _("“%(value)s” is not a percentage above 0 with at most 2 decimals."),
                value=part[:20],
            )
        values.append(value)
    total = sum(values, Decimal(0))
    if total != HUNDRED:
        raise PrizeError(_("The percentages add up to %(total)s, not 100."), total=_plain(total))
    return tuple(values)


def format_payouts(values: Iterable[Decimal]) -> str:
    """(50, 25, 12.50, 12.50) -> "50,25,12.5,12.5", the form a payout scale is stored in."""
    return ",".join(_plain(Decimal(value)) for value in values)


def _exact(value: object) -> Decimal:
    """Money and percentages as Decimal; a float has already lost cents, so refuse it."""
    if isinstance(value, bool) or not isinstance(value, Decimal | int):
        raise TypeError(f"amounts are Decimal, not {type(value).__name__}")
    return Decimal(value)


def pool(amounts: Iterable[Decimal], club_cut: Decimal = Decimal(0)) -> Decimal:
    """What was actually paid, less the club's cut (a percentage of it), in cents.

    The cut is the one rounded (half up), and the pool is what is left, so the pool and
    the cut always add up to the money in the box.
    """
    with localcontext(_CONTEXT):
        paid = [_exact(amount) for amount in amounts]
        if any(amount < 0 for amount in paid):
            raise PrizeError(_("An entry fee paid cannot be negative."))
        cut = _exact(club_cut)
        if not 0 <= cut <= HUNDRED:
            raise PrizeError(
                _("The club's cut is a percentage from 0 to 100, not %(value)s."),
                value=_plain(cut),
            )
        total = sum(paid, Decimal(0)).quantize(CENT, rounding=ROUND_HALF_UP)
        return total - (total * cut / HUNDRED).quantize(CENT, rounding=ROUND_HALF_UP)


@dataclass(frozen=True)
class Prize:
    """What one player wins: `places` is their (best, worst) place, (3, 4) for a shared
    third place; `player` is the caller's key for them."""

    places: tuple[int, int]
    player: object
    amount: Decimal

    @property
    def label(self) -> str:
        return place_label(*self.places)


def _bands(places: Mapping[object, tuple[int, int]]) -> dict[tuple[int, int], list[object]]:
    """The players of each (best, worst) band, bands in order of place, players in the
    order `places` gives; refuses bands that overlap or hold more players than places."""
    bands: dict[tuple[int, int], list[object]] = {}
    for player, band in places.items():
        best, worst = band
        if not (isinstance(best, int) and isinstance(worst, int) and 1 <= best <= worst):
            raise PrizeError(
                _("A place runs from a better to a worse place, not %(best)s-%(worst)s."),
                best=best,
                worst=worst,
            )
        bands.setdefault((best, worst), []).append(player)
    ordered = dict(sorted(bands.items(), key=lambda item: item[0]))
    previous_worst = 0
    for (best, worst), players in ordered.items():
        # Two players counted in one place would be paid it twice.
        if best <= previous_worst or len(players) > worst - best + 1:
            raise PrizeError(
                _("More players hold places %(best)s-%(worst)s than there are places."),
                best=best,
                worst=worst,
            )
        previous_worst = worst
    return ordered


def rerank(places: Mapping[object, tuple[int, int]]) -> dict[object, tuple[int, int]]:
    """The places of a side pool's participants among themselves: their bands, in order,
    take consecutive places from 1 ((2,2), (3,4), (3,4), (9,16) -> (1,1), (2,3), (2,3),
    (4,4)). Players are in the order `places` gives."""
    new_band: dict[tuple[int, int], tuple[int, int]] = {}
    better = 0
    for band, players in _bands(places).items():
        new_band[band] = (better + 1, better + len(players))
        better += len(players)
    return {player: new_band[band] for player, band in places.items()}


def share(
    pool_amount: Decimal,
    payouts: Sequence[Decimal],
    places: Mapping[object, tuple[int, int]],
    unit: Decimal = Decimal(1),
) -> list[Prize]:
    """The prizes of one bracket: `payouts` are the percentages for places 1, 2, 3, ...
    and `places` each player's final (best, worst) place in it.

    Players who tie share their places' percentages equally: each player of a band gets
    the band's average place (a 3-4 band held by one player, the other semi-final a
    bye, pays that player one place's share, not two). Percentages of places nobody
    holds go to the held ones in proportion, so the whole pool is paid out, and with a
    scale that falls from place to place a better place never wins less. Each prize is
    rounded down to a whole `unit` (no coins at the prize giving) and the units that
    leaves are shared down the places, a unit to each player of a band from the best
    (30 in 50 / 18.75 / 18.75 / 6.25 / 6.25 % pays 16 / 6 / 6 / 1 / 1, not 18 / 5 / 5 /
    1 / 1); what cannot be shared so goes to the best place: the prizes add up exactly
    to the pool. Only players who win something are listed, best place first.
    """
    with localcontext(_CONTEXT):
        pool_amount, unit = _exact(pool_amount), _exact(unit)
        scale = [_exact(value) for value in payouts]
        if pool_amount < 0:
            raise PrizeError(_("A prize pool cannot be negative."))
        if unit <= 0:
            raise PrizeError(
                _("Prizes are rounded to a unit above 0, not %(unit)s."), unit=str(unit)
            )
        total = sum(scale, Decimal(0))
        if any(value < 0 for value in scale) or total != HUNDRED:
            raise PrizeError(
                _("The percentages add up to %(total)s, not 100."), total=_plain(total)
            )
        bands = _bands(places)
        # Each player of a band is worth the band's average place (of the places the
        # scale pays); fractions, so that no division is ever rounded.
        weights = {
            band: Fraction(sum(scale[band[0] - 1 : band[1]], Decimal(0))) / (band[1] - band[0] + 1)
            for band in bands
        }
        held = sum((weights[band] * len(players) for band, players in bands.items()), Fraction(0))
        if pool_amount == 0 or held == 0:
            return []
        # Every amount written in cents (or finer, if the pool or the unit is), so that
        # 60.00 and 120.50 look alike on a page; quantizing to it never rounds.
        exponent = min(-2, int(pool_amount.as_tuple().exponent), int(unit.as_tuple().exponent))
        written = Decimal(1).scaleb(exponent)
        amounts: dict[object, Decimal] = {}
        for band, players in bands.items():
            # One exact division: this player's whole units, rounded down.
            units = math.floor(Fraction(pool_amount) * weights[band] / (held * Fraction(unit)))
            amounts.update((player, units * unit) for player in players)
        # The whole units the rounding left are shared down the places: one more to
        # each player of a band, from the best, while the band can take one each (tied
        # players win the same); the first band that cannot ends it, so a better place
        # never wins less. What is left then (fewer units than that band's players, or
        # cents below a unit) goes to the best place.
        left = pool_amount - sum(amounts.values(), Decimal(0))
        for band, players in bands.items():
            if weights[band] <= 0:
                continue
            if left < unit * len(players):
                break
            amounts.update((player, amounts[player] + unit) for player in players)
            left -= unit * len(players)
        top = next(band for band in bands if weights[band] > 0)
        amounts[bands[top][0]] += left
        amounts = {player: amount.quantize(written) for player, amount in amounts.items()}
        return [
            Prize(band, player, amounts[player])
            for band, players in bands.items()
            for player in players
            if amounts[player] > 0
        ]
