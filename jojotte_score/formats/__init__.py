"""Reading and writing sitting files, ledgers and CSV exports (no Qt)."""
