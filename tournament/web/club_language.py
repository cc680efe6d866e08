"""Which language a page speaks: the visitor's own (the language switcher's cookie,
else the first language of their browser's that the site speaks), else the club's
(`Club.language`, on a page reached by the club's address), else the site's
(settings.LANGUAGE_CODE). A person's own language, where known, beats their club's, as a
mail's does (`Club.language_for`); docs/federation.md says why the browser's counts as
theirs.

Django's LocaleMiddleware reads the cookie, then the browser, then the site's language;
here the club's slips in before the site's. It runs after web.clubs.ClubMiddleware,
which says the club: a club's address has read its row already, so its language costs
nothing; the founding club's unprefixed pages read it only for a visitor who says no
language of their own (no cookie, no browser language the site speaks: a robot, a
German browser), and the page's own use of the club is then free."""

from __future__ import annotations

from django.conf import settings
from django.middleware.locale import LocaleMiddleware
from django.utils import translation
from django.utils.translation.trans_real import parse_accept_lang_header

from .clubs import is_federation_path


def own_language(request) -> str | None:
    """The visitor's own language as Django reads it (`get_language_from_request`),
    without its fallback to the site's: None when neither the cookie nor the browser
    names a language the site speaks."""
    tags = [request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME) or ""]
    for tag, _quality in parse_accept_lang_header(request.headers.get("accept-language", "")):
        if tag == "*":
            break
        tags.append(tag)
    for tag in filter(None, tags):
        try:
            return translation.get_supported_language_variant(tag)
        except LookupError:
            continue
    return None


def club_language(request) -> str:
    """The language of the club whose page this is ("" for none): every address under
    `/clubs/<slug>/`, and the founding club's unprefixed pages; not the federation's own
    unprefixed addresses (the rating list, a player's page, `/federation/`), which
    speak the site's."""
    if not getattr(request, "club_prefixed", False) and is_federation_path(request.path_info):
        return ""
    # The founding club's row may be missing (a flushed test database): no language.
    return getattr(getattr(request, "club", None), "language", "") or ""


class ClubLocaleMiddleware(LocaleMiddleware):
    def process_request(self, request):
        if own_language(request) is None and (language := club_language(request)):
            translation.activate(language)
            request.LANGUAGE_CODE = translation.get_language()
            return
        super().process_request(request)
