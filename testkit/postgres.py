"""A throwaway PostgreSQL server on 127.0.0.1 for tests and benchmarks: the machine's
own ``initdb``/``pg_ctl`` in a temporary folder on a free port, stopped and removed
afterwards.

PostgreSQL refuses to run as root: as root, the server runs as the unprivileged
``postgres`` user (``runuser -u postgres --``), its folder owned by it. Clients connect
over TCP as the superuser ``postgres`` without a password (``trust``, loopback only).
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path
from typing import Final

SERVER_USER: Final = "postgres"
"""The system user that runs the server when we are root."""
TOOLS: Final = ("initdb", "pg_ctl", "createdb", "dropdb")
SEARCH: Final = ("/usr/lib/postgresql/*/bin", "/usr/local/pgsql/bin", "/usr/pgsql-*/bin")


class PostgresMissing(Exception):
    """No PostgreSQL server binaries on this machine."""


def find_bin_dir() -> Path:
    """The folder of ``initdb``, ``pg_ctl`` and ``createdb`` (the newest version found);
    the one ``initdb`` on the PATH is in otherwise. :class:`PostgresMissing` when there
    is none."""
    for pattern in SEARCH:
        found = sorted(glob.glob(f"{pattern}/initdb"), key=_version)
        if found:
            return Path(found[-1]).parent
    on_path = shutil.which("initdb")
    if on_path:
        folder = Path(on_path).resolve().parent  # often a link into the versioned folder
        if all((folder / tool).exists() for tool in TOOLS):
            return folder
    raise PostgresMissing("PostgreSQL server binaries (initdb, pg_ctl) were not found")


def _version(path: str) -> tuple[int, ...]:
    return tuple(int(p) for p in Path(path).parts[-3].split(".") if p.isdigit())


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class PostgresServer:
    """One server; :meth:`start`, then :meth:`url` of a database, :meth:`create`
    databases (from a template), :meth:`halt` and :meth:`resume` it (a crash and a
    restart), :meth:`stop`. ``durable=False`` turns fsync off
    (tests: a killed process loses nothing either way, only a machine crash would)."""

    def __init__(self, *, durable: bool = False) -> None:
        self.bin = find_bin_dir()
        self.durable = durable
        self.port = free_port()
        self.dir = Path(tempfile.mkdtemp(prefix="cardnight-pg-"))
        self.data = self.dir / "data"
        self._as_root = os.geteuid() == 0

    def _server(self, *args: str) -> list[str]:
        """A server command, as ``postgres`` when we are root."""
        if self._as_root:
            return ["runuser", "-u", SERVER_USER, "--", *args]
        return list(args)

    def _run(self, args: list[str]) -> None:
        done = subprocess.run(args, capture_output=True, text=True, timeout=120, check=False)
        if done.returncode != 0:
            raise RuntimeError(f"{args[0]} failed: {done.stderr.strip() or done.stdout.strip()}")

    def start(self) -> PostgresServer:
        if self._as_root:
            user = pwd.getpwnam(SERVER_USER)
            os.chown(self.dir, user.pw_uid, user.pw_gid)
        self._run(self._server(str(self.bin / "initdb"), "-D", str(self.data), "-U", "postgres",
                               "--auth=trust", "-E", "UTF8", "--no-sync", "--no-instructions"))
        self.resume()
        return self

    def halt(self) -> None:
        """Stop the server at once, as on a crash (every connection drops), keeping its
        data for :meth:`resume`."""
        self._run(self._server(str(self.bin / "pg_ctl"), "-D", str(self.data),
                               "-m", "immediate", "-w", "stop"))

    def resume(self) -> None:
        """Start the server on its data (after :meth:`start`'s initdb or a :meth:`halt`),
        on the same port, once it accepts connections."""
        options = (f"-p {self.port} -k {self.dir} -c listen_addresses=127.0.0.1 "
                   f"-c max_connections=200")
        if not self.durable:
            options += " -c fsync=off -c full_page_writes=off"
        self._run(self._server(str(self.bin / "pg_ctl"), "-D", str(self.data), "-o", options,
                               "-l", str(self.dir / "server.log"), "-w", "-t", "60", "start"))

    def stop(self) -> None:
        if self.data.exists():
            subprocess.run(self._server(str(self.bin / "pg_ctl"), "-D", str(self.data),
                                        "-m", "immediate", "-w", "stop"),
                           capture_output=True, timeout=60, check=False)
        shutil.rmtree(self.dir, ignore_errors=True)

    def cpu_seconds(self) -> float:
        """CPU time of the server so far: its main process and every live child (each
        connection's backend, the writers)."""
        main = int((self.data / "postmaster.pid").read_text().split()[0])
        total = 0.0
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(entry.name) == main or int(fields[1]) == main:
                total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        return total

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def _client(self, tool: str) -> list[str]:
        return [str(self.bin / tool), "-h", "127.0.0.1", "-p", str(self.port), "-U", "postgres"]

    def create(self, database: str, template: str | None = None) -> str:
        """Create ``database`` (a copy of ``template`` when given); its URL."""
        template_args = [] if template is None else ["-T", template]
        self._run([*self._client("createdb"), *template_args, database])
        return self.url(database)

    def drop(self, database: str) -> None:
        """Drop ``database``, ending any connection still open to it."""
        self._run([*self._client("dropdb"), "--force", "--if-exists", database])

    def __enter__(self) -> PostgresServer:
        try:
            return self.start()
        except BaseException:
            self.stop()
            raise

    def __exit__(self, *exc: object) -> None:
        self.stop()
