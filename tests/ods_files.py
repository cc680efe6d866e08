""".ods files written with the standard library, laid out as odfpy and LibreOffice write
them: a `mimetype` stored first, the manifest, and the sheets in content.xml with the
`office:`, `table:` and `text:` prefixes (some tests edit content.xml as text). The site
reads .ods through defusedxml and needs no library to write one, so neither do the tests.

    ods_files.document([ods_files.row([ods_files.cell("Nom"), ods_files.cell("Cognoms")])])
"""

from __future__ import annotations

import io
import zipfile
from xml.sax.saxutils import escape, quoteattr

MIMETYPE = "application/vnd.oasis.opendocument.spreadsheet"
NAMESPACES = {
    "office": "urn:oasis:names:tc:opendocument:xmlns:office:1.0",
    "table": "urn:oasis:names:tc:opendocument:xmlns:table:1.0",
    "text": "urn:oasis:names:tc:opendocument:xmlns:text:1.0",
}
MANIFEST = (
    "<?xml version='1.0' encoding='UTF-8'?>\n"
    '<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"'
    ' manifest:version="1.2">'
    f'<manifest:file-entry manifest:full-path="/" manifest:media-type="{MIMETYPE}"/>'
    '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>'
    "</manifest:manifest>"
)


def _attributes(attributes: dict[str, object]) -> str:
    return "".join(
        f" {name}={quoteattr(str(value))}"
        for name, value in attributes.items()
        if value is not None
    )


def cell(
    text: str | None = None,
    *,
    columns: int = 1,
    formula: str | None = None,
    value_type: str | None = None,
    value: object = None,
) -> str:
    """A cell: its paragraph (none when `text` is None), a run of `columns` repeated,
    a formula, and the type and value a spreadsheet program saves with a number."""
    attributes = {
        "office:value-type": value_type,
        "office:value": value,
        "table:number-columns-repeated": columns if columns > 1 else None,
        "table:formula": formula,
    }
    paragraph = "" if text is None else f"<text:p>{escape(text)}</text:p>"
    return f"<table:table-cell{_attributes(attributes)}>{paragraph}</table:table-cell>"


def row(cells: list[str], repeat: int = 1) -> str:
    attributes = {"table:number-rows-repeated": repeat if repeat > 1 else None}
    return f"<table:table-row{_attributes(attributes)}>{''.join(cells)}</table:table-row>"


def document(rows: list[str], name: str = "Socis") -> bytes:
    """The .ods file of one sheet of these rows."""
    namespaces = "".join(f' xmlns:{prefix}="{uri}"' for prefix, uri in NAMESPACES.items())
    content = (
        "<?xml version='1.0' encoding='UTF-8'?>\n"
        f'<office:document-content{namespaces} office:version="1.2"><office:body>'
        f"<office:spreadsheet><table:table table:name={quoteattr(name)}>{''.join(rows)}"
        "</table:table></office:spreadsheet></office:body></office:document-content>"
    )
    output = io.BytesIO()
    with zipfile.ZipFile(output, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("mimetype", MIMETYPE, compress_type=zipfile.ZIP_STORED)
        archive.writestr("META-INF/manifest.xml", MANIFEST)
        archive.writestr("content.xml", content)
    return output.getvalue()
