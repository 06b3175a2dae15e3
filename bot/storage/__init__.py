"""SQLite storage: the connection and migrations, tables in play, finished games."""
