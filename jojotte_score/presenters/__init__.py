"""What the front ends show of the open sitting, without Qt: the window (gui/), the players'
phones (share/) and the command line's ``share`` read the same figures from here.

``session`` is the open sitting and the rubber it shows (``Session``, ``Shown``), ``pad``
the scored sitting as a pad is read (``Pad``, ``layout_pad``), ``table_words`` the figures
and words of the table display. They import the core, formats, storage, render and the
labels, never Qt and nothing of gui/.
"""
