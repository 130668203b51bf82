"""`python -m console` is the same program as the `gm-console` command."""

import sys

from console.cli import main

sys.exit(main())
