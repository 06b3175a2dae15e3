"""Playing the bot as Discord members, shared by ``tests/`` and ``bench/`` and installed
with the project's ``test`` extra: the Discord double (:mod:`testkit.double`) and one
panel driver for both games (:mod:`testkit.driver`)."""
