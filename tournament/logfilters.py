"""Keep players' private links out of every log line.

A link's token is its player's only credential, and it travels in the URL path
(`/p/<token>/`), which web servers and Django log ("Not Found: /p/..."). The filter
blanks it in Django's log records; the gunicorn logger class does the same for the
access log (`make run` uses it), referrers included.
"""

from __future__ import annotations

import logging
import re

from gunicorn.glogging import Logger

LINK = re.compile(r"/p/[A-Za-z0-9_-]{8,}")
HIDDEN = "/p/<private>"


def redact(value):
    return LINK.sub(HIDDEN, value) if isinstance(value, str) else value


class RedactPlayerLinks(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = redact(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(redact(arg) for arg in record.args)
        elif isinstance(record.args, dict):
            record.args = {key: redact(arg) for key, arg in record.args.items()}
        return True


class RedactingGunicornLogger(Logger):
    """gunicorn's logger, with the links blanked in every access-log field."""

    def atoms(self, resp, req, environ, request_time):
        return {
            key: redact(value)
            for key, value in super().atoms(resp, req, environ, request_time).items()
        }
