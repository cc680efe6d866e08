"""The secretary's spreadsheet (.xlsx): `sheets` says what each sheet holds, `workbook`
writes them (typed cells, user text always text, rows streamed)."""

from .sheets import season_sheets, tournament_sheets
from .workbook import Sheet, write_workbook

__all__ = ["Sheet", "season_sheets", "tournament_sheets", "write_workbook"]
