"""The command line: sitting files (``score``, ``explain``, ``csv``, ``pdf``) and the sittings
database (``import``, ``sittings``, ``export``, ``csv --sitting|--all``, ``stats``,
``backups``, ``restore``). Imports Qt never, except ``pdf``, which draws with Qt.

- :mod:`~jojotte_score.cli.program`: :func:`main`, which runs a command (or the window)
  and turns every failure into one line on stderr and an exit status;
- :mod:`~jojotte_score.cli.parser`: the arguments of every command, each naming its handler;
- :mod:`~jojotte_score.cli.context`: what every command may need (the data folder, the
  store, reading and writing files, the exit statuses);
- :mod:`~jojotte_score.cli.file_commands`: ``score``, ``explain``, ``csv``, ``pdf``;
- :mod:`~jojotte_score.cli.database_commands`: ``import``, ``sittings``, ``export``,
  ``stats``, ``backups``, ``restore``;
- :mod:`~jojotte_score.cli.tables`: the plain-text tables those commands print;
- :mod:`~jojotte_score.cli.terminal`: the one place the program's text meets the terminal's
  encoding (what it cannot show is replaced; JSON escapes it).

Exit status: 0 on success; 2 for invalid input (a bad sitting file, an unknown sitting id,
a backup that is not there); 1 when the environment fails (the database is in use, the data
folder cannot be used, the disk is full). Every failure is reported on stderr, each line
beginning with ``jojotte-score:``, without a traceback.
"""

from jojotte_score.cli.program import main

__all__ = ["main"]
