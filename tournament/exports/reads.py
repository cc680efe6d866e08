"""How the season export reads the database: once through, page by page.

SQLite keeps a page cache of its own in the reading process, up to 2 MiB per connection
(its default `cache_size`). A page cache pays for pages read again; a season's export
reads each of its pages about once, so at 20,000 games it only filled the cache and
made the process 2 MiB larger than at 2,000 (`make bench`, `export_rss_fresh_process`).
The export's connection keeps a small cache instead: its pages are still in the
operating system's file cache when read again.

The setting belongs to the connection, which a request closes at its end on SQLite
(CONN_MAX_AGE 0) and a command with its process: it is not put back, because the
export's rows stream out after `season_sheets` has returned. PostgreSQL keeps its
cache in the server, not in the site's process: nothing to do there.
"""

from __future__ import annotations

from django.db import connection

ONE_PASS_CACHE_KIB = 256


def read_once() -> None:
    """The current connection set for a read that goes once through a season."""
    if connection.vendor == "sqlite":
        with connection.cursor() as cursor:
            cursor.execute(f"PRAGMA cache_size = -{ONE_PASS_CACHE_KIB}")
