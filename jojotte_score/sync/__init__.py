"""Keeping every device's history in step through a shared folder (docs/sync.md).

The transport is someone else's (Syncthing, Nextcloud, Dropbox, a USB stick): each device
writes only its own files in the folder and reads every other device's as untrusted input,
as an imported file is read. What is ours is the meaning of a change and how two histories
merge: :mod:`~jojotte_score.sync.merge` (pure, deterministic), the files
(:mod:`~jojotte_score.sync.records`, :mod:`~jojotte_score.sync.folder`), what a device
remembers (:mod:`~jojotte_score.sync.state`) and one pass (:mod:`~jojotte_score.sync.engine`).
No Qt.
"""
