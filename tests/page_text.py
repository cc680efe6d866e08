"""What a visitor gets from an HTML page, as lines of text a diff can read: the visible
text in document order (a block to a line, a table row's cells joined by " | "), each
link as [its text](its address), each form field with its name, type, value and options,
the drawings' shapes, and the attributes a person meets (a tooltip, a label read aloud,
hidden or not). Not the markup's indentation, its classes or the CSRF token, which
change no page a visitor sees.

`page_lines` splits the page into its own lines (its title, then what its <main> holds)
and the site's layout around them, the same on every page but for the page's own
address, written as {page} so that one layout serves them all.
"""

import hashlib
import json
import re
from html.parser import HTMLParser

# Where a line ends: the blocks of HTML, a drawing and its title and description.
BLOCKS = frozenset(
    [
        "address",
        "article",
        "aside",
        "blockquote",
        "body",
        "caption",
        "dd",
        "details",
        "dialog",
        "div",
        "dl",
        "dt",
        "fieldset",
        "figcaption",
        "figure",
        "footer",
        "form",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "head",
        "header",
        "hr",
        "html",
        "li",
        "main",
        "nav",
        "ol",
        "optgroup",
        "option",
        "p",
        "pre",
        "section",
        "select",
        "summary",
        "table",
        "tbody",
        "tfoot",
        "thead",
        "title",
        "tr",
        "ul",
        "svg",
        "desc",
        "textarea",
    ]
)
CELLS = frozenset(("td", "th"))
# A drawing's shapes: thousands of lines (a board's checkers, a chart's dots) that no one
# reads in a diff; a drawing is one line, its shapes counted and their attributes hashed,
# so that a shape moved changes the line. Its words (title, description, labels) are text.
SHAPES = frozenset(
    [
        "circle",
        "ellipse",
        "line",
        "path",
        "polygon",
        "polyline",
        "rect",
        "use",
        "image",
        "stop",
        "lineargradient",
        "g",
        "defs",
        "symbol",
        "marker",
        "clippath",
        "mask",
        "pattern",
    ]
)
# Attributes a visitor meets on any element: a tooltip, a name read aloud, shown or not.
SHOWN = ("title", "aria-label", "alt", "placeholder", "hidden", "disabled", "open", "selected")
FIELD = ("name", "type", "value", "checked", "selected", "disabled", "multiple", "required")
SILENT = frozenset(("script", "style", "template", "noscript"))
VOID = frozenset(
    [
        "area",
        "base",
        "br",
        "col",
        "embed",
        "hr",
        "img",
        "input",
        "link",
        "meta",
        "source",
        "track",
        "wbr",
    ]
)
# A static file's name as ManifestStaticFilesStorage serves it, its content's hash in it
# ("site.3f2a1b4c5d6e.css"): the file's name without it, so that a changed file changes
# no page but its own.
HASHED = re.compile(r"^(/static/.+)\.[0-9a-f]{12}(\.[A-Za-z0-9]+)$")
SPACES = re.compile(r"\s+")
# Where a page's <main> goes in its layout.
MAIN = "{main: the page's own lines}"


def _address(value: str) -> str:
    return HASHED.sub(r"\1\2", value)


def _quoted(value: str) -> str:
    return "=" if value == "=" else json.dumps(value, ensure_ascii=False)


def _attributes(pairs, names) -> str:
    found = []
    for name in dict.fromkeys(names):
        if name in pairs:
            value = pairs[name]
            found.append(
                name if value is None else f"{name}={json.dumps(value, ensure_ascii=False)}"
            )
    return " ".join(found)


class _Reader(HTMLParser):
    def __init__(self, url: str):
        super().__init__(convert_charrefs=True)
        self.url = url
        self.lines: list[tuple[bool, str]] = []  # (the page's own?, the line)
        self.line: list[str] = []
        self.flushed = 0  # lines ended so far, so that a link knows it spans one
        self.silent = 0
        self.in_main = 0
        self.in_title = False
        self.links: list[tuple] = []  # (href, title, where its text starts, lines ended)
        self.drawings: list[list[str]] = []  # the shapes of each <svg> being read

    # --- lines

    def flush(self):
        text = SPACES.sub(" ", "".join(self.line)).strip()
        text = re.sub(r"\[ ", "[", re.sub(r" \]", "]", text))
        self.line = []
        self.flushed += 1
        if text and text != "|":
            own = self.in_main > 0 or self.in_title
            if not own:
                text = text.replace(json.dumps(self.url), '"{page}"').replace(
                    f"]({self.url})", "]({page})"
                )
            self.lines.append((own, text.removeprefix("| ")))

    def write(self, text: str):
        self.line.append(text)

    # --- the parser's calls

    def handle_starttag(self, tag, attrs):
        pairs = {
            name: (_address(value) if name in ("href", "src") and value else value)
            for name, value in attrs
        }
        if tag in SILENT:
            if tag == "script" and pairs.get("src"):
                self.flush()
                self.write(f"{{script {_attributes(pairs, ('src', 'type'))}}}")
                self.flush()
            self.silent += 1
            return
        if tag in BLOCKS:
            self.flush()
        if tag == "svg":
            self.drawings.append([])
        if tag in SHAPES or tag == "svg":
            if self.drawings:
                self.drawings[-1].append(f"{tag} {_attributes(pairs, sorted(pairs))}")
            return
        if tag == "text" and self.drawings:
            self.write(" ")
        if tag == "main":
            if not self.in_main:
                self.lines.append((False, MAIN))
            self.in_main += 1
        if tag == "title" and not self.in_main:
            self.in_title = True
            self.write("{title} ")
        if tag in CELLS:
            self.write(" | ")
        if tag == "a":
            self.links.append((pairs.get("href"), pairs.get("title"), len(self.line), self.flushed))
            self.write("[" if pairs.get("href") is not None else "")
            return
        if tag == "input" and pairs.get("name") == "csrfmiddlewaretoken":
            return
        if tag in ("input", "button", "select", "option", "textarea"):
            self.write(f" {{{tag} {_attributes(pairs, FIELD + SHOWN)}}} ".replace(" }", "}"))
        elif tag == "form":
            self.write(
                f"{{form {_attributes(pairs, ('action', 'method', *SHOWN))}}}".replace(" }", "}")
            )
        elif tag in ("link", "meta"):
            shown = _attributes(pairs, ("rel", "href", "name", "content", "property", "hreflang"))
            if shown and not (tag == "meta" and pairs.get("name") == "viewport"):
                self.flush()
                self.write(f"{{{tag} {shown}}}")
                self.flush()
        elif tag in ("img", "iframe", "object", "video", "audio", "source"):
            self.write(
                f" {{{tag} {_attributes(pairs, ('src', 'href', *SHOWN))}}} ".replace(" }", "}")
            )
        elif tag == "html":
            self.write(f"{{html {_attributes(pairs, ('lang', 'dir'))}}}")
            self.flush()
        else:
            shown = _attributes(pairs, SHOWN)
            if shown:
                self.write(f" {{{tag} {shown}}} ")
        if tag == "br":
            self.flush()

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in VOID:
            self.handle_endtag(tag)

    def handle_endtag(self, tag):
        if tag in SILENT:
            self.silent = max(0, self.silent - 1)
            return
        if tag == "a" and self.links:
            href, title, start, flushed = self.links.pop()
            if href is None:
                return
            text = SPACES.sub(" ", "".join(self.line[start + 1 :])).strip()
            # A name cut short on a narrow column is whole in its tooltip: said once when
            # the two agree ("[Núria Ferrer](/players/3/ =)").
            if title is not None and title == text and flushed == self.flushed:
                title = "="
            self.write(f"]({href}{'' if title is None else ' ' + _quoted(title)})")
            return
        if tag in BLOCKS:
            self.flush()
        if tag == "svg" and self.drawings:
            shapes = self.drawings.pop()
            digest = hashlib.sha256("\n".join(shapes).encode()).hexdigest()[:16]
            self.write(f"{{drawing: {len(shapes) - 1} shapes, {digest}}}")
            self.flush()
        if tag == "text" and self.drawings:
            self.write(" ")
        if tag == "main":
            self.in_main -= 1
        if tag == "title":
            self.in_title = False

    def handle_data(self, data):
        if not self.silent:
            self.write(data)


def page_lines(html: str, url: str) -> tuple[list[str], list[str]]:
    """The page's own lines (its title, what its <main> holds) and its layout's."""
    reader = _Reader(url)
    reader.feed(html)
    reader.close()
    reader.flush()
    own = [line for is_own, line in reader.lines if is_own]
    layout = [line for is_own, line in reader.lines if not is_own]
    return own, layout
