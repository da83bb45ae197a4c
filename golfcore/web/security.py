"""Who may drive ``golf web``: the Host and Origin allowlists, and the security headers.

A page on another web site can make the user's browser talk to ``golf web`` on this machine:
a ``new WebSocket("ws://127.0.0.1:8000/ws")`` from ``http://evil.example`` would read the
statistics, fill the database and start searches. And a site whose name the attacker points at
127.0.0.1 after the page has loaded (DNS rebinding) is, to the browser, the same origin as its
own page. Two checks stop both, for every request (:class:`Guard`, an ASGI middleware):

* **Host**: the ``Host`` header must name this server: ``127.0.0.1``, ``localhost``, ``[::1]``,
  the ``--host`` it listens on, on its own port; when it listens on every address (``0.0.0.0``,
  ``::``), also the address the connection reached (an address, never a name: a rebinding
  attack needs a name); and every ``--allow-host`` entry and the host of every
  ``--allow-origin`` entry. Anything else is refused (HTTP 403, a WebSocket refused before it
  opens).
* **Origin**: a request that carries an ``Origin`` (every browser's WebSocket does) must come
  from the server's own page: ``http://127.0.0.1:PORT``, ``http://localhost:PORT``, ... (the
  names above on the server's port, ``https`` with TLS), or an ``--allow-origin`` entry
  (the page behind a reverse proxy). ``Origin: null`` (a sandboxed frame, a file) is refused.
  A WebSocket without ``Origin`` is not a browser page's, and is let in.

Every response (pages, files, JSON, refusals, the WebSocket handshake) carries
:data:`HEADERS`: a Content-Security-Policy that runs only the server's own scripts and styles
(no inline script, no inline style attribute) and lets no page frame this one, no referrer,
no MIME sniffing, no embedding by another origin.
"""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

#: The names by which this machine reaches itself.
LOOPBACK_NAMES = ("127.0.0.1", "localhost", "[::1]")
#: ``--host`` values that listen on every address.
WILDCARDS = ("0.0.0.0", "[::]", "")
DEFAULT_PORTS = {"http": 80, "ws": 80, "https": 443, "wss": 443}

#: The Content-Security-Policy of every response.
CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; "
       "form-action 'none'; frame-ancestors 'none'")
#: The headers added to every response.
HEADERS: tuple[tuple[str, str], ...] = (
    ("content-security-policy", CSP),
    ("x-frame-options", "DENY"),
    ("referrer-policy", "no-referrer"),
    ("x-content-type-options", "nosniff"),
    ("cross-origin-opener-policy", "same-origin"),
    ("cross-origin-resource-policy", "same-origin"),
)
_RAW_HEADERS = [(k.encode("latin-1"), v.encode("latin-1")) for k, v in HEADERS]

#: True in the task of a WebSocket handshake that :class:`Guard` answered with its 403 (the
#: WebSocket Denial Response). uvicorn 0.50 to 0.54's default WebSocket protocol
#: (``websockets-sansio``, also 0.35 to 0.49's with ``ws="websockets-sansio"``) does not count
#: that answer as the end of the handshake: once the app returns it logs "ASGI callable returned
#: without completing handshake." at ERROR, for every refusal, although the client got the 403.
#: :class:`golfcore.web.serving.QuietDenial` drops that line when this is set, and only then.
DENIED: ContextVar[bool] = ContextVar("golfcore_websocket_denied", default=False)

_LABEL = r"[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?"
_NAME = re.compile(rf"{_LABEL}(?:\.{_LABEL})*")
_HOST_PORT = re.compile(r"(?P<host>\[[^\]]*\]|[^:\[\]]*)(?::(?P<port>[0-9]{1,5}))?")


def host_name(text: str) -> str | None:
    """``text`` as the host part of a URL, normalised (lower case, an IPv6 address in
    brackets, an IP address in its canonical form), or ``None`` when it is none."""
    text = text.strip().lower()
    bare = text[1:-1] if text.startswith("[") and text.endswith("]") else text
    try:
        address = ipaddress.ip_address(bare)
    except ValueError:
        if bare != text or len(text) > 253 or not _NAME.fullmatch(text):
            return None
        if text.replace(".", "").isdigit():     # 999.1.1.1: no address, and no name either
            return None
        return text
    if address.version == 6:
        return f"[{address}]"
    return str(address) if bare == text else None


def split_host(text: str) -> tuple[str, int | None] | None:
    """A ``Host`` header (or ``--allow-host``) as ``(name, port or None)``; ``None`` when it is
    not ``name[:port]``."""
    found = _HOST_PORT.fullmatch(text.strip())
    if found is None:
        return None
    name = host_name(found["host"])
    port = int(found["port"]) if found["port"] else None
    if name is None or port is not None and not 0 < port < 65536:
        return None
    return name, port


def split_origin(text: str) -> tuple[str, str, int] | None:
    """An origin ``scheme://host[:port]`` (http or https) as ``(scheme, name, port)``, the
    port filled in from the scheme; ``None`` when it is not one (``null``, a path...)."""
    scheme, sep, rest = text.strip().partition("://")
    scheme = scheme.lower()
    if not sep or scheme not in ("http", "https"):
        return None
    parts = split_host(rest)
    if parts is None:
        return None
    name, port = parts
    return scheme, name, DEFAULT_PORTS[scheme] if port is None else port


def allow_host(text: str) -> tuple[str, int | None]:
    """One ``--allow-host`` value, checked: ``ValueError`` with the reason when it is bad."""
    parts = split_host(text)
    if parts is None or parts[0] in WILDCARDS:
        raise ValueError(f"{text!r} is not a host name: give a name or an address, "
                         f"optionally with a port, such as golf.example.com or "
                         f"192.168.1.5:8000")
    return parts


def allow_origin(text: str) -> tuple[str, str, int]:
    """One ``--allow-origin`` value, checked: ``ValueError`` with the reason when it is bad."""
    parts = split_origin(text)
    if parts is None or parts[1] in WILDCARDS:
        raise ValueError(f"{text!r} is not an origin: give scheme://host[:port], http or "
                         f"https, without a path, such as https://golf.example.com")
    return parts


@dataclass(frozen=True)
class Policy:
    """The allowlists of one server: it listens on ``host`` (as given to ``--host``) and
    ``port``, with TLS or not, plus the ``--allow-host`` and ``--allow-origin`` entries
    (already checked by :func:`allow_host` and :func:`allow_origin`)."""

    port: int = 8000
    host: str = "127.0.0.1"
    tls: bool = False
    hosts: tuple[tuple[str, int | None], ...] = ()
    origins: tuple[tuple[str, str, int], ...] = ()
    _names: frozenset[str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        names = set(LOOPBACK_NAMES)
        own = host_name(self.host)
        if own is not None and own not in WILDCARDS:
            names.add(own)
        object.__setattr__(self, "_names", frozenset(names))

    @property
    def scheme(self) -> str:
        return "https" if self.tls else "http"

    @property
    def wildcard(self) -> bool:
        return host_name(self.host) in WILDCARDS or self.host.strip() in WILDCARDS

    def own_names(self, local: str | None) -> frozenset[str]:
        """The names of this server for a connection that reached the address ``local``."""
        if self.wildcard and local:
            names = {host_name(local)}
            try:                     # an IPv4 client of a dual-stack socket: ::ffff:a.b.c.d
                mapped = ipaddress.IPv6Address(local.strip("[]")).ipv4_mapped
            except ValueError:
                mapped = None
            if mapped is not None:
                names.add(str(mapped))
            return self._names | {name for name in names if name is not None}
        return self._names

    def host_ok(self, header: str | None, scheme: str, local: str | None) -> bool:
        """Whether a request whose ``Host`` header is ``header`` is for this server."""
        parts = split_host(header) if header is not None else None
        if parts is None:
            return False
        name, port = parts
        if any(name == n and (p is None or port == p) for n, p in self.hosts):
            return True
        if any(name == n for _, n, _ in self.origins):
            return True
        actual = DEFAULT_PORTS.get(scheme, 80) if port is None else port
        return actual == self.port and name in self.own_names(local)

    def origin_ok(self, header: str, local: str | None) -> bool:
        """Whether ``header`` (an ``Origin``) is this server's own page, or allowed."""
        parts = split_origin(header)
        if parts is None:
            return False
        if parts in self.origins:
            return True
        scheme, name, port = parts
        return scheme == self.scheme and port == self.port and name in self.own_names(local)


def _header(scope: Scope, name: bytes) -> str | None:
    values = [v for k, v in scope.get("headers", ()) if k.lower() == name]
    if len(values) != 1:            # none, or two (a smuggling attempt): no usable value
        return None
    return bytes(values[0]).decode("latin-1")


def refusal(scope: Scope, policy: Policy) -> str | None:
    """Why a request is refused (its Host or Origin), or ``None`` when it may go on."""
    server = scope.get("server")
    local = str(server[0]) if server else None
    host = _header(scope, b"host")
    if not policy.host_ok(host, str(scope.get("scheme", "http")), local):
        return f"this server does not answer to the host {host!r} (see golf web --allow-host)"
    origin = _header(scope, b"origin")
    if origin is None and any(k.lower() == b"origin" for k, _ in scope.get("headers", ())):
        return "a request with two Origin headers is refused"
    if origin is not None and not policy.origin_ok(origin, local):
        return (f"pages of {origin!r} may not use this server (only its own page may; see "
                f"golf web --allow-origin)")
    return None


def with_headers(headers: Iterable[tuple[bytes, bytes]]) -> list[tuple[bytes, bytes]]:
    """``headers`` with :data:`HEADERS` (replacing any of the same names)."""
    ours = {k for k, _ in _RAW_HEADERS}
    return [(k, v) for k, v in headers if k.lower() not in ours] + _RAW_HEADERS


class Guard:
    """ASGI middleware: refuses what :func:`refusal` refuses, and adds :data:`HEADERS` to
    every response and WebSocket handshake."""

    def __init__(self, app: ASGIApp, policy: Policy) -> None:
        self.app = app
        self.policy = policy

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        reason = refusal(scope, self.policy)
        if reason is not None:
            if kind == "http":
                await _forbidden(send, reason, "http.response")
                return
            await receive()                       # websocket.connect
            if "websocket.http.response" in scope.get("extensions", {}):
                DENIED.set(True)                  # the connection's own task: see DENIED
                await _forbidden(send, reason, "websocket.http.response")
            else:                                 # the server answers 403 itself
                await send({"type": "websocket.close", "code": 1008, "reason": ""})
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] in ("http.response.start", "websocket.accept"):
                message = {**message, "headers": with_headers(message.get("headers") or [])}
            await send(message)

        await self.app(scope, receive, send_with_headers)


async def _forbidden(send: Send, reason: str, kind: str) -> None:
    """A 403 response saying why (``kind``: ``http.response`` or, for a WebSocket refused
    before it opens, ``websocket.http.response``)."""
    body = f"403 Forbidden: {reason}\n".encode("utf-8", "replace")
    await send({"type": f"{kind}.start", "status": 403,
                "headers": with_headers([(b"content-type", b"text/plain; charset=utf-8"),
                                         (b"content-length", str(len(body)).encode())])})
    await send({"type": f"{kind}.body", "body": body})
