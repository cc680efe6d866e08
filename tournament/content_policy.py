"""The Content Security Policy every page carries (django-csp), as settings.py sets it:
its own module, the settings being long enough without it."""

# Every page says where its scripts, styles, images and fetches may come from: this site
# alone. The templates hold no inline script, event handler or style attribute (the
# print buttons are static/tournament/js/print.js; the rating chart styles its SVG
# through classes in site.css; the QR codes are segno's inline SVG, drawn with
# presentation attributes), so a <script> or style="..." that slipped past the escaping
# would not run. No data: images: nothing of the site or of Django's admin uses one.
# Enforced, never report-only, in development and production alike, so what
# tests/browser/test_browser_csp.py checks (no violation on any page) is what visitors get.
# Django 5.2's admin keeps to the same policy unchanged (its templates carry no inline
# script or style; its widgets style through the CSSOM, which CSP allows), so it gets no
# exception: the browser test opens its lists, forms, inlines and widgets to prove it.
_SELF, _NONE = "'self'", "'none'"
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [_SELF],
        "script-src": [_SELF],
        "style-src": [_SELF],
        "img-src": [_SELF],
        "connect-src": [_SELF],  # live.js asks the server again for a page's live parts
        "font-src": [_SELF],
        "object-src": [_NONE],
        "base-uri": [_SELF],
        "form-action": [_SELF],
        "frame-ancestors": [_NONE],  # X_FRAME_OPTIONS = "DENY", for CSP-aware browsers
    },
}
