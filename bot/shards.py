"""Which servers this process runs: Discord's shards (DISCORD-NOTES "shards").

A server belongs to shard ``(guild_id >> 22) % count``; direct messages come to shard 0.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Shards:
    """This process's shards ``ids`` of ``count``."""

    count: int = 1
    ids: tuple[int, ...] = (0,)

    def __post_init__(self) -> None:
        if self.count < 1:
            raise ValueError("SHARD_COUNT must be at least 1")
        if not self.ids:
            raise ValueError("SHARD_IDS must name at least one shard")
        if len(set(self.ids)) != len(self.ids):
            raise ValueError("SHARD_IDS must name each shard once")
        wrong = [i for i in self.ids if not 0 <= i < self.count]
        if wrong:
            raise ValueError(
                f"SHARD_IDS must be between 0 and {self.count - 1} for SHARD_COUNT "
                f"{self.count} (got {wrong[0]})")

    @staticmethod
    def of(guild_id: int, count: int) -> int:
        """The shard of a server among ``count``."""
        return (guild_id >> 22) % count

    def owns(self, guild_id: int | None) -> bool:
        """Whether a server (None: a direct message) is this process's."""
        return self.of(guild_id or 0, self.count) in self.ids

    @property
    def every(self) -> bool:
        """Whether this process runs every shard."""
        return len(self.ids) == self.count

    def describe(self, shard: int) -> str:
        return f"shard {shard} of {self.count}"


ALL = Shards()
"""One process running the only shard: every server."""
