"""Which client sent a request, as both limits count it: the players' write limit
(link_limits) and the login throttle (django-axes, AXES_CLIENT_IP_CALLABLE).

Behind a proxy every request comes from the proxy (127.0.0.1 for the README's nginx), so
REMOTE_ADDR alone would make the whole club one client. The proxy says whom it serves in
X-Forwarded-For, but a client can send that header too: each proxy appends the address
it was called from, so only the entries on the right, one per proxy of our own, can be
believed. TRUSTED_PROXIES says how many there are; with 0 (the default) the header is
never read.
"""

from __future__ import annotations

import ipaddress

from django.conf import settings

# An IPv6 client has a whole /64 to pick addresses from: the block is the client.
IPV6_CLIENT_PREFIX = 64


def _valid(address: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        return ipaddress.ip_address(address.strip())
    except ValueError:
        return None


def client_address(request) -> str:
    """The client's address: REMOTE_ADDR, or with TRUSTED_PROXIES = n, the address the
    outermost of our n proxies was called from (the n-th entry of X-Forwarded-For from
    the right). A header too short to have passed through all of them, or an entry that
    is no address, leaves REMOTE_ADDR: never a value the client chose. An IPv6 address
    is given as its /64 block; "" when the server was not told any address."""
    remote = request.META.get("REMOTE_ADDR", "")
    address = _valid(remote)
    proxies = settings.TRUSTED_PROXIES
    if proxies:
        hops = request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")
        if len(hops) >= proxies:
            address = _valid(hops[-proxies]) or address
    if address is None:
        return remote
    if address.version == 6:
        block = ipaddress.ip_network(f"{address}/{IPV6_CLIENT_PREFIX}", strict=False)
        return str(block.network_address)
    return str(address)
