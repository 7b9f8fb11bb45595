"""`python -m engine.cli`: the same as the `pokerrules` command."""

import sys

from engine.cli import main

sys.exit(main())
