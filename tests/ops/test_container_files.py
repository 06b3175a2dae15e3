"""The container files, read since no container engine runs here: the image builds the
compiled install in a stage of its own and runs the Procfile's worker command as a
user other than root; compose starts PostgreSQL and the bot's shards 0 and 1 of 2,
each with its health check."""

from __future__ import annotations

import json
import shlex
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import yaml

ROOT = Path(__file__).resolve().parents[2]


def _compose() -> dict[str, Any]:
    loaded = yaml.safe_load((ROOT / "compose.yaml").read_text(encoding="utf-8"))
    assert isinstance(loaded, dict)
    return loaded


def _stages() -> list[list[tuple[str, str]]]:
    """The Dockerfile's stages, each a list of (instruction, arguments)."""
    text = (ROOT / "Dockerfile").read_text(encoding="utf-8").replace("\\\n", " ")
    stages: list[list[tuple[str, str]]] = []
    for line in text.splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        word, _, rest = line.strip().partition(" ")
        if word.upper() == "FROM":
            stages.append([])
        stages[-1].append((word.upper(), rest.strip()))
    return stages


def _worker() -> list[str]:
    for line in (ROOT / "Procfile").read_text(encoding="utf-8").splitlines():
        kind, _, command = line.partition(":")
        if kind.strip() == "worker":
            return shlex.split(command)
    raise AssertionError("the Procfile has no worker line")


def test_the_image_runs_the_procfile_worker_as_a_user_without_the_compiler() -> None:
    build, runtime = _stages()
    assert build[0] == ("FROM", "python:3.11-slim AS build")
    assert runtime[0] == ("FROM", "python:3.11-slim")
    built = " ".join(args for word, args in build if word == "RUN")
    assert "gcc" in built and "pip install --no-cache-dir ." in built
    assert not any("gcc" in args for word, args in runtime if word == "RUN")
    [cmd] = [json.loads(args) for word, args in runtime if word == "CMD"]
    assert cmd == _worker() == ["python", "-m", "bot"]
    [user] = [args for word, args in runtime if word == "USER"]
    assert user not in ("root", "0")
    env = " ".join(args for word, args in runtime if word == "ENV")
    assert "METRICS_HOST=0.0.0.0" in env


def test_the_build_gets_what_pip_needs_and_no_secret() -> None:
    copied = {part for word, args in _stages()[0] if word == "COPY"
              for part in args.split()[:-1]}
    assert {"pyproject.toml", "setup.py", "README.md", "engine", "bot", "cogs"} <= copied
    ignored = (ROOT / ".dockerignore").read_text(encoding="utf-8").splitlines()
    assert {".env", ".venv", "data", ".git", "**/*.so"} <= set(ignored)


def test_compose_runs_postgres_and_two_shards_with_health_checks() -> None:
    services = _compose()["services"]
    postgres = services.pop("postgres")
    assert postgres["image"].startswith("postgres:")
    assert "pg_isready" in postgres["healthcheck"]["test"]
    assert set(services) == {"bot-0", "bot-1"}
    shards = set()
    for name, bot in services.items():
        env = bot["environment"]
        assert bot["build"] == "."
        assert bot["depends_on"]["postgres"]["condition"] == "service_healthy"
        assert bot["healthcheck"]["test"] == ["CMD", "python", "-m", "bot.ops.probe"], name
        assert env["SHARD_COUNT"] == "2" and env["METRICS_PORT"] == "9100"
        assert urlsplit(env["DATABASE_URL"]).hostname == "postgres"
        assert env["DATABASE_URL"].startswith("postgresql://")
        assert env["DISCORD_TOKEN"].startswith("${DISCORD_TOKEN:?")
        shards.add(env["SHARD_IDS"])
    assert shards == {"0", "1"}
