"""Files the app ships beside its code: the bundled font (see fonts/LICENSE) and the icon.

Installed as the package ``jojotte_score.resources``; read them with
:mod:`importlib.resources`, never by a path relative to the source tree. The icon is
``icons/jojotte-score.svg``, with PNGs at 16 to 512 pixels drawn from it by
``packaging/draw_icons.py``; :mod:`jojotte_score.gui.window.help_menu` turns them into the
window's icon.
"""
