"""``python -m bot``: run the bot until SIGINT or SIGTERM."""

from __future__ import annotations

import sys

from bot.app import main

if __name__ == "__main__":
    sys.exit(main())
