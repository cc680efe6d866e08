"""The rule variants a season plays under, and the presets of Q-gammon's history.

Pure Python on purpose: the scoring core, the models, the forms and the importers all
read the same `RuleSet`, and nothing here may depend on Django (see DESIGN.md).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields

# The two sets of irregularity rules the club has used (seed 002, "Irregularitats"):
# "pre-2002": anyone, spectators included, may point out a miscounted move, and a roll
#             made before the opponent finished is void (rule 3B);
# "2002":     rule 2 (the turn ends when the dice are picked up; the opponent alone may
#             accept or correct an illegal move) and rule 3 (an early roll stands).
IRREGULARITIES = ("2002", "pre-2002")

BACKGAMMON_MULTIPLIERS = (2, 3)


@dataclass(frozen=True)
class RuleSet:
    """What a season allows. Every field has the default of today's match rules."""

    crawford: bool = True
    # The Holland rule limits *when* the trailer may double after the Crawford game; a
    # game's result cannot show that, so it is recorded for the record only.
    holland: bool = False
    backgammon_multiplier: int = 3
    beavers: bool = False
    beaver_refusable: bool = True
    raccoons: bool = False
    automatic_doubles: bool = False
    automatic_doubles_limit: int | None = None
    # Money play only: it never changes the points of a match game.
    jacoby: bool = False
    irregularities: str = "2002"

    def __post_init__(self) -> None:
        for field in fields(self):
            value = getattr(self, field.name)
            if field.type == "bool" and not isinstance(value, bool):
                raise ValueError(f"{field.name} must be True or False, not {value!r}")
        if self.backgammon_multiplier not in BACKGAMMON_MULTIPLIERS or isinstance(
            self.backgammon_multiplier, bool
        ):
            raise ValueError(
                f"a backgammon counts 2 or 3 times the cube, not {self.backgammon_multiplier!r}"
            )
        if self.irregularities not in IRREGULARITIES:
            raise ValueError(
                f"irregularities must be one of {', '.join(IRREGULARITIES)}, "
                f"not {self.irregularities!r}"
            )
        limit = self.automatic_doubles_limit
        if limit is not None and (
            isinstance(limit, bool) or not isinstance(limit, int) or limit < 1
        ):
            raise ValueError(f"the automatic doubles limit must be 1 or more, not {limit!r}")

    def multiplier(self, kind: str) -> int:
        """How many times the cube a game of this kind is worth."""
        return {"single": 1, "gammon": 2, "backgammon": self.backgammon_multiplier}[kind]

    def as_dict(self) -> dict[str, object]:
        return asdict(self)


# Q-gammon's history (RULES.md, "Nota Q"): until 1999 a backgammon counted as a gammon
# and matches were played with beavers the doubler could not refuse; from 2000 no
# optional rule applies to match play; from the 2002 season the new irregularity rules.
PRESETS: dict[str, RuleSet] = {
    "standard": RuleSet(),
    "qgammon-1999": RuleSet(
        backgammon_multiplier=2,
        beavers=True,
        beaver_refusable=False,
        irregularities="pre-2002",
    ),
    "qgammon-2000": RuleSet(irregularities="pre-2002"),
    "qgammon-2002": RuleSet(),
}
