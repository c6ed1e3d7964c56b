"""The open sitting's changes as undoable commands (the session itself, which has no
widget, is ``jojotte_score.presenters.session``)."""
