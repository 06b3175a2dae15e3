"""Where pictures are drawn: worker processes beside the bot, so that their CPU work
(a few milliseconds a picture, most of it holding the interpreter) runs on other cores
than the event loop, or, with none, the event loop's worker threads.

The pool is one per process and outlives a client (tests start many bots in one
process); :func:`configure` sizes it (``PICTURE_PROCESSES``). A drawing must pickle (a
module-level picture function over plain view data, :mod:`bot.table_pictures`); a
worker that dies breaks the pool, and the next drawing gets a new one.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from bot.pictures import Picture, PictureError

log = logging.getLogger(__name__)

Draw = Callable[[], Picture]

_processes = 0
_pool: ProcessPoolExecutor | None = None


def default_processes() -> int:
    """One worker per core beyond the event loop's, at most two; none on one core."""
    return max(0, min(2, (os.cpu_count() or 1) - 1))


def configure(processes: int) -> None:
    """Draw in ``processes`` worker processes (0: in threads). A pool of another size
    is replaced; one of the same size is kept."""
    global _processes, _pool
    if processes == _processes:
        return
    if _pool is not None:
        _pool.shutdown(wait=False, cancel_futures=True)
        _pool = None
    _processes = processes
    if processes:
        _the_pool().submit(int)  # start the workers now, not on the first picture


def _the_pool() -> ProcessPoolExecutor:
    global _pool
    if _pool is None:
        # forkserver: the workers start from a clean process, never a fork of one
        # running an event loop and threads.
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(["bot.pictures"])
        _pool = ProcessPoolExecutor(_processes, mp_context=context)
    return _pool


async def run(drawing: Draw) -> Picture:
    """Draw ``drawing`` off the event loop; a dead worker raises :class:`PictureError`."""
    global _pool
    if _processes == 0:
        return await asyncio.to_thread(drawing)
    pool = _the_pool()
    try:
        return await asyncio.get_running_loop().run_in_executor(pool, drawing)
    except BrokenProcessPool as exc:
        log.warning("a picture worker stopped; starting new ones")
        if _pool is pool:
            _pool = None
        raise PictureError("the picture worker stopped") from exc
