"""The secretary's spreadsheet (.xlsx): `sheets` says what each sheet holds, `workbook`
writes them (typed cells, user text always text, rows streamed)."""

from .money import money_sheet
from .sheets import season_sheets, tournament_sheets
from .workbook import Sheet, write_workbook

__all__ = [
    "Sheet",
    "money_sheet",
    "money_sheets",
    "season_sheets",
    "tournament_sheets",
    "write_workbook",
]


def money_sheets(tournament, cash) -> list[Sheet]:
    """The tournament's workbook for the directors: its sheets, then Money."""
    return [*tournament_sheets(tournament), money_sheet(cash)]
