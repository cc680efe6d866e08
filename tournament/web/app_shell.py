"""The site as an installable app (a Progressive Web App): the web app manifest, the
club's colours it and the pages share, and the service worker built by Workbox
(pwa/build-sw.mjs, `make`), read from its file. docs/offline.md says what the worker
keeps on a device and why."""

from __future__ import annotations

import re
from pathlib import Path

from django.conf import settings
from django.templatetags.static import static
from django.utils.translation import get_language
from django.utils.translation import gettext as _

# The club's colours, as static/tournament/css/site.css paints the site: the header's
# backgammon red for the phone's status bar, the paper the pages are on for the splash.
THEME_COLOUR = "#8a1c1c"
BACKGROUND_COLOUR = "#fbfaf7"

# (file under static/tournament/icons/, size, purpose); pwa/icons.sh draws them.
ICONS = (
    ("icon-192.png", 192, "any"),
    ("icon-512.png", 512, "any"),
    ("maskable-512.png", 512, "maskable"),
)


def manifest(start_url: str, *, name: str | None = None) -> dict:
    """The manifest of an app that opens at `start_url`. The `id` is the start URL, so
    the club's site and a player's own page install as two apps side by side."""
    return {
        "id": start_url,
        "name": name or _("Q-gammon backgammon club"),
        "short_name": "Q-gammon",
        "description": _("The club's tournaments: brackets, matches, standings."),
        "lang": get_language() or settings.LANGUAGE_CODE,
        "start_url": start_url,
        "scope": "/",
        "display": "standalone",
        "orientation": "any",
        "background_color": BACKGROUND_COLOUR,
        "theme_color": THEME_COLOUR,
        "icons": [
            {
                "src": static(f"tournament/icons/{file}"),
                "sizes": f"{size}x{size}",
                "type": "image/png",
                "purpose": purpose,
            }
            for file, size, purpose in ICONS
        ],
    }


# The worker's text, read once per process and again when the file changes (a new
# `make` while the development server runs).
_read: dict[Path, tuple[float, str]] = {}
# Where pwa/build-sw.mjs names a static file (the scripts the worker imports).
STATIC_FILE = re.compile(r"\{static:([\w./-]+)\}")


def service_worker() -> str | None:
    """The service worker's script, or None when it was not built (the site then works
    as before, without offline copies). The static files it imports are named as the
    site serves them (with their hash in production)."""
    path = Path(settings.SERVICE_WORKER_FILE)
    try:
        changed = path.stat().st_mtime
    except FileNotFoundError:
        return None
    kept = _read.get(path)
    if kept is None or kept[0] != changed:
        script = STATIC_FILE.sub(lambda found: static(found[1]), path.read_text(encoding="utf-8"))
        kept = _read[path] = (changed, script)
    return kept[1]


def colours(request) -> dict:
    """Context processor: the theme colour for the pages' <meta name="theme-color">."""
    return {"THEME_COLOUR": THEME_COLOUR}
