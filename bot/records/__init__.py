"""What is made of finished games beyond storage: the replays of recorded games (the
viewer's pages and the replay file) and copying a whole SQLite database into PostgreSQL
(``python -m bot.records.migrate_db``). It may import storage, the games, the
foundation and the engine; never render, the tables or anything above them."""
