"""Who may see the players' view in a browser: the private link's key, the names and
addresses the server answers for, and the page's own origin. Pure functions (no server),
so each rule is tested on its own.

- **The key**: 128 random bits made at each start (:func:`new_key`), in the link the GM
  shares (``/?key=...``); the page and its websocket are refused without it, compared in
  constant time (:func:`key_matches`).
- **Host**: a request is answered only if its ``Host`` names the address it reached (the
  connection's own local address) or one of this computer's names, on the port the server
  listens on (:func:`host_allowed`): a page on another site that a DNS trick points at
  this computer names its own host, and is refused.
- **Origin**: the websocket is opened only by the page the server gave out, whose origin
  is ``http://`` and the Host it was asked under (:func:`origin_allowed`): a page on
  another site, or a sandboxed one (``null``), is refused even with the key.
"""

from __future__ import annotations

import contextlib
import hmac
import ipaddress
import secrets
import socket
import sys

__all__ = ["KEY_BITS", "host_allowed", "is_loopback", "key_matches", "link",
           "local_addresses", "machine_names", "new_key", "origin_allowed", "split_host"]

KEY_BITS = 128


def new_key() -> str:
    """A fresh key for one run of the server: 128 random bits, 22 URL-safe characters."""
    return secrets.token_urlsafe(KEY_BITS // 8)


def key_matches(given: str | None, key: str) -> bool:
    """``given`` is the key (compared in constant time: how far a guess matched is not
    told by how long the refusal took)."""
    if given is None:
        return False
    return hmac.compare_digest(given.encode("utf-8", "surrogatepass"), key.encode("ascii"))


def is_loopback(host: str) -> bool:
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def split_host(value: str) -> tuple[str, int | None] | None:
    """A Host header as (host, port); None if it is not one: ``name``, ``name:port``,
    ``1.2.3.4:port``, ``[::1]:port``. The host is lower-cased, an IPv6 address without
    its brackets."""
    if not value or len(value) > 300 or not value.isascii() or not value.isprintable():
        return None
    if any(char in value for char in " /\\?#@"):
        return None
    port: int | None = None
    if value.startswith("["):
        end = value.find("]")
        if end < 0:
            return None
        host, rest = value[1:end], value[end + 1:]
        if rest:
            if not rest.startswith(":"):
                return None
            port = _port(rest[1:])
            if port is None:
                return None
        try:
            ipaddress.IPv6Address(host)
        except ValueError:
            return None
        return host.lower(), port
    host, colon, rest = value.rpartition(":")
    if not colon:
        host = value
    else:
        port = _port(rest)
        if port is None:
            return None
    # One trailing dot is the fully qualified spelling of the same name; a name that is
    # only dots (or has an empty label) is no name.
    host = host.lower().removesuffix(".")
    if not host or ":" in host or ".." in host or host.startswith("."):
        return None
    return host, port


def _port(text: str) -> int | None:
    if not text.isdigit() or len(text) > 5:
        return None
    number = int(text)
    return number if 1 <= number <= 65535 else None


def _same_address(one: str, other: str) -> bool:
    try:
        first, second = ipaddress.ip_address(one), ipaddress.ip_address(other)
    except ValueError:
        return False
    if isinstance(first, ipaddress.IPv6Address) and first.ipv4_mapped is not None:
        first = first.ipv4_mapped
    if isinstance(second, ipaddress.IPv6Address) and second.ipv4_mapped is not None:
        second = second.ipv4_mapped
    return first == second


def host_allowed(header: str | None, local_address: str, port: int,
                 names: frozenset[str]) -> bool:
    """A request's Host is answered: it names ``local_address`` (the address the
    connection reached) or one of ``names`` (this computer's, lower-case; "localhost"
    only on a loopback connection), with the port the server listens on (none: 80)."""
    parsed = split_host(header or "")
    if parsed is None:
        return False
    host, given_port = parsed
    if (given_port or 80) != port:
        return False
    with contextlib.suppress(ValueError):
        ipaddress.ip_address(host)
        return _same_address(host, local_address)
    if host == "localhost":
        return is_loopback(local_address)
    return host in names


def origin_allowed(origin: str | None, host_header: str | None) -> bool:
    """The websocket was opened by the page this server gave out: its Origin is
    ``http://`` and the Host the request names (already checked by :func:`host_allowed`).
    No Origin (not a browser) and ``null`` (a sandboxed or local page) are refused."""
    if not origin or not host_header:
        return False
    return origin.lower() == f"http://{host_header.lower()}"


def machine_names(bound: str) -> frozenset[str]:
    """The names this computer answers to besides its addresses: its host name, with and
    without its domain and as ``.local`` (what a tablet on the same network resolves by
    multicast DNS), and the name given to ``--host`` if it is one."""
    names: set[str] = set()
    with contextlib.suppress(OSError, UnicodeError):
        short = socket.gethostname().lower()
        if short:
            names |= {short, f"{short.split('.')[0]}.local"}
        full = socket.getfqdn().lower()
        if full and full != "localhost":
            names.add(full)
    try:
        ipaddress.ip_address(bound.strip("[]"))
    except ValueError:
        names.add(bound.lower().rstrip("."))
    return frozenset(name for name in names if name and name != "localhost")


def local_addresses() -> list[str]:
    """This computer's IPv4 addresses the table's devices can reach (not loopback nor
    link-local), for the link printed when the server listens on every address: each
    interface's on Linux, else what its host name resolves to."""
    found: list[str] = []
    if sys.platform.startswith("linux"):
        found = _linux_interface_addresses()
    if not found:
        with contextlib.suppress(OSError, UnicodeError):
            found = [str(info[4][0]) for info in socket.getaddrinfo(
                socket.gethostname(), None, socket.AF_INET, socket.SOCK_STREAM)]
    usable = []
    for text in found:
        address = ipaddress.ip_address(text)
        if not (address.is_loopback or address.is_link_local or address.is_unspecified):
            usable.append(text)
    return list(dict.fromkeys(usable))


def _linux_interface_addresses() -> list[str]:
    import fcntl
    import struct

    siocgifaddr = 0x8915  # the kernel's "get an interface's address" request
    found: list[str] = []
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        for _, name in socket.if_nameindex():
            with contextlib.suppress(OSError):
                packed = struct.pack("256s", name.encode()[:15])
                answer = fcntl.ioctl(probe.fileno(), siocgifaddr, packed)
                found.append(socket.inet_ntoa(answer[20:24]))
    return found


def link(host: str, port: int, key: str | None) -> str:
    """The address a player opens: ``http://host:port/`` with the key, if there is one."""
    shown = f"[{host}]" if ":" in host else host
    where = shown if port == 80 else f"{shown}:{port}"
    return f"http://{where}/" + ("" if key is None else f"?key={key}")
