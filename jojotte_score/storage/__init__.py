"""The sittings database: SQLite through the standard library, no Qt."""
