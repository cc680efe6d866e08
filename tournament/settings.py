"""Settings of the club site, read from the environment (see docs/settings.md).

Secure by default: with DEBUG off the site expects HTTPS (HSTS, secure cookies, redirect).
`make run` turns HTTPS off explicitly to serve the demo on http://127.0.0.1.
"""

import os
from datetime import timedelta
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

from tournament import content_policy, push_keys
from tournament.environment import (
    env_bool,
    env_int,
    env_list,
    local_secret_key,
    redis_caches,
)

BASE_DIR = Path(__file__).resolve().parent.parent

DEBUG = env_bool("DEBUG", False)
# Several servers (docs/running.md): gunicorn on more than one machine,
# sharing one PostgreSQL and one Redis. REDIS_URL says so. Then nothing may live on one
# server's disk: not the key (each server would make its own, and reject the sessions,
# CSRF tokens and players' links signed by the others), not the database.
REDIS_URL = os.environ.get("REDIS_URL", "").strip()
SEVERAL_SERVERS = bool(REDIS_URL)
SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if SEVERAL_SERVERS and not DEBUG:
        raise ImproperlyConfigured(
            "SECRET_KEY must come from the environment when several servers share one "
            "Redis (REDIS_URL is set): a key file on one server's disk would sign sessions, "
            "CSRF tokens and players' links that the other servers reject."
        )
    SECRET_KEY = local_secret_key(Path(os.environ.get("SECRET_KEY_FILE", BASE_DIR / ".secret_key")))
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "127.0.0.1,localhost")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", "")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_tables2",
    # Django's tasks API (django.tasks on 6.0; the backport on 5.2) and its database
    # backend: see "Background jobs" below.
    "django_tasks",
    "django_tasks_db",
    "tournament",
    # `manage.py bench` and `manage.py lighthouse` (make bench, make lighthouse): the
    # benches, a package beside the app; no models, no pages.
    "benches",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # Content Security Policy: outermost after security, so every answer gets the header.
    "csp.middleware.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Pages compressed for a browser that takes gzip (not a player's private pages: see
    # web.compression). After WhiteNoise, which serves its own compressed files.
    "tournament.web.compression.CompressedAnswers",
    # Which club the address is about: /clubs/<slug>/... or the founding club's own
    # (web.clubs), before any middleware reads the path.
    "tournament.web.clubs.ClubMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # LocaleMiddleware with the club's language before the site's (web.club_language).
    "tournament.web.club_language.ClubLocaleMiddleware",
    # English dates day first for a British (or any day-first) browser.
    "tournament.web.middleware.RegionalFormatsMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "tournament.urls"
WSGI_APPLICATION = "tournament.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "tournament.web.app_shell.colours",
                "tournament.web.clubs.club_context",
            ],
        },
    },
]

# SQLite by default so a fresh clone runs; DATABASE_URL=postgres://... for PostgreSQL.
DATABASES = {
    "default": dj_database_url.config(default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}"),
}
# How long a process keeps its database connection between requests (seconds; 0: one
# connection per request). On PostgreSQL opening one costs more than a cheap page itself
# (a lone 304 took 11-14 ms against 4 on SQLite, and 500 phones polling saturated the
# server at 110 requests a second, 300-370 with connections kept): kept for 10 minutes,
# then opened afresh (a server process does not grow for ever), and checked before a
# request reuses it (CONN_HEALTH_CHECKS), so a database restarted meanwhile costs no
# failed request. Persistent connections rather than Django's psycopg pool: a gunicorn
# sync worker serves one request at a time, so a pool would hold one connection per
# worker all the same, with the pool's threads and one more package besides. On SQLite
# a connection is a file opened in the process: nothing to keep.
_POSTGRESQL = DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql"
DATABASES["default"]["CONN_MAX_AGE"] = env_int("CONN_MAX_AGE", 600 if _POSTGRESQL else 0)
DATABASES["default"]["CONN_HEALTH_CHECKS"] = env_bool("CONN_HEALTH_CHECKS", True)
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Django's backend, which opens the file read-only when it cannot be written (a
    # read-only file system, a full disk): pages still read, writes are refused with a
    # 503 (backends/sqlite3/base.py).
    DATABASES["default"]["ENGINE"] = "tournament.backends.sqlite3"
    # Two gunicorn workers (or two directors) write to one file: wait for the lock
    # instead of failing, and take the write lock when a transaction starts, so a
    # read-then-write transaction cannot deadlock on a lock upgrade.
    DATABASES["default"]["OPTIONS"] = {
        "timeout": 20,
        "transaction_mode": "IMMEDIATE",
        "init_command": (
            "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA busy_timeout=20000;"
        ),
    }

if SEVERAL_SERVERS and not DEBUG and DATABASES["default"]["ENGINE"].endswith("sqlite3"):
    raise ImproperlyConfigured(
        "Several servers (REDIS_URL is set) need one shared database: set DATABASE_URL to "
        "PostgreSQL; an SQLite file would live on one server's disk."
    )

# Django's cache holds what every server must agree on, such as the players' write
# limits (web.link_limits; without Redis those go to the database, see "Abuse limits").
# In Redis when there are several servers; otherwise in each process's memory, enough for
# one server (the live pages' marks are read from the database, which every server shares).
# Redis is only ever a cache: down, it is a miss and the site goes on from the database
# (backends/cache.py; docs/running.md, "What each fault does to the site").
if REDIS_URL:
    CACHES = redis_caches(REDIS_URL, os.environ.get("CACHE_KEY_PREFIX", "qgammon"))
    # Sessions read from Redis, written through to the database: a login survives a
    # Redis restart, or Redis down (read from the database), and works on every server.
    SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LOGIN_URL = "login"
# A director lands on the desk, anyone else on the seasons (web.access.landing).
LOGIN_REDIRECT_URL = "landing"
LOGOUT_REDIRECT_URL = "home"

# The club speaks Catalan and Spanish first; a visitor's browser language decides, else
# the club's own (Club.language), else this one.
LANGUAGE_CODE = os.environ.get("LANGUAGE_CODE", "ca")
LANGUAGES = [
    ("ca", _("Catalan")),
    ("es", _("Spanish")),
    ("en", _("English")),
]
LOCALE_PATHS = [BASE_DIR / "tournament" / "locale"]
TIME_ZONE = os.environ.get("TIME_ZONE", "Europe/Madrid")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
# Where collectstatic puts the files whitenoise serves (built on each server at deploy).
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT", BASE_DIR / "staticfiles"))
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}
# The service worker Workbox builds (`make`: pwa/build-sw.mjs), served at /sw.js. Not
# built, the site works without offline copies (docs/offline.md).
SERVICE_WORKER_FILE = Path(os.environ.get("SERVICE_WORKER_FILE", BASE_DIR / "build" / "sw.js"))
# How long the server remembers the key of a game sent from a device, so that the same
# entry sent again is answered as done (operations.receipts; the worker prunes older).
ENTRY_RECEIPTS_KEEP_DAYS = env_int("ENTRY_RECEIPTS_KEEP_DAYS", 30)
# How long uploaded files wait for the director to confirm the preview (an event's
# match files, the member list: models.uploads; the workers and new uploads prune older).
PENDING_UPLOADS_KEEP_HOURS = env_int("PENDING_UPLOADS_KEEP_HOURS", 24)

# HTTPS: on by default whenever DEBUG is off; HTTPS=0 only for a local, plain-HTTP demo.
HTTPS = env_bool("HTTPS", not DEBUG)
SESSION_COOKIE_SECURE = HTTPS
CSRF_COOKIE_SECURE = HTTPS
SECURE_SSL_REDIRECT = HTTPS
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 31536000 if HTTPS else 0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", HTTPS)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", HTTPS)
if env_bool("TRUST_X_FORWARDED_PROTO", False):
    # Only behind a proxy that terminates TLS and sets this header itself.
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SESSION_COOKIE_HTTPONLY = True
X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"

# Content Security Policy (django-csp): this site alone, enforced (tournament/content_policy.py).
CONTENT_SECURITY_POLICY = content_policy.CONTENT_SECURITY_POLICY

# --- Abuse limits: players' writes and logins (docs/settings.md) -------------------------
# The client's address, as both limits below count it (web/addresses.py). Behind a
# proxy every request comes from the proxy (127.0.0.1 for docs/running.md's nginx), and one
# address would be the whole club. TRUSTED_PROXIES=n says that n proxies of the club's own
# stand in front of gunicorn, each appending the address it was called from to
# X-Forwarded-For: the client is the n-th entry from the right (what a client writes in
# the header itself stays further left). 0, the default: REMOTE_ADDR, the header unread,
# as Django's deployment checklist asks (never trust X-Forwarded-For unless told to).
TRUSTED_PROXIES = env_int("TRUSTED_PROXIES", 0)
if TRUSTED_PROXIES < 0:
    raise ImproperlyConfigured(f"TRUSTED_PROXIES must be 0 or more; got {TRUSTED_PROXIES}")

# Writes from players' private links (report, confirm, dispute) a minute, per link; posts
# to links that do not exist, per address (web/link_limits.py, django-ratelimit); more
# is answered 429.
PLAYER_WRITES_PER_MINUTE = env_int("PLAYER_WRITES_PER_MINUTE", 30)
# Posts of the public registration form an hour, per address (web/registration_limits.py).
REGISTRATIONS_PER_HOUR = env_int("REGISTRATIONS_PER_HOUR", 10)
# The counts must be one for every gunicorn worker and every server. With REDIS_URL they
# are in Redis (the default cache, above: INCR and SET NX, atomic). Without it Django's
# default cache is each process's memory, so they go to a table of the database instead
# ("limits", made by migrate: apps.py), which every worker shares; two posts in the same
# instant may count once there, so a site open to the internet should set REDIS_URL.
# django_ratelimit is not in INSTALLED_APPS: it needs no models or templates, and its
# system check, which knows only memcached and django-redis, would call both choices
# unsupported.
# A count that cannot be read or written (Redis down, a read-only database) lets the
# post through to the operation, which answers for itself (a 503 when the database
# refuses writes): the limit never says "too many" about a fault.
RATELIMIT_FAIL_OPEN = True
if REDIS_URL:
    RATELIMIT_USE_CACHE = "default"
else:
    RATELIMIT_USE_CACHE = "limits"
    CACHES = {
        "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
        "limits": {
            "BACKEND": "django.core.cache.backends.db.DatabaseCache",
            "LOCATION": "tournament_limits",
            # A count is dropped only when its minute is over, not to make room.
            "OPTIONS": {"MAX_ENTRIES": 100_000},
        },
    }

# Logins (django-axes), on /accounts/login/ and /admin/login/ alike (web/logins.py counts,
# web/device_cookies.py remembers browsers). A login that succeeds gives its browser a
# device cookie for that account (OWASP's "device cookies"). LOGIN_FAILURE_LIMIT wrong
# passwords lock the account from one address for browsers without its cookie, or from
# one browser with it; LOGIN_ACCOUNT_FAILURE_LIMIT without its cookie, from any number of
# addresses, lock it for every browser without its cookie. A browser that has its cookie
# is never held back by anyone else's failures. A lock lasts LOGIN_LOCKOUT_MINUTES from
# the failure that set it: what is tried meanwhile is refused uncounted and does not make
# it longer; the page says which lock and for how long (logins.locked_out). A login that
# succeeds clears its own failures. A superuser unlocks sooner: the admin's "Access
# attempts" (delete the row) or `manage.py axes_reset_username NAME`. The failures are
# rows of the database, so every worker and server counts them once.
LOGIN_FAILURE_LIMIT = env_int("LOGIN_FAILURE_LIMIT", 5)
LOGIN_ACCOUNT_FAILURE_LIMIT = env_int("LOGIN_ACCOUNT_FAILURE_LIMIT", 30)
LOGIN_LOCKOUT_MINUTES = env_int("LOGIN_LOCKOUT_MINUTES", 15)
if LOGIN_FAILURE_LIMIT < 1 or LOGIN_ACCOUNT_FAILURE_LIMIT < 1 or LOGIN_LOCKOUT_MINUTES < 1:
    raise ImproperlyConfigured(
        "LOGIN_FAILURE_LIMIT, LOGIN_ACCOUNT_FAILURE_LIMIT and LOGIN_LOCKOUT_MINUTES must be "
        "1 or more"
    )
INSTALLED_APPS = [*INSTALLED_APPS, "axes"]
# Last, as axes asks: it turns a refused login into the lockout page. The device cookie
# is set on the way out of a login that succeeded.
MIDDLEWARE = [
    *MIDDLEWARE,
    "tournament.web.device_cookies.DeviceCookies",
    "axes.middleware.AxesMiddleware",
]
AUTHENTICATION_BACKENDS = [
    # Asks axes first; a login over HTTP that a lock holds stops here.
    "tournament.web.logins.ThrottledLogins",
    "django.contrib.auth.backends.ModelBackend",
]
# Decides what each failure counts against (the device cookie, the address, the account);
# AXES_LOCKOUT_PARAMETERS below only names the clients in axes' log lines.
AXES_HANDLER = "tournament.web.logins.DeviceAwareLogins"
AXES_FAILURE_LIMIT = LOGIN_FAILURE_LIMIT
AXES_COOLOFF_TIME = timedelta(minutes=LOGIN_LOCKOUT_MINUTES)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
# A fixed wait: an attempt while locked is not recorded, so it does not restart it (axes'
# default, True, lets anyone at the address keep the account locked for ever).
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
AXES_RESET_ON_SUCCESS = True
AXES_CLIENT_IP_CALLABLE = "tournament.web.addresses.client_address"
AXES_LOCKOUT_CALLABLE = "tournament.web.logins.locked_out"
# Only the failures the throttle needs are kept, not a record of every login.
AXES_DISABLE_ACCESS_LOG = True
# --- end of abuse limits -------------------------------------------------------------------

# Mail (operations.notifications: "your next match is ready"). Printed on the console
# unless the environment names a mail server; its password comes from the environment
# only, never from the repository.
EMAIL_BACKEND = os.environ.get("EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")
EMAIL_HOST = os.environ.get("EMAIL_HOST", "localhost")
EMAIL_PORT = env_int("EMAIL_PORT", 25)
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", False)
# A mail server that does not answer must not keep the request waiting for long.
EMAIL_TIMEOUT = env_int("EMAIL_TIMEOUT", 10)
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "webmaster@localhost")
# The site's public address ("https://qgammon.example"), for the links in mails; none
# when blank.
SITE_URL = os.environ.get("SITE_URL", "")

# --- Web Push (docs/push.md) -----------------------------------------------------------------
# The club's VAPID private key (base64url, 32 bytes), from the environment, or from the file
# VAPID_KEY_FILE names (`manage.py make_vapid_keys --file` writes it; `make run` does, into
# the ignored .vapid_key). Never in the repository. Without one the site offers no
# notifications and works as before. Several servers share one key, from the environment:
# a browser subscribed with its public key, and a push signed with another is refused.
VAPID_PRIVATE_KEY = os.environ.get("VAPID_PRIVATE_KEY", "").strip()
if not VAPID_PRIVATE_KEY and os.environ.get("VAPID_KEY_FILE", "").strip():
    VAPID_PRIVATE_KEY = push_keys.read_key_file(Path(os.environ["VAPID_KEY_FILE"].strip()))
try:
    VAPID_PUBLIC_KEY = push_keys.public_key_of(VAPID_PRIVATE_KEY) if VAPID_PRIVATE_KEY else ""
except push_keys.BadKey as error:
    raise ImproperlyConfigured(f"VAPID_PRIVATE_KEY is not a VAPID private key: {error}") from None
# Who runs the site, for the push services (a mailto: or https: address, RFC 8292).
VAPID_SUBJECT = os.environ.get("VAPID_SUBJECT", "") or f"mailto:{DEFAULT_FROM_EMAIL}"
# The push services a browser's subscription may name (its endpoint's host, or a subdomain
# of one, over https on port 443; operations.push.address_of): Chrome's and Android's,
# Firefox's, Edge's, Safari's. A subscription to any other
# address is refused, so a made-up one cannot turn the worker against another server. An
# entry with a scheme ("http://127.0.0.1:8123") allows that exact origin (a local test).
PUSH_SERVICES = env_list(
    "PUSH_SERVICES",
    "fcm.googleapis.com,push.services.mozilla.com,notify.windows.com,push.apple.com",
)
# Seconds a push service may take to answer one message.
PUSH_TIMEOUT = env_int("PUSH_TIMEOUT", 10)
# Notifications sent are kept this many days (each is sent once: the row says it was).
PUSH_KEEP_DAYS = env_int("PUSH_KEEP_DAYS", 30)
# How often a worker looks for matches running over, for the directors who asked (seconds).
PUSH_OVERDUE_INTERVAL = env_int("PUSH_OVERDUE_INTERVAL", 60)
# --- end of Web Push ---------------------------------------------------------------------------

# Every django-tables2 table of the site gets the site's table style.
DJANGO_TABLES2_TABLE_ATTRS = {"class": "data-table"}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    # A player's private link never reaches a log line (tournament/web/logfilters.py).
    "filters": {"player_links": {"()": "tournament.web.logfilters.RedactPlayerLinks"}},
    "formatters": {
        "django.server": {
            "()": "django.utils.log.ServerFormatter",
            "format": "[{server_time}] {message}",
            "style": "{",
        }
    },
    "handlers": {
        "console": {"class": "logging.StreamHandler", "filters": ["player_links"]},
        # Django's own for the development server's request lines ("GET /p/... 200"),
        # which do not reach the root: the same, with the links blanked.
        "django.server": {
            "class": "logging.StreamHandler",
            "formatter": "django.server",
            "filters": ["player_links"],
        },
    },
    "loggers": {
        "django.server": {"handlers": ["django.server"], "level": "INFO", "propagate": False},
    },
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}

# --- How much one request may post (issue 23, item 9) ---------------------------------
# A POST with more fields is refused (400) before any form reads it. Django's default,
# 1,000, is fewer than the admin's form of a tournament of 256 entries (the most a draw
# takes) posts, about 1,330; the rows a formset builds are capped by its inline
# (admin.base.RowsCapped), so this bounds the parsing alone.
DATA_UPLOAD_MAX_NUMBER_FIELDS = 2000
# --- end of how much one request may post ---------------------------------------------

# Background jobs (docs/jobs.md). The tasks API's database backend is the default, so a
# plain `task.enqueue()` is stored in the database that the site already has (SQLite
# needs nothing more). The club's own jobs (operations.jobs: one work key at a time,
# attempts, a lease) are run by `manage.py worker`, which `make run` starts.
TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
# How many times a job is tried before it is marked failed for a director to see.
JOBS_MAX_ATTEMPTS = env_int("JOBS_MAX_ATTEMPTS", 3)
# A job's lease lasts its time limit plus this grace (seconds): a worker that died
# mid-job (killed, machine lost) leaves the job to another worker once the lease ends.
JOBS_LEASE_GRACE = env_int("JOBS_LEASE_GRACE", 30)
# Seconds a failed job waits before it is tried again, after its first, second, ...
# failure (the last figure repeats): a crash that a moment cures (the database busy, the
# machine loaded) is not run again at once, and the waits grow. "0" tries again at once.
JOBS_RETRY_DELAY = [int(s) for s in os.environ.get("JOBS_RETRY_DELAY", "10,60,300").split(",")]
# Finished jobs are deleted by the workers (now and then) once this many days old: the
# done ones after JOBS_KEEP_DAYS, the failed ones (not retried) after JOBS_KEEP_FAILED_DAYS.
JOBS_KEEP_DAYS = env_int("JOBS_KEEP_DAYS", 30)
JOBS_KEEP_FAILED_DAYS = env_int("JOBS_KEEP_FAILED_DAYS", 90)
# How often a worker prunes (seconds): the first time when it starts.
JOBS_PRUNE_INTERVAL = env_int("JOBS_PRUNE_INTERVAL", 3600)
# How often an idle worker looks for work (seconds, may be a fraction).
JOBS_POLL_INTERVAL = float(os.environ.get("JOBS_POLL_INTERVAL", "1"))
# GNU Backgammon's depth for the analysis of every transcript (docs/skill.md): 0-ply by
# default (about a second a match), 1 or 2 for more accuracy at a cost in time.
GNUBG_PLY = env_int("GNUBG_PLY", 0)
# The depth for the final of a main bracket, analysed again after the quick analysis
# above (its own job, "final_analysis"): 2-ply by default (4 to 10 s a game on one core).
# At or below GNUBG_PLY, a final is analysed once, like any match.
GNUBG_FINAL_PLY = env_int("GNUBG_FINAL_PLY", 2)
# Which GNU Backgammon analyses (engines/gnubg.py): "auto" runs Debian's gnubg program
# where present, else the gnubg Python package (requirements.txt) in a child process;
# "program" or "library" forces one. The two versions' figures differ a little.
GNUBG_ENGINE = os.environ.get("GNUBG_ENGINE", "auto")
if GNUBG_ENGINE not in ("auto", "program", "library"):
    raise ImproperlyConfigured(
        f"GNUBG_ENGINE must be auto, program or library; got {GNUBG_ENGINE!r}"
    )

# The season's PR table lists the players with at least this many analysed decisions
# (docs/skill.md): a PR over a match or two says little. About four 7-point matches.
SKILL_MIN_DECISIONS = env_int("SKILL_MIN_DECISIONS", 200)

# The clock on the wall (docs/the-day.md): a match without a clock is expected to take
# this many minutes per point of its length; the desk and the call screen mark it when
# it runs over.
MINUTES_PER_POINT = env_int("MINUTES_PER_POINT", 6)
if MINUTES_PER_POINT < 1:
    raise ImproperlyConfigured("MINUTES_PER_POINT must be 1 or more")
