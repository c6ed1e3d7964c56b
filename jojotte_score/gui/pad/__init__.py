"""The pad on screen: the scored sitting as the window reads it, the sheet widget and the
list of hands."""
