"""jojotte-score: a scorepad for Jo-Jotte, Ely Culbertson's card game scored like a bridge rubber."""

__version__ = "0.1.0"
