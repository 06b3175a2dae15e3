"""``python -m bot.ops.probe``: the container's health check. Exit status 0 when the
bot of this container answers ``GET /healthz`` with 200 on ``METRICS_PORT``, else 1
with the reason on standard error."""

from __future__ import annotations

import sys
import urllib.error
import urllib.request
from typing import Final

from bot.config import Settings

TIMEOUT: Final = 5.0
EVERY_ADDRESS: Final = ("", "0.0.0.0", "::")


def healthz_url(settings: Settings) -> str | None:
    """Where this container's bot answers ``/healthz`` (None: METRICS_PORT unset)."""
    if settings.metrics_port is None:
        return None
    host = settings.metrics_host
    if host in EVERY_ADDRESS:
        host = "127.0.0.1"
    elif ":" in host:
        host = f"[{host}]"
    return f"http://{host}:{settings.metrics_port}/healthz"


def main() -> int:
    url = healthz_url(Settings())
    if url is None:
        print("METRICS_PORT is not set: the bot serves no /healthz", file=sys.stderr)
        return 1
    try:
        with urllib.request.urlopen(url, timeout=TIMEOUT) as answer:
            return 0 if answer.status == 200 else 1
    except urllib.error.HTTPError as exc:
        print(f"{exc.code}: {exc.read().decode(errors='replace').strip()}", file=sys.stderr)
    except OSError as exc:
        print(f"{url}: {exc}", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
