"""Makes the LibreOffice-saved member lists the import tests read (run once, by hand;
the files are committed): a workbook written by openpyxl, with formulas and no saved
values, opened and saved again by LibreOffice as .xlsx, .ods and a Windows-1252 CSV
with semicolons, as a club secretary's LibreOffice would save them.

    .venv/bin/python tests/data/members/make_libreoffice_files.py   # needs soffice
"""

import shutil
import subprocess
import tempfile
from pathlib import Path

from openpyxl import Workbook

HERE = Path(__file__).resolve().parent
ROWS = [
    ["Llista de socis 2024"],
    [],
    ["Nom", "Cognoms", "Núm. soci", "Correu electrònic", "Telèfon", "Club", "Quota"],
    ["Núria", "Ferrer", 101, "nuria@example.org", "600 11 22 33", "Q-gammon", 30],
    ["Jordi", "Puig i Vidal", 102, "jordi@example", "", "", 30],
    [],
    ["Àlex", '=UPPER("martínez")', "=C4+2", "", "", "Q-gammon", "=G4"],
    ["NÚRIA", " ferrer ", 101, "", "", "", ""],
    ["", "", 104, "ningu@example.org", "", "", ""],
    ["Marta", "Soler", 101, "", "", "", ""],
    ["Anna", "Bosch", "", "", "", "", ""],
]


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "members.xlsx"
        book = Workbook()
        book.active.title = "Socis"
        for row in ROWS:
            book.active.append(row)
        book.save(source)
        for target, filter_name in (
            ("ods", "ods"),
            ("xlsx", "xlsx:Calc MS Excel 2007 XML"),
            # 59 is ";", 34 is '"', 1 is Windows-1252.
            ("csv", "csv:Text - txt - csv (StarCalc):59,34,1"),
        ):
            out = Path(folder) / target
            out.mkdir()
            subprocess.run(
                ["soffice", "--headless", "--convert-to", filter_name, "--outdir", out, source],
                check=True,
                capture_output=True,
            )
            shutil.copy(out / f"members.{target}", HERE / f"libreoffice.{target}")


if __name__ == "__main__":
    main()
