"""The installable app: the service worker's script (``/sw.js``) and the web app manifest.

The service worker (``static/sw.js``) keeps the page's static files in a cache named after
:func:`cache_version` (golfcore's version and a digest of the files), so that a new package or
a changed file makes the browser install a new worker, which fills a new cache and deletes the
old ones. It serves the files and the page from the network while the server answers (the page
never runs files older than the server), from the cache when it does not, and the offline page
(``static/offline.html``) for a page load the server cannot answer. It never caches ``/api/``
nor the WebSocket (docs/web.md, *The installable app*).

A service worker controls the pages below the folder of its script: ``/sw.js`` (not
``/static/sw.js``) lets it control ``/``. Its script is ``static/sw.js`` after two lines this
module writes: ``VERSION`` and ``FILES`` (every static file, by URL). The responses go through
:class:`golfcore.web.security.Guard` like any other, with its Content-Security-Policy.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
from collections.abc import Awaitable, Callable
from functools import lru_cache
from pathlib import Path

from starlette.requests import Request
from starlette.responses import FileResponse, PlainTextResponse, Response

from golfcore.version import __version__

#: The files the worker does not keep: itself (it is served from ``/sw.js``).
NOT_CACHED = frozenset({"sw.js"})
#: How the worker and the manifest are cached by the browser: always asked again.
NO_CACHE = {"cache-control": "no-cache"}


def static_files(folder: Path) -> list[str]:
    """The URLs of the static files the worker keeps, sorted (``/static/app.js``...)."""
    if not folder.is_dir():
        return []
    return sorted(f"/static/{path.relative_to(folder).as_posix()}"
                  for path in folder.rglob("*")
                  if path.is_file() and path.name not in NOT_CACHED
                  and not path.name.startswith("."))


def cache_version(folder: Path, version: str = __version__) -> str:
    """The name of the cache of these files: ``golf-VERSION-DIGEST``, the digest over every
    file's path and bytes (the worker's own included: a changed worker is a new cache)."""
    digest = hashlib.sha256()
    for path in sorted(p for p in folder.rglob("*") if p.is_file()) if folder.is_dir() else []:
        digest.update(path.relative_to(folder).as_posix().encode("utf-8") + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return f"golf-{version}-{digest.hexdigest()[:16]}"


def worker_script(folder: Path, version: str = __version__) -> bytes | None:
    """The worker's script: ``VERSION`` and ``FILES``, then ``static/sw.js``; ``None`` when
    that file is missing."""
    source = folder / "sw.js"
    if not source.is_file():
        return None
    head = (f"const VERSION = {json.dumps(cache_version(folder, version))};\n"
            f"const FILES = {json.dumps(static_files(folder))};\n")
    return head.encode("utf-8") + source.read_bytes()


@lru_cache(maxsize=4)
def _worker_once(folder: Path, version: str) -> bytes | None:
    # the package's files do not change while a server runs: read and hashed once
    return worker_script(folder, version)


Handler = Callable[[Request], Awaitable[Response]]


def routes_for(folder: Path) -> tuple[Handler, Handler]:
    """The handlers of ``/sw.js`` and ``/manifest.webmanifest`` over ``folder``."""

    async def service_worker(request: Request) -> Response:
        script = await asyncio.to_thread(_worker_once, folder, __version__)
        if script is None:
            return PlainTextResponse("the page is not installed (golfcore/web/static)", 404)
        return Response(script, media_type="text/javascript",
                        headers={**NO_CACHE, "service-worker-allowed": "/"})

    async def manifest(request: Request) -> Response:
        path = folder / "manifest.webmanifest"
        if not path.is_file():
            return PlainTextResponse("the page is not installed (golfcore/web/static)", 404)
        return FileResponse(path, media_type="application/manifest+json", headers=NO_CACHE)

    return service_worker, manifest
