"""A real, temporary PostgreSQL server for the tests and benchmarks of the PostgreSQL store.

:class:`PostgresServer` runs ``initdb`` into a fresh temporary directory and starts ``postgres``
on a free loopback port, trusting every local connection as the role ``golf``; ``stop()`` (or
leaving the ``with`` block) shuts it down and removes the directory. PostgreSQL refuses to run
as root: under root, the cluster belongs to the ``postgres`` system user and its programs run
as that user.

The fixtures, imported by a test module (tests/ has no conftest.py; pytest puts tests/ on
``sys.path``, as for ``from adapters_support import need``)::

    from postgres_support import pg_url, postgres  # noqa: F401 (fixtures)

    def test_something(pg_url):  # noqa: F811 (the fixture)
        ...

(the repo's convention for imported fixtures, as in tests/test_web_storage_bounds.py: a test's
parameter of that name is, to pyflakes, a redefinition of the import).

* ``postgres`` (one per session, so one per xdist worker, each on its own port): the started
  server, shared by every module that imports the fixture.
* ``pg_url`` (per test): the URL of a new, empty database of that server.

Where PostgreSQL (Debian: ``apt-get install -y postgresql``) or psycopg (``pip install -e
'.[postgresql]'``) is missing, the tests are skipped, as the adapter tests are
(tests/adapters_support.py); under ``CI`` or with ``GOLF_REQUIRE_POSTGRES=1`` they fail instead.
"""

from __future__ import annotations

import atexit
import contextlib
import itertools
import os
import pwd
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator, Mapping
from pathlib import Path
from types import TracebackType
from typing import Any

import pytest

#: The role that owns the cluster (``initdb -U``), trusted from loopback and the socket.
ROLE = "golf"
#: The database that :meth:`PostgresServer.start` creates, ``PostgresServer.url``.
DATABASE = "golf"
#: The system user that runs PostgreSQL when the tests run as root.
SYSTEM_USER = "postgres"
START_SECONDS = 30.0
STOP_SECONDS = 30.0
#: How many times ``start`` takes a new port when the one it chose was taken meanwhile.
BIND_ATTEMPTS = 3
#: Unix sockets' path limit (``sun_path``, 108 bytes with its NUL), less ``/.s.PGSQL.NNNNN``.
_SOCKET_DIR_MAX = 107 - len("/.s.PGSQL.65535")
REQUIRE = "GOLF_REQUIRE_POSTGRES"
INSTALL = ("the PostgreSQL tests need a PostgreSQL server (Debian: `apt-get install -y "
           "postgresql`) and psycopg 3 (`pip install -e '.[postgresql]'`)")
_NAME = re.compile(r"[a-z_][a-z0-9_]{0,62}")


# -- finding PostgreSQL ---------------------------------------------------------------------------

def find_bindir() -> Path | None:
    """The directory of ``initdb`` and ``postgres``: ``pg_config --bindir`` when it holds
    ``initdb``, else the highest version's ``/usr/lib/postgresql/*/bin`` (Debian's layout, not
    on ``PATH``) that does, else ``None``."""
    pg_config = shutil.which("pg_config")
    if pg_config:
        try:
            out = subprocess.run([pg_config, "--bindir"], capture_output=True, text=True,
                                 timeout=10, check=True).stdout.strip()
        except (OSError, subprocess.SubprocessError):
            out = ""
        if out and (Path(out) / "initdb").is_file():
            return Path(out)

    def version(bindir: Path) -> tuple[int, ...]:
        return tuple(int(part) for part in re.findall(r"\d+", bindir.parent.name))

    found = [path.parent for path in Path("/usr/lib/postgresql").glob("*/bin/initdb")
             if path.is_file()]
    return max(found, key=version) if found else None


def _required() -> bool:
    ci = os.environ.get("CI", "")
    return (ci != "" and ci.lower() not in ("0", "false")) or os.environ.get(REQUIRE) == "1"


def _missing(reason: str) -> None:
    message = f"{reason}: {INSTALL}"
    if _required():
        pytest.fail(f"{message} (CI or {REQUIRE}=1: the PostgreSQL tests are required here)",
                    pytrace=False)
    pytest.skip(message)


def require_postgres() -> Path:
    """The directory of PostgreSQL's programs, or a skip saying what to install (a failure
    under ``CI`` or ``GOLF_REQUIRE_POSTGRES=1``, where these tests are required)."""
    try:
        import psycopg  # noqa: F401
    except ImportError:
        _missing("psycopg is not installed")
    bindir = find_bindir()
    if bindir is None:
        _missing("PostgreSQL is not installed (no initdb from pg_config --bindir "
                 "or in /usr/lib/postgresql/*/bin)")
    assert bindir is not None
    if os.geteuid() == 0:
        try:
            pwd.getpwnam(SYSTEM_USER)
        except KeyError:
            _missing(f"running as root, and there is no {SYSTEM_USER!r} system user "
                     f"to run PostgreSQL as")
    return bindir


# -- the server -----------------------------------------------------------------------------------

def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


#: The servers started and not yet stopped, stopped at exit should nothing else have.
_RUNNING: set[PostgresServer] = set()


@atexit.register
def _stop_all() -> None:
    for server in list(_RUNNING):
        server.stop()


class PostgresServer:
    """A temporary PostgreSQL cluster and its running ``postgres``, on ``127.0.0.1:port``.

    ``fsync`` stays on by default: tests kill processes with SIGKILL and check that what was
    committed is still there. ``settings`` are more ``-c name=value`` options of ``postgres``.
    """

    def __init__(self, bindir: Path | str | None = None, *, fsync: bool = True,
                 settings: Mapping[str, str] | None = None) -> None:
        found = Path(bindir) if bindir is not None else find_bindir()
        if found is None:
            raise RuntimeError(f"PostgreSQL not found: {INSTALL}")
        self.bindir = found
        self.fsync = fsync
        self.settings = dict(settings or {})
        self.port: int | None = None
        self.directory: Path | None = None
        self.process: subprocess.Popen[bytes] | None = None
        self._as: dict[str, Any] = {}
        self._log_start = 0

    # -- where it is

    @property
    def data_dir(self) -> Path:
        assert self.directory is not None, "the server is not started"
        return self.directory / "data"

    @property
    def log_path(self) -> Path:
        assert self.directory is not None, "the server is not started"
        return self.directory / "postgres.log"

    def url_of(self, database: str) -> str:
        """The URL of ``database`` on this server."""
        assert self.port is not None, "the server is not started"
        return f"postgresql://{ROLE}@127.0.0.1:{self.port}/{database}"

    @property
    def url(self) -> str:
        """``postgresql://golf@127.0.0.1:PORT/golf``, the database ``start`` created."""
        return self.url_of(DATABASE)

    def log(self) -> str:
        """What the server wrote to its log (stdout and stderr) so far."""
        try:
            return self.log_path.read_text(encoding="utf-8", errors="replace")
        except (OSError, AssertionError):
            return ""

    # -- starting

    def __enter__(self) -> PostgresServer:
        return self.start()

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 traceback: TracebackType | None) -> None:
        self.stop()

    def start(self) -> PostgresServer:
        """Make the cluster, start ``postgres``, wait until it takes connections, create the
        database ``golf``. Whatever fails (or is interrupted) on the way is cleaned up."""
        if self.process is not None:
            raise RuntimeError("the server is already started")
        try:
            self._make_cluster()
            for attempt in range(1, BIND_ATTEMPTS + 1):
                self._launch()
                if self._wait(last_attempt=attempt == BIND_ATTEMPTS):
                    break
            self._create(DATABASE)
        except BaseException:
            self.stop()
            raise
        return self

    def _make_cluster(self) -> None:
        self.directory = Path(tempfile.mkdtemp(prefix="golf-pg-"))
        _RUNNING.add(self)
        if os.geteuid() == 0:
            user = pwd.getpwnam(SYSTEM_USER)
            os.chown(self.directory, user.pw_uid, user.pw_gid)
            # PostgreSQL refuses root: its programs run as the postgres user (Popen's user=
            # makes the child itself that user, so the Popen's pid is the postmaster's)
            self._as = {"user": user.pw_uid, "group": user.pw_gid, "extra_groups": []}
        os.chmod(self.directory, 0o700)
        done = subprocess.run(
            [str(self.bindir / "initdb"), "-D", str(self.data_dir), "-U", ROLE, "-A", "trust",
             "--encoding=UTF8", "--no-sync"],
            cwd=self.directory, stdin=subprocess.DEVNULL, capture_output=True, text=True,
            timeout=120, env=self._env(), **self._as)
        if done.returncode != 0:
            raise RuntimeError(f"initdb failed ({done.returncode}):\n{done.stdout}{done.stderr}")

    def _env(self) -> dict[str, str]:
        env = {key: value for key, value in os.environ.items() if not key.startswith("PG")}
        env["LC_ALL"] = env.get("LC_ALL") or "C.UTF-8"
        if self._as:
            env["HOME"] = str(self.directory)
        return env

    def _launch(self) -> None:
        assert self.directory is not None
        self.port = _free_port()
        sockets = str(self.directory) if len(str(self.directory)) <= _SOCKET_DIR_MAX else ""
        argv = [str(self.bindir / "postgres"), "-D", str(self.data_dir), "-k", sockets,
                "-p", str(self.port), "-c", "listen_addresses=127.0.0.1",
                "-c", f"fsync={'on' if self.fsync else 'off'}"]
        for name, value in self.settings.items():
            argv += ["-c", f"{name}={value}"]
        self._log_start = self.log_path.stat().st_size if self.log_path.exists() else 0
        with open(self.log_path, "ab") as log:
            # its own session: a Ctrl-C at the terminal reaches only Python, whose stop() then
            # shuts the server down; and stop() can kill the whole process group at the end
            self.process = subprocess.Popen(argv, cwd=self.directory, stdin=subprocess.DEVNULL,
                                            stdout=log, stderr=subprocess.STDOUT,
                                            env=self._env(), start_new_session=True, **self._as)

    def _wait(self, *, last_attempt: bool) -> bool:
        """Whether the server takes connections; ``False`` when it could not bind its port
        (and another may be tried); raises when it exits otherwise or does not answer."""
        import psycopg

        assert self.process is not None
        deadline = time.monotonic() + START_SECONDS
        while True:
            if self.process.poll() is not None:
                log = self.log()
                self._reap()
                # this attempt's part of the log (an earlier port's failure is not this one)
                if b"could not bind" in self.log_path.read_bytes()[self._log_start:] \
                        and not last_attempt:
                    return False
                raise RuntimeError(f"postgres exited ({self.process.returncode}) before taking "
                                   f"connections; its log:\n{log}")
            try:
                with psycopg.connect(self.url_of("postgres"), connect_timeout=2) as conn:
                    # another cluster (another xdist worker's) may have taken the port first:
                    # then this one fails to bind and exits, and the next loop sees it
                    row = conn.execute("SHOW data_directory").fetchone()
                    if row is not None and Path(row[0]) == self.data_dir:
                        return True
            except psycopg.OperationalError as error:
                if time.monotonic() > deadline:
                    raise RuntimeError(f"postgres took no connection within {START_SECONDS:g} "
                                       f"s ({error}); its log:\n{self.log()}") from None
            time.sleep(0.05)

    # -- databases

    def _create(self, name: str) -> None:
        import psycopg
        from psycopg import sql

        with psycopg.connect(self.url_of("postgres"), autocommit=True) as conn:
            conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))

    def new_database(self, name: str) -> str:
        """Create the empty database ``name`` (lower-case letters, digits and ``_``, at most 63)
        and return its URL."""
        if not _NAME.fullmatch(name):
            raise ValueError(f"not a plain database name: {name!r}")
        self._create(name)
        return self.url_of(name)

    # -- stopping

    def postmaster_pid(self) -> int | None:
        """The pid in the data directory's ``postmaster.pid``, while there is one."""
        try:
            return int(self.data_dir.joinpath("postmaster.pid").read_text().split()[0])
        except (OSError, IndexError, ValueError, AssertionError):
            return None

    def stop(self) -> None:
        """Fast shutdown (SIGINT: roll back the open transactions, disconnect, checkpoint), then
        SIGQUIT and SIGKILL to the whole process group should it hang; then remove the
        directory. Safe to call twice, and on a server that never started."""
        try:
            process = self.process
            if process is not None and process.poll() is None:
                try:
                    process.send_signal(signal.SIGINT)
                    process.wait(STOP_SECONDS)
                except subprocess.TimeoutExpired:
                    with contextlib.suppress(ProcessLookupError):
                        process.send_signal(signal.SIGQUIT)
                    with contextlib.suppress(subprocess.TimeoutExpired):
                        process.wait(5)
            self._reap()
        finally:
            # also on KeyboardInterrupt during the waits above: nothing of it is left running
            self._reap(kill=True)
            self.process = None
            if self.directory is not None:
                shutil.rmtree(self.directory, ignore_errors=True)
                self.directory = None
            _RUNNING.discard(self)

    def _reap(self, *, kill: bool = False) -> None:
        """SIGKILL what is left of the server's process group (its backends, should the
        postmaster have died first); with ``kill``, the postmaster too."""
        process = self.process
        if process is None:
            return
        if kill and process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)
            process.wait()
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(process.pid, signal.SIGKILL)


# -- fixtures -------------------------------------------------------------------------------------

_shared: PostgresServer | None = None
_users = 0
_names = itertools.count(1)


@pytest.fixture(scope="session")
def postgres() -> Iterator[PostgresServer]:
    """The session's PostgreSQL server (one per xdist worker). Every test module that imports
    this fixture gets a fixture of its own, all session-scoped: they share one server, started
    by the first and stopped when the last is torn down, at the session's end."""
    global _shared, _users
    bindir = require_postgres()
    if _shared is None:
        _shared = PostgresServer(bindir).start()
    _users += 1
    try:
        yield _shared
    finally:
        _users -= 1
        if _users == 0:
            _shared.stop()
            _shared = None


@pytest.fixture
def pg_url(postgres: PostgresServer, request: pytest.FixtureRequest) -> str:
    """The URL of a new, empty database on the session's server, one for each test."""
    stem = re.sub(r"[^a-z0-9_]+", "_", request.node.name.lower())[:40].strip("_")
    return postgres.new_database(f"t{next(_names)}_{stem}"[:63])
