"""The history window: the stored sittings, the statistics and the plots, with the Qt-free
rows beside their views."""
