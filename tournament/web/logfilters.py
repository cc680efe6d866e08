"""Keep players' private links out of every log line.

A link's token is its player's only credential, and it travels in the URL path
(`/p/<token>/`), which web servers and Django log ("Not Found: /p/..."). The filter
blanks it in Django's log records; the gunicorn logger class does the same for the
access log (`make run` uses it), referrers included, and for gunicorn's error log.

A URL may come percent-encoded: `/p/%34FJ.../`, `/p%2F4FJ.../` or `/%70/4FJ.../` all
reach the same page (the server decodes the path before Django routes it), and a
referrer or a query string (`?next=%2Fp%2F...`) carries the link encoded once or more.
So a value is decoded before it is searched; one that holds a link is logged decoded,
the link blanked, and its unprintable characters encoded again (a decoded `%0A` must
not start a forged log line).
"""

from __future__ import annotations

import logging
import re
from urllib.parse import quote, unquote

from gunicorn.glogging import Logger

LINK = re.compile(r"/p/+[A-Za-z0-9_-]{8,}")
HIDDEN = "/p/<private>"
# The door's cookie (web.door_device) holds a link's token too: blanked should an
# access-log format ever print the request's cookies or the answer's Set-Cookie.
DOOR_COOKIE = re.compile(r"(door_device=)[^;\s]*")
# A value encoded twice (`%252F`) is still read by someone who decodes it twice; more
# rounds than this is no URL a browser or a link makes.
DECODING_ROUNDS = 4


def _decoded(value: str) -> str:
    for _round in range(DECODING_ROUNDS):
        once = unquote(value)
        if once == value:
            break
        value = once
    return value


def _printable(value: str) -> str:
    return "".join(char if " " <= char <= "~" else quote(char, safe="") for char in value)


def redact(value):
    """The value with every player's link blanked, encoded or not; other values as
    they came."""
    if not isinstance(value, str):
        return value
    if "door_device=" in value:
        value = DOOR_COOKIE.sub(r"\1<private>", value)
    if "%" not in value and not LINK.search(value):
        return value
    decoded = _decoded(value)
    if not LINK.search(decoded):
        return value
    return _printable(LINK.sub(HIDDEN, decoded))


class RedactPlayerLinks(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = redact(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(redact(arg) for arg in record.args)
        elif isinstance(record.args, dict):
            record.args = {key: redact(arg) for key, arg in record.args.items()}
        if record.exc_info and not record.exc_text:
            # The traceback as the handler would print it, an exception's message
            # (which may quote the path) included.
            record.exc_text = redact(logging.Formatter().formatException(record.exc_info))
        return True


class RedactingGunicornLogger(Logger):
    """gunicorn's logger, with the links blanked in every access-log field and in
    the error log ("Error handling request /p/...")."""

    def setup(self, cfg):
        super().setup(cfg)
        if not any(isinstance(known, RedactPlayerLinks) for known in self.error_log.filters):
            self.error_log.addFilter(RedactPlayerLinks())

    def atoms(self, resp, req, environ, request_time):
        return {
            key: redact(value)
            for key, value in super().atoms(resp, req, environ, request_time).items()
        }
