"""The nginx server block of docs/running.md, as a club copies it (issue 37): a player's
private link reaches none of nginx's logs, not even the error log's line for a gunicorn
worker that died in the middle of the request, and nginx compresses none of the pages
the site leaves uncompressed on purpose (web.compression), although Debian's nginx.conf
says `gzip on`. Run by a real nginx in front of a stand-in for gunicorn, where nginx is
installed; the block's words are checked everywhere."""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import threading
import time
import urllib.request
from pathlib import Path

import pytest

RUNNING = Path(__file__).resolve().parents[2] / "docs" / "running.md"
NGINX = shutil.which("nginx") or shutil.which("nginx", path="/usr/sbin")
TOKEN = "Zq9xPrivateToken42"
PAGE = b"<!doctype html><p>" + b"Your matches. " * 400 + b"</p>"


def server_block() -> str:
    blocks = re.findall(r"```nginx\n(.*?)```", RUNNING.read_text(encoding="utf-8"), re.DOTALL)
    [block] = [block for block in blocks if block.lstrip().startswith("server {")]
    return block


def test_the_docs_block_keeps_links_out_of_the_error_log_and_compresses_nothing():
    block = server_block()
    private = re.search(r"location /p/ \{(.*?)\}", block, re.DOTALL).group(1)
    assert "access_log off;" in private
    assert re.search(r"error_log \S+ crit;", private)
    assert re.search(r"^    gzip off;", block, re.MULTILINE)  # the whole server


class Gunicorn:
    """A stand-in for gunicorn on a free port: `/p/<token>/dies/` is a worker killed
    in the middle of the request (the connection closed, no answer), any other path an
    uncompressed HTML page, as the site sends a private page."""

    def __init__(self):
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        threading.Thread(target=self.serve, daemon=True).start()

    def serve(self):
        while True:
            try:
                connection, _address = self.listener.accept()
            except OSError:
                return
            with connection:
                request = connection.recv(65536)
                if b"/dies/" in request:
                    continue
                connection.sendall(
                    b"HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\n"
                    b"Content-Length: %d\r\nConnection: close\r\n\r\n" % len(PAGE) + PAGE
                )


def listening(port: int) -> bool:
    try:
        socket.create_connection(("127.0.0.1", port), timeout=1).close()
    except OSError:
        return False
    return True


def free_port() -> int:
    with socket.create_server(("127.0.0.1", 0)) as probe:
        return probe.getsockname()[1]


@pytest.fixture
def nginx(tmp_path):
    """nginx with the docs' server block (on a local port, without TLS) inside Debian's
    `http { gzip on; }`; yields (its address, its folder)."""
    if NGINX is None:
        # CI installs it (.ci/run) and says so: there a missing nginx fails, never skips.
        if os.environ.get("REQUIRE_NGINX") == "1":
            pytest.fail("REQUIRE_NGINX=1 but nginx is not installed")
        pytest.skip("nginx is not installed (apt-get install nginx-light)")
    upstream = Gunicorn()
    port = free_port()
    block = server_block()
    block = re.sub(r"listen 443 ssl;", f"listen 127.0.0.1:{port};", block)
    block = re.sub(r"\n\s*ssl_certificate\S* [^\n]*", "", block)
    block = block.replace("http://127.0.0.1:8000", f"http://127.0.0.1:{upstream.port}")
    block = block.replace("include proxy_params;", "")
    block = block.replace("/var/log/nginx/", f"{tmp_path}/")
    temporary = " ".join(
        f"{kind}_temp_path {tmp_path}/{kind};"
        for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    config = tmp_path / "nginx.conf"
    config.write_text(
        f"pid {tmp_path}/nginx.pid;\nerror_log {tmp_path}/error.log;\nevents {{}}\n"
        f"http {{\n access_log {tmp_path}/access.log;\n {temporary}\n gzip on;\n"
        f"{block}\n}}\n"
    )
    # In the foreground, a child of the test: stopped and waited for at the end.
    server = subprocess.Popen(
        [NGINX, "-c", str(config), "-p", str(tmp_path), "-e", str(tmp_path / "error.log"),
         "-g", "daemon off;"],
        stderr=subprocess.PIPE,
        text=True,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 10
        while not listening(port):
            assert server.poll() is None, server.stderr.read()
            assert time.monotonic() < deadline, "nginx did not start"
            time.sleep(0.05)
        yield f"http://127.0.0.1:{port}", tmp_path
    finally:
        server.terminate()
        server.communicate(timeout=10)
        upstream.listener.close()


def get(url: str):
    request = urllib.request.Request(url, headers={"Accept-Encoding": "gzip"})
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, answer.headers.get("Content-Encoding")
    except urllib.error.HTTPError as error:
        return error.code, None


def written(path: Path) -> str:
    return path.read_text() if path.exists() else ""


def test_a_worker_dying_on_a_private_link_leaves_no_token_in_nginx_logs(nginx):
    address, folder = nginx
    assert get(f"{address}/p/{TOKEN}/dies/") == (502, None)
    # The same death on a public page is logged: the log is written, only not for /p/.
    assert get(f"{address}/tournaments/1/dies/")[0] == 502
    deadline = time.monotonic() + 5
    while "/tournaments/1/dies/" not in written(folder / "error.log"):
        assert time.monotonic() < deadline, written(folder / "error.log")
        time.sleep(0.05)
    logs = "".join(written(path) for path in folder.glob("*.log"))
    assert "prematurely closed" in logs
    assert TOKEN not in logs


def test_nginx_compresses_no_private_page(nginx):
    address, _folder = nginx
    assert get(f"{address}/p/{TOKEN}/") == (200, None)
