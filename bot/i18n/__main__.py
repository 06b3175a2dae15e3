"""``python -m bot.i18n update|init <locale>``: see :mod:`bot.i18n.catalogs`."""

import sys

from bot.i18n.catalogs import main

raise SystemExit(main(sys.argv[1:]))
