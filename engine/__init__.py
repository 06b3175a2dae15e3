"""Pure, synchronous game engines for Kachuful and Mighty (no Discord, asyncio or I/O)."""
