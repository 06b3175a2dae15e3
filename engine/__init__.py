"""Pure, synchronous game engines, one package a game (no Discord, asyncio or I/O)."""
