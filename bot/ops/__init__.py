"""Running the bot as a service: its metrics (:mod:`bot.ops.metrics`), the REST calls
counted from discord.py's HTTP session (:mod:`bot.ops.rest_trace`), the event-loop lag
sampler (:mod:`bot.ops.loop_lag`), the health and metrics server (:mod:`bot.ops.server`,
over the checks of :mod:`bot.ops.bot_health`, started by :mod:`bot.ops.serve`), the
container's health probe (:mod:`bot.ops.probe`) and the log format
(:mod:`bot.ops.logs`); docs/service.md describes them for operators.

This package imports nothing from the bot's layers above storage (the games, records,
render, tables and interactions): the process calls it. It may use discord.py, aiohttp,
:mod:`bot.config`, :mod:`bot.shards` and the :class:`~bot.storage.Storage` interface.
"""
