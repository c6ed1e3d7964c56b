"""Test setup shared by every test: Qt runs offscreen, paths come from fixtures."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
