"""Files the app ships beside its code: the bundled font (see fonts/LICENSE) and the icon.

Installed as the package ``jojotte_score.resources``; find them from that package (its
folder, as :func:`jojotte_score.gui.window.app_identity.resource` does, or
:mod:`importlib.resources`), never by a path relative to the source tree. The icon is
``icons/jojotte-score.svg``, with PNGs at 16 to 512 pixels drawn from it by
``packaging/draw_icons.py``; :mod:`jojotte_score.gui.window.app_identity` turns them into
the window's icon.
"""
