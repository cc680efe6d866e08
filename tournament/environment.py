"""Settings read from the environment (tournament/settings.py): yes/no, whole numbers and
lists, each refusing a value it cannot read rather than guessing, and the secret key kept
in a local file when the environment gives none."""

import os
import secrets
from pathlib import Path

from django.core.exceptions import ImproperlyConfigured

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


def env_bool(name: str, default: bool) -> bool:
    """A yes/no setting; a value that is neither fails loudly instead of guessing."""
    raw = os.environ.get(name)
    if raw is None:
        return default
    value = raw.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ImproperlyConfigured(
        f"{name} must be one of 1/0, true/false, yes/no, on/off; got {raw!r}"
    )


def env_int(name: str, default: int) -> int:
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    try:
        return int(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be a whole number; got {raw!r}") from None


def env_list(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


def local_secret_key(path: Path) -> str:
    """The key kept in an ignored local file, made on first run.

    A fresh clone then runs without configuration, and sessions survive restarts.
    """
    try:
        key = path.read_text().strip()
    except FileNotFoundError:
        key = ""
    if len(key) < 50:
        key = secrets.token_urlsafe(64)
        # Created with owner-only permissions: the key signs sessions and CSRF tokens.
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w") as handle:
            handle.write(key + "\n")
    return key


# How long a request waits for Redis (seconds): to connect, and for an answer. A Redis
# that does not answer in time is a miss (backends/cache.py), not a page held up.
REDIS_CONNECT_TIMEOUT = 0.5
REDIS_ANSWER_TIMEOUT = 1.0


def redis_caches(url: str, prefix: str) -> dict:
    """settings.CACHES for a site with Redis (REDIS_URL): Django's Redis cache that takes
    Redis down for a miss (backends/cache.py), under the club's key prefix."""
    return {
        "default": {
            "BACKEND": "tournament.backends.cache.ForgivingRedisCache",
            "LOCATION": url,
            # Clubs sharing one Redis keep apart by prefix.
            "KEY_PREFIX": prefix,
            "OPTIONS": {
                "socket_connect_timeout": REDIS_CONNECT_TIMEOUT,
                "socket_timeout": REDIS_ANSWER_TIMEOUT,
            },
        }
    }
