"""The games on the shared table runtime: one package per game, each exporting its
adapter (:class:`bot.games.adapter.GameAdapter`), all listed once in
:mod:`bot.games.registry`."""
