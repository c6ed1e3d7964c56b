"""The pad on screen: the sheet widget and the list of hands (the scored sitting as the
window reads it is ``jojotte_score.presenters.pad``)."""
