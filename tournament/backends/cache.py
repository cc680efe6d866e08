"""Django's Redis cache, treated as a cache: Redis down, slow or refusing is a miss.

Everything the site keeps in Redis can be done without it: the sessions are written
through to the database (cached_db reads it on a miss), the players' write limits let a
post through when they cannot count it (RATELIMIT_FAIL_OPEN), and the rendered live
parts and cards are rendered again. Django's own backend raises instead, and every page
that touched the cache was a 500. Here a read that fails is a miss, a write that fails
does nothing (`add` and `touch` say False, `incr` says the key is not there: a count
that cannot be made), each with one warning in the log per outage.

A dead Redis must not hold every request up either: connecting waits a short while
(settings: socket_connect_timeout, socket_timeout), and after a failure the cache is not
asked again for PAUSE seconds, so a page that touches it ten times waits once at most.
"""

from __future__ import annotations

import functools
import logging
import threading
import time

import redis
from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.redis import RedisCache

logger = logging.getLogger(__name__)

# Seconds the cache is taken as down after a failure, before it is asked again.
PAUSE = 5.0


def _forgiving(missed):
    """The method, answering `missed(*args, **kwargs)` when Redis fails or is taken
    as down."""

    def wrap(method):
        @functools.wraps(method)
        def wrapped(self, *args, **kwargs):
            if time.monotonic() < self._down_until:
                return missed(*args, **kwargs)
            try:
                return method(self, *args, **kwargs)
            except redis.RedisError as error:
                self._failed(error)
                return missed(*args, **kwargs)

        return wrapped

    return wrap


def _not_found(key, *args, **kwargs):
    raise ValueError(f"Key {key!r} not found (the cache is not answering).")


def _default(key, default=None, *args, **kwargs):
    return default


class ForgivingRedisCache(RedisCache):
    """settings.CACHES["default"] when REDIS_URL is set."""

    def __init__(self, server, params):
        super().__init__(server, params)
        self._down_until = 0.0
        self._lock = threading.Lock()

    def _failed(self, error: Exception) -> None:
        with self._lock:
            was_up = self._down_until == 0.0
            self._down_until = time.monotonic() + PAUSE
        if was_up:
            logger.warning(
                "The cache (Redis) is not answering (%s): read as empty, not written, "
                "asked again every %s seconds.",
                error,
                PAUSE,
            )

    def _answered(self) -> None:
        if self._down_until:
            self._down_until = 0.0
            logger.warning("The cache (Redis) answers again.")

    def _asked(self, method, *args, **kwargs):
        answer = method(*args, **kwargs)
        self._answered()
        return answer

    @_forgiving(lambda *a, **k: False)
    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return self._asked(super().add, key, value, timeout, version)

    @_forgiving(_default)
    def get(self, key, default=None, version=None):
        return self._asked(super().get, key, default, version)

    @_forgiving(lambda *a, **k: None)
    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return self._asked(super().set, key, value, timeout, version)

    @_forgiving(lambda *a, **k: False)
    def touch(self, key, timeout=DEFAULT_TIMEOUT, version=None):
        return self._asked(super().touch, key, timeout, version)

    @_forgiving(lambda *a, **k: False)
    def delete(self, key, version=None):
        return self._asked(super().delete, key, version)

    @_forgiving(lambda *a, **k: {})
    def get_many(self, keys, version=None):
        return self._asked(super().get_many, keys, version)

    @_forgiving(lambda *a, **k: False)
    def has_key(self, key, version=None):
        return self._asked(super().has_key, key, version)

    @_forgiving(_not_found)
    def incr(self, key, delta=1, version=None):
        return self._asked(super().incr, key, delta, version)

    @_forgiving(lambda data, *a, **k: list(data))
    def set_many(self, data, timeout=DEFAULT_TIMEOUT, version=None):
        return self._asked(super().set_many, data, timeout, version)

    @_forgiving(lambda *a, **k: None)
    def delete_many(self, keys, version=None):
        return self._asked(super().delete_many, keys, version)

    @_forgiving(lambda *a, **k: False)
    def clear(self):
        return self._asked(super().clear)
