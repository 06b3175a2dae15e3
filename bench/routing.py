"""The routing cost of a click: from an interaction's data to its kind's handler.

Usage: ``python bench/routing.py [--clicks 20000]``. Routes the same mix of custom ids
(every kind, a select with its values, and an unknown id) to handlers that do nothing,
three ways, interleaved, and prints the median time per click of each:

- ``every template``: each kind's template tried in turn until one matches, the shape
  of the former parser and of discord.py's ``DynamicItem`` dispatch
  (``ViewStore.dispatch_dynamic_items``, which also goes on past a match);
- ``every template + task``: the same, with the click run as a task of its own, as
  discord.py runs a dynamic item;
- ``prefix lookup``: :func:`bot.render.components.parse`, the kinds filed by the prefix
  of their template, then the router's direct call (what the bot does).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from collections.abc import Awaitable, Callable, Mapping
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.render.components import Component, kinds, parse

TABLE = 123456789012345678
CLICKS: list[dict[str, Any]] = [
    {"custom_id": f"a:{TABLE}:42:c37"}, {"custom_id": f"a:{TABLE}:42:bid", "values": ["b3"]},
    {"custom_id": f"t:{TABLE}:join"}, {"custom_id": f"t:{TABLE}:hand"},
    {"custom_id": f"p:{TABLE}:3"}, {"custom_id": f"p:{TABLE}:3:hint"},
    {"custom_id": f"g:{TABLE}:again"}, {"custom_id": "h:2:all:0"},
    {"custom_id": "r:77:1:3"}, {"custom_id": "x" * 100},
]
"""One click of every kind, and one unknown id."""


class Nothing:
    """Handlers that do nothing (any name a kind calls)."""

    def __getattr__(self, name: str) -> Callable[..., Awaitable[None]]:
        async def handler(*args: Any, **kwargs: Any) -> None:
            return None
        return handler


def every_template(data: Mapping[str, Any]) -> Component | None:
    """Each kind's template in turn, the first that matches."""
    custom_id = data.get("custom_id")
    if not isinstance(custom_id, str) or len(custom_id) > 100:
        return None
    for kind in kinds():
        if (match := kind.template.fullmatch(custom_id)) and (
                found := kind.read(match, data.get("values"))) is not None:
            return found
    return None


async def click(parser: Callable[[Mapping[str, Any]], Component | None],
                handlers: Any, data: Mapping[str, Any]) -> None:
    component = parser(data)
    await (handlers.unknown(None) if component is None else component.handle(handlers, None))


async def as_task(parser: Callable[[Mapping[str, Any]], Component | None],
                  handlers: Any, data: Mapping[str, Any]) -> None:
    await asyncio.create_task(click(parser, handlers, data))


async def measure(clicks: int) -> dict[str, list[float]]:
    handlers = Nothing()
    ways: dict[str, Callable[[Mapping[str, Any]], Awaitable[None]]] = {
        "every template": lambda d: click(every_template, handlers, d),
        "every template + task": lambda d: as_task(every_template, handlers, d),
        "prefix lookup": lambda d: click(parse, handlers, d),
    }
    times: dict[str, list[float]] = {name: [] for name in ways}
    rounds = max(1, clicks // len(CLICKS) // 100)
    for _ in range(100):
        for name, way in ways.items():
            start = time.perf_counter_ns()
            for _ in range(rounds):
                for data in CLICKS:
                    await way(data)
            times[name].append((time.perf_counter_ns() - start) / (rounds * len(CLICKS)))
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clicks", type=int, default=20000)
    args = parser.parse_args()
    times = asyncio.run(measure(args.clicks))
    for name, samples in times.items():
        print(f"{name:>22}: {statistics.median(samples) / 1000:7.2f} µs a click")


if __name__ == "__main__":
    main()
