"""A player's private link never reaches a log line, however the URL is written: a
character of the token percent-encoded, an encoded slash (`/p%2F<token>/`), the
calendar, a referrer, a query string. Checked on gunicorn's real access log, started as
`make run` starts it, and on Django's own loggers as the settings configure them."""

import io
import logging
import re
import time
import urllib.error
import urllib.request
from contextlib import contextmanager
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse

from several_servers import demo, start_server
from tournament.operations.links import link_for, token_of
from tournament.web.logfilters import RedactingGunicornLogger, RedactPlayerLinks, redact

ROOT = Path(__file__).resolve().parents[2]
# Its gunicorn serves the club test_several_servers.py's servers share (several_servers.py).


def encoded(char: str) -> str:
    return f"%{ord(char):02X}"


def leaks(text: str, token: str) -> bool:
    """Whether any stretch of the token long enough to matter is in the text (an
    encoded form leaves most of it as it was)."""
    return any(token[start : start + 12] in text for start in range(len(token) - 11))


# gunicorn's access log ----------------------------------------------------------------


def make_run_logging() -> list[str]:
    """The access-log options `make run` gives gunicorn, read from the Makefile."""
    recipe = (ROOT / "Makefile").read_text().split("\nrun:", 1)[1].split("\n\n", 1)[0]
    logger = re.search(r"--logger-class (\S+)", recipe)
    assert "--access-logfile -" in recipe and logger
    return ["--logger-class", logger.group(1)]


@pytest.fixture(scope="module")
def logged_server(shared, tmp_path_factory):
    """A gunicorn like `make run`'s, its access log in a file instead of the terminal."""
    log = tmp_path_factory.mktemp("access") / "access.log"
    options = " ".join(["--access-logfile", str(log), *make_run_logging()])
    server, address = start_server({**shared, "GUNICORN_CMD_ARGS": options})
    token = demo(
        shared,
        "from tournament.models import Player; "
        "from tournament.operations.links import link_for, token_of; "
        "print(token_of(link_for(Player.objects.order_by('pk').first())))",
    )
    # The line of the request that found the server up, written once it was answered.
    lines_after(log, 0, 1)
    yield address, log, token
    server.terminate()
    server.wait(timeout=30)


def ask(url: str, referer: str | None = None) -> int:
    headers = {"Referer": referer} if referer else {}
    try:
        with urllib.request.urlopen(urllib.request.Request(url, headers=headers), timeout=20):
            return 200
    except urllib.error.HTTPError as error:
        return error.code


def lines_after(log: Path, start: int, count: int) -> list[str]:
    """The access log's lines written since `start` (gunicorn writes a line once the
    answer is sent: the client may read it first)."""
    deadline = time.monotonic() + 10
    while True:
        lines = log.read_text()[start:].splitlines()
        if len(lines) >= count or time.monotonic() > deadline:
            return lines


def test_the_access_log_never_holds_a_link_however_it_is_written(logged_server):
    address, log, token = logged_server
    start = len(log.read_text())
    first, last = encoded(token[0]), encoded(token[-1])
    # Each: the path asked for, the referrer, the status, what its log line says.
    requests = [
        (f"/p/{token}/", None, 200, '"GET /p/<private>/ HTTP/1.1" 200'),
        (f"/p/{first}{token[1:]}/", None, 200, '"GET /p/<private>/ HTTP/1.1" 200'),
        (f"/p%2F{token}/", None, 200, '"GET /p/<private>/ HTTP/1.1" 200'),
        (f"/%70/{token}/", None, 200, '"GET /p/<private>/ HTTP/1.1" 200'),
        (f"/p/{token}/calendar.ics", None, 200, '"GET /p/<private>/calendar.ics HTTP/1.1" 200'),
        (
            f"/p/{token[:-1]}{last}/calendar.ics",
            None,
            200,
            '"GET /p/<private>/calendar.ics HTTP/1.1" 200',
        ),
        # Encoded twice: the page is not found, and the log still does not say the token.
        (f"/p/%25{first[1:]}{token[1:]}/", None, 404, '"GET /p/<private>/ HTTP/1.1" 404'),
        ("/", f"{address}/p/{token}/", 200, f'"{address}/p/<private>/"'),
        ("/", f"{address}/p%2F{first}{token[1:]}/", 200, f'"{address}/p/<private>/"'),
        (
            f"/accounts/login/?next=/p/{token}/",
            None,
            200,
            '"GET /accounts/login/?next=/p/<private>/ HTTP/1.1" 200',
        ),
        (
            f"/accounts/login/?next=%2Fp%2F{token}%2F",
            None,
            200,
            '"GET /accounts/login/?next=/p/<private>/ HTTP/1.1" 200',
        ),
    ]
    statuses = [ask(address + path, referer) for path, referer, _status, _line in requests]
    assert statuses == [status for _path, _referer, status, _line in requests]

    lines = lines_after(log, start, len(requests))
    assert len(lines) == len(requests)
    for line, (path, _referer, _status, says) in zip(lines, requests, strict=True):
        assert says in line, (path, line)
        assert not leaks(line, token), line


# gunicorn's error log -----------------------------------------------------------------


def test_gunicorns_error_log_blanks_links_too(tmp_path):
    from gunicorn.config import Config

    config = Config()
    config.set("errorlog", str(tmp_path / "error.log"))
    logger = RedactingGunicornLogger(config)
    try:
        logger.error("Error handling request %s", "/p%2F4FJiQx0aW2yT7fHq3Lw9bYdEkN1sVu8cRz5mPo6gA/")
    finally:
        # gunicorn's loggers are the process's: left as they were for the next tests.
        for handler in list(logger.error_log.handlers):
            logger.error_log.removeHandler(handler)
            handler.close()
        logger.error_log.filters.clear()
    text = (tmp_path / "error.log").read_text()
    assert "Error handling request /p/<private>/" in text
    assert "4FJiQx0aW2yT7fHq3Lw9" not in text


# Django's own loggers -------------------------------------------------------------------


@contextmanager
def captured(logger_name: str = ""):
    """What the handlers the settings give `logger_name` (the root by default) write."""
    handlers = logging.getLogger(logger_name or None).handlers
    ours = [h for h in handlers if any(isinstance(f, RedactPlayerLinks) for f in h.filters)]
    assert ours, f"no handler of {logger_name or 'the root'} blanks the links"
    written = io.StringIO()
    before = [handler.setStream(written) for handler in ours]
    try:
        yield written
    finally:
        for handler, stream in zip(ours, before, strict=True):
            handler.setStream(stream)


def test_djangos_not_found_line_blanks_an_encoded_link(players):
    token = token_of(link_for(players[0]))
    client = Client(raise_request_exception=False)
    with captured() as written:
        # The server decodes the path once; Django receives `/p/%34.../` then, and says
        # "Not Found" with it.
        response = client.get("/p/%25" + encoded(token[0])[1:] + token[1:] + "/")
    assert response.status_code == 404
    assert "Not Found: /p/<private>/" in written.getvalue()
    assert not leaks(written.getvalue(), token)


def test_djangos_csrf_line_blanks_a_link_in_the_referrer(players):
    token = token_of(link_for(players[0]))
    client = Client(enforce_csrf_checks=True)
    referer = f"https://elsewhere.example/p%2F{encoded(token[0])}{token[1:]}/"
    with captured() as written:
        response = client.post(reverse("login"), {}, secure=True, headers={"referer": referer})
    assert response.status_code == 403
    assert "elsewhere.example/p/<private>/ does not match" in written.getvalue()
    assert not leaks(written.getvalue(), token)


def test_the_development_servers_request_lines_blank_links(players):
    token = token_of(link_for(players[0]))
    forms = [
        f"GET /p/{encoded(token[0])}{token[1:]}/ HTTP/1.1",
        f"GET /p%2F{token}/calendar.ics HTTP/1.1",
        f"GET /accounts/login/?next=%2Fp%2F{token}%2F HTTP/1.1",
    ]
    with captured("django.server") as written:
        for request_line in forms:
            logging.getLogger("django.server").info(
                '"%s" %s %s', request_line, "200", "512", extra={"status_code": 200}
            )
    assert written.getvalue().count("/p/<private>/") == len(forms)
    assert not leaks(written.getvalue(), token)


@pytest.mark.parametrize(
    "value",
    [
        "/p/%34FJiQx0aW2yT7fHq3Lw9bYdEkN1sVu8cRz5mPo6gA/",
        "/p%2F4FJiQx0aW2yT7fHq3Lw9bYdEkN1sVu8cRz5mPo6gA/calendar.ics",
        "/p%2f4FJiQx0aW2yT7fHq3Lw9bYdEkN1sVu8cRz5mPo6gA/",
        "/accounts/login/?next=%252Fp%252F4FJiQx0aW2yT7fHq3Lw9bYdEkN1sVu8cRz5mPo6gA%252F",
    ],
)
def test_every_form_of_a_link_is_blanked(value):
    assert "4FJiQx0aW2yT7fHq3Lw9" not in redact(value)
    assert "/p/<private>" in redact(value)


def test_a_line_decoded_for_its_link_cannot_forge_another_line():
    value = "/p%2F4FJiQx0aW2yT7fHq3Lw9bYdEkN1sVu8cRz5mPo6gA/%0A127.0.0.1 - forged"
    assert redact(value) == "/p/<private>/%0A127.0.0.1 - forged"
    # Without a link, a value is logged as it came, encoded.
    assert redact("/tournaments/3/?name=Ann%20Bosch%0A") == "/tournaments/3/?name=Ann%20Bosch%0A"


def test_the_doors_cookie_is_blanked_should_a_log_print_cookies():
    line = 'csrftoken=abc; door_device="4FJiQx0aW2yT7fHq3Lw9:1tX:sig"; sessionid=x'
    assert redact(line) == "csrftoken=abc; door_device=<private>; sessionid=x"
