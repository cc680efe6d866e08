"""Backends the settings name (by their dotted paths): the cache that treats Redis as a
cache (cache.py) and the SQLite database that still reads when it cannot write
(sqlite3/). Each keeps the site answering through a fault of what it wraps:
docs/running.md, "What each fault does to the site"."""
