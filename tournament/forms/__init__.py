"""The director's forms, by subject: `match` (a game, penalty points, a table, a side, a
transcript), `seasons` (a season's days, rules and league points), `setup` (tournaments,
with their brackets, tables, clocks and money) and `entries` (registration, check-in,
seeds, fees, the draw's seed).

They check types and sizes; what the rules allow is asked of the pure core, and of the
operations they feed (a game is checked by `scoring.replay()` inside the locked
transaction that records it), so no rule is written twice.
"""

from .entries import (
    AddEntryForm,
    CheckInForm,
    DrawForm,
    FeesSweepForm,
    LateEntryForm,
    NewPlayerForm,
    PaymentForm,
    PlayerSearchForm,
    PrizePaymentForm,
    SeedsForm,
    WithdrawForm,
)
from .match import (
    AdjournForm,
    ConfirmForm,
    GameForm,
    PenaltyForm,
    SideForm,
    TableForm,
    TranscriptForm,
    VersionField,
)
from .players import PlayerContactForm
from .reports import ConfirmReportForm, DisputeForm, HandInForm
from .rounds import DeadlineForm, OverdueForm
from .seasons import POINTS_FIELDS, SCALE_FIELDS, SeasonCreateForm, SeasonRulesForm
from .setup import (
    BRACKET_FIELDS,
    TOURNAMENT_FIELDS,
    LengthsField,
    TournamentForm,
)

__all__ = [
    "BRACKET_FIELDS",
    "POINTS_FIELDS",
    "SCALE_FIELDS",
    "TOURNAMENT_FIELDS",
    "AddEntryForm",
    "AdjournForm",
    "CheckInForm",
    "ConfirmForm",
    "ConfirmReportForm",
    "DeadlineForm",
    "DisputeForm",
    "DrawForm",
    "FeesSweepForm",
    "GameForm",
    "HandInForm",
    "LateEntryForm",
    "LengthsField",
    "NewPlayerForm",
    "OverdueForm",
    "PaymentForm",
    "PenaltyForm",
    "PlayerContactForm",
    "PlayerSearchForm",
    "PrizePaymentForm",
    "SeasonCreateForm",
    "SeasonRulesForm",
    "SeedsForm",
    "SideForm",
    "TableForm",
    "TournamentForm",
    "TranscriptForm",
    "VersionField",
    "WithdrawForm",
]
