"""Files the app ships beside its code: the bundled font (see fonts/LICENSE).

Installed as the package ``jojotte_score.resources``; read them with
:mod:`importlib.resources`, never by a path relative to the source tree.
"""
