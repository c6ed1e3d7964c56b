"""The game and its scoring: pure Python, no Qt, no I/O."""
