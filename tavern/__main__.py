"""`python -m tavern`: the same as the `tavern` command."""

import sys

from tavern.cli import main

sys.exit(main())
