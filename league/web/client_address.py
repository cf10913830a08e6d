"""Who is asking: the client's address, taken from X-Forwarded-For only when a proxy the settings name sent it.

Login lock-outs (django-axes: AXES_CLIENT_IP_CALLABLE) and the per-client limits of the live screens count per
address. Behind a proxy every request comes from the proxy's address, so one person's wrong passwords would lock
everyone; but X-Forwarded-For is a header any client can set, so it is believed only from a direct peer listed in
TRUSTED_PROXIES (addresses or networks, empty by default: the header is ignored). Read right to left, the first
address that is not itself a trusted proxy is the client (the left-most entries are whatever the client wrote).
"""

from __future__ import annotations

import ipaddress
from collections.abc import Sequence
from functools import lru_cache

from django.conf import settings

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


@lru_cache(maxsize=8)
def trusted_networks(proxies: tuple[str, ...]) -> tuple[Network, ...]:
    """TRUSTED_PROXIES as networks ("10.0.0.5" is 10.0.0.5/32); ValueError names a bad entry."""
    networks = []
    for proxy in proxies:
        try:
            networks.append(ipaddress.ip_network(proxy.strip(), strict=False))
        except ValueError:
            raise ValueError(f"TRUSTED_PROXIES: {proxy!r} is not an address or a network") from None
    return tuple(networks)


def _address(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    text = text.strip()
    if text.startswith("[") and "]" in text:  # [2001:db8::1]:443
        text = text[1 : text.index("]")]
    elif text.count(":") == 1:  # 192.0.2.1:5000
        text = text.split(":", 1)[0]
    try:
        address = ipaddress.ip_address(text)
    except ValueError:
        return None
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped:
        return address.ipv4_mapped
    return address


def real_client(peer: str, forwarded_for: str, trusted: Sequence[Network]) -> str:
    """The client's address from the direct peer and its X-Forwarded-For header, given the trusted proxies."""
    client = _address(peer)
    if client is None:
        return peer
    hops = forwarded_for.split(",") if forwarded_for else []
    while any(client in network for network in trusted) and hops:
        previous = _address(hops.pop())
        if previous is None:  # a hop that is no address: stop at the last proxy we believe
            break
        client = previous
    return str(client)


def client_address(request) -> str:
    """The address of the client behind `request` (a Django request, or anything with a META)."""
    trusted = trusted_networks(tuple(getattr(settings, "TRUSTED_PROXIES", ())))
    peer = request.META.get("REMOTE_ADDR") or ""
    if not trusted:
        return peer
    return real_client(peer, request.META.get("HTTP_X_FORWARDED_FOR", ""), trusted)
