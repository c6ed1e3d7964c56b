"""Allows ``python -m jojotte_score``."""

import sys

from jojotte_score.cli import main

sys.exit(main())
