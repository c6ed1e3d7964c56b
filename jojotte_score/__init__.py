"""jojotte-score: a scorepad for Jo-Jotte, scored like a bridge rubber."""

__version__ = "0.1.0"
