"""Shared pytest set-up: the Discord double's fixtures (``double``, ``run_bot``)."""

pytest_plugins = ["tests.double.fixtures"]
