"""`manage.py export_standings --season YEARS [--tournament ID] --output FILE.xlsx`
(YEARS: 2026, or 2026-27 for a season that spans two years):
the same workbook as the standings page's download, for the club secretary."""

import argparse
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.utils import translation

from ...core.seasons import years_address
from ...exports import season_sheets, tournament_sheets, write_workbook
from ...models import Season, Tournament


def season_years(text: str) -> str:
    """A season's years as its address has them ("2026", "2026-27")."""
    if years_address(text) is None:
        raise argparse.ArgumentTypeError(f"not a season's years: {text!r} (2026, or 2026-27)")
    return text


class Command(BaseCommand):
    help = "Write a season's (or one tournament's) standings, matches, games, players and rules."

    def add_arguments(self, parser):
        parser.add_argument(
            "--season",
            type=season_years,
            required=True,
            help="the season's years: 2026, or 2026-27",
        )
        parser.add_argument("--tournament", type=int, help="one tournament of that season (id)")
        parser.add_argument("--output", required=True, help="the .xlsx file to write")
        parser.add_argument(
            "--language",
            default=settings.LANGUAGE_CODE,
            choices=[code for code, _name in settings.LANGUAGES],
            help="language of the sheet and column names",
        )

    def handle(self, *args, season, tournament, output, language, **options):
        found = Season.objects.filter(years=str(season)).first()
        if found is None:
            raise CommandError(f"There is no season {season}.")
        output = Path(output)
        if output.suffix.lower() != ".xlsx":
            raise CommandError(f"The output must be an .xlsx file, not {output.name!r}.")
        if not output.parent.is_dir():
            raise CommandError(f"Cannot write {output}: the folder {output.parent} does not exist.")
        with translation.override(language):
            if tournament is None:
                sheets = season_sheets(found)
            else:
                chosen = Tournament.objects.filter(pk=tournament, season=found).first()
                if chosen is None:
                    raise CommandError(f"Season {season} has no tournament {tournament}.")
                sheets = tournament_sheets(chosen)
            # Written beside the target and renamed when complete, so a failure never
            # leaves half a workbook where the secretary expects one.
            partial = output.with_name(output.name + ".part")
            try:
                with open(partial, "wb") as handle:
                    write_workbook(sheets, handle)
                partial.replace(output)
            except OSError as error:
                partial.unlink(missing_ok=True)
                raise CommandError(f"Cannot write {output}: {error.strerror}.") from None
        self.stdout.write(f"Wrote {output}")
