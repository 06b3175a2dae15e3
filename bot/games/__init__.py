"""The games on the shared table runtime: one package per game, each exporting its
adapter (:class:`bot.games.adapter.GameAdapter`), all listed once in
:mod:`bot.games.registry` (hidden ones offered only with ``EXTRA_GAMES``), with what
every game's adapter builds on: the table options every game has and their
declaration (:mod:`bot.games.options`; a game's own in ``<game>/options.py``), what a
game's own slash commands ask of their group (:mod:`bot.games.commands`; the commands
in ``<game>/commands.py``), the words and the picture scene. It may import storage's
records of a table, the foundation (i18n) and the engine; never the records, render,
the tables, the interactions or the process."""
