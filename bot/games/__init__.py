"""The games on the shared table runtime: one package per game, each exporting its
adapter (:class:`bot.games.adapter.GameAdapter`), all listed once in
:mod:`bot.games.registry`, with the words and the picture scene every game's adapter
builds on. It may import storage's records of a table, the foundation (i18n) and the
engine; never the records, render, the tables, the interactions or the process."""
