"""What members see, built from state and never changing it: the table message and its
embeds, the pictures (:mod:`bot.render.pictures`) and a table's choice of them, the
component kinds, one class each with its custom id, parser and handler
(:mod:`bot.render.components`, routed by :mod:`bot.interactions.router`), and the rows
built from them, the history and replay pages, the leaderboard
and stats embeds with the rating chart, and the words of hints. It may import the
records, the games, storage, the foundation and the engine; never the table runtime
(:mod:`bot.tables`: a table is read through
:class:`~bot.render.table_state.TableState`), the interactions or the process."""
