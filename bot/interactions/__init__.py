"""What members do: the router every component interaction enters, handing each to its
kind's handler (:mod:`bot.render.components`), the answer given once within Discord's
3 seconds, the shared slash commands and start options, and the handlers a command and
its button share, split by job and joined in :class:`~bot.interactions.controller.Controller`.
It may import the tables, render, the records, the games, storage, the foundation and
the engine; never the process or the cogs."""
