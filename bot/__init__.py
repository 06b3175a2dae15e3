"""The runtime: Card Night on Discord. Its packages are layers, each importing only
those below it (tests/test_import_cycles.py holds the order): i18n with the settings,
shards and channel permissions at the bottom; then storage, the games, the records of
finished games, render, the tables and the interactions; the client, the process entry
and the settings' reader (``client.py``, ``app.py``, ``config.py``) at the top, and the
cogs of ``cogs/`` above everything (nothing here imports them)."""
