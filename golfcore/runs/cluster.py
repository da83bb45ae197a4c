"""Running one top-level function over many tasks on a Dask cluster, yielding the results as
they complete (``golf survey --scheduler``, ``golf tournament --scheduler``): the cluster
counterpart of :func:`golfcore.runs.pool.run_processes`. :mod:`distributed` is imported only
here, and only when a cluster is asked for (it is the ``dask`` extra).

* :func:`address_argument` reads ``--scheduler ADDRESS`` for argparse: ``[SCHEME://]HOST[:PORT]``
  (scheme ``tcp``, ``tls``, ``ws`` or ``wss``, default ``tcp``; port default 8786), the host
  an IP address or a name that resolves; anything else is a usage error;
* :class:`Cluster` connects to the scheduler (:class:`GolfError` when nothing answers there)
  and :meth:`Cluster.run` submits the tasks, a window of them at a time (so memory stays flat
  and an interruption cancels little), and yields each result once, as it comes.

What happens to work when something dies:

* **a worker dies** (killed, out of memory, its machine lost): the scheduler hands the tasks it
  was running or holding to the other workers, which do them again from the start (a task is a
  pure function of its arguments: a match of its seed, a deal of its number), and each result
  reaches the caller once. A result already received is in the caller's results file and is
  never asked for again. A task whose workers keep dying (Dask's ``allowed-failures``, 3 by
  default) stops the run with an error; what came before it is kept;
* **the calling process dies** (``kill -9``, its machine lost): the workers are the cluster's
  and live on, but the work is not left running: the scheduler sees the client's connection
  close and forgets its tasks at once, so queued tasks never start; a task already running
  finishes on its worker (a running Python function cannot be stopped from outside) and its
  result is dropped. Only the results the caller wrote survive; running the same command again
  resumes from them. (The local pool's workers, which are the caller's own processes, die with
  it instead: :mod:`golfcore.runs.pool`.)
* **the scheduler dies**: the run stops with an error; what came before is kept.
"""

from __future__ import annotations

import argparse
import asyncio
import concurrent.futures
import ipaddress
import itertools
import logging
import re
import socket
from collections.abc import Callable, Generator, Iterable
from typing import Any, TypeVar

from golfcore.errors import GolfError

T = TypeVar("T")

#: The schemes of a scheduler's address (all over TCP), and the default one.
SCHEMES = ("tcp", "tls", "ws", "wss")
#: The scheduler's port when the address gives none (``dask scheduler``'s default).
DEFAULT_PORT = 8786
#: Seconds to wait for the scheduler to answer.
CONNECT_TIMEOUT = 10.0
#: Dask's loggers that the client writes to (silenced while connected: see :class:`Cluster`).
_LOGGERS = ("distributed", "distributed.client", "distributed.core", "distributed.comm",
            "distributed.utils")
#: Tasks submitted ahead of the results, at least (more with many worker threads).
WINDOW = 64

_ADDRESS = re.compile(r"(?:(?P<scheme>[A-Za-z][A-Za-z0-9+.-]*)://)?"
                      r"(?P<host>\[[^\]]*\]|[^:/\[\]]*)(?::(?P<port>[^/]*))?")
_NAME = re.compile(r"(?=.{1,253}$)[A-Za-z0-9_](?:[A-Za-z0-9_-]*[A-Za-z0-9_])?"
                   r"(?:\.[A-Za-z0-9_](?:[A-Za-z0-9_-]*[A-Za-z0-9_])?)*\.?")


class ClusterError(GolfError):
    """The Dask cluster cannot be used: not installed, not reachable, or it failed the run."""


def parse_address(text: str) -> tuple[str, str, int]:
    """``[SCHEME://]HOST[:PORT]`` as ``(scheme, host, port)`` (host without brackets);
    :class:`GolfError` saying what is wrong. Nothing is resolved or contacted."""
    shown = repr(text[:80])
    example = "give it as tcp://HOST:PORT, such as tcp://10.0.0.5:8786"
    found = _ADDRESS.fullmatch(text.strip()) if text.isprintable() else None
    if found is None or not found["host"]:
        raise GolfError(f"{shown} is not a scheduler address: {example}")
    scheme = (found["scheme"] or "tcp").lower()
    if scheme not in SCHEMES:
        raise GolfError(f"{shown}: unknown scheme {scheme!r} (golfcore reaches a scheduler "
                        f"over {', '.join(SCHEMES)}): {example}")
    host = found["host"]
    bare = host[1:-1] if host.startswith("[") else host
    try:
        version: int | None = ipaddress.ip_address(bare).version
    except ValueError:
        version = None
    if version is not None and host.startswith("[") != (version == 6):
        raise GolfError(f"{shown}: an IPv6 address goes in brackets, an IPv4 address "
                        f"without: {example}")
    if version is None and (host.startswith("[") or not _NAME.fullmatch(bare)
                            or bare.replace(".", "").isdigit()):
        raise GolfError(f"{shown}: {host[:80]!r} is neither an IP address nor a host name: "
                        f"{example}")
    port_text = found["port"]
    if port_text is None:
        port = DEFAULT_PORT
    elif port_text.isascii() and port_text.isdigit() and 0 < int(port_text) < 65536:
        port = int(port_text)
    else:
        raise GolfError(f"{shown}: the port must be a number from 1 to 65535, not "
                        f"{port_text[:20]!r}")
    return scheme, bare, port


def format_address(scheme: str, host: str, port: int) -> str:
    """``scheme://host:port`` (an IPv6 host in brackets)."""
    shown = f"[{host}]" if ":" in host else host
    return f"{scheme}://{shown}:{port}"


def address_argument(text: str) -> str:
    """The argparse type of ``--scheduler``: the address written in full
    (``tcp://10.0.0.5:8786``); a malformed address or a host name that does not resolve is a
    usage error (exit status 2)."""
    try:
        scheme, host, port = parse_address(text)
    except GolfError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    try:
        socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError) as exc:
        raise argparse.ArgumentTypeError(
            f"cannot resolve the host {host!r} of the scheduler address "
            f"{text[:80]!r}: {getattr(exc, 'strerror', None) or exc}") from None
    return format_address(scheme, host, port)


def import_distributed() -> Any:
    """:mod:`distributed`; :class:`ClusterError` naming the ``dask`` extra when it is not
    installed."""
    try:
        import distributed
    except ImportError:
        raise ClusterError("--scheduler needs Dask's distributed package, which is not "
                           "installed: pip install 'golfcore[dask]' (the dask extra)") from None
    return distributed


def _probe(address: str, timeout: float) -> None:
    """Open and close a TCP connection to the scheduler's port: a refused or unreachable
    address is told at once, before Dask's client retries it for its whole timeout."""
    scheme, host, port = parse_address(address)
    try:
        with socket.create_connection((host, port), timeout=timeout):
            pass
    except OSError as exc:
        why = ("timed out" if isinstance(exc, (socket.timeout, TimeoutError))
               else exc.strerror or str(exc))
        raise ClusterError(f"cannot reach the Dask scheduler at {address}: {why} (is "
                           f"'dask scheduler' running there, and its port open to this "
                           f"machine?)") from None


async def _identity(distributed: Any, address: str, timeout: float) -> Any:
    """What the server at ``address`` says it is (Dask's ``identity`` message), within
    ``timeout`` seconds in all."""
    async def ask() -> Any:
        comm = await distributed.comm.connect(address, timeout=timeout)
        try:
            await comm.write({"op": "identity", "reply": True})
            return await comm.read()
        finally:
            comm.abort()
    return await asyncio.wait_for(ask(), timeout)


def _run_apart(coroutine: Any) -> Any:
    """``asyncio.run(coroutine)``, in a thread of its own when this thread already runs an
    event loop (a notebook, or a caller's asyncio program), where asyncio.run would refuse."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(coroutine)
    with concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="golfcore-probe") as pool:
        return pool.submit(asyncio.run, coroutine).result()


def _check_scheduler(distributed: Any, address: str, timeout: float) -> None:
    """:class:`ClusterError` unless a Dask scheduler answers at ``address`` in time (not a
    worker, not another kind of server, which Dask's client would wait on without end)."""
    try:
        reply = _run_apart(_identity(distributed, address, timeout))
    except Exception as exc:
        why = ("no answer in time" if isinstance(exc, (asyncio.TimeoutError, TimeoutError))
               else f"{type(exc).__name__}: {str(exc)[:200]}")
        raise ClusterError(f"cannot reach the Dask scheduler at {address}: {why} (is a Dask "
                           f"scheduler listening there?)") from None
    kind = reply.get("type") if isinstance(reply, dict) else None
    if kind != "Scheduler":
        raise ClusterError(f"cannot use {address}: it is no Dask scheduler (it says it is "
                           f"{str(kind)[:40]!r}); give the address 'dask scheduler' prints")


def _client_class(distributed: Any) -> Any:
    class Client(distributed.Client):
        """A client that, when it could not connect, does not try to close the connection
        it never had (Dask's own waits for it, then prints a traceback while collected)."""

        def __del__(self) -> None:
            if getattr(self, "status", None) == "running":
                super().__del__()

    return Client


class Cluster:
    """A connection to the Dask scheduler at ``address`` (as :func:`address_argument` writes
    it); :class:`ClusterError` when it cannot be used. :meth:`run` does the work and closes the
    connection; :meth:`close` closes it without work."""

    def __init__(self, address: str, timeout: float = CONNECT_TIMEOUT) -> None:
        self.address = address
        distributed = import_distributed()
        self._distributed = distributed
        _probe(address, timeout)
        _check_scheduler(distributed, address, timeout)
        # Dask's client logs what goes wrong with tracebacks on stderr; what golfcore is told
        # it reports itself, in one line (the level is restored by close())
        self._levels = {name: logging.getLogger(name).level for name in _LOGGERS}
        for name in _LOGGERS:
            logging.getLogger(name).setLevel(logging.CRITICAL)
        try:
            self.client = _client_class(distributed)(address, timeout=f"{timeout}s",
                                                     set_as_default=False)
        except Exception as exc:
            self._restore_logs()
            raise ClusterError(f"cannot reach the Dask scheduler at {address}: "
                               f"{type(exc).__name__}: {str(exc)[:200]} (is a Dask scheduler "
                               f"of a compatible version listening there?)") from None

    def threads(self) -> int:
        """The worker threads the cluster has now."""
        return int(sum(self.client.nthreads().values()))

    def close(self) -> None:
        try:
            self.client.close()
        except Exception:  # pragma: no cover - the scheduler may be gone already
            pass
        finally:
            self._restore_logs()

    def _restore_logs(self) -> None:
        for name, level in self._levels.items():
            logging.getLogger(name).setLevel(level)

    def run(self, function: Callable[..., T], tasks: Iterable[tuple[Any, ...]],
            note: Callable[[str], None] | None = None) -> Generator[T, None, None]:
        """``function(*task)`` for each task on the cluster, yielded as they complete (not in
        the order of the tasks), each once. ``function`` must be importable on the workers
        (defined at the top level of a module of a package they have installed: it is sent
        by reference). An exception raised by ``function`` is raised here; a task that the
        workers cannot import, that killed its workers, or a scheduler that is lost is
        :class:`ClusterError`. ``note`` is told when the cluster has no worker yet (the tasks
        wait for one). Closing the generator (Ctrl-C) cancels the tasks not done, and the
        connection is closed in every case."""
        distributed = self._distributed
        client = self.client
        pending: set[Any] = set()
        try:
            todo = iter(tasks)
            threads = self.threads()
            if threads == 0 and note is not None:
                note(f"the Dask scheduler at {self.address} has no worker yet: the work waits "
                     f"for one to join")
            first = [client.submit(function, *task, pure=False)
                     for task in itertools.islice(todo, max(WINDOW, 4 * threads))]
            pending.update(first)
            flow = distributed.as_completed(first, loop=client.loop)
            for future in flow:
                pending.discard(future)
                value = self._result(future)
                future.release()
                task = next(todo, None)
                if task is not None:
                    new = client.submit(function, *task, pure=False)
                    pending.add(new)
                    flow.add(new)
                yield value
        finally:
            if pending:      # interrupted or failed: the cluster stops working for this run
                try:
                    client.cancel(list(pending))
                except Exception:  # pragma: no cover - best effort while closing
                    pass
            self.close()

    def _result(self, future: Any) -> Any:
        distributed = self._distributed
        try:
            return future.result()
        except ImportError as exc:
            raise ClusterError(f"a Dask worker cannot import golfcore's work ({exc}): install "
                               f"golfcore, the same version, on every worker") from None
        except distributed.KilledWorker as exc:
            raise ClusterError(f"a task was lost with every worker that ran it ({exc}); the "
                               f"results received before are kept: run the same command "
                               f"again to go on") from None
        except (concurrent.futures.CancelledError, asyncio.CancelledError, OSError) as exc:
            first = (str(exc).splitlines() or [""])[0][:200]
            raise ClusterError(f"lost the Dask scheduler at {self.address} "
                               f"({type(exc).__name__}: {first}); the results received "
                               f"before are kept: run the same command again to go on") \
                from None
