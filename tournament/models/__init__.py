"""The club's data, by subject: players, seasons and their rules, tournaments with their
entries and brackets, matches and games, the audit log, the ratings, and a stored draw
read back as the pure plan.

Thin on purpose: rows hand their values to the pure core (`core.rules`, `core.scoring`,
`core.draw`), and every write that changes the club goes through `operations`.
"""

from .analysis import AnalysedPlayer, Analysis
from .audit import AuditEntry, Said, ngettext_noop
from .avoided import AvoidedPair
from .brackets import Bracket
from .clubs import Club, ClubRole, Federation, Membership
from .entries import Entry, EntryRequest
from .federation_league import (
    LeagueDivision,
    LeagueFixture,
    LeagueSeason,
    LeagueSquadMember,
    LeagueTeam,
)
from .games import Game, Penalty
from .jobs import Job, JobStatus
from .master_points import MasterPoints, PointsCounted
from .matches import Match, MatchQuerySet
from .payments import Payment
from .players import Player, PlayerQuerySet
from .prize_payments import PrizePayment
from .push import PushKind, PushMessage, PushSubscription
from .ratings import RatingChange, RatingsLock
from .receipts import EntryReceipt
from .registrations import SignUp
from .reports import GameReport, GameReportQuerySet, MatchMail, PlayerLink
from .rounds import RoundDeadline
from .seasons import RULE_FIELDS, Season, validate_scale
from .teams import Team, TeamMatch, TeamMember
from .tournaments import Tournament, TournamentQuerySet
from .transcripts import Transcript
from .uploads import PendingUpload

__all__ = [
    "RULE_FIELDS",
    "AnalysedPlayer",
    "Analysis",
    "AuditEntry",
    "AvoidedPair",
    "Bracket",
    "Club",
    "ClubRole",
    "Entry",
    "EntryReceipt",
    "EntryRequest",
    "Federation",
    "Game",
    "GameReport",
    "GameReportQuerySet",
    "Job",
    "JobStatus",
    "LeagueDivision",
    "LeagueFixture",
    "LeagueSeason",
    "LeagueSquadMember",
    "LeagueTeam",
    "MasterPoints",
    "Match",
    "MatchMail",
    "MatchQuerySet",
    "Membership",
    "Payment",
    "Penalty",
    "PendingUpload",
    "Player",
    "PlayerLink",
    "PlayerQuerySet",
    "PointsCounted",
    "PrizePayment",
    "PushKind",
    "PushMessage",
    "PushSubscription",
    "RatingChange",
    "RatingsLock",
    "RoundDeadline",
    "Said",
    "Season",
    "SignUp",
    "Team",
    "TeamMatch",
    "TeamMember",
    "Tournament",
    "TournamentQuerySet",
    "Transcript",
    "ngettext_noop",
    "validate_scale",
]
