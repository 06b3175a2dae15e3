"""The tables at runtime: each open table (its record, game, lock and message), the
registry that finds and restores them, the table service every change goes through
(split by job beside it), the turn driver, the AI players and the table message's
publisher with its channel's permissions. It may import render, the records, the games,
storage, the foundation (i18n, settings, shards, permissions) and the engine; never the
interactions or the process."""
