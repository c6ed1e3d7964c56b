"""The open sitting apart from any widget (its session, for two sides or a column per
player) and every change to it as an undoable command."""
