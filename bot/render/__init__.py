"""What members see, built from state and never changing it: the table message and its
embeds, a table's pictures, the component rows with the custom ids written on them
(:mod:`bot.render.custom_ids`, read back by :mod:`bot.interactions.router`) and the
words of hints. It may import the games, the records, storage, the pictures, i18n and
the engine; never the table runtime (:mod:`bot.tables`), the interactions or the
process: a table is read through :class:`~bot.render.table_state.TableState`."""
