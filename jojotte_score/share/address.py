"""Where the shared page is: the machine's address on the local network, the page's secret
token and its address (URL)."""

from __future__ import annotations

import ipaddress
import secrets
import socket

LOOPBACK = "127.0.0.1"
TOKEN_BYTES = 16
"""The token's random bytes: 128 bits, from the operating system's secure source."""

# Any private address will do: connecting a UDP socket sends nothing, it only asks the
# system which of its addresses it would send from (the one on the local network).
_PROBE = ("10.254.254.254", 9)


def new_token() -> str:
    """A fresh secret for the page's address: 128 random bits, URL-safe (22 characters)."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def lan_address() -> str:
    """This machine's IPv4 address on the local network, found without sending anything;
    the loopback address when there is no network."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(_PROBE)
            address = str(probe.getsockname()[0])
    except OSError:
        return LOOPBACK
    try:
        if ipaddress.ip_address(address).is_unspecified:
            return LOOPBACK
    except ValueError:
        return LOOPBACK
    return address


def page_url(host: str, port: int, token: str) -> str:
    """The page's address: ``http://HOST:PORT/TOKEN/`` (an IPv6 host in brackets)."""
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/{token}/"


def shown_host(bind: str) -> str:
    """The host a phone reaches a server bound to ``bind`` at: the LAN address for every
    address of the machine ("0.0.0.0", "::"), else ``bind`` itself."""
    try:
        if ipaddress.ip_address(bind).is_unspecified:
            return lan_address()
    except ValueError:
        pass
    return bind
