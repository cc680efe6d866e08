"""English dates by the reader's region: Django's "en" formats are American ("Nov. 22,
2026", 11/22/2026), which a reader in Britain, Ireland or Australia reads wrongly. The
words stay English either way; only the formats follow the browser's region."""

from __future__ import annotations

from django.utils import translation
from django.utils.translation.trans_real import parse_accept_lang_header

# Regions that write the month first; every other English region writes the day first.
MONTH_FIRST = {"us", "ph", "fm", "mh", "pw", "as", "gu", "mp", "pr", "um", "vi"}
DAY_FIRST = "en-gb"


def english_region(accept_language: str) -> str | None:
    """The region of the first English tag the browser asks for ("gb" for "en-GB")."""
    for tag, _quality in parse_accept_lang_header(accept_language):
        language, _dash, region = tag.lower().partition("-")
        if language == "en":
            return region or None
    return None


class RegionalFormatsMiddleware:
    """After LocaleMiddleware: an English page for a day-first region gets British
    formats (Django's en_GB), through the same `date` filters as every other language."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if translation.get_language() == "en":
            region = english_region(request.headers.get("accept-language", ""))
            if region and region not in MONTH_FIRST:
                translation.activate(DAY_FIRST)
        return self.get_response(request)
