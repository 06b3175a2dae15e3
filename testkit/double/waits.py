"""How long the double waits for the bot before it calls a test failed."""

WAIT_LIMIT = 30.0
"""Seconds a wait may take (`settle`, `wait_until`, a gateway round trip): only a bot
that never goes quiet reaches it, so it is generous for busy two-core machines."""
