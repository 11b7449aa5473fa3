"""The kernel's own round trip of a connection: Linux's ``TCP_INFO``.

The server's round trip from pings and pongs (``fairness.Latency``) is the client's to
give: a pong held back makes the client look further away, and buys its actions earlier
places ("fake lag").  The kernel measures the same connection another way: it times each
segment it sends to the acknowledgement that comes back, and the client's *operating
system* sends those, at once (or after its delayed-acknowledgement timer, which only
makes the kernel's figure larger), whatever the page or program on top of it does.  So
the kernel's smoothed round trip (``tcpi_rtt``) bounds what the pongs may honestly say
(``fairness.KERNEL_MARGIN_MS``).

Where it is not the player's, or not there, :func:`reader` gives no reader and the
round trip from pongs is bounded by the lag quota alone (``fairness.LagQuota``):

* **another system.**  ``TCP_INFO`` and its layout are Linux's (FreeBSD's and macOS's
  are other structures, not read here);
* **a reverse proxy in between** (``ServerConfig.trusted_proxies``, ``--trust-proxy``):
  the server's connection is then the proxy's, and its round trip the proxy's, some
  microseconds on one machine, nothing to do with the player.  A proxy the server is
  not told of would bound every player by it: name it;
* **no transport** (an app served by other means than ``gamenight serve``, whose guard
  hands the app its connection: ``guard.Link``).
"""

from __future__ import annotations

import ipaddress
import socket
import struct
import sys
from collections.abc import Callable, Iterable
from typing import Final, Protocol, runtime_checkable

__all__ = ["TCPI_RTT_OFFSET", "RttReader", "is_proxy", "kernel_rtt_ms", "reader"]

#: Where Linux's ``struct tcp_info`` (``linux/tcp.h``) holds ``tcpi_rtt``, the smoothed
#: round trip in microseconds (a ``__u32``): after 8 one-byte fields and 15 ``__u32``
#: ones (``tcpi_rto`` ... ``tcpi_rcv_ssthresh``).  The layout only grows at its end, so
#: this offset holds on every kernel since 2.6.
TCPI_RTT_OFFSET: Final = 68
#: How much of the structure is asked for: up to and including ``tcpi_rtt``.
_WANTED: Final = TCPI_RTT_OFFSET + 4
_RTT = struct.Struct("=I")

#: A reader of one connection's kernel round trip (ms), None when it is not known.
RttReader = Callable[[], float | None]


@runtime_checkable
class SocketLike(Protocol):
    """A socket, or asyncio's ``TransportSocket`` (what a transport hands out)."""

    @property
    def family(self) -> int: ...

    def getsockopt(self, level: int, option: int, buflen: int) -> bytes: ...


class TransportLike(Protocol):
    def get_extra_info(self, name: str, default: object = None) -> object: ...

    def is_closing(self) -> bool: ...


def kernel_rtt_ms(sock: SocketLike) -> float | None:
    """The kernel's smoothed round trip of the TCP connection ``sock``, in ms; None on a
    system other than Linux, for a socket that is not a TCP connection (any more), or
    before the kernel has timed anything (a round trip of 0)."""
    if sys.platform != "linux":
        return None
    try:
        info = sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_INFO, _WANTED)
    except (OSError, ValueError, AttributeError):
        return None
    if len(info) < _WANTED:
        return None
    (rtt_us,) = _RTT.unpack_from(info, TCPI_RTT_OFFSET)
    return rtt_us / 1000.0 if rtt_us else None


def is_proxy(host: str, proxies: Iterable[str]) -> bool:
    """Whether ``host`` (a peer's address) is one of the trusted ``proxies``, given as
    uvicorn's ``forwarded_allow_ips`` takes them: addresses, networks, or ``*`` (all)."""
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        address = None  # a Unix socket's path, say
    for proxy in proxies:
        if proxy in ("*", host):
            return True
        if address is not None:
            try:
                if address in ipaddress.ip_network(proxy, strict=False):
                    return True
            except ValueError:
                continue  # a name, not an address: only equal text matches it
    return False


def reader(transport: TransportLike | None, proxies: Iterable[str]) -> RttReader | None:
    """A reader of the kernel's round trip of ``transport``'s connection, or None where
    that round trip is not the player's or cannot be read (see the module)."""
    if transport is None or sys.platform != "linux":
        return None
    sock = transport.get_extra_info("socket")
    if not isinstance(sock, SocketLike) or sock.family not in (socket.AF_INET,
                                                                 socket.AF_INET6):
        return None
    peer = transport.get_extra_info("peername")
    host = peer[0] if isinstance(peer, tuple) and peer else None
    if not isinstance(host, str) or is_proxy(host, proxies):
        return None
    tcp: SocketLike = sock

    def read() -> float | None:
        return None if transport.is_closing() else kernel_rtt_ms(tcp)

    return read
