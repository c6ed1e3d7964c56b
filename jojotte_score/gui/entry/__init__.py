"""The hand entry panel: its fields, the forms that decide what the fields mean (Qt-free)
and the meld helper."""
