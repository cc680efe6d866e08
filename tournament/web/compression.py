"""Answers sent gzip-compressed to a browser that takes them: the 256-player cup's page
is 390 kB of HTML and 20 kB compressed, on a phone's network.

Compression and secrets: BREACH guesses a secret in a compressed answer from its length
when the attacker can also put text of their own into that answer. Django 5.2's
GZipMiddleware pads every compressed answer with up to 100 random bytes, which makes the
lengths noisy, and its CSRF tokens are masked afresh on each answer; but a page reached
by a player's private link (its token is the only key to it, and it is in the page's
own links and forms) is sent uncompressed all the same (`access.private` marks it):
those pages are small, and their secret must not be guessable at any cost.
"""

from __future__ import annotations

from django.middleware.gzip import GZipMiddleware


class CompressedAnswers(GZipMiddleware):
    """GZipMiddleware, but for answers marked `keeps_secret` (access.private). An
    answer already compressed (a live part kept gzip-compressed, web.live) passes as
    it is, as with Django's own."""

    def process_response(self, request, response):
        if getattr(response, "keeps_secret", False):
            return response
        return super().process_response(request, response)
