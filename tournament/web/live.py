"""Live pages that cost nothing when nothing changed.

A live page reads its row together with the change marks that cover what it shows (the
tournament's own mark and the club's: models.marks, moved by every write in the
writer's transaction) in one query, before anything else. Its ETag is made of those
marks, the language, the query string (?player=, ?partial=) and the code that renders
it; a poll that sends it back gets a 304 after that one query. The expensive part, a
tournament's brackets, is rendered once per change and kept in Django's cache under
the same marks (the shared Redis when there are several servers, each worker's own
memory otherwise): a key names one state of the tournament, so it is never stale.

Reading the marks before the rows matters: a write committed in between files newer
rows under the older mark (re-rendered at the next poll), never the other way round.
"""

from __future__ import annotations

import gzip
import hashlib
import re
import secrets
import time
from collections.abc import Callable, Iterable
from functools import cache, wraps
from pathlib import Path

from django.conf import settings
from django.contrib.messages.storage.cookie import CookieStorage
from django.core.cache import cache as render_cache
from django.http import HttpResponse
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.views.decorators.http import condition

from ..models import Tournament
from ..models.marks import CLUB_MARK_ID, ClubMark
from ..queries.marks import CLUB_MARK
from .access import private

# Rendered parts are keyed on the marks; the timeout only bounds what is kept.
KEEP_RENDERED = 24 * 60 * 60
# What renders a page, hashed once per process: a deploy that changes a template, the
# code or a translation changes every ETag and every key.
CODE_FOLDERS = ("templates", "tournament", "static")
CODE_SUFFIXES = (".py", ".html", ".mo", ".js", ".css", ".svg")


@cache
def code_version() -> str:
    digest = hashlib.sha256()
    base = Path(settings.BASE_DIR)
    for folder in CODE_FOLDERS:
        for path in sorted((base / folder).rglob("*")):
            if path.suffix in CODE_SUFFIXES and path.is_file():
                digest.update(str(path.relative_to(base)).encode())
                digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


def is_partial(request) -> bool:
    """A live refresh asks for the page's live part alone (?partial=...)."""
    return "partial" in request.GET


def _whole_page_may_match(request) -> bool:
    """A whole page also shows who is logged in and the messages waiting for them:
    only a visitor with neither (no session, no message cookie) gets its 304."""
    cookies = request.COOKIES
    return settings.SESSION_COOKIE_NAME not in cookies and CookieStorage.cookie_name not in cookies


def etag_of(request, marks: Iterable[int | None], *, forms: bool = False) -> str:
    """A weak ETag for the page as this request would see it. `forms`: the page holds
    CSRF tokens, which stay valid as long as the visitor's CSRF cookie does."""
    parts = [
        code_version(),
        get_language() or "",
        request.path,
        request.META.get("QUERY_STRING", ""),
    ]
    parts += [format(mark or 0, "x") for mark in marks]
    if forms:
        parts.append(request.COOKIES.get(settings.CSRF_COOKIE_NAME, ""))
    digest = hashlib.sha256("|".join(parts).encode()).hexdigest()[:24]
    return f'W/"live-{digest}"'


def conditional(load: Callable, marks: Callable, *, whole_page=True, personal=False):
    """A view answering 304 when nothing it shows changed.

    `load(request, *args, **kwargs)` reads the page's row with its marks (None: the view
    answers its 404), left on `request.live_row` for the view, which must read it from
    there rather than again; `marks(request, row)` gives the marks the ETag is made of.
    Without `whole_page`, only the live part gets an ETag (the marks do not cover the
    rest). A `personal` page (a player's private link) is never stored by anyone, and
    only its live part gets an ETag."""

    def etag_func(request, *args, **kwargs):
        row = load(request, *args, **kwargs)
        request.live_row = row
        if row is None:
            return None
        whole = whole_page and not personal and _whole_page_may_match(request)
        if not is_partial(request) and not whole:
            return None
        # A whole page holds the language form's CSRF token; a personal part, its forms.
        forms = personal or not is_partial(request)
        return etag_of(request, marks(request, row), forms=forms)

    def decorator(view):
        conditional_view = condition(etag_func=etag_func)(view)

        @wraps(view)
        def wrapped(request, *args, **kwargs):
            response = conditional_view(request, *args, **kwargs)
            if personal:
                return private(response)
            if response.has_header("ETag"):
                # The browser may keep it, but asks each time whether it changed.
                patch_cache_control(response, private=True, no_cache=True)
            return response

        return wrapped

    return decorator


def club_mark() -> int | None:
    return ClubMark.objects.filter(pk=CLUB_MARK_ID).values_list("mark", flat=True).first()


def public_tournament(request, pk):
    """A public tournament with its season and its marks (the tournament's and the
    club's): the row of the tournament and call-screen pages."""
    return (
        Tournament.objects.public()
        .select_related("season")
        .annotate(club_mark=CLUB_MARK)
        .filter(pk=pk)
        .first()
    )


def tournament_marks(request, tournament) -> tuple:
    return (tournament.mark, tournament.club_mark)


def tournament_marks_by_minute(request, tournament) -> tuple:
    """The tournament's marks and the minute: a page whose marks of the clock on the
    wall (a match running over, players not at their table) change as time passes,
    with no write to move a mark. Re-rendered at most once a minute per state."""
    return (*tournament_marks(request, tournament), int(time.time() // 60))


class Packed:
    """A rendered part (HTML, UTF-8) as it is kept: gzip-compressed, sent as it is to a
    client that takes gzip (`part_response`), decompressed once for anyone else or to
    be spliced into a page (`raw`)."""

    __slots__ = ("_raw", "gz")

    def __init__(self, gz: bytes, raw: bytes | None = None):
        self.gz = gz
        self._raw = raw

    @property
    def raw(self) -> bytes:
        if self._raw is None:
            self._raw = gzip.decompress(self.gz)
        return self._raw


# Level 6 (gzip's own default): a 256-player cup's every round, 390 kB, is 19 kB in
# 6 ms, once per change; level 1 would send a third more to every phone.
GZIP_LEVEL = 6


def rendered(name: str, marks: Iterable[int | None], variant: str, render: Callable) -> dict:
    """`render()`'s answer for one state of a page: from the cache when this state was
    rendered before, else rendered now and kept. Its bytes values (HTML, UTF-8) are kept
    gzip-compressed and come back as `Packed`: sent as they are (`part_response`,
    `splice`), since decoding them again would cost more than the rest. `variant` must
    come from a bounded set (an entrant, every round or not): never a query string."""
    key = ":".join(
        ["live", name, code_version(), get_language() or "", variant]
        + [format(mark or 0, "x") for mark in marks]
    )
    kept = render_cache.get(key)
    if kept is None:
        answer = render()
        packed = {
            field: Packed(gzip.compress(value, GZIP_LEVEL, mtime=0), value)
            if isinstance(value, bytes)
            else value
            for field, value in answer.items()
        }
        render_cache.set(
            key,
            {f: v.gz if isinstance(v, Packed) else v for f, v in packed.items()},
            KEEP_RENDERED,
        )
        return packed
    return {
        field: Packed(value) if isinstance(value, bytes) else value for field, value in kept.items()
    }


# As Django's GZipMiddleware reads Accept-Encoding.
ACCEPTS_GZIP = re.compile(r"\bgzip\b")


def part_response(request, part: Packed) -> HttpResponse:
    """A live part alone (a poll's answer): its kept gzip bytes as they are to a client
    that takes gzip, with no compression per request (the part holds nothing private,
    so BREACH has nothing to guess: see settings.MIDDLEWARE), the HTML to any other."""
    if ACCEPTS_GZIP.search(request.META.get("HTTP_ACCEPT_ENCODING", "")):
        response = HttpResponse(part.gz)
        response["Content-Encoding"] = "gzip"
    else:
        response = HttpResponse(part.raw)
    patch_vary_headers(response, ("Accept-Encoding",))
    return response


# Where a page's template puts a rendered part that `splice` fills in afterwards.
HOLE = mark_safe(f"<!--live-part-{secrets.token_hex(8)}-->")  # noqa: S308 -- no user text


def splice(response, part: Packed):
    """The rendered part put into the page's HOLE as bytes: a 390 kB part passed through
    the template would be decoded, joined at each level of it and encoded again."""
    response.content = response.content.replace(HOLE.encode(), part.raw, 1)
    return response


def season_marks(season) -> list[int | None]:
    """Every mark a season's standings depend on, in one query: each of its tournaments'
    (their places, matches and games) and the club's (names, the season's rules)."""
    rows = list(
        Tournament.objects.filter(season=season)
        .annotate(club_mark=CLUB_MARK)
        .order_by("pk")
        .values_list("pk", "mark", "club_mark")
    )
    if not rows:
        return [club_mark()]
    return [rows[0][2], *(value for row in rows for value in row[:2])]


def state_of(marks: Iterable[int | None]) -> int:
    """Many marks as one: a season of many tournaments has many, and hashed the key
    stays short (Redis takes any, but memcached stops at 250 characters)."""
    state = hashlib.sha256(":".join(format(mark or 0, "x") for mark in marks).encode())
    return int(state.hexdigest()[:32], 16)


def computed(name: str, marks: Iterable[int | None], compute: Callable):
    """`compute()`'s result for one state of what it reads (its marks): computed once
    per change and kept in the cache, like the rendered parts."""
    key = ":".join(["computed", name, code_version(), format(state_of(marks), "032x")])
    kept = render_cache.get(key)
    if kept is None:
        kept = compute()
        render_cache.set(key, kept, KEEP_RENDERED)
    return kept
