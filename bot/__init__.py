"""The runtime: Card Night on Discord. Its packages are layers, each importing only
those below it (tests/test_import_cycles.py holds the order): i18n, the settings
(``config.py``), the shards and the channel permissions at the bottom; then the rules
of game nights and seasons, storage, running as a service (ops), the games, the
records of finished games, render, the tables and the interactions; the client and the
process entry (``client.py``, ``app.py``) at the top, and the cogs of ``cogs/`` above
everything (nothing here imports them)."""
